import Foundation
import Testing
@testable import FlourishCore

/// `close DATE ACCOUNT` (grammar.md §5.2): at zero at the end of its day, unused afterwards,
/// and from the next day off the funds; to beancount and back.
@Suite struct CloseTests {
    static let example = TestSupport.root + "/examples/moving-banks.flourish"

    /// The example, by hand: Old Bank 1,250.00 − 42.50 = 1,207.50 moved to New Bank, then
    /// closed; New Bank 1,207.50 + 2,100.00 − 38.20 = 3,269.30.
    @Test func aClosedAccountLeavesTheFundsTheDayAfter() {
        #expect(TestSupport.run(["check", Self.example]).stdout == "ok: 4 entries in 1 file, no problems\n")
        let onTheDay = TestSupport.run(["report", "snapshot", Self.example, "--date", "2026-10-15"]).stdout
        #expect(onTheDay.contains("Actual Funds:\n• Old Bank: €0.00\n• New Bank: €1,207.50\n• Total: €1,207.50\n"))
        let after = TestSupport.run(["report", "snapshot", Self.example, "--date", "2026-10-16"]).stdout
        #expect(after.contains("Actual Funds:\n• New Bank: €1,207.50\n• Total: €1,207.50\n"))
        let balances = TestSupport.run(["report", "balances", Self.example, "--date", "2026-10-31"]).stdout
        #expect(balances.contains("Accounts\nAccount          Kind      Flags    Balance\nNew Bank         checking         €3,269.30\n---"))
        let before = TestSupport.run(["report", "balances", Self.example, "--date", "2026-10-10"]).stdout
        #expect(before.contains("Old Bank         checking         €1,207.50\n"))
        // Its history stays in the register.
        let register = TestSupport.run(["report", "register", "Old Bank", Self.example]).stdout
        #expect(register.contains("2026-10-15  *   Move everything to New Bank") && register.contains("-€1,207.50"))
    }

    @Test func aCloseMovesToBeancountAndBack() throws {
        let exported = TestSupport.run(["export", "beancount", Self.example]).stdout
        #expect(exported.hasSuffix("2026-10-16 close Assets:Old-Bank\n"))
        if Tools.hasBeancount {
            let folder = TestSupport.temporaryDirectory()
            TestSupport.write(exported, to: folder + "/moving.beancount")
            #expect(Tools.run(try #require(Tools.path("bean-check")), [folder + "/moving.beancount"]).status == 0)
            // A line after the close is refused by beancount as by Flourish.
            TestSupport.write(exported + "2026-10-20 * \"Late\"\n  Assets:Old-Bank  1.00 EUR\n  Income:Salary\n", to: folder + "/late.beancount")
            #expect(Tools.run(try #require(Tools.path("bean-check")), [folder + "/late.beancount"]).status != 0)
        }
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write(exported, to: folder + "/moving.beancount")
        let converted = TestSupport.run(["convert", "beancount", folder + "/moving.beancount"])
        #expect(converted.stdout.contains("\nclose 2026-10-15 Old-Bank\n"))
        #expect(converted.stderr.hasSuffix("ok: the converted ledger checks clean\n"))
    }
}

/// A ledger of fifteen years (an old statement imported): `--monthly` over the whole of it
/// shows the latest 24 months and says so; a period asked for gets every column.
@Suite struct LongLedgerColumnsTests {
    @Test func monthlyColumnsOverTheWholeLedgerAreCappedWithANote() {
        var text = "currency USD\naccount Bank checking\ncategory Food\nopening 2012-01-01 Bank 10000.00\n"
        for year in [2012, 2016, 2020, 2026] { text += "\(year)-03-05 * Shop\n  Food  10.00\n  Bank\n" }
        let path = TestSupport.temporaryDirectory() + "/long.flourish"
        TestSupport.write(text, to: path)
        let capped = TestSupport.run(["report", "balances", "--monthly", path]).stdout
        #expect(capped.hasPrefix("Balances by month from 2024-04-01 to 2026-03-05\n"))
        #expect(capped.hasSuffix("\nColumns\n- The last 24 months of the ledger's 171, from 2024-04-01; ask for others with --from, --to or -p.\n"))
        // 2012-01 to 2026-03 is 14 × 12 + 3 = 171 months; asked for, all of them.
        let all = TestSupport.run(["report", "balances", "--monthly", "--from", "2012-01-01", path]).stdout
        #expect(all.hasPrefix("Balances by month from 2012-01-01 to 2026-03-05\n") && !all.contains("Columns\n"))
        #expect(all.split(separator: "\n").first { $0.hasPrefix("Category") }?.split(separator: " ").count == 171 + 2)
        #expect(!TestSupport.run(["report", "budget", "--yearly", path]).stdout.contains("Columns\n"))
    }
}
