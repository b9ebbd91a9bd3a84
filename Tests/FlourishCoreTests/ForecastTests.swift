import Foundation
import Testing
@testable import FlourishCore

/// `report forecast`: the ledger carried into the future by the bucket engine, figures
/// computed by hand.
@Suite struct ForecastTests {
    /// Rent of 2,800.00 from December outruns an income of 2,000.00: by hand, main savings is
    /// 2,850.00 on November 20 and stays there (the allowance is spent as set aside), then
    /// each month's first day brings +2,000.00 − 2,800.00 − 10.00 and a new month's allowance:
    /// 1,740.00 on December 1, 630.00 on January 1, and on February 1 the bank holds −180.00
    /// with 270.00 set aside (27 days of February after the 1st): −450.00.
    static let rent = """
    currency USD
    account Bank checking
    category Food
    category Rent
    category Salary income
    opening 2026-11-01 Bank 3000.00
    allowance 2026-11-01 10.00
    income 2026-11-01 2000.00 monthly
    schedule 2026-12-01 Rent monthly on day 1
      Rent  2800.00
      Bank

    2026-11-20 * Groceries
      Food  50.00
      Bank

    """

    func file(_ text: String) -> String {
        let path = TestSupport.temporaryDirectory() + "/rent.flourish"
        TestSupport.write(text, to: path)
        return path
    }

