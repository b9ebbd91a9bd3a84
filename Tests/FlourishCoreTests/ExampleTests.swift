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

    /// The Berlin example: begun with `flourish init` (the flags in docs/guide.md), a month of entries, in euros
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
    /// The example in three currencies: a euro budget, a dollar salary, a trip in yen. Each
    /// figure worked out by hand from grammar.md's rules.
    @Test func abroadKeepsEachAccountInItsCurrencyAndTheBudgetInEuros() {
        let path = TestSupport.root + "/examples/abroad.flourish"
        #expect(TestSupport.run(["check", path]).stdout == "ok: 8 entries in 1 file, no problems\n")
        let balances = TestSupport.run(["report", "balances", path]).stdout
        // 500 USD for 460.00 and 3,000 USD at 0.92 (2,760.00): 3,500 USD booked at 3,220.00.
        // 1,500 USD out carry 1,500/3,500 of it, 1,380.00, but brought 1,371.00: FX −9.00.
        // The 2,000 USD left (1,840.00) at the new rate 0.95: 1,900.00, FX +60.00.
        #expect(balances.contains("Revolut          checking         €1,900.00  2,000.00 USD\n"))
        #expect(balances.contains("FX           €51.00\n"))
        // 50,000 JPY for 312.50; ramen, 1,800 JPY at 0.0061: 10.98.
        #expect(balances.contains("Yen cash         cash               €301.52    48,200 JPY\n"))
        #expect(balances.contains("Eating out     €10.98\n"))
        // 12,000 JPY at 0.0062 on the euro card: 74.40.
        #expect(balances.contains("Travel         €74.40\n"))
        // 1,800.00 − 950.00 + 1,371.00 − 312.50.
        #expect(balances.contains("Girokonto        checking         €1,908.50\n"))
        #expect(balances.contains("On-budget funds                   €3,923.22\n"))
        // The new rate's change in the funds is said where main savings would move by it.
        let snapshot = TestSupport.run(["report", "snapshot", path, "--date", "2026-11-15"]).stdout
        #expect(snapshot.contains("• Revolut: €1,900.00\n"))
        #expect(snapshot.contains("  exchange rate: Revolut €60.00 (USD 0.95)\n"))
    }
}
