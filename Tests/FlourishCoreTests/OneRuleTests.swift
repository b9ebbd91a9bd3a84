import Foundation
import Testing
@testable import FlourishCore

/// Questions that had two answers in two places (issue 34): each is now asked of one rule,
/// and every command that shows the answer agrees.
@Suite struct OneRuleTests {
    /// A yearly income of 1000.06 is 83.34 a month in the review and in the forecast (the
    /// forecast truncated to 83.33), and both take the line in effect by the same rule.
    @Test func theReviewAndTheForecastExpectTheSameIncome() throws {
        let path = TestSupport.temporaryDirectory() + "/l.flourish"
        // The later line is written first: reading order must not decide which is in effect.
        TestSupport.write("""
        currency USD
        account Bank checking
        category Food
        category Salary income
        opening 2026-01-01 Bank 100.00
        income 2026-03-15 1000.06 yearly
        income 2026-01-01 500.00 monthly
        2026-03-20 * Lunch
          Food  5.00
          Bank

        """, to: path)
        let review = TestSupport.run(["report", "review", path, "--format", "json"])
        #expect(review.status == .success)
        #expect(review.stdout.contains("{\"figure\": \"Expected income\", \"value\": \"83.34\"}"), "\(review.stdout)")
        let forecast = TestSupport.run(["report", "forecast", path, "--until", "2026-05-31", "--format", "json"])
        #expect(forecast.status == .success)
        // Income on the first day of April and of May, a twelfth of the yearly line each.
        let income = forecast.stdout.components(separatedBy: "\"what\": \"expected income\"").count - 1
        #expect(income == 2, "\(forecast.stdout)")
        #expect(forecast.stdout.contains("\"what\": \"expected income\",\n          \"amount\": \"83.34\""), "\(forecast.stdout)")
        #expect(!forecast.stdout.contains("83.33"))
    }

    /// `Journal.monthlyIncome(in:)` takes the latest line dated on or before the month's last
    /// day; on one date, the later in reading order.
    @Test func theIncomeInEffectIsTheLatestByDateThenTheLaterInReadingOrder() throws {
        let loaded = TestSupport.load("""
        currency USD
        category Salary income
        income 2026-03-15 1200.00 yearly
        income 2026-01-01 500.00
        income 2026-05-01 700.00
        income 2026-05-01 800.00

        """)
        let journal = TestSupport.book(loaded)
        func month(_ m: Int) -> BudgetMonth { journal.month(containing: CivilDate(year: 2026, month: m, day: 1)!) }
        #expect(try journal.monthlyIncome(in: month(2)) == Money(minorUnits: 50_000))
        #expect(try journal.monthlyIncome(in: month(3)) == Money(minorUnits: 10_000))
        #expect(try journal.monthlyIncome(in: month(4)) == Money(minorUnits: 10_000))
        #expect(try journal.monthlyIncome(in: month(5)) == Money(minorUnits: 80_000))
        #expect(try Money.monthlyShare(ofYearly: Money(minorUnits: 100_006)) == Money(minorUnits: 8_334))
        #expect(try Money.monthlyShare(ofYearly: Money(minorUnits: -100_006)) == Money(minorUnits: -8_334))
        #expect(try Money.monthlyShare(ofYearly: Money(minorUnits: 6)) == Money(minorUnits: 1))
        #expect(try Money.monthlyShare(ofYearly: Money(minorUnits: 5)) == Money(minorUnits: 0))
    }

