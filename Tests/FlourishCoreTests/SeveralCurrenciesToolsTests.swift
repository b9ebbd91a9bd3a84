import Foundation
import Testing
@testable import FlourishCore

/// Random ledgers in several currencies (decimals 0, 2, 3 and 8; prices by `@`, `@@`, rate and
/// `P` lines and the rate paid; accounts kept in other currencies; left-out amounts; money
/// moved out of an account kept in another currency, with its exchange difference),
/// exported and read by hledger: every account's and category's total at cost
/// (`hledger bal -B`) is Flourish's home total, and its total in each currency
/// (`hledger bal`) is the sum of its lines' own amounts; ledger's `bal -B` agrees at cost.
/// bean-check accepts the beancount export of each, and bean-query's total of each account in
/// each currency is Flourish's.
///
/// Hundreds of ledgers against hledger and ledger, a few against beancount (each of its runs
/// starts Python); `Benchmarks/currencies-agree` runs thousands (`FLOURISH_CURRENCY_LEDGERS`,
/// `FLOURISH_BEANCOUNT_LEDGERS`).
@Suite struct SeveralCurrenciesToolsTests {
    static let codes = [("USD", 2), ("JPY", 0), ("BHD", 3), ("BTC", 8)]

    /// How many random ledgers a test compares: `variable`'s value, else `otherwise`.
    static func ledgers(_ variable: String, otherwise: Int) -> Int {
        ProcessInfo.processInfo.environment[variable].flatMap { Int($0) } ?? otherwise
    }

    /// A ledger of `entries` entries in EUR, USD, JPY, BHD and BTC.
    static func ledger(seed: UInt64, entries: Int = 40) -> String {
        var random = LedgerGenerator(seed: seed)
        func amount(_ decimals: Int) -> String {
            let minor = 1 + random.next(decimals >= 3 ? 900_000 : 90_000)
            return Money(minorUnits: Int64(minor)).formatted(decimals: decimals, grouping: false)
        }
        func rate() -> String { "0." + String(100 + random.next(900)) + String(random.next(10)) }
        var text = """
        currency EUR
        commodity BTC 8
        account Bank checking
        account Revolut checking USD
        account Wallet cash JPY
        category Food
        category Travel
        category Gifts
        category FX exchange
        person Sam

        rate 2026-01-01 USD 0.92
        P 2026-01-01 JPY 0.0062 EUR
        rate 2026-01-01 BHD 2.45
        rate 2026-01-01 BTC 61000.5

        opening 2026-01-01 Bank 5000.00
        opening 2026-01-01 Revolut 300.00 USD @@ 276.00
        opening 2026-01-01 Wallet 20000

        """
        let categories = ["Food", "Travel", "Gifts", "Sam"]
        for number in 0..<entries {
            let date = CivilDate(year: 2026, month: 1 + number / 28 % 12, day: 1 + number % 28)!
            if random.next(8) == 0 {
                text += "rate \(date) USD \(rate())\n\n"
            }
            let category = categories[random.next(categories.count)]
            let (code, decimals) = codes[random.next(codes.count)]
            text += "\(date) Entry \(number)\n"
            switch random.next(8) {
            case 0:
                // At the rate line in effect, paid from the account kept in USD.
                text += "  \(category)  \(amount(2)) USD\n  Revolut\n"
            case 1:
                // A price for each unit, paid in euros.
                text += "  \(category)  \(amount(decimals)) \(code) @ \(rate())\n  Bank\n"
            case 2:
                // The line's cost, paid in euros.
                text += "  \(category)  \(amount(decimals)) \(code) @@ \(amount(2))\n  Bank\n"
            case 3:
                // Yen from the wallet kept in yen, two lines.
                text += "  \(category)  \(amount(0)) JPY\n  Travel  \(amount(0)) JPY\n  Wallet\n"
            case 4:
                // Euros into the dollar account at the rate the bank gave.
                text += "  Revolut  \(amount(2)) USD\n  Bank  -\(amount(2))\n"
            case 7:
                // Dollars back to the bank at the rate the bank gave: an exchange difference
                // when Revolut holds as many (grammar.md, "Exchange differences").
                text += "  Bank  \(amount(2))\n  Revolut  -\(amount(2)) USD\n"
            case 5:
                // Home money only.
                text += "  \(category)  \(amount(2))\n  Bank\n"
            default:
                // Several currencies in one entry, each priced.
                text += "  \(category)  \(amount(2)) USD @ \(rate())\n  Gifts  \(amount(0)) JPY @@ \(amount(2))\n  Bank\n"
            }
            text += "\n"
        }
        return text
    }

    /// `"83.48 USD, 1200 JPY"` → per code, the amount as written.
    static func amounts(_ field: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in field.split(separator: ",") {
            let words = part.split(separator: " ")
            if words.count == 2 { result[String(words[1])] = String(words[0]) }
        }
        return result
    }

