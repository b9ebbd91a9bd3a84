import Foundation
import Testing
@testable import FlourishCore

/// Journals in several commodities as `hledger print` writes them (no `P` or `commodity`
/// lines, zeros as a bare `0`, balance assignments left as `= AMOUNT`, transactions out of
/// date order), converted: every account and category holds, in each commodity, what
/// `hledger bal` gives for the original to the smallest unit, and nothing is left out.
@Suite struct ConvertPrintedJournalsTests {
    /// One random journal in dollars with accounts in euros, yen, gold and bitcoin: bought at
    /// `@` and `@@`, spent from, set by balance assignments in either commodity, paid for on a
    /// dollar card at a cost, and moved back with both amounts written.
    /// With `exactCosts`, every cost is a whole number of cents (as a statement shows it);
    /// otherwise `@` prices cost fractions of a cent, which hledger keeps and Flourish rounds.
    static func journal(seed: UInt64, exactCosts: Bool) -> String {
        var random = SplitMix(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next(below: UInt64(options.count)))] }
        func digits(_ count: Int) -> String { (0..<count).map { _ in String(random.next(below: 10)) }.joined() }
        func dollars(below limit: UInt64 = 99) -> String { "$\(1 + random.next(below: limit)).\(digits(2))" }
        var transactions = ["""
            2026-01-01 opening
                assets:bank  $3000.00
                assets:cash  $100.00
                equity:opening

            """]
        let count = 10 + Int(random.next(below: 14))
        for number in 0..<count {
            let date = "2026-0\(1 + random.next(below: 3))-\(String(format: "%02d", 2 + Int(random.next(below: 26))))"
            let funds = pick(["assets:bank", "assets:cash", "liabilities:card"])
            let food = pick(["expenses:food", "expenses:fun"])
            var text = "\(date) t\(number)\n"
            switch random.next(below: 13) {
            case 0:
                text += "    \(food)  \(dollars())\n    \(funds)\n"
            case 1:
                text += "    assets:revolut  \(100 + random.next(below: 200)).\(digits(2)) EUR @@ $\(100 + random.next(below: 250)).\(digits(2))\n    assets:bank\n"
            case 2:
                let yen = 1000 + random.next(below: 20000)
                text += "    assets:yen  \(exactCosts ? yen / 100 * 100 : yen) JPY @ $0.00\(60 + random.next(below: 10))\n    assets:bank\n"
            case 3:
                text += "    expenses:travel  \(1 + random.next(below: 40)).\(digits(2)) EUR\n    assets:revolut\n"
            case 4:
                text += "    assets:revolut  = \(random.next(below: 300)).\(digits(2)) EUR\n    expenses:travel\n"
            case 5:
                text += "    \(funds)  = $\(random.next(below: 900)).00\n    expenses:misc\n"
            case 6:
                text += "    expenses:travel  \(1 + random.next(below: 80)).\(exactCosts ? "00" : digits(2)) EUR @ $1.\(digits(2))\n    liabilities:card\n"
            case 7:
                text += "    expenses:fees  $0.00\n    \(food)  \(dollars())\n    \(funds)\n"
            case 8:
                text += "    assets:bank  $\(10 + random.next(below: 40)).\(digits(2))\n    assets:revolut  -\(10 + random.next(below: 30)).\(digits(2)) EUR\n"
            case 9:
                text += "    assets:bank  \(dollars(below: 2000))\n    income:salary\n"
            case 10:
                text += "    assets:gold  0.0\(digits(3)) XAU @ $2\(exactCosts ? digits(1) + "00.00" : digits(3) + "." + digits(2))\n    assets:bank\n"
            case 11:
                text += "    assets:wallet  0.000\(digits(5)) BTC @@ \(dollars())\n    assets:bank\n"
            default:
                text += "    expenses:travel  \(100 + random.next(below: 3000)) JPY\n    assets:yen\n"
            }
            transactions.append(text)
        }
        // Out of date order: shuffled after the opening.
        for index in stride(from: transactions.count - 1, to: 1, by: -1) {
            transactions.swapAt(index, 1 + Int(random.next(below: UInt64(index))))
        }
        return transactions.joined(separator: "\n")
    }

    /// Each account's total in each commodity from `hledger bal` (`$` as USD), zeros left out.
    static func hledgerTotals(_ path: String) -> [String: [String: NumberSyntax.Decimal]] {
        let result = Tools.run(Tools.path("hledger")!, ["-f", path, "bal", "--flat", "-N", "-O", "csv", "--layout=bare"])
        var totals: [String: [String: NumberSyntax.Decimal]] = [:]
        for line in result.output.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard fields.count == 3, case .success(let value) = NumberSyntax.decimal(Array(fields[2].utf8)), value.mantissa != 0 else { continue }
            totals[fields[0], default: [:]][fields[1] == "$" ? "USD" : fields[1]] = value.normalized
        }
        return totals
    }

    /// "account commodity: ours X, hledger Y" for each figure that differs.
    static func differences(_ ours: [String: [String: NumberSyntax.Decimal]], _ theirs: [String: [String: NumberSyntax.Decimal]]) -> [String] {
        func text(_ value: NumberSyntax.Decimal?) -> String { value.map { Converter.written($0) } ?? "none" }
        var lines: [String] = []
        for account in Set(ours.keys).union(theirs.keys).sorted() {
            for commodity in Set((ours[account] ?? [:]).keys).union((theirs[account] ?? [:]).keys).sorted()
            where ours[account]?[commodity] != theirs[account]?[commodity] {
                lines.append("\(account) \(commodity): ours \(text(ours[account]?[commodity])), hledger \(text(theirs[account]?[commodity]))")
            }
        }
        return lines
    }

    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func aHundredAndFiftyPrintedJournalsAgreeInEachCommodity() throws {
        let hledger = Tools.path("hledger")!
        // FLOURISH_KEEP_JOURNALS=DIR keeps the journals there, to look at one that disagrees.
        let folder = ProcessInfo.processInfo.environment["FLOURISH_KEEP_JOURNALS"] ?? TestSupport.temporaryDirectory()
        var agreeing = 0
        var roundedJournals = 0
        for seed in 1...150 as ClosedRange<UInt64> {
            let original = folder + "/\(seed).journal"
            // One journal in five has costs in fractions of a cent.
            let exactCosts = seed % 5 != 0
            TestSupport.write(Self.journal(seed: seed, exactCosts: exactCosts), to: original)
            let printed = Tools.run(hledger, ["-f", original, "print"])
            try #require(printed.status == 0, "seed \(seed): \(printed.output)")
            TestSupport.write(printed.output, to: folder + "/\(seed).printed.journal")
            let outcome = try ConvertTests().convert(folder + "/\(seed).printed.journal")
            var ours = ConvertTests().flourishTotalsByCommodity(outcome).mapValues { $0.filter { $0.value.mantissa != 0 } }.filter { !$0.value.isEmpty }
            var theirs = Self.hledgerTotals(original)
            // The opening's other side is the ledger's opening balances, not an account.
            theirs["equity:opening"] = nil
            ours["equity:opening"] = nil
            let problems = TestSupport.check(outcome.text)
            #expect(outcome.notConverted == 0 && outcome.corrections == 0, "seed \(seed): \(outcome.notes)")
            #expect(!problems.contains("error:"), "seed \(seed): \(problems)")
            if exactCosts {
                #expect(ours == theirs, "seed \(seed): \(Self.differences(ours, theirs))")
                if ours == theirs && outcome.notConverted == 0 && !problems.contains("error:") { agreeing += 1 }
                continue
            }
            // Costs in fractions of a cent: the note says how many lines were rounded, and no
            // account is further from hledger's exact total than that many cents.
            let note = outcome.notes.first { $0.contains("a fraction of a USD minor unit") }
            let rounded = note.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
            #expect(ours == theirs || rounded > 0, "seed \(seed): \(Self.differences(ours, theirs))")
            for account in Set(ours.keys).union(theirs.keys) {
                for commodity in Set((ours[account] ?? [:]).keys).union((theirs[account] ?? [:]).keys) {
                    let mine = ours[account]?[commodity].flatMap { NumberSyntax.minorUnits($0, decimals: 8) } ?? 0
                    let hledgers = theirs[account]?[commodity].flatMap { NumberSyntax.minorUnits($0, decimals: 8) } ?? 0
                    #expect(commodity == "USD" || mine == hledgers, "seed \(seed): \(account) in \(commodity)")
                    #expect((mine - hledgers).magnitude <= UInt64(rounded) * 1_000_000, "seed \(seed): \(account) in \(commodity)")
                }
            }
            roundedJournals += 1
        }
        #expect(agreeing == 120 && roundedJournals == 30)
    }
}