    /// A Netflix charge four days late is the charge for its due date everywhere: `check` and
    /// `due` (which always said so), `report subscriptions` and the dashboard (which said
    /// "missing" with a window of 3 days and an exact price).
    @Test func aChargeFourDaysLateIsPaidInEveryReport() throws {
        let path = TestSupport.temporaryDirectory() + "/l.flourish"
        TestSupport.write("""
        currency USD
        account Visa credit
        category Streaming
        opening 2026-10-01 Visa 0.00
        subscription 2026-10-01 Netflix 15.49 monthly next 2026-10-12 from Visa category Streaming
        2026-10-12 * Netflix
          Streaming  15.49
          Visa
        2026-11-16 * Netflix, new price
          Streaming  15.99
          Visa
        2026-11-20 * Something else
          Streaming  1.00
          Visa

        """, to: path)
        #expect(TestSupport.run(["check", path]).stdout == "ok: 3 entries in 1 file, no problems\n")
        #expect(TestSupport.run(["due", path]).stdout == "Nothing is due through 2026-11-20 that is not recorded.\n")
        let subscriptions = TestSupport.run(["report", "subscriptions", path]).stdout
        #expect(subscriptions.contains("2026-11-12  2026-11-16\n"), "\(subscriptions)")
        let dashboard = TestSupport.run(["report", "dashboard", path]).stdout
        #expect(!dashboard.contains("No charge for Netflix"), "\(dashboard)")
    }

    /// Random charges — none, early, late, too far, a different price — for ten months of one
    /// subscription: `check`, `due`, `report subscriptions` and the dashboard agree on which
    /// occurrence is paid, late or missing.
    @Test func subscriptionsDueCheckAndTheDashboardAgreeOnRandomCharges() throws {
        var random = SplitMix(seed: 34)
        for _ in 0..<60 {
            var text = """
            currency USD
            account Visa credit
            category Streaming
            opening 2026-01-01 Visa 0.00
            subscription 2026-01-01 Netflix 20.00 monthly next 2026-01-10 from Visa category Streaming

            """
            var charges: [(CivilDate, Int64)] = []
            for month in 1...10 {
                guard random.next(below: 4) != 0 else { continue }
                let offset = Int(random.next(below: 21)) - 10
                let price: Int64 = [1700, 1900, 2000, 2000, 2100, 2300][Int(random.next(below: 6))]
                charges.append((CivilDate(year: 2026, month: month, day: 10)!.adding(days: offset), price))
            }
            for (date, price) in charges.sorted(by: { $0.0 < $1.0 }) {
                text += "\(date) * Netflix\n  Streaming  \(Money(minorUnits: price).formatted(decimals: 2))\n  Visa\n\n"
            }
            let asOf = CivilDate(year: 2026, month: 10, day: 10)!.adding(days: Int(random.next(below: 12)) + 1)
            text += "\(asOf) * Other\n  Streaming  1.00\n  Visa\n"
            let path = TestSupport.temporaryDirectory() + "/l.flourish"
            TestSupport.write(text, to: path)

            let journal = TestSupport.book(TestSupport.load(text))
            let lastDue = CivilDate(year: 2026, month: 10, day: 10)!
            let unpaid = Set(DueReport.make(journal, through: asOf).rows.map(\.due))
            let context = ReportContext(journal: journal, from: asOf, to: asOf, asOf: asOf)
            let line = try #require(try SubscriptionsReport.make(context).lines.first)
            #expect(line.lastExpected == lastDue)
            #expect((line.lastPaid == nil) == unpaid.contains(lastDue), "\(text)")
            let overdue = unpaid.contains(lastDue) && lastDue.days(until: asOf) > 3
            #expect(line.isOverdue == overdue, "\(text)")
            let dashboard = try #require(try DashboardReport.make(context))
            #expect(dashboard.actions.contains { $0.kind == "charge-missing" } == overdue, "\(text)")
            // `check` warns about every unpaid occurrence more than 3 days old: the last one
            // included when the dashboard asks about it.
            let check = TestSupport.run(["check", path])
            let warned = unpaid.filter { $0.days(until: asOf) > 3 }
            #expect((check.stdout + check.stderr).contains("not-recorded") || (check.stdout + check.stderr).contains(" not recorded")
                    == !warned.isEmpty, "\(text)")
            if overdue { #expect((check.stdout + check.stderr).contains("Netflix"), "\(text)") }
        }
    }
}

/// A small seeded generator, so a failing case can be run again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
}

