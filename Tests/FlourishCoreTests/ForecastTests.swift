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
        let result = TestSupport.run(["report", "forecast", path, "--until", "2027-02-03"])
        #expect(result.status == .success)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // What brought main savings from 2,850.00 to −450.00 (−3,300.00): three rents of
        // 2,800.00; the allowance, 73 days of 10.00 spent and 170.00 more set aside (270.00 for
        // the 27 days of February after the 1st against 100.00 on November 20); against three
        // expected incomes of 2,000.00: −8,400 − 900 + 6,000 = −3,300.
        #expect(Array(lines.prefix(13)) == [
            "Forecast from 2026-11-20 to 2027-02-03",
            "Expected: schedules and subscriptions not recorded yet, earmarks on their due days, expected income,",
            "and the daily allowance spent in full.",
            "",
            "Safe to spend today: $0.00",
            "",
            "First break: 2027-02-01: main savings would be -$450.00; Bank would be -$180.00.",
            "What brought it there since 2026-11-20, the largest first:",
            "  - Rent -$8,400.00, 3 times (\(path):9)",
            "  - the daily allowance -$900.00 (-$730.00 out in 73 lines, $170.00 more set aside) (\(path):7)",
            "",
            "Every seventh day from 2026-11-20, the break and the last day (--format csv: every day):",
            "Date            Funds  Set aside  Main savings       Bank  Expected",
        ])
        // A row every seventh day, the break's and the last day's; the bank, which breaks,
        // beside funds and main savings.
        #expect(Array(lines.dropFirst(13)) == [
            "2026-11-20  $2,950.00    $100.00     $2,850.00  $2,950.00",
            "2026-11-27  $2,880.00     $30.00     $2,850.00  $2,880.00",
            "2026-12-04  $2,010.00    $270.00     $1,740.00  $2,010.00  Rent, expected income",
            "2026-12-11  $1,940.00    $200.00     $1,740.00  $1,940.00",
            "2026-12-18  $1,870.00    $130.00     $1,740.00  $1,870.00",
            "2026-12-25  $1,800.00     $60.00     $1,740.00  $1,800.00",
            "2027-01-01    $930.00    $300.00       $630.00    $930.00  Rent, expected income",
            "2027-01-08    $860.00    $230.00       $630.00    $860.00",
            "2027-01-15    $790.00    $160.00       $630.00    $790.00",
            "2027-01-22    $720.00     $90.00       $630.00    $720.00",
            "2027-01-29    $650.00     $20.00       $630.00    $650.00",
            "2027-02-01   -$180.00    $270.00      -$450.00   -$180.00  Rent, expected income",
            "2027-02-03   -$200.00    $250.00      -$450.00   -$200.00",
            "",
        ])
        // The ledger itself is untouched and checks clean: the forecast adds nothing to it.
        #expect(TestSupport.run(["check", path]).status == .success)
    }

    /// Up to 35 days the table has a row a day; every line of the table fits 100 columns.
    @Test func aShortForecastHasARowADayAndEveryLineFitsAHundredColumns() {
        let path = file(Self.rent)
        let short = TestSupport.run(["report", "forecast", path, "--until", "2026-12-20"]).stdout
        #expect(short.split(separator: "\n").filter { $0.hasPrefix("202") }.count == 31)
        #expect(!short.contains("Every seventh day"))
        #expect(short.contains("\n2026-12-01  $2,040.00    $300.00     $1,740.00  Rent, expected income\n"))
        for example in ["household", "drip", "berlin", "abroad", "moving-banks"] {
            for until in ["2026-12-31", "2027-11-30"] {
                let text = TestSupport.run(["report", "forecast", TestSupport.root + "/examples/\(example).flourish", "--until", until],
                                           environment: ["LANG": "C.UTF-8"]).stdout
                let table = text.split(separator: "\n").drop { !$0.hasPrefix("Date ") }
                #expect(table.count > 5)
                let widest = table.map { TextTable.width(String($0)) }.max() ?? 0
                #expect(widest <= 100, "\(example) through \(until): \(widest) columns")
            }
        }
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
        #expect(causes.map { $0["kind"] as? String } == ["expected", "expected"])
        #expect(causes.map { $0["what"] as? String } == ["Rent", "the daily allowance"])
        #expect(causes.map { $0["amount"] as? String } == ["-8400.00", "-900.00"])
        #expect(causes.map { $0["lines"] as? Int } == [3, 73])
        #expect(causes.map { $0["setAside"] as? String } == ["0.00", "170.00"])
        #expect((object["alreadyBelow"] as? [Any])?.isEmpty == true)
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
        What brought it there since 2026-11-20, the largest first:
          - Rent -8.400,00 €, 3 times (\(path):10)
          - the daily allowance -900,00 € (-730,00 € out in 73 lines, 170,00 € more set aside) (\(path):8)

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
        // The bank's causes, from 6,869.30 on November 21 to −1,180.70: the two rents, ten days
        // of the allowance, against the salary (+4,200.00): −10,800 − 1,200 − 250 + 4,200 = −8,050.
        #expect(result.stdout.contains("""
        First break: 2026-12-01: Bank would be -$1,180.70.
        What brought it there since 2026-11-21, the largest first:
          - Rent increase -$10,800.00 (\(path):215)
          - Rent -$1,200.00 (\(path):33)
          - the daily allowance -$250.00, 10 times (\(path):16)

        """), "\(result.stdout)")
        #expect(result.stdout.contains("\nDate             Funds  Set aside  Main savings         Bank  Expected\n2026-11-21  $16,636.82  $1,768.18    $14,868.64    $6,869.30\n"))
        // The chart draws main savings, funds and the bank that breaks; no other account.
        let html = TestSupport.run(["report", "forecast", path, "--format", "html"]).stdout
        let wide = try #require(html.components(separatedBy: "<svg").dropFirst().first)
        #expect(wide.components(separatedBy: "<polyline class=\"series").count - 1 == 3)
        #expect(wide.contains("<title>Bank</title></polyline>") && !wide.contains("<title>Savings</title></polyline>"))
        let unchanged = TestSupport.run(["report", "forecast", TestSupport.root + "/examples/household.flourish", "--format", "csv"]).stdout
        #expect(unchanged.contains("\r\n2026-11-30,6644.30,"))
        #expect(TestSupport.run(["report", "forecast", TestSupport.root + "/examples/household.flourish"]).stdout
            .contains("The bucket rule holds on every day through 2027-02-21, and no account goes below zero.\n"))
    }

    /// Drip's bank is below zero on the report date: that is said, and not taken for a break;
    /// the break is main savings on December 1, when December's allowance is set aside with
    /// no income expected. Its causes add up, with the expected income, to main savings'
    /// change (checked on the JSON for every example that breaks).
    @Test func whatIsBelowZeroAlreadyIsNotABreakAndTheCausesAddUp() throws {
        let drip = TestSupport.root + "/examples/drip.flourish"
        let text = TestSupport.run(["report", "forecast", drip]).stdout
        #expect(text.contains("""
        Below zero on 2026-11-23 already: Bank is -$182.39.
        First break: 2026-12-01: main savings would be -$2,274.07.
        What brought it there since 2026-11-23, the largest first:
          - the daily allowance -$2,692.30 (-$707.28 out in 8 lines, $1,985.02 more set aside) (examples/drip.flourish:18)
          - earmark Rent $1,200.00 more set aside (examples/drip.flourish:19)
          - envelope Travel $100.00 more set aside (examples/drip.flourish:67)

        """), "\(text)")
        for path in [drip, file(Self.rent)] {
            let json = TestSupport.run(["report", "forecast", path, "--format", "json"]).stdout
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let days = try #require(object["days"] as? [[String: Any]])
            let broken = try #require(object["firstBreak"] as? [String: Any])
            func cents(_ value: Any?) -> Int { Int((value as? String ?? "").replacingOccurrences(of: ".", with: "")) ?? Int.min }
            func savings(_ day: [String: Any]) -> Int { cents((day["buckets"] as? [String: Any])?["mainSavings"]) }
            let end = try #require(days.firstIndex { $0["date"] as? String == broken["date"] as? String })
            let income = days[1...end].flatMap { $0["expected"] as? [[String: Any]] ?? [] }
                .filter { $0["what"] as? String == "expected income" }.map { cents($0["amount"]) }.reduce(0, +)
            let parts = (broken["causes"] as? [[String: Any]] ?? []).map { cause in
                cause["kind"] as? String == "set-aside" ? -cents(cause["amount"]) : cents(cause["amount"])
            }
            #expect(parts.reduce(0, +) + income == savings(days[end]) - savings(days[0]), "\(path)")
        }
        let json = TestSupport.run(["report", "forecast", drip, "--format", "json"]).stdout
        let below = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["alreadyBelow"] as? [[String: Any]]
        #expect(below?.map { "\($0["kind"] ?? "") \($0["name"] ?? "") \($0["amount"] ?? "")" } == ["account Bank -182.39"])
    }

    /// A ledger with an account in yen forecasts: the booked ledger's foreign lines are not
    /// scaled a second time when the projection is booked with it (they were refused as
    /// "more decimals than JPY allows").
    @Test func aLedgerWithAForeignAccountForecasts() {
        let result = TestSupport.run(["report", "forecast", TestSupport.root + "/examples/abroad.flourish"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("The bucket rule holds on every day through 2027-02-20, and no account goes below zero.\n"))
        #expect(result.stdout.contains("\n2026-11-20  €3,983.22    €200.00     €3,783.22\n"))
    }
}
