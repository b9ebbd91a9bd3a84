import Testing
@testable import FlourishCore

/// Options mean the same in every report; figures shown twice come from one computation.
@Suite struct ReportOptionTests {
    /// A ledger whose last line is in January.
    static let january = """
    currency USD
    account Bank checking
    category Food
    category Salary income
    budget 2026-01-01 Food 100.00
    income 2026-01-01 1000.00
    opening 2026-01-01 Bank 500.00

    2026-01-10 Shop
      Food  40.00
      Bank

    2026-01-20 Pay
      Salary  -1000.00
      Bank

    """

    func file(_ text: String) -> String {
        let path = TestSupport.temporaryDirectory() + "/ledger.flourish"
        TestSupport.write(text, to: path)
        return path
    }

    @Test func monthMeansTheSameMonthInBudgetReviewAndBalances() {
        let path = file(Self.january)
        let budget = TestSupport.run(["report", "budget", path, "--month", "2026-02"])
        #expect(budget.stdout.hasPrefix("Budget for 2026-02 (2026-02-01 to 2026-02-28)\n"))
        #expect(budget.stdout.contains("Food          $100.00  $0.00    $100.00    0%"))
        let review = TestSupport.run(["report", "review", path, "--month", "2026-02"])
        #expect(review.stdout.hasPrefix("Monthly review of 2026-02 (2026-02-01 to 2026-02-28), as of 2026-02-01: no data yet\n"))
        #expect(review.stdout.contains("- No data yet: the ledger's last date is 2026-01-20.\n"))
        let balances = TestSupport.run(["report", "balances", path, "--month", "2026-02"])
        #expect(balances.stdout.hasPrefix("Balances at the end of 2026-01-20; categories from 2026-02-01 to 2026-02-28\n"))
    }

    @Test func aMonthBeforeTheLedgerSaysSoAndIsNeverOnTrack() {
        let path = file(Self.january)
        let review = TestSupport.run(["report", "review", path, "--month", "2025-12"])
        #expect(review.status == .success)
        #expect(review.stdout.hasPrefix("Monthly review of 2025-12 (2025-12-01 to 2025-12-31), as of 2025-12-31: before the ledger\n"))
        #expect(!review.stdout.contains("on track"))
        #expect(review.stdout.contains("- This month ends before the ledger's first date, 2026-01-01: there is nothing to review.\n"))
        // No day of it is drawn as spending nothing.
        #expect(!review.stdout.contains("Spending each day"))
        // January compares with no month before the ledger.
        let january = TestSupport.run(["report", "review", path, "--month", "2026-01"])
        #expect(january.stdout.contains("Category  2026-01  Change  Change %\n"))
    }

    @Test func daysOverTheAllowanceAreCountedOnce() {
        let household = TestSupport.root + "/examples/household.flourish"
        let text = TestSupport.run(["report", "review", household]).stdout
        let html = TestSupport.run(["report", "review", household, "--format", "html"]).stdout
        #expect(text.contains("- 1 day went over the daily allowance, by $59.00 in all.\n"))
        #expect(html.contains("; 1 day over the daily allowance of $25.00</desc>"))
        #expect(html.contains("<li>1 day went over the daily allowance, by $59.00 in all.</li>"))
        // A ledger without an allowance has no days over one.
        let none = TestSupport.run(["report", "review", file(Self.january), "--month", "2026-01", "--format", "json"]).stdout
        #expect(!none.contains("over-allowance"))
    }

    @Test func insightsInJSONCarryDecimalsNotFormattedMoney() {
        let json = TestSupport.run(["report", "review", TestSupport.root + "/examples/household.flourish", "--format", "json"]).stdout
        #expect(json.contains("\"text\": \"1 day went over the daily allowance, by 59.00 in all.\""))
        #expect(json.contains("\"days\": 1"))
        #expect(json.contains("\"total\": \"59.00\""))
        #expect(!json.contains("$"))
    }

    @Test func dashboardBucketsAddUpToTheFunds() throws {
        // Drip's example on 2026-11-22, figures by hand: allowance set aside 88.41 left today
        // plus 8 days × 88.41 = 795.69; goals 150.00; funds 2,675.51; main savings
        // 2,675.51 − 795.69 − 150.00 = 1,729.82.
        // (Nothing is owed to Sam that day: the row is there because the ledger has people.)
        let csv = TestSupport.run(["report", "dashboard", TestSupport.root + "/examples/drip.flourish", "--format", "csv", "--date", "2026-11-22"]).stdout
        #expect(csv.contains("buckets,1,bucket,Set-aside (allowances)\r\nbuckets,1,amount,795.69\r\n"))
        #expect(csv.contains("buckets,2,bucket,of which left today\r\nbuckets,2,amount,88.41\r\n"))
        #expect(csv.contains("buckets,3,bucket,Set-aside (monthly)\r\nbuckets,3,amount,0.00\r\n"))
        #expect(csv.contains("buckets,4,bucket,Goals\r\nbuckets,4,amount,150.00\r\n"))
        #expect(csv.contains("buckets,5,bucket,Owed to people\r\nbuckets,5,amount,0.00\r\n"))
        #expect(csv.contains("buckets,6,bucket,Main savings\r\nbuckets,6,amount,1729.82\r\n"))
        #expect(csv.contains("buckets,7,bucket,Total\r\nbuckets,7,amount,2675.51\r\n"))
        // The next day, with the envelope and the debt repaid: 2,605.51 − 667.28 − 150.00 − 70.00.
        let later = TestSupport.run(["report", "dashboard", TestSupport.root + "/examples/drip.flourish", "--format", "csv"]).stdout
        #expect(later.contains("buckets,5,bucket,Envelopes\r\nbuckets,5,amount,70.00\r\n"))
        #expect(later.contains("buckets,7,bucket,Main savings\r\nbuckets,7,amount,1718.23\r\n"))
    }

    @Test func registerOfAnUndeclaredNameIsAnError() {
        let path = file(Self.january)
        let result = TestSupport.run(["report", "register", "Fod", path])
        #expect(result.status == .problems)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: no account, category or person matches 'Fod'; did you mean 'Food'?\n")
        #expect(TestSupport.run(["report", "register", "Food", path]).status == .success)
    }

    @Test func theDailyChartIsNotFlattenedByOneLargeDay() {
        // Rent on the 1st would flatten every other day: the scale stops at ordinary days and
        // the rent day is marked.
        #expect(DocumentRenderer.sparkline([120_000, 1_000, 2_000, 4_000, 3_000, 0], unicode: true) == "↑▂▄█▆▁")
        #expect(DocumentRenderer.sparkline([1_000, 2_000, 4_000, 3_000], unicode: false) == ".-#+")
        #expect(ChartScale.top([120_000, 1_000, 2_000, 4_000, 3_000], references: [2_500]) == 4_000)
        // A reference line near the large day keeps the whole range: nothing is cut off.
        #expect(ChartScale.top([120_000, 1_000, 2_000, 4_000, 3_000], references: [90_000]) == 120_000)
        let html = TestSupport.run(["report", "review", TestSupport.root + "/examples/household.flourish", "--format", "html"]).stdout
        #expect(html.contains("<text class=\"outlier\""))
        #expect(html.contains("↑ $1,200.00</text>"))
    }
}