extension OneRuleTests {
    /// `budget --monthly` with rollover budgets ran the bucket engine once per month from the
    /// ledger's first day (a 60 KB ledger over 96 years: past 20 s); it runs once, and every
    /// column's envelopes are the ones the one-month report shows.
    @Test func budgetByMonthRunsTheEngineOnceAndAgreesWithEachMonth() throws {
        var text = "currency USD\naccount Bank checking\nopening 2000-01-01 Bank 100000.00\n"
        for index in 0..<5 { text += "category R\(index)\nbudget 2000-01-01 R\(index) 10.00 rollover\n" }
        for index in 0..<300 {
            let date = CivilDate(year: 2000, month: 1, day: 5)!.adding(days: index * 30)
            text += "\(date) * e\(index)\n  R\(index % 5)  \(7 + index % 11).00\n  Bank\n\n"
        }
        let path = TestSupport.temporaryDirectory() + "/rollover.flourish"
        TestSupport.write(text, to: path)
        let monthly = TestSupport.run(["report", "budget", path, "-p", "2024", "--monthly", "--format", "json"])
        #expect(monthly.status == .success)
        let journal = TestSupport.book(TestSupport.load(text))
        for month in [3, 7, 12] {
            let budgetMonth = journal.month(containing: CivilDate(year: 2024, month: month, day: 1)!)
            let context = ReportContext(journal: journal, from: budgetMonth.first, to: budgetMonth.last, asOf: budgetMonth.last)
            let alone = try BudgetReport.make(context, month: budgetMonth)
            let snapshot = try BucketEngine(journal).snapshot(at: budgetMonth.last)
            let shared = try BudgetReport.make(context, month: budgetMonth, snapshot: snapshot)
            #expect(alone.lines.map(\.carriedIn) == shared.lines.map(\.carriedIn))
            #expect(alone.lines.map(\.available) == shared.lines.map(\.available))
            #expect(alone.lines.contains { $0.carriedIn != nil && $0.carriedIn != .zero })
        }
        let engine = BucketEngine(journal)
        let dates = (1...12).map { journal.month(containing: CivilDate(year: 2024, month: $0, day: 1)!).last }
        let together = try engine.snapshots(at: dates)
        for date in dates {
            #expect(together[date]?.envelopes.map(\.available) == (try engine.snapshot(at: date))?.envelopes.map(\.available))
        }
    }
}

extension OneRuleTests {
    /// `add` wrote `Coffee\t#3` bare, which reads back as `Coffee` and a tag `#3`: where a
    /// description ends is now asked of the lexer's own rule.
    @Test func addKeepsADescriptionWithATabBeforeAHash() {
        let path = TestSupport.temporaryDirectory() + "/l.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 2026-01-01 Bank 10.00\n", to: path)
        for description in ["Coffee\t#3", "\tLead", "trail ", "*\tstar", "Cake\t;x", "a\t# b"] {
            let added = TestSupport.run(["add", "2026-01-02", description, "Food", "3", "--from", "Bank", "-f", path])
            #expect(added.status == .success, "\(added.stderr)")
        }
        let journal = TestSupport.book(TestSupport.load(TestSupport.read(path)))
        #expect(journal.ledger.entries.map { journal.ledger.description(of: $0) } == ["Coffee\t#3", "\tLead", "trail ", "*\tstar", "Cake\t;x", "a\t# b"])
        #expect(journal.ledger.entryTags.isEmpty)
    }

    /// Any description `StringLiteral.description` writes — made of the characters that end,
    /// start or mark things on a date line — reads back unchanged, with no tag.
    @Test func everyWrittenDescriptionReadsBackUnchanged() {
        let alphabet: [String] = ["a", "Z", "1", " ", "\t", "#", ";", "\"", "\\", "*", "!", "é", "€", "-", "(", ":", "@"]
        var random = SplitMix(seed: 7)
        var text = "currency USD\naccount Bank checking\ncategory Food\n"
        var written: [String] = []
        for _ in 0..<3_000 {
            let length = Int(random.next(below: 8)) + 1
            let description = (0..<length).map { _ in alphabet[Int(random.next(below: UInt64(alphabet.count)))] }.joined()
            written.append(description)
            text += "2026-01-02 \(StringLiteral.description(description))\n  Food  1.00\n  Bank\n\n"
        }
        let loaded = TestSupport.load(text)
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty)
        let read = loaded.ledger.entries.map { loaded.ledger.description(of: $0) }
        #expect(read.count == written.count)
        for (got, wanted) in zip(read, written) where got != wanted {
            Issue.record("wrote \(StringLiteral.description(wanted).debugDescription), read \(got.debugDescription)")
            break
        }
        #expect(loaded.ledger.entryTags.isEmpty)
    }
}

