import Testing
@testable import FlourishCore

/// `flourish report`: golden text and JSON on the examples, dates, and errors.
@Suite struct ReportTests {
    static let drip = TestSupport.root + "/examples/drip.flourish"
    static let household = TestSupport.root + "/examples/household.flourish"
    static let folder = TestSupport.fixtures + "/reports"

    static let goldens: [(name: String, arguments: [String])] = [
        ("drip-snapshot.txt", ["report", "snapshot", drip]),
        ("drip-snapshot.json", ["report", "snapshot", drip, "--format", "json"]),
        ("drip-log.txt", ["report", "log", drip]),
        ("drip-log.json", ["report", "log", drip, "--format", "json"]),
        ("household-snapshot.txt", ["report", "snapshot", household]),
        ("household-snapshot-october.txt", ["report", "snapshot", "--date", "2026-10-15", household]),
        ("household-log-october.txt", ["report", "log", household, "--date", "2026-10"]),
        ("household-log-range.txt", ["report", "log", household, "--date", "2026-11-05..2026-11-09"]),
    ]

    @Test(arguments: goldens.indices)
    func golden(index: Int) {
        let (name, arguments) = Self.goldens[index]
        let result = TestSupport.run(arguments)
        #expect(result.status == .success)
        #expect(result.stderr == "")
        let golden = TestSupport.golden(Self.folder + "/" + name, result.stdout)
        #expect(golden.actual == golden.expected)
    }

    @Test func textAndJSONAgree() throws {
        let loaded = try LedgerLoader.load(paths: [Self.household])
        for day in [(2026, 9, 1), (2026, 10, 15), (2026, 11, 21)] {
            let report = try #require(SnapshotReport.make(loaded.ledger, date: CivilDate(year: day.0, month: day.1, day: day.2)!))
            let json = SnapshotRenderer.json(report)
            let text = SnapshotRenderer.text(report)
            let money = MoneyFormat(loaded.ledger.currency)
            for figure in [report.snapshot.funds, report.snapshot.mainSavings, report.snapshot.allowanceSetAside] {
                #expect(json.contains("\"\(money.plain(figure))\""))
                #expect(text.contains(money.text(figure)))
            }
        }
    }

    @Test func defaultDateIsTheLastDatedLineNotTheClock() {
        let clock = { CivilDate(year: 2031, month: 1, day: 1)! }
        let out = CapturedOutput()
        _ = Flourish.run(arguments: ["report", "snapshot", Self.drip], stdout: out, stderr: CapturedOutput(), today: clock)
        #expect(out.text.hasPrefix("Snapshot at the end of 2026-11-22 "))
        let today = CapturedOutput()
        _ = Flourish.run(arguments: ["report", "snapshot", "--date", "today", Self.drip], stdout: today, stderr: CapturedOutput(), today: clock)
        #expect(today.text.hasPrefix("Snapshot at the end of 2031-01-01 (budgeting month 2031-01: 2031-01-01 to 2031-01-31)"))
    }

    @Test func dateBeforeTheLedgerIsAnError() {
        let result = TestSupport.run(["report", "snapshot", "--date", "2020-01-01", Self.drip])
        #expect(result.status == .problems)
        #expect(result.stderr == "Error: 2020-01-01 is before the ledger's first date, 2026-11-20\n")
    }

    @Test func usageErrors() {
        let unknown = TestSupport.run(["report", "snapshto", Self.drip])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.hasPrefix("Error: unknown report 'snapshto'\nDid you mean 'snapshot'?\nReports: dashboard, balances, register, budget, review, people, subscriptions, goals, snapshot, log\n"))
        let missing = TestSupport.run(["report"])
        #expect(missing.stderr.hasPrefix("Error: no ledger file given\nName one, as in 'flourish report dashboard budget.flourish', or set FLOURISH_FILE.\n"))
        let badDate = TestSupport.run(["report", "snapshot", "--date", "2026-02-30", Self.drip])
        #expect(badDate.stderr.hasPrefix("Error: '2026-02-30' is not a date; write YYYY-MM-DD or 'today'\n"))
        let badFormat = TestSupport.run(["report", "snapshot", "--format", "xml", Self.drip])
        #expect(badFormat.stderr.hasPrefix("Error: unknown format 'xml'; use one of: text, csv, json\n"))
        let badRange = TestSupport.run(["report", "log", "--date", "2026-11-09..2026-11-05", Self.drip])
        #expect(badRange.status == .usage)
        #expect(TestSupport.run(["help", "report"]).stdout.hasPrefix("OVERVIEW: Show a report computed from the ledger.\n"))
    }

    @Test func brokenLedgerGetsItsErrorsNotAReport() {
        let result = TestSupport.run(["report", "snapshot", TestSupport.root + "/examples/mistakes.flourish"])
        #expect(result.status == .problems)
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix("14 errors: fix them, then ask for the report again\n"))
    }

    @Test func overcommittedLedgerStillShowsItsSnapshot() {
        let result = TestSupport.run(["report", "snapshot", TestSupport.fixtures + "/diagnostics/overcommitted.flourish", "--date", "2026-11-20"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("• Main Savings (Buffer): -$265.00\n"))
    }
}
