import Testing
@testable import FlourishCore

/// The example ledgers in examples/: the household one checks clean, the mistakes one
/// prints exactly its golden output.
@Suite struct ExampleTests {
    @Test func householdChecksClean() {
        let result = TestSupport.run(["check", TestSupport.root + "/examples/household.flourish"])
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(result.stdout == "ok: 37 entries in 2 files, no problems\n")
    }

    @Test func householdUsesEveryDirective() throws {
        let loaded = try LedgerLoader.load(paths: [TestSupport.root + "/examples/household.flourish"])
        let ledger = loaded.ledger
        #expect(!ledger.includes.isEmpty && !ledger.currencyDeclarations.isEmpty && !ledger.monthStarts.isEmpty)
        #expect(Set(ledger.accounts.map(\.kind)) == Set(Account.Kind.allCases))
        #expect(Set(ledger.accounts.flatMap(\.flags)) == Set(Account.Flag.allCases))
        #expect(ledger.categories.contains(where: \.isIncome) && !ledger.people.isEmpty)
        #expect(!ledger.openings.isEmpty && !ledger.balanceAssertions.isEmpty && !ledger.corrections.isEmpty)
        #expect(!ledger.budgets.isEmpty && !ledger.earmarks.isEmpty && !ledger.allowances.isEmpty)
        #expect(!ledger.goals.isEmpty && Set(ledger.goalMoves.map(\.direction)) == [.to, .from])
        #expect(!ledger.incomes.isEmpty && !ledger.savingsTargets.isEmpty && !ledger.subscriptions.isEmpty)
        #expect(Set(ledger.entries.map(\.status)) == [.cleared, .pending])
    }

    @Test func mistakesPrintTheirGoldenOutput() {
        let result = TestSupport.run(["check", TestSupport.root + "/examples/mistakes.flourish"])
        let golden = TestSupport.golden(TestSupport.fixtures + "/mistakes.expected", result.stderr)
        #expect(golden.actual == golden.expected)
        #expect(result.stdout == "")
        #expect(result.status == .problems)
    }

    /// The Berlin example: begun with `flourish init` (README's flags), a month of entries, in euros
    /// shown the German way; it checks clean and its dashboard is golden.
    @Test func berlinChecksCleanAndShowsEurosTheGermanWay() {
        let path = TestSupport.root + "/examples/berlin.flourish"
        #expect(TestSupport.run(["check", path]).stdout == "ok: 8 entries in 1 file, no problems\n")
        let dashboard = TestSupport.run(["report", path])
        // 2,150.40 + 3,400.00 − 1,100.00 + 19.00 − 62.00 − 276.95 in the Girokonto.
        #expect(dashboard.stdout.contains("Girokonto     4.130,45 €\n"))
        let golden = TestSupport.golden(TestSupport.fixtures + "/reports/berlin-dashboard.txt", dashboard.stdout)
        #expect(golden.actual == golden.expected)
    }
}
