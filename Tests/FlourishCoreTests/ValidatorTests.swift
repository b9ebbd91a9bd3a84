import Testing
@testable import FlourishCore

/// The validator runs booking's running totals and every check at once, those that need a
/// valid ledger beside the others; what it reports is what running them one after another
/// reports, each check that needs a valid ledger counted only when nothing before it found an
/// error.
@Suite struct ValidatorTests {
    /// Reading, booking with its totals (and the `balance` lines they compare), then each
    /// check in turn: the rule as written.
    func oneAfterAnother(_ loaded: LedgerLoader.Result) -> [String] {
        let booked = Booker.bookDeferringTotals(loaded.ledger)
        var diagnostics = loaded.diagnostics + booked.diagnostics + RunningTotals.run(booked.journal).diagnostics
        var hasErrors = diagnostics.contains { $0.severity == .error }
        for check in Check.all {
            if check.needsValidLedger && hasErrors { continue }
            let problems = check.run(booked.journal, CheckOptions())
            diagnostics += problems
            hasErrors = hasErrors || problems.contains { $0.severity == .error }
        }
        let sorted = diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        return Validator.collapsed(sorted).map(Self.describe)
    }

    static func describe(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.file):\(diagnostic.location.range) \(diagnostic.id): \(diagnostic.message)"
    }

    static let fixtures = DiagnosticGoldenTests.ids.map { "Tests/FlourishCoreTests/Fixtures/diagnostics/\($0).flourish" }
        + ["examples/household.flourish", "examples/drip.flourish", "examples/mistakes.flourish",
           "Tests/FlourishCoreTests/Fixtures/buckets/quiet-days.flourish"]

    @Test(arguments: fixtures)
    func theSameDiagnosticsAsOneCheckAfterAnother(path: String) throws {
        let loaded = try LedgerLoader.load(paths: [TestSupport.root + "/" + path])
        #expect(Validator.validate(loaded).map(Self.describe) == oneAfterAnother(loaded))
    }

    /// A report leaves out the checks that only warn (it needs only to know there is no
    /// error): on every fixture, each of them finds warnings and nothing else, and those that
    /// warn find some somewhere.
    @Test func theChecksAReportLeavesOutOnlyWarn() throws {
        let quiet = Check.all.filter(\.onlyWarns)
        #expect(quiet.map(\.name) == ["duplicate-entries", "slips"])
        var found: [String: Int] = [:]
        for path in Self.fixtures {
            let booked = Booker.bookDeferringTotals(try LedgerLoader.load(paths: [TestSupport.root + "/" + path]).ledger)
            for check in quiet {
                let problems = check.run(booked.journal, CheckOptions())
                #expect(problems.allSatisfy { $0.severity == .warning }, "\(check.name) on \(path)")
                found[check.name, default: 0] += problems.count
            }
        }
        #expect(quiet.allSatisfy { found[$0.name, default: 0] > 0 }, "\(found)")
    }

    /// An overcommitted ledger is reported as such only while nothing else is wrong: not with
    /// an unbalanced entry (a check before the rule's), nor with a running total that
    /// overflows (booking's).
    @Test func theBucketRuleCountsOnlyOnALedgerWithoutOtherErrors() {
        let overcommitted = """
        currency USD
        account Bank checking
        category Rent
        opening 2026-11-01 Bank 100.00
        earmark 2026-11-01 Rent 900.00

        """
        func ids(_ text: String) -> [String] { Validator.validate(TestSupport.load(text)).map(\.id) }
        #expect(ids(overcommitted) == ["overcommitted"])
        #expect(ids(overcommitted + "2026-11-02 * Shop\n  Rent  10.00\n  Bank  -9.00\n") == ["unbalanced-entry"])
        let huge = "2026-11-02 * Big\n  Rent  90000000000000000.00\n  Bank\n2026-11-03 * Big\n  Rent  90000000000000000.00\n  Bank\n"
        #expect(ids(overcommitted + huge).allSatisfy { $0 == "sum-overflow" })
        #expect(!ids(overcommitted + huge).isEmpty)
    }
}

/// The slips check: warnings for what checks clean but gives wrong figures.
@Suite struct SlipCheckTests {
    func ledger(_ dates: [String]) -> String {
        "currency USD\naccount Bank checking\ncategory Food\nopening 2020-01-01 Bank 5000.00\n"
            + dates.map { "\n\($0) * Shop\n  Food  1.00\n  Bank\n" }.joined()
    }

    /// A ledger that stops for two years and starts again is not a slip; one entry years
    /// after all the others is.
    @Test func onlyAFewEntriesAloneInTheFutureAreSlips() {
        let resumed = (1...6).map { "2020-01-0\($0)" } + (1...6).map { "2023-03-0\($0)" }
        #expect(!TestSupport.check(ledger(resumed)).contains("warning:"))
        let slip = TestSupport.check(ledger((1...9).map { "2023-03-0\($0)" } + ["2032-03-09"]))
        #expect(slip.contains("warning: this entry is dated 2032-03-09, 9 years after every other (the latest: 2023-03-09)"))
        #expect(slip.components(separatedBy: "warning:").count == 2)
    }

    /// Income put into its category from an account warns; paid out of it, as it should be,
    /// or a loss in an exchange category, does not.
    @Test func incomeWithTheSignOfSpending() {
        let text = "currency USD\naccount Bank checking\ncategory Salary income\ncategory FX exchange\nopening 2026-11-01 Bank 10.00\n\n"
            + "2026-11-02 Pay\n  Salary  -100.00\n  Bank\n\n2026-11-03 Loss\n  FX  1.00\n  Bank\n\n2026-11-04 Pay, signs swapped\n  Salary  100.00\n  Bank\n"
        let problems = TestSupport.check(text)
        #expect(problems.components(separatedBy: "warning:").count - 1 == 1)
        #expect(problems.contains("test.flourish:16:11: warning: `Salary` is an income category, but this line puts money into it from an account"))
    }
}
