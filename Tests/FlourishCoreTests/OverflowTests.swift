import Testing
@testable import FlourishCore

/// Money never wraps and never traps: each case found in review (issue 10) is an exact
/// diagnostic at the line that pushed a figure over, or a report with the right figures.
@Suite struct OverflowTests {
    func ledgerFile(_ text: String) -> String {
        let path = TestSupport.temporaryDirectory() + "/big.flourish"
        TestSupport.write(text, to: path)
        return path
    }

    static let twoHugeDeposits = """
    currency USD
    account A checking
    account B checking
    category Salary income
    2026-01-01 First
      A  50000000000000000.00
      Salary
    2026-01-02 Second
      B  50000000000000000.00
      Salary

    """

    @Test func fundsThatOverflowAreAnErrorAtTheLineThatPushedThemOver() {
        let path = ledgerFile(Self.twoHugeDeposits)
        let check = TestSupport.run(["check", path])
        #expect(check.status == .problems)
        #expect(check.stderr.contains("""
        big.flourish:8:1: error: the total of the on-budget accounts on 2026-01-02 is too large to compute exactly
         8 | 2026-01-02 Second
           | ^~~~~~~~~~~~~~~~~
           = hint: amounts and their sums must stay within ±92,233,720,368,547,758.07 USD, the largest figure Flourish holds exactly
        """))
        // No report prints a wrapped figure: they refuse the ledger.
        let report = TestSupport.run(["report", "balances", path])
        #expect(report.status == .problems)
        #expect(report.stdout == "")
        #expect(!report.stderr.contains("84,467,440,737,095,516.16"))
    }

    @Test func whatPeopleOweCannotFlipSign() {
        let path = ledgerFile("""
        currency USD
        account A checking
        person Sam
        opening 2026-01-01 A 90000000000000000.00
        2026-01-02 Lend
          Sam  50000000000000000.00
          A
        2026-01-03 Lend again
          Sam  50000000000000000.00
          A

        """)
        let check = TestSupport.run(["check", path])
        #expect(check.status == .problems)
        #expect(check.stderr.contains("big.flourish:8:1: error: the balance with `Sam` on 2026-01-03 is too large to compute exactly"))
        #expect(TestSupport.run(["report", "people", "--settle", path]).status == .problems)
    }

    /// A parent category's total overflows though each sub-category's does not; the line
    /// that pushes it over gets one diagnostic (its accounts' totals overflow too).
    @Test func aParentCategorysTotalThatOverflowsIsOneErrorAtTheLine() {
        let path = ledgerFile("""
        currency USD
        account A checking
        account B checking
        category Food:Dining
        category Food:Groceries
        2026-01-01 Dinner
          Food:Dining  50000000000000000.00
          A
        2026-01-02 Market
          Food:Groceries  50000000000000000.00
          B

        """)
        let check = TestSupport.run(["check", path])
        #expect(check.status == .problems)
        let errors = check.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == ["\(path):9:1: error: the total of `Food` on 2026-01-02 is too large to compute exactly"])
    }

    @Test func theOverflowHintStatesTheLimitInTheLedgersCurrency() {
        let yen = TestSupport.check("currency JPY\naccount A checking\nopening 2026-01-01 A 99999999999999999999\n")
        #expect(yen.contains("hint: amounts and their sums must stay within ±9,223,372,036,854,775,807 JPY"))
        let bitcoin = TestSupport.check("currency BTC 8\naccount A checking\nopening 2026-01-01 A 99999999999\n")
        #expect(bitcoin.contains("hint: amounts and their sums must stay within ±92,233,720,368.54775807 BTC"))
    }

    /// The month's allowance set-aside overflows with no entry at all: an error at the
    /// allowance line (it used to be dropped to 0, and the ledger passed).
    @Test func anAllowanceSetAsideThatOverflowsIsAnErrorAtTheAllowance() {
        let text = """
        currency JPY
        account A checking
        opening 2026-01-01 A 9000000000000000000
        allowance 2026-01-01 400000000000000000

        """
        let rendered = TestSupport.check(text)
        #expect(rendered == """
        test.flourish:4:22: error: the allowance set aside for the rest of the month on 2026-01-01 is too large to compute exactly
         4 | allowance 2026-01-01 400000000000000000
           |                      ^~~~~~~~~~~~~~~~~~
           = hint: amounts and their sums must stay within ±9,223,372,036,854,775,807 JPY, the largest figure Flourish holds exactly

        """)
    }

    @Test func aHugeGoalTargetReportsInsteadOfTrapping() {
        let path = ledgerFile("""
        currency USD
        account A checking
        opening 2026-01-01 A 100.00
        goal 2026-01-01 Moon 92233720368547758.07 by 2027-01-01
        move 2026-01-02 50.00 to Moon

        """)
        #expect(TestSupport.run(["check", path]).status == .success)
        let goals = TestSupport.run(["report", "goals", path, "--format", "csv"])
        #expect(goals.status == .success)
        // 13 months left (2026-01 to 2027-01); 92,233,720,368,547,708.07 ÷ 13 rounded up.
        #expect(goals.stdout.contains("Moon,92233720368547758.07,50.00,0.00,0.00,2027-01-01,13,7094901566811362.16,"))
        for kind in ["dashboard", "review"] {
            #expect(TestSupport.run(["report", kind, path]).status == .success, "report \(kind)")
            #expect(TestSupport.run(["report", kind, path, "--format", "html"]).status == .success, "report \(kind) html")
        }
    }

    @Test func aHugeBudgetAndHugeSpendingReportInsteadOfTrapping() {
        let huge = ledgerFile("""
        currency USD
        account A checking
        category Food
        opening 2026-01-01 A 10000000000000.00
        budget 2026-01-01 Food 92233720368547758.07
        2026-01-02 Feast
          Food  5000000000000.00
          A

        """)
        let budget = TestSupport.run(["report", "budget", huge, "--format", "csv"])
        #expect(budget.status == .success)
        #expect(budget.stdout.contains("Food,92233720368547758.07,5000000000000.00,92228720368547758.07,0.00,0.00,\r\n"))
        let overspent = ledgerFile("""
        currency USD
        account A checking
        category Food
        opening 2026-01-01 A 90000000000000000.00
        budget 2026-01-01 Food 10.00
        2026-01-02 Feast
          Food  90000000000000000.00
          A
        2026-01-03 Snack
          Food  1.00
          A

        """)
        for format in ["text", "csv", "json"] {
            #expect(TestSupport.run(["report", "budget", overspent, "--format", format]).status == .success)
        }
        let text = TestSupport.run(["report", "budget", overspent]).stdout
        #expect(text.contains("[##########]+  over"))
        // The review's projection (90,000,000,000,000,001.00 × 31 ÷ 3) does not fit: an error
        // at the month's largest expense line, not a wrong figure.
        let review = TestSupport.run(["report", "review", overspent, "--ascii"])
        #expect(review.status == .problems)
        #expect(review.stdout == "")
        #expect(review.stderr.contains("big.flourish:7:3: error: the projected spending of 2026-01 is too large to compute exactly\n"))
        // At the month's end the projection is the spending itself; its charts are drawn.
        for format in ["text", "html"] {
            #expect(TestSupport.run(["report", "review", overspent, "--date", "2026-01-31", "--format", format]).status == .success)
            #expect(TestSupport.run(["report", "dashboard", overspent, "--format", format]).status == .success)
        }
    }

    @Test func anImportRowWhoseAmountWouldOverflowIsRefused() {
        let folder = TestSupport.temporaryDirectory()
        let ledger = folder + "/l.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory Misc\nopening 2026-01-01 Bank 10.00\n", to: ledger)
        let rules = folder + "/r.rules"
        TestSupport.write("account Bank\ndate 1 YYYY-MM-DD\ndescription 2\ndebit 3\ncredit 4\ndefault Misc\n", to: rules)
        let csv = folder + "/s.csv"
        TestSupport.write("2026-01-02,Wrap,-50000000000000000,50000000000000000\n", to: csv)
        let before = TestSupport.read(ledger)
        let result = TestSupport.run(["import", "csv", csv, "--rules", rules, "--file", ledger])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("error: debit `-50000000000000000` is not a positive amount"))
        #expect(TestSupport.read(ledger) == before)
    }

    @Test func locationsNeverWrap() {
        let far = SourceLocation(file: 0, range: 10..<(Int(Int32.max) + 10))
        #expect(far.range == 10..<Int(Int32.max))
    }

    @Test func checkedMoneyArithmetic() throws {
        let max = Money(minorUnits: .max)
        #expect(throws: MoneyOverflow.self) { try max + Money(minorUnits: 1) }
        #expect(throws: MoneyOverflow.self) { try Money(minorUnits: .min) - Money(minorUnits: 1) }
        #expect(throws: MoneyOverflow.self) { try max * 2 }
        #expect(throws: MoneyOverflow.self) { try -Money(minorUnits: .min) }
        // Rounding half away from zero, with remainders too large to double.
        #expect(try Money(minorUnits: 5).dividedRounded(by: 2) == Money(minorUnits: 3))
        #expect(try Money(minorUnits: -5).dividedRounded(by: 2) == Money(minorUnits: -3))
        #expect(try max.dividedRounded(by: 2) == Money(minorUnits: 4_611_686_018_427_387_904))
        #expect(try Money(minorUnits: .max - 1).dividedRounded(by: .max) == Money(minorUnits: 1))
        // Scaling is exact past 64 bits: (max × 3) ÷ 4.
        #expect(try max.scaled(by: 3, over: 4) == Money(minorUnits: 6_917_529_027_641_081_855))
        #expect(throws: MoneyOverflow.self) { try max.scaled(by: 4, over: 3) }
        #expect(try Money(minorUnits: 10).dividedRoundingUp(by: 3) == Money(minorUnits: 4))
        #expect(try Money(minorUnits: -10).dividedRoundingUp(by: 3) == Money(minorUnits: -4))
        #expect(Money.basisPoints(Money(minorUnits: 1), of: Money(minorUnits: 3)) == 3_333)
        #expect(Money.basisPoints(max, of: Money(minorUnits: 1)) == Int.max)
        #expect(Money.basisPoints(Money(minorUnits: 1), of: .zero) == nil)
    }

    /// Budgets that each fit but whose total does not: the budget report names the budget line
    /// that pushed the total over.
    @Test func aBudgetTotalThatOverflowsIsBlamedOnItsBudgetLine() {
        let path = ledgerFile("""
        currency USD
        account A checking
        category Food
        category Rent
        opening 2026-01-01 A 10.00
        budget 2026-01-01 Food 60000000000000000.00
        budget 2026-01-01 Rent 60000000000000000.00

        """)
        #expect(TestSupport.run(["check", path]).status == .success)
        let budget = TestSupport.run(["report", "budget", path])
        #expect(budget.status == .problems)
        #expect(budget.stdout == "")
        #expect(budget.stderr.contains("big.flourish:7:24: error: the total budget of 2026-01 is too large to compute exactly"))
    }
}

/// A bucket figure that overflows is the same error in `check` and in every report that
/// shows bucket figures: never a report with a partial total.
@Suite struct BucketOverflowTests {
    static let bills = """
    currency USD
    account Bank checking
    category A
    category B
    category C
    category D
    opening 2026-11-01 Bank 100.00
    earmark 2026-11-01 A 30000000000000000.00 due 20
    earmark 2026-11-01 B 30000000000000000.00 due 20
    earmark 2026-11-01 C 30000000000000000.00 due 20
    earmark 2026-11-01 D 30000000000000000.00 due 20
    2026-11-02 * Paid A's share
      A  1.00
      Bank

    """

    @Test func billsThatOverflowAreAnErrorInEveryReport() {
        let path = TestSupport.temporaryDirectory() + "/bills.flourish"
        TestSupport.write(Self.bills, to: path)
        let error = """
        \(path):11:22: error: the money earmarked for bills on 2026-11-01 is too large to compute exactly
         11 | earmark 2026-11-01 D 30000000000000000.00 due 20
            |                      ^~~~~~~~~~~~~~~~~~~~
            = hint: amounts and their sums must stay within ±92,233,720,368,547,758.07 USD, the largest figure Flourish holds exactly

        """
        #expect(TestSupport.run(["check", path]).stderr.contains(error))
        for kind in ["snapshot", "dashboard", "log", "review", "goals"] {
            let result = TestSupport.run(["report", kind, path])
            #expect(result.status == .problems, "\(kind)")
            #expect(result.stdout == "", "\(kind)")
            #expect(result.stderr == error, "\(kind)")
        }
    }

    @Test func subscriptionsThatOverflowAreAnErrorWithoutABucketRule() {
        let path = TestSupport.temporaryDirectory() + "/subscriptions.flourish"
        var text = "currency USD\naccount Bank checking\ncategory S\nopening 2026-11-01 Bank 100.00\n"
        for name in ["A", "B", "C", "D"] {
            text += "subscription 2026-11-01 \(name) 30000000000000000.00 monthly next 2026-11-20 from Bank category S\n"
        }
        TestSupport.write(text, to: path)
        let error = "\(path):8:1: error: the money set aside for bills on 2026-11-01 is too large to compute exactly\n"
        let check = TestSupport.run(["check", path])
        #expect(check.status == .problems)
        #expect(check.stderr.hasPrefix(error))
        let dashboard = TestSupport.run(["report", "dashboard", path])
        #expect(dashboard.status == .problems)
        #expect(dashboard.stderr.hasPrefix(error))
    }
}
