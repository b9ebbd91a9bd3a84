import Testing
@testable import FlourishCore

/// `balance` assertions against a naive running balance: for random ledgers (dates out of
/// order, openings, corrections, several accounts), an assertion fails exactly when the sum of
/// its account's lines dated on or before it differs from its amount.
@Suite struct BalanceAssertionPropertyTests {
    @Test(arguments: 0..<40)
    func agreesWithANaiveRunningBalance(seed: Int) {
        var generator = LedgerGenerator(seed: UInt64(7_000 + seed))
        let accounts = ["Bank", "Cash", "Visa"]
        // (date, account, cents) of every line that moves an account.
        var moves: [(day: Int, account: String, cents: Int64)] = []
        var text = "currency USD\naccount Bank checking\naccount Cash cash\naccount Visa credit\ncategory Food\n"
        func date(_ day: Int) -> String {
            let month = 1 + day / 28
            let dayOfMonth = 1 + day % 28
            return "2026-\(month < 10 ? "0" : "")\(month)-\(dayOfMonth < 10 ? "0" : "")\(dayOfMonth)"
        }
        for account in accounts where generator.next(2) == 0 {
            let cents = Int64(generator.next(100_000))
            text += "opening 2026-01-01 \(account) \(Money(minorUnits: cents).formatted(decimals: 2, grouping: false))\n"
            moves.append((0, account, cents))
        }
        var assertions: [(line: Int, day: Int, account: String, cents: Int64)] = []
        for _ in 0..<(20 + generator.next(40)) {
            let day = generator.next(300)
            switch generator.next(6) {
            case 0:
                let account = generator.pick(accounts)
                let cents = Int64(generator.next(2_000)) - 1_000
                text += "correction \(date(day)) \(account) \(Money(minorUnits: cents).formatted(decimals: 2, grouping: false)) found\n"
                moves.append((day, account, cents))
            case 1:
                let account = generator.pick(accounts)
                // Right or (one time in three) off by a cent.
                var cents = moves.filter { $0.account == account && $0.day <= day }.reduce(Int64(0)) { $0 + $1.cents }
                if generator.next(3) == 0 { cents += 1 }
                assertions.append((text.split(separator: "\n", omittingEmptySubsequences: false).count, day, account, cents))
                text += "balance \(date(day)) \(account) \(Money(minorUnits: cents).formatted(decimals: 2, grouping: false))\n"
            default:
                let from = generator.pick(accounts)
                let cents = Int64(1 + generator.next(50_000))
                text += "\n\(date(day)) Spend\n  Food  \(Money(minorUnits: cents).formatted(decimals: 2, grouping: false))\n  \(from)\n\n"
                moves.append((day, from, -cents))
            }
        }
        // Assertions written before later lines of the same account still see those lines.
        let expected = assertions.filter { assertion in
            moves.filter { $0.account == assertion.account && $0.day <= assertion.day }.reduce(Int64(0)) { $0 + $1.cents }
                != assertion.cents
        }.map(\.line).sorted()
        let loaded = TestSupport.load(text)
        #expect(loaded.diagnostics.isEmpty)
        // Booking's running totals, which compare them (check's output would count a long run).
        let diagnostics = RunningTotals.run(TestSupport.book(loaded)).diagnostics
        let failing = diagnostics.map { loaded.ledger.files[0].line(containing: Int($0.location.start)).number }.sorted()
        #expect(failing == expected, "seed \(seed)")
    }
}