extension OneRuleTests {
    /// A rollover category that spent 108.00 of a 100.00 budget with 60.00 carried in showed
    /// "108 %", a red remaining amount and an over-budget bar beside a blank status. Every
    /// figure of the line is now measured against what the month had, 160.00.
    @Test func aRolloverLinesFiguresAgreeWithItsStatus() throws {
        let path = TestSupport.temporaryDirectory() + "/roll.flourish"
        TestSupport.write("""
        currency USD
        account Bank checking
        category Food
        opening 2026-09-01 Bank 1000.00
        budget 2026-09-01 Food 100.00 rollover
        2026-09-05 * Shop
          Food  40.00
          Bank
        2026-10-05 * Shop
          Food  108.00
          Bank

        """, to: path)
        let budget = TestSupport.run(["report", "budget", path, "--ascii"]).stdout
        #expect(budget.contains("Food          $100.00      $60.00  $108.00     $52.00     $52.00   67%  [#######---]\n"), "\(budget)")
        #expect(budget.contains("Budgeted      $100.00              $108.00     $52.00              67%  [#######---]\n"), "\(budget)")
        let dashboard = TestSupport.run(["report", "dashboard", path, "--ascii"]).stdout
        #expect(dashboard.contains("Food          $100.00  $108.00   67%  [#######---]\n"), "\(dashboard)")
        #expect(dashboard.contains("Budgeted      $100.00  $108.00   67%  [#######---]\n"), "\(dashboard)")
        let review = TestSupport.run(["report", "review", path]).stdout
        #expect(review.contains("Food        $100.00  $108.00   67%  ok\n"), "\(review)")
        // Over what the month had: over everywhere.
        TestSupport.write(TestSupport.read(path).replacingOccurrences(of: "Food  108.00", with: "Food  170.00"), to: path)
        let over = TestSupport.run(["report", "budget", path, "--ascii"]).stdout
        #expect(over.contains("Food          $100.00      $60.00  $170.00    -$10.00    -$10.00  106%  [##########]+  over\n"), "\(over)")
    }
}

