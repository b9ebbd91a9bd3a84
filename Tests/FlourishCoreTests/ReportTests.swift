import Foundation
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
    ] + everyKindAndFormat + [
        ("household-dashboard-2026-11-27.txt", ["report", household, "--date", "2026-11-27"]),
        ("household-budget-2026-09.txt", ["report", "budget", household, "--month", "2026-09"]),
        ("household-review-2026-10.txt", ["report", "review", household, "--month", "2026-10"]),
        ("household-register-people.txt", ["report", "register", "Sam", "Zoë", household]),
        ("household-register-food-friends.txt", ["report", "register", "Food", household, "--tag", "friends"]),
        ("household-register-bank-october.txt", ["report", "register", "Bank", household, "--from", "2026-10-01", "--to", "2026-10-31"]),
        ("household-register-match.txt", ["report", "register", household, "--match", "weekly shop"]),
        ("household-people-settle.txt", ["report", "people", household, "--settle"]),
        ("household-balances-all.txt", ["report", "balances", household, "--from", "2026-09-01"]),
        ("drip-dashboard.txt", ["report", "dashboard", drip]),
    ]

    /// Each document report on the household example, in each format.
    static var everyKindAndFormat: [(name: String, arguments: [String])] {
        var list: [(name: String, arguments: [String])] = []
        for kind in ["dashboard", "balances", "register", "budget", "review", "people", "subscriptions", "goals"] {
            list.append(("household-\(kind).txt", ["report", kind, household]))
            list.append(("household-\(kind).csv", ["report", kind, household, "--format", "csv"]))
            list.append(("household-\(kind).json", ["report", kind, household, "--format", "json"]))
        }
        return list
    }

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
            let report = try #require(try SnapshotReport.make(TestSupport.book(loaded), date: CivilDate(year: day.0, month: day.1, day: day.2)!))
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
        #expect(out.text.hasPrefix("Snapshot at the end of 2026-11-23 "))
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
        #expect(unknown.stderr.hasPrefix("Error: unknown report 'snapshto'\nDid you mean 'snapshot'?\nReports: dashboard, balances, register, budget, review, people, subscriptions, goals, snapshot, log, forecast\n"))
        let missing = TestSupport.run(["report"])
        #expect(missing.stderr.hasPrefix("Error: no ledger file given\nName one, as in 'flourish report dashboard budget.flourish', or set FLOURISH_FILE.\n"))
        let badDate = TestSupport.run(["report", "snapshot", "--date", "2026-02-30", Self.drip])
        #expect(badDate.stderr.hasPrefix("Error: '2026-02-30' is not a date; write YYYY-MM-DD or 'today'\n"))
        let badFormat = TestSupport.run(["report", "snapshot", "--format", "xml", Self.drip])
        #expect(badFormat.stderr.hasPrefix("Error: unknown format 'xml'; use one of: text, csv, json, html\n"))
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

    /// The spending and funds every report shows, against sums made here from the ledger's
    /// lines alone (not from the journal's figures the reports read).
    @Test func budgetReviewDashboardAndSnapshotAgreeWithSumsOfTheLines() throws {
        let journal = TestSupport.book(try LedgerLoader.load(paths: [Self.household]))
        let ledger = journal.ledger
        for month in [(2026, 9, 30), (2026, 10, 31), (2026, 11, 21)] {
            let asOf = CivilDate(year: month.0, month: month.1, day: month.2)!
            let context = ReportContext(journal: journal, from: asOf, to: asOf, asOf: asOf)
            let budgetMonth = context.month(containing: asOf)
            // By hand: expense lines within the month; on-budget account lines through asOf.
            var spent: Int64 = 0
            var funds: Int64 = 0
            for entry in ledger.entries {
                for line in entry.postings {
                    let posting = ledger.postings[line]
                    let kind = journal.index.kind(of: posting.target.id)
                    if kind == .category && budgetMonth.contains(entry.date) { spent += posting.amount.minorUnits }
                    if kind == .account && journal.onBudget[Int(posting.target.id)] && entry.date <= asOf { funds += posting.amount.minorUnits }
                }
            }
            for opening in ledger.openings where journal.onBudget[Int(opening.account.id)] && opening.date <= asOf { funds += opening.amount.value.minorUnits }
            for correction in ledger.corrections where journal.onBudget[Int(correction.account.id)] && correction.date <= asOf {
                funds += correction.amount.value.minorUnits
            }
            let budget = try BudgetReport.make(context, month: budgetMonth)
            let review = try ReviewReport.make(context, month: budgetMonth)
            let snapshot = try #require(try BucketEngine(journal).snapshot(at: asOf))
            let dashboard = try #require(try DashboardReport.make(context))
            let balances = try BalancesReport.make(ReportContext(journal: journal, from: budgetMonth.first, to: budgetMonth.last, asOf: asOf))
            #expect(budget.totalSpent.minorUnits == spent)
            #expect(review.expenses.minorUnits == spent)
            #expect(review.categories.reduce(Int64(0)) { $0 + $1.spent.minorUnits } == spent)
            #expect(dashboard.budget.totalSpent.minorUnits == spent)
            #expect(balances.totalExpenses.minorUnits == spent)
            #expect(snapshot.funds.minorUnits == funds)
            #expect(balances.funds.minorUnits == funds)
            #expect(dashboard.snapshot.funds.minorUnits == funds)
            // The buckets add up to the funds.
            #expect(try Money.sum([snapshot.allowanceSetAside, snapshot.monthlySetAside, snapshot.goalsTotal, snapshot.envelopesTotal,
                                   snapshot.owedToPeople, snapshot.mainSavings]).minorUnits == funds)
        }
    }

    @Test func csvIsRFC4180() {
        let csv = TestSupport.run(["report", "register", Self.household, "--format", "csv"]).stdout
        #expect(csv.hasSuffix("\r\n"))
        #expect(!csv.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(csv.contains("\"Dinner out with Sam, he will pay me back\""))
        // Every record has as many fields as the header.
        let records = csv.components(separatedBy: "\r\n").dropLast()
        let header = CSVTestParser.fields(records.first ?? "")
        #expect(header == ["date", "status", "description", "tags", "target", "other", "amount", "running"])
        for record in records { #expect(CSVTestParser.fields(record).count == header.count, "\(record)") }
        #expect(DocumentRenderer.csvField("say \"hi\", ok") == "\"say \"\"hi\"\", ok\"")
    }

    @Test func jsonIsWellFormedWithDecimalStrings() throws {
        for kind in ["dashboard", "balances", "register", "budget", "review", "people", "subscriptions", "goals"] {
            let text = TestSupport.run(["report", kind, Self.household, "--format", "json"]).stdout
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["report"] as? String == kind)
            let tables = try #require(object["tables"] as? [[String: Any]])
            for table in tables {
                for row in (table["rows"] as? [[String: Any]] ?? []) {
                    for (_, value) in row { #expect(!(value is Double) || value is Int, "no floats in JSON") }
                }
            }
        }
    }

    @Test func settlementIsGreedy() throws {
        func balance(_ name: String, _ cents: Int64) -> PeopleReport.Balance {
            PeopleReport.Balance(person: name, amount: Money(minorUnits: cents), since: nil)
        }
        // Sam owes you 30, you owe Zoë 20 and Ann 5: Sam pays Zoë directly.
        let transfers = try PeopleReport.settlement([balance("Sam", 3000), balance("Zoë", -2000), balance("Ann", -500)])
        #expect(transfers == [
            .init(from: "Sam", to: "Zoë", amount: Money(minorUnits: 2000)),
            .init(from: "Sam", to: "Ann", amount: Money(minorUnits: 500)),
            .init(from: "Sam", to: "you", amount: Money(minorUnits: 500)),
        ])
        #expect(try PeopleReport.settlement([balance("Sam", 0)]).isEmpty)
    }

    @Test func budgetAlertsAtNinetyPercentAndOver() throws {
        let ledger = """
        currency USD
        account Bank checking
        category A
        category B
        category C
        category D
        budget 2026-11-01 A 100
        budget 2026-11-01 B 100
        budget 2026-11-01 C 100
        opening 2026-11-01 Bank 1000
        2026-11-02 x
          A  89.99
          B  90.00
          C  100.01
          D  5.00
          Bank

        """
        let loaded = TestSupport.load(ledger)
        let asOf = CivilDate(year: 2026, month: 11, day: 2)!
        let context = ReportContext(journal: TestSupport.book(loaded), from: asOf, to: asOf, asOf: asOf)
        let report = try BudgetReport.make(context, month: context.month(containing: asOf))
        #expect(report.lines.map(\.status) == [.ok, .near, .over, .unbudgeted])
        #expect(report.totalSpent == Money(minorUnits: 28_500))
        let text = DocumentRenderer(currency: loaded.ledger.currency).text(report.document)
        #expect(text.contains("- C is over budget: 100% of its budget used\n"))
        #expect(text.contains("- B is near its budget: 90% used\n"))
        #expect(text.contains("A             $100.00   $89.99     $10.01   89%  [#########-]\n"))
        #expect(text.contains("C             $100.00  $100.01     -$0.01  100%  [##########]+  over\n"))
    }

    @Test func missingSubscriptionChargeIsAnAction() throws {
        let ledger = """
        currency USD
        account Visa credit
        category Streaming
        subscription 2026-10-01 Netflix 15.49 monthly next 2026-10-12 from Visa category Streaming
        2026-10-12 * Netflix
          Streaming  15.49
          Visa
        2026-11-20 * Something else
          Streaming  1.00
          Visa

        """
        let loaded = TestSupport.load(ledger)
        let asOf = CivilDate(year: 2026, month: 11, day: 20)!
        let context = ReportContext(journal: TestSupport.book(loaded), from: asOf, to: asOf, asOf: asOf)
        let report = try SubscriptionsReport.make(context)
        #expect(report.lines.map(\.lastExpected) == [CivilDate(year: 2026, month: 11, day: 12)])
        #expect(report.lines.map(\.lastPaid) == [nil])
        #expect(report.lines.map(\.nextDue) == [CivilDate(year: 2026, month: 12, day: 12)])
        let dashboard = try #require(try DashboardReport.make(context))
        let renderer = DocumentRenderer(currency: loaded.ledger.currency)
        #expect(dashboard.actions.map(renderer.sentence).contains("No charge for Netflix found around 2026-11-12; was it paid?"))
    }
}

extension ReportTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        let coloured = TerminalOutput()
        _ = Flourish.run(arguments: ["report", "goals", Self.household], stdout: coloured, stderr: CapturedOutput())
        #expect(coloured.text.contains("\u{1B}[31mbehind\u{1B}[0m"))
        let plain = TerminalOutput()
        _ = Flourish.run(arguments: ["report", "goals", Self.household], environment: ["NO_COLOR": "1"],
                         stdout: plain, stderr: CapturedOutput())
        #expect(!plain.text.contains("\u{1B}["))
        // Colour never moves a column: without the escapes the text is the plain report.
        let stripped = coloured.text.replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(stripped == plain.text)
    }
}

/// Splits one CSV record, honouring quotes (for tests only).
enum CSVTestParser {
    static func fields(_ record: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var chars = Array(record)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count && chars[i + 1] == "\"" { current.append("\""); i += 1 } else { quoted = false }
                } else { current.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," { fields.append(current); current = "" }
            else { current.append(c) }
            i += 1
        }
        fields.append(current)
        chars.removeAll()
        return fields
    }
}