    /// hledger's balances of a journal, by account.
    static func hledger(_ journal: String, _ extra: [String]) -> [String: [String: String]] {
        let result = Tools.run(Tools.path("hledger")!, ["-f", journal, "bal", "--flat", "-N", "-O", "csv"] + extra)
        var balances: [String: [String: String]] = [:]
        for line in result.output.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\",\"").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            if fields.count == 2 { balances[fields[0]] = amounts(fields[1]) }
        }
        return balances
    }

    /// A decimal as written → its value in minor units of `decimals` (exact: hledger may show
    /// more decimals than the currency has, never fewer).
    static func minor(_ text: String, decimals: Int) -> Int64? {
        guard case .success(let value) = NumberSyntax.decimal(Array(text.utf8)) else { return nil }
        var mantissa = value.mantissa
        var scale = value.scale
        while scale > decimals {
            guard mantissa % 10 == 0 else { return nil }
            mantissa /= 10
            scale -= 1
        }
        return NumberSyntax.minorUnits(NumberSyntax.Decimal(mantissa: mantissa, scale: scale), decimals: decimals)
    }

    /// Besides: a last rate line for each currency an account is kept in, after every entry,
    /// moves each such account's home value to its own balance at that rate (grammar.md,
    /// "Several currencies": an explicit line booking adds); hledger values the same balance at
    /// the same price (`bal -X EUR`, the lines in that currency alone: the exported revaluation
    /// lines are in euros).
    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func hledgerAgreesAtCostAndInEachCurrency() throws {
        let directory = TestSupport.temporaryDirectory()
        for seed in 0..<Self.ledgers("FLOURISH_CURRENCY_LEDGERS", otherwise: 200) {
            var random = LedgerGenerator(seed: UInt64(seed) + 1_000_003)
            let lastRates = [("USD", "0.\(800 + random.next(400))\(random.next(10))"), ("JPY", "0.00\(50 + random.next(40))\(random.next(100))")]
            let text = Self.ledger(seed: UInt64(seed)) + lastRates.map { "rate 2027-01-01 \($0.0) \($0.1)\n" }.joined()
            let path = directory + "/l\(seed).flourish"
            TestSupport.write(text, to: path)
            let loaded = try LedgerLoader.load(paths: [path])
            let problems = Validator.validate(loaded).filter { $0.severity == .error }
            #expect(problems.isEmpty, "seed \(seed): \(problems.map(\.id))")
            let journal = Booker.book(loaded.ledger).journal
            let ledger = journal.ledger
            let names = ExportNames(ledger, style: .ledger)
            // Flourish's totals: home, and in each line's own currency.
            var home: [String: Int64] = [:]
            var native: [String: [String: Int64]] = [:]
            for entry in ledger.entries {
                for line in entry.postings {
                    let name = names.name(ledger.postings[line].target.id)
                    home[name, default: 0] += ledger.postings[line].amount.minorUnits
                    let foreign = ledger.foreignAmounts[line]
                    native[name, default: [:]][foreign?.currency.code ?? "EUR", default: 0] += foreign?.native.minorUnits ?? ledger.postings[line].amount.minorUnits
                }
            }
            for opening in ledger.openings {
                let name = names.name(opening.account.id)
                home[name, default: 0] += opening.amount.value.minorUnits
                let foreign = ledger.foreignDirectives[opening.location]
                native[name, default: [:]][foreign?.currency.code ?? "EUR", default: 0] += foreign?.native.minorUnits ?? opening.amount.value.minorUnits
            }
            let exported = directory + "/l\(seed).journal"
            TestSupport.write(Exporter.export(journal, as: .ledger), to: exported)
            let atCost = Self.hledger(exported, ["-B"])
            let inEach = Self.hledger(exported, [])
            let decimals = Dictionary(uniqueKeysWithValues: Self.codes + [("EUR", 2)])
            for (name, value) in home where value != 0 {
                let theirs = atCost[name]?["EUR"].flatMap { Self.minor($0, decimals: 2) }
                #expect(theirs == value, "seed \(seed): \(name) at cost")
            }
            if Tools.has("ledger") {
                // ledger at cost: the same home totals (it leaves out equity here).
                let theirs = ExportTests.parseBalanceLines(Tools.run(Tools.path("ledger")!, ["-f", exported, "bal", "-B", "--flat", "--no-total"]).output)
                for (name, value) in home where value != 0 && !name.hasPrefix("Equity") {
                    #expect(theirs[name] == value, "seed \(seed): \(name) at cost in ledger")
                }
            }
            for (name, byCode) in native {
                for (code, value) in byCode where value != 0 {
                    let theirs = inEach[name]?[code].flatMap { Self.minor($0, decimals: decimals[code] ?? 2) }
                    #expect(theirs == value, "seed \(seed): \(name) in \(code)")
                }
            }
            // Each account kept in another currency: its home value after the last rate line is
            // hledger's value of its lines in that currency at that price (which hledger shows
            // exactly), rounded once, half away from zero.
            let valued = Self.hledger(exported, ["-X", "EUR", "-e", "2027-01-02", "cur:" + lastRates.map(\.0).joined(separator: "|")])
            for account in ledger.accounts {
                guard let code = account.currency?.value, let rate = lastRates.first(where: { $0.0 == code })?.1 else { continue }
                let name = names.name(account.name.id)
                guard let own = native[name]?[code], own != 0, let ours = home[name],
                      case .success(let price) = NumberSyntax.decimal(Array(rate.utf8)),
                      let written = valued[name]?["EUR"], case .success(let theirs) = NumberSyntax.decimal(Array(written.utf8)) else {
                    #expect(native[name]?[code] ?? 0 == 0, "seed \(seed): \(name) has no value in EUR from hledger")
                    continue
                }
                // The exact value in hundredths of a cent and beyond: own × price, at
                // `decimals[code] + price.scale` decimals.
                let exact = (mantissa: own * price.mantissa, scale: (decimals[code] ?? 2) + price.scale)
                func power(_ exponent: Int) -> Int64 { (0..<max(0, exponent)).reduce(Int64(1)) { product, _ in product * 10 } }
                // hledger shows at most six decimals: the exact value to within half its last.
                let shownDecimals = min(theirs.scale, exact.scale)
                let difference = exact.mantissa * power(theirs.scale - exact.scale) - theirs.mantissa * power(exact.scale - theirs.scale)
                #expect(difference.magnitude * 2 <= power(max(exact.scale, theirs.scale) - shownDecimals).magnitude,
                        "seed \(seed): \(name) valued by hledger at \(written) EUR, exactly \(exact)")
                let unit = power(exact.scale - 2)
                let (whole, rest) = exact.mantissa.quotientAndRemainder(dividingBy: unit)
                let halfAway = whole + (rest.magnitude * 2 >= unit.magnitude ? (exact.mantissa < 0 ? -1 : 1) : 0)
                #expect(ours == halfAway, "seed \(seed): \(name) at the last rate: \(ours) cents, hledger \(written) EUR")
            }
        }
    }

    @Test(.enabled(if: Tools.hasBeancount, "beancount is not installed (pip install beancount)"))
    func beanCheckAcceptsTheExport() throws {
        let directory = TestSupport.temporaryDirectory()
        for seed in 0..<Self.ledgers("FLOURISH_BEANCOUNT_LEDGERS", otherwise: 8) {
            let path = directory + "/l\(seed).flourish"
            TestSupport.write(Self.ledger(seed: UInt64(seed)), to: path)
            let journal = Booker.book(try LedgerLoader.load(paths: [path]).ledger).journal
            let exported = directory + "/l\(seed).beancount"
            TestSupport.write(Exporter.export(journal, as: .beancount), to: exported)
            let check = Tools.run(Tools.path("bean-check")!, [exported])
            #expect(check.status == 0, "seed \(seed): \(check.output)")
            guard Tools.has("bean-query") else { continue }
            // Each account's total in each currency, as bean-query reads the export: the lines'
            // own amounts (and home amounts for lines in euros, the ones booking adds among them).
            let ledger = journal.ledger
            let names = ExportNames(ledger, style: .beancount)
            var ours: [String: [String: NumberSyntax.Decimal]] = [:]
            var sums: [String: [String: (Int64, Int)]] = [:]
            func add(_ id: Int32, _ minor: Int64, _ code: String, _ decimals: Int) {
                let name = names.name(id)
                sums[name, default: [:]][code] = ((sums[name]?[code]?.0 ?? 0) + minor, decimals)
            }
            for entry in ledger.entries {
                for line in entry.postings {
                    let foreign = ledger.foreignAmounts[line]
                    add(ledger.postings[line].target.id, foreign?.native.minorUnits ?? ledger.postings[line].amount.minorUnits,
                        foreign?.currency.code ?? "EUR", foreign?.currency.decimals ?? 2)
                }
            }
            for opening in ledger.openings {
                let foreign = ledger.foreignDirectives[opening.location]
                add(opening.account.id, foreign?.native.minorUnits ?? opening.amount.value.minorUnits, foreign?.currency.code ?? "EUR", foreign?.currency.decimals ?? 2)
            }
            for (name, byCode) in sums {
                for (code, sum) in byCode where sum.0 != 0 { ours[name, default: [:]][code] = ConvertTests.normalized(NumberSyntax.Decimal(mantissa: sum.0, scale: sum.1)) }
            }
            let theirs = ConvertTests.beanQueryTotals(exported)
            #expect(theirs.values.contains { $0["USD"] != nil } && theirs.values.contains { $0["JPY"] != nil }, "seed \(seed)")
            for (name, byCode) in ours where !name.hasPrefix("Equity") {
                for (code, value) in byCode { #expect(theirs[name]?[code] == value, "seed \(seed): \(name) in \(code)") }
            }
        }
    }
}