extension OneRuleTests {
    /// A rent paid in full from the bank, half of it for Mia: `due` said 1,400.00 and the
    /// snapshot and dashboard 700.00 with no word on why. `due` now shows both, named.
    @Test func aSharedBillSaysWhatIsSetAside() {
        let path = TestSupport.temporaryDirectory() + "/split.flourish"
        TestSupport.write("""
        currency USD
        account Bank checking
        category Rent
        person Mia
        opening 2026-10-01 Bank 5000.00
        schedule 2026-11-01 Rent monthly on day 1
          Rent  700.00
          Mia  700.00
          Bank
        2026-11-02 * Lunch
          Rent  1.00
          Bank

        """, to: path)
        #expect(TestSupport.run(["due", path]).stdout == """
        Due through 2026-11-02, not recorded:

        Due         Name     Amount  Set aside  Late
        2026-11-01  Rent  $1,400.00    $700.00  1 day

        Set aside: the part in expense categories, which the budget holds until it is paid; the rest is paid for people or moved between accounts.

        """)
        #expect(TestSupport.run(["report", "snapshot", path]).stdout.contains("  – Rent: $700.00 (due 2026-11-01)\n"))
        #expect(TestSupport.run(["due", path, "--format", "json"]).stdout.contains("\"amount\": \"1400.00\",\n      \"setAside\": \"700.00\""))
    }
}

extension OneRuleTests {
    /// Two `allowance` lines on one date, one in an included file read in the middle of the
    /// main file and one after the include: the later in reading order is in effect for the
    /// bucket rule as for every report (the engine took the one of the later file).
    @Test func theEngineAndTheReportsTakeTheSameLineOnOneDate() throws {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("allowance 2026-01-01 7.00\n", to: dir + "/more.flourish")
        TestSupport.write("""
        currency USD
        account Bank checking
        category Food
        opening 2026-01-01 Bank 1000.00
        include "more.flourish"
        allowance 2026-01-01 5.00
        2026-01-03 * Lunch
          Food  1.00
          Bank

        """, to: dir + "/main.flourish")
        let journal = TestSupport.book(try LedgerLoader.load(paths: [dir + "/main.flourish"]))
        let day = CivilDate(year: 2026, month: 1, day: 3)!
        #expect(journal.allowance(on: day)?.amount.value == Money(minorUnits: 500))
        #expect(try BucketEngine(journal).snapshot(at: day)?.dailyAllowance == Money(minorUnits: 500))
    }
}

/// Which entry pays an earmark has one rule (`Journal.earmarkPaid(byLineIn:on:)`): the engine's
/// snapshot says paid exactly for the earmarks the rule finds paid this month, and the
/// forecast writes this month's payment only for the others.
@Suite struct EarmarkPaymentRuleTests {
    @Test func theSnapshotAndTheForecastAgreeOnRandomPayments() throws {
        var random = SplitMix(seed: 35)
        for _ in 0..<40 {
            var text = """
            currency USD
            account Bank checking
            category Bills
            category Bills:Power
            category Bills:Water
            category Food
            opening 2026-01-01 Bank 5000.00
            earmark 2026-01-01 Bills:Power 80.00 due 20
            earmark 2026-01-01 Bills:Water 30.00 due 25

            """
            if random.next(below: 2) == 0 { text += "earmark 2026-03-05 Bills:Water 0.00\n\n" }
            var payments: [(CivilDate, String)] = []
            for _ in 0..<Int(random.next(below: 6)) {
                let day = CivilDate(year: 2026, month: 3, day: 1)!.adding(days: Int(random.next(below: 28)))
                payments.append((day, ["Bills:Power", "Bills:Water", "Bills", "Food"][Int(random.next(below: 4))]))
            }
            for (day, category) in payments.sorted(by: { $0.0 < $1.0 }) {
                text += "\(day) Payment\n  \(category)  10.00\n  Bank\n\n"
            }
            let asOf = CivilDate(year: 2026, month: 3, day: 15)!
            text += "\(asOf) Today\n  Food  1.00\n  Bank\n"
            let journal = TestSupport.book(TestSupport.load(text))
            let ruled = Set(journal.earmarksPaid(in: journal.month(containing: asOf), through: asOf).map { journal.name($0) })
            let snapshot = try #require(try BucketEngine(journal).snapshot(at: asOf))
            let engine = Set(snapshot.earmarks.filter { $0.paid != nil }.map(\.category))
            // (The snapshot lists the earmarks in effect on its day.)
            let inEffect = Set(journal.earmarks(on: asOf).map { journal.name($0.category.id) })
            #expect(ruled.intersection(inEffect) == engine, "\(text)")
            // The forecast pays this month only the earmarks not paid already.
            let forecast = try #require(ForecastReport.make(journal, from: asOf, until: CivilDate(year: 2026, month: 3, day: 31)!).report)
            let projected = Set(forecast.days.flatMap(\.events).map(\.what).filter { $0.hasPrefix("earmark ") }.map { String($0.dropFirst(8)) })
            #expect(projected == inEffect.subtracting(engine), "\(text)")
        }
    }
}