    @Test func rentOutrunsIncomeAndTheRuleBreaksOnFebruaryFirst() {
        let path = file(Self.rent)
        let result = TestSupport.run(["report", "forecast", path])
        #expect(result.status == .success)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(11)) == [
            "Forecast from 2026-11-20 to 2027-02-20",
            "Expected: schedules and subscriptions not recorded yet, earmarks on their due days, expected income, and the daily allowance spent in full.",
            "",
            "Safe to spend today: $0.00",
            "",
            "First break: 2027-02-01: main savings would be -$450.00; Bank would be -$180.00.",
            "  - Rent -$2,800.00 (\(path):9)",
            "  - expected income $2,000.00 (\(path):8)",
            "  - the daily allowance -$10.00 (\(path):7)",
            "  - the allowance for the rest of the month $270.00 set aside (\(path):7)",
            "",
        ])
        #expect(lines.contains("2026-11-20  $2,950.00  $2,950.00    $100.00    $0.00  $0.00  $0.00     $2,850.00"))
        #expect(lines.contains("2026-11-30  $2,850.00  $2,850.00      $0.00    $0.00  $0.00  $0.00     $2,850.00"))
        #expect(lines.contains("2026-12-01  $2,040.00  $2,040.00    $300.00    $0.00  $0.00  $0.00     $1,740.00  Rent, expected income"))
        #expect(lines.contains("2027-01-01    $930.00    $930.00    $300.00    $0.00  $0.00  $0.00       $630.00  Rent, expected income"))
        #expect(lines.contains("2027-02-01   -$180.00   -$180.00    $270.00    $0.00  $0.00  $0.00      -$450.00  Rent, expected income"))
        // 93 days, the report date included.
        #expect(lines.filter { $0.hasPrefix("202") }.count == 93)
        // The ledger itself is untouched and checks clean: the forecast adds nothing to it.
        #expect(TestSupport.run(["check", path]).status == .success)
    }

    /// With less rent the rule holds; safe to spend today is today's allowance left plus the
    /// lowest main savings ahead.
    @Test func safeToSpendToday() {
        let path = file(Self.rent.replacingOccurrences(of: "Rent  2800.00", with: "Rent  2000.00")
            .replacingOccurrences(of: "Food  50.00", with: "Food  4.00"))
        let result = TestSupport.run(["report", "forecast", path, "--until", "2026-12-31"])
        // Today: 6.00 of the allowance left, 106.00 set aside and 2,890.00 in main savings
        // (2,996 − 106). On December 1 the bank holds 2,896 (ten days of 10.00 spent) + 2,000
        // − 2,000 − 10 = 2,886 with 300.00 set aside: 2,586.00, the lowest ahead, and below
        // today's 6.00 + 2,890.00.
        #expect(result.stdout.contains("Safe to spend today: $2,586.00\n"))
        #expect(result.stdout.contains("The bucket rule holds on every day through 2026-12-31, and no account goes below zero.\n"))
    }

    @Test func csvJSONAndHTML() throws {
        let path = file(Self.rent)
        let csv = TestSupport.run(["report", "forecast", path, "--format", "csv"]).stdout
        #expect(csv.hasPrefix("date,Bank,funds,allowance,monthly,goals,owed,main_savings,expected\r\n2026-11-20,2950.00,2950.00,100.00,0.00,0.00,0.00,2850.00,\r\n"))
        #expect(csv.contains("2027-02-01,-180.00,-180.00,270.00,0.00,0.00,0.00,-450.00,\"Rent, expected income\"\r\n"))
        let json = TestSupport.run(["report", "forecast", path, "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let broken = try #require(object["firstBreak"] as? [String: Any])
        #expect(broken["date"] as? String == "2027-02-01")
        // Typed: what would go below zero and by how much, and each cause's kind and amount.
        let shortfalls = try #require(broken["shortfalls"] as? [[String: Any]])
        #expect(shortfalls.map { $0["kind"] as? String } == ["main-savings", "account"])
        #expect(shortfalls.map { $0["amount"] as? String } == ["-450.00", "-180.00"])
        #expect(shortfalls[1]["name"] as? String == "Bank")
        let causes = try #require(broken["causes"] as? [[String: Any]])
        #expect(causes.map { $0["kind"] as? String } == ["expected", "expected", "expected", "set-aside"])
        #expect(causes.map { $0["amount"] as? String } == ["-2800.00", "2000.00", "-10.00", "270.00"])
        #expect(causes.first?["what"] as? String == "Rent")
        #expect(object["safeToSpendToday"] as? String == "0.00")
        #expect((object["days"] as? [Any])?.count == 93)
        let html = TestSupport.run(["report", "forecast", path, "--format", "html"]).stdout
        #expect(html.contains("<line class=\"break\""))
        #expect(html.contains(">breaks 2027-02-01</text>"))
        #expect(html.contains("the bucket rule breaks on 2027-02-01</desc>"))
        #expect(TestSupport.run(["report", "forecast", path, "--until", "2026-11-01"]).stderr.contains("--until must come after the report date, 2026-11-20"))
        #expect(TestSupport.run(["report", "balances", path, "--until", "2027-01-01"]).stderr.contains("--until belongs to the forecast report"))
    }

    /// With `display de-DE` every amount of the forecast is written the reader's way, the
    /// first break's too (it said `main savings would be -$450.00` under `0,00 €`).
    @Test func theBreakIsWrittenTheReadersWay() {
        let path = file(Self.rent.replacingOccurrences(of: "currency USD", with: "currency EUR\ndisplay de-DE"))
        let text = TestSupport.run(["report", "forecast", path]).stdout
        #expect(text.contains("""
        Safe to spend today: 0,00 €

        First break: 2027-02-01: main savings would be -450,00 €; Bank would be -180,00 €.
          - Rent -2.800,00 € (\(path):10)
          - expected income 2.000,00 € (\(path):9)
          - the daily allowance -10,00 € (\(path):8)
          - the allowance for the rest of the month 270,00 € set aside (\(path):8)

        """), "\(text)")
        #expect(!text.contains("$"))
    }

    /// The household example with the rent raised by 10,800.00 from December: the bank, which
    /// the rent and the salary go through, holds 6,644.30 on November 30 (the example's own
    /// forecast) and takes +4,200.00 salary − 1,200.00 rent − 10,800.00 more rent − 25.00
    /// allowance on December 1: −1,180.70.
    @Test func theHouseholdWithARentThatOutrunsIncome() throws {
        let path = TestSupport.copyOfHousehold()
        TestSupport.write(TestSupport.read(path) + "\nschedule 2026-12-01 \"Rent increase\" monthly on day 1\n  Rent  10800.00\n  Bank\n", to: path)
        #expect(TestSupport.run(["check", path]).status == .success)
        let result = TestSupport.run(["report", "forecast", path])
        #expect(result.stdout.contains("First break: 2026-12-01: Bank would be -$1,180.70.\n"))
        #expect(result.stdout.contains("  - Rent increase -$10,800.00 (\(path):"))
        let unchanged = TestSupport.run(["report", "forecast", TestSupport.root + "/examples/household.flourish"]).stdout
        #expect(unchanged.contains("2026-11-30   $6,644.30"))
        #expect(unchanged.contains("The bucket rule holds on every day through 2027-02-21, and no account goes below zero.\n"))
    }
}
