import Foundation
import Testing
@testable import FlourishCore

/// Periods (`-p`, `-b`, `-e`), columns per period, query words and `--depth`: the command
/// line a hledger user reaches for. Figures are worked out by hand from the ledger below,
/// and checked against hledger on the exported journal where hledger can say.
@Suite struct PeriodAndQueryTests {
    static let ledger = """
    currency USD
    account Bank checking
    account Savings savings
    category Food:Dining
    category Food:Groceries
    category Rent
    category Salary income
    budget 2026-01-01 Food 300.00
    opening 2026-01-01 Bank 5000.00

    2026-01-05 * Rent January  #home
      Rent  1000.00
      Bank

    2026-01-10 Weekly shop
      Food:Groceries  80.00
      Bank

    2026-02-05 * Rent February  #home
      Rent  1000.00
      Bank

    2026-02-14 Dinner out  #date
      Food:Dining  120.00
      Bank

    2026-03-05 * Rent March  #home
      Rent  1000.00
      Bank

    2026-03-20 Weekly shop
      Food:Groceries  45.50
      Bank

    2026-04-02 Pay
      Salary  -3000.00
      Bank

    """

    func path() -> String {
        let path = TestSupport.temporaryDirectory() + "/ledger.flourish"
        TestSupport.write(Self.ledger, to: path)
        return path
    }

    func day(_ text: String) -> CivilDate {
        guard case .success(let date) = NumberSyntax.date(Array(text.utf8)) else { fatalError("not a date: \(text)") }
        return date
    }

    func bounds(_ text: String, startDay: Int = 1) -> String {
        switch PeriodExpression.period(text, reference: day("2026-11-21"), startDay: startDay) {
        case .success(let bounds): return "\(bounds.first.map(\.description) ?? "…")..\(bounds.last.map(\.description) ?? "…")"
        case .failure(let error): return "error: " + error.message
        }
    }

    @Test func periodExpressionsNameTheirDays() {
        #expect(bounds("2026") == "2026-01-01..2026-12-31")
        #expect(bounds("2026-11") == "2026-11-01..2026-11-30")
        #expect(bounds("2026-Q4") == "2026-10-01..2026-12-31")
        #expect(bounds("2026-q1") == "2026-01-01..2026-03-31")
        #expect(bounds("2026-11-05") == "2026-11-05..2026-11-05")
        #expect(bounds("this month") == "2026-11-01..2026-11-30")
        #expect(bounds("last month") == "2026-10-01..2026-10-31")
        #expect(bounds("next month") == "2026-12-01..2026-12-31")
        #expect(bounds("this quarter") == "2026-10-01..2026-12-31")
        #expect(bounds("last quarter") == "2026-07-01..2026-09-30")
        #expect(bounds("this year") == "2026-01-01..2026-12-31")
        #expect(bounds("last year") == "2025-01-01..2025-12-31")
        #expect(bounds("today") == "2026-11-21..2026-11-21")
        #expect(bounds("yesterday") == "2026-11-20..2026-11-20")
        // The end is excluded, as in hledger: September and October.
        #expect(bounds("from 2026-09 to 2026-11") == "2026-09-01..2026-10-31")
        #expect(bounds("2026-09..2026-11") == "2026-09-01..2026-10-31")
        #expect(bounds("2026-09 .. 2026-11") == "2026-09-01..2026-10-31")
        #expect(bounds("from 2026-09-15 to 2026-10-01") == "2026-09-15..2026-09-30")
        #expect(bounds("from 2026-09") == "2026-09-01..…")
        #expect(bounds("since last month") == "2026-10-01..…")
        #expect(bounds("2026-10..") == "2026-10-01..…")
        #expect(bounds("to 2026-10") == "…..2026-09-30")
        #expect(bounds("..2026") == "…..2025-12-31")
        #expect(bounds("in 2026-Q3") == "2026-07-01..2026-09-30")
        #expect(bounds("From 2026-01 To 2026-02") == "2026-01-01..2026-01-31")
    }

    @Test func monthlyPeriodsAreBudgetingMonths() {
        // With month-start 25, "2026-11" is 2026-10-25 to 2026-11-24, and the report date
        // 2026-11-21 is in it.
        #expect(bounds("2026-11", startDay: 25) == "2026-10-25..2026-11-24")
        #expect(bounds("this month", startDay: 25) == "2026-10-25..2026-11-24")
        #expect(bounds("last month", startDay: 25) == "2026-09-25..2026-10-24")
        #expect(bounds("2026", startDay: 25) == "2025-12-25..2026-12-24")
        #expect(bounds("2026-Q4", startDay: 25) == "2026-09-25..2026-12-24")
        #expect(bounds("2026-09..2026-11", startDay: 25) == "2026-08-25..2026-10-24")
    }

    @Test func badPeriodsSayHowToWriteThem() {
        let help = "write 2026, 2026-Q4, 2026-11, 2026-11-05, this month, last year, from 2026-09 to 2026-12 or 2026-09..2026-12 (the end is excluded)"
        #expect(bounds("soon") == "error: 'soon' is not a period; " + help)
        #expect(bounds("2026-13") == "error: '2026-13' is not a period; " + help)
        #expect(bounds("2026-Q5") == "error: '2026-Q5' is not a period; " + help)
        #expect(bounds("from") == "error: 'from' is not a period; " + help)
        #expect(bounds("from 2026-11 to 2026-09")
                == "error: the period 'from 2026-11 to 2026-09' ends before it begins (the end is excluded: 'from 2026-09 to 2026-12' is September to November)")
        let result = TestSupport.run(["report", "balances", path(), "-p", "soon"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: 'soon' is not a period; " + help + "\n\nUsage: flourish report "))
    }

    /// The expenses table of a balances report: `name total` lines.
    func expenses(_ arguments: [String]) -> String {
        let result = TestSupport.run(["report", "balances", path()] + arguments)
        #expect(result.status == .success, "\(arguments): \(result.stderr)")
        guard let start = result.stdout.range(of: "\nExpenses\n") else { return "" }
        return String(result.stdout[start.upperBound...])
    }

    @Test func periodOptionsChooseTheDays() {
        let januaryAndFebruary = """
            Category              Total
            Food                $200.00
              Food:Dining       $120.00
              Food:Groceries     $80.00
            Rent              $2,000.00
            ---------------------------
            Total             $2,200.00

            """
        #expect(expenses(["-p", "from 2026-01 to 2026-03"]) == januaryAndFebruary)
        #expect(expenses(["--period", "2026-01..2026-03"]) == januaryAndFebruary)
        #expect(expenses(["-b", "2026-01", "-e", "2026-03"]) == januaryAndFebruary)
        #expect(expenses(["--begin", "2026-01-01", "--end", "2026-03-01"]) == januaryAndFebruary)
        #expect(expenses(["--from", "2026-01-01", "--to", "2026-02-28"]) == januaryAndFebruary)
        // Relative words count from the report date: the ledger's last date (2026-04-02), or --date.
        let march = """
            Category              Total
            Food                 $45.50
              Food:Groceries     $45.50
            Rent              $1,000.00
            ---------------------------
            Total             $1,045.50

            """
        #expect(expenses(["-p", "last month"]) == march)
        #expect(expenses(["-p", "this month", "--date", "2026-03-31"]) == march)
        #expect(expenses(["-p", "2026-03"]) == march)
        let firstQuarter = TestSupport.run(["report", "balances", path(), "-p", "2026-Q1"]).stdout
        #expect(firstQuarter.hasPrefix("Balances at the end of 2026-03-31; categories from 2026-01-01 to 2026-03-31\n"))
        #expect(firstQuarter.contains("\nTotal             $3,245.50\n"))
        // An open end stops at the ledger's dates.
        #expect(TestSupport.run(["report", "balances", path(), "-b", "2026-03"]).stdout
            .hasPrefix("Balances at the end of 2026-04-02; categories from 2026-03-01 to 2026-04-02\n"))
        #expect(TestSupport.run(["report", "register", "Bank", path(), "-e", "2026-02"]).stdout
            .hasPrefix("Register of Bank from 2026-01-01 to 2026-01-31\n"))
    }

    @Test func periodOptionsThatClashAreUsageErrors() {
        let clash = TestSupport.run(["report", "balances", path(), "-p", "2026", "--from", "2026-01-01"])
        #expect(clash.status == .usage)
        #expect(clash.stderr.hasPrefix("Error: use --period or --from, not both\n"))
        let month = TestSupport.run(["report", "budget", path(), "--month", "2026-01", "-e", "2026-02"])
        #expect(month.stderr.hasPrefix("Error: use --month or --end, not both\n"))
        let snapshot = TestSupport.run(["report", "snapshot", path(), "-p", "2026"])
        #expect(snapshot.stderr.hasPrefix("Error: --period does not apply to the snapshot report; it takes --date\n"))
        let end = TestSupport.run(["report", "balances", path(), "-e", "soon"])
        #expect(end.stderr.hasPrefix("Error: 'soon' is not a date for --end; write 2026-11-05, 2026-11, 2026-Q4, 2026 or 'this month'\n"))
    }

    /// hledger, given the same period on the exported journal, finds the same category totals.
    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"),
          arguments: [("from 2026-01 to 2026-03", "from 2026-01 to 2026-03"), ("2026-02..2026-04", "2026-02..2026-04"),
                      ("2026-Q1", "2026q1"), ("2026-03", "2026-03"), ("2026", "2026"), ("2026-01-10..2026-03-20", "2026-01-10..2026-03-20")])
    func hledgerAgreesOnPeriods(period: String, theirs hledgerPeriod: String) throws {
        let ledger = path()
        let journal = TestSupport.temporaryDirectory() + "/ledger.journal"
        TestSupport.write(TestSupport.run(["export", "ledger", ledger]).stdout, to: journal)
        let hledger = Tools.run(Tools.path("hledger")!, ["-f", journal, "bal", "--flat", "-N", "-p", hledgerPeriod, "Expenses"])
        #expect(hledger.status == 0)
        let theirs = ExportTests.parseBalanceLines(hledger.output)
        let json = TestSupport.run(["report", "balances", ledger, "-p", period, "--format", "json"]).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let tables = try #require(document["tables"] as? [[String: Any]])
        let expenses = try #require(tables.first { $0["id"] as? String == "expenses" })
        var ours: [String: Int64] = [:]
        for row in try #require(expenses["rows"] as? [[String: Any]]) {
            let name = try #require(row["category"] as? String)
            // hledger lists the leaves; the parents' totals are their sums.
            guard !["Food"].contains(name) else { continue }
            ours["Expenses:" + name] = ExportTests.minorUnits(Substring(try #require(row["total"] as? String)))
        }
        #expect(ours == theirs)
    }

    /// The register's rows as CSV: date, status, description, tags, target, other side, amount, running.
    func register(_ words: [String]) -> (status: ExitCode, lines: [String], stderr: String) {
        let result = TestSupport.run(["report", "register", path(), "--format", "csv"] + words)
        let lines = result.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        return (result.status, Array(lines), result.stderr)
    }

    @Test func namesMatchWithTheirSubCategoriesInAnyCase() {
        let food = register(["Food"])
        #expect(food.status == .success)
        #expect(food.lines == [
            "2026-01-10,,Weekly shop,,Food:Groceries,Bank,80.00,80.00",
            "2026-02-14,,Dinner out,#date,Food:Dining,Bank,120.00,200.00",
            "2026-03-20,,Weekly shop,,Food:Groceries,Bank,45.50,245.50",
        ])
        #expect(register(["food"]).lines == food.lines)
        #expect(register(["Food:*"]).lines == food.lines)
        #expect(register(["re:^fo"]).lines == food.lines)
        #expect(register(["re:dining"]).lines == ["2026-02-14,,Dinner out,#date,Food:Dining,Bank,120.00,120.00"])
        #expect(register(["food:dining"]).lines == register(["re:dining"]).lines)
        #expect(register(["Fo*:D*"]).lines == register(["re:dining"]).lines)
        // Two names: lines of either.
        #expect(register(["Food:Dining", "Salary"]).lines == [
            "2026-02-14,,Dinner out,#date,Food:Dining,Bank,120.00,120.00",
            "2026-04-02,,Pay,,Salary,Bank,-3000.00,-2880.00",
        ])
    }

    @Test func descriptionsTagsAndAmountsFilterEntries() {
        #expect(register(["desc:SHOP", "Food"]).lines == [
            "2026-01-10,,Weekly shop,,Food:Groceries,Bank,80.00,80.00",
            "2026-03-20,,Weekly shop,,Food:Groceries,Bank,45.50,125.50",
        ])
        #expect(register(["tag:home", "Rent"]).lines == [
            "2026-01-05,*,Rent January,#home,Rent,Bank,1000.00,1000.00",
            "2026-02-05,*,Rent February,#home,Rent,Bank,1000.00,2000.00",
            "2026-03-05,*,Rent March,#home,Rent,Bank,1000.00,3000.00",
        ])
        #expect(register(["--tag", "#home", "Rent"]).lines == register(["tag:home", "Rent"]).lines)
        #expect(register(["--match", "shop", "Food"]).lines == register(["desc:shop", "Food"]).lines)
        // Without a sign, the size: the opening balance, both sides of each rent payment and of the pay.
        #expect(register(["amt:>=1000"]).lines.count == 9)
        // With one, the signed amount: the bank's side of rent and the salary.
        #expect(register(["amt:<-999.99"]).lines.map { String($0.prefix(10)) }
                == ["2026-01-05", "2026-02-05", "2026-03-05", "2026-04-02"])
        #expect(register(["amt:45.50"]).lines == [
            "2026-03-20,,Weekly shop,,Food:Groceries,Bank,45.50,45.50",
            "2026-03-20,,Weekly shop,,Bank,Food:Groceries,-45.50,0.00",
        ])
        let bad = TestSupport.run(["report", "register", path(), "amt:>lots"])
        #expect(bad.status == .usage)
        #expect(bad.stderr.hasPrefix("Error: 'amt:>lots' is not an amount test; write amt:>100, amt:<=-20.50 or amt:45 (at most 2 decimals)\n"))
    }

    @Test func whatMatchesNothingIsAnErrorWithTheClosest() {
        let foo = register(["Foo"])
        #expect(foo.status == .problems)
        #expect(foo.stderr == "Error: no account, category or person matches 'Foo'; did you mean 'Food'?\n")
        #expect(register(["Food.*"]).stderr == "Error: no account, category or person matches 'Food.*'; did you mean 're:Food.*'?\n")
        #expect(register(["re:^xyz"]).stderr == "Error: no account, category or person matches 're:^xyz'\n")
        // A misspelt last part offers the whole name; two letters swapped are one slip.
        #expect(register(["Grocries"]).stderr == "Error: no account, category or person matches 'Grocries'; did you mean 'Food:Groceries'?\n")
        #expect(register(["Rnet"]).stderr == "Error: no account, category or person matches 'Rnet'; did you mean 'Rent'?\n")
        #expect(register(["tag:hom"]).stderr == "Error: no entry has the tag '#hom'; did you mean 'tag:home'?\n")
        #expect(register(["Gorceries:*", "Rnt"]).stderr == """
            Error: no account, category or person matches 'Gorceries:*'
            Error: no account, category or person matches 'Rnt'; did you mean 'Rent'?

            """)
        let budget = TestSupport.run(["report", "budget", path(), "Bank"])
        #expect(budget.status == .problems)
        #expect(budget.stderr == "Error: no category matches 'Bank'\n")
        let regex = TestSupport.run(["report", "balances", path(), "re:("])
        #expect(regex.status == .usage)
        #expect(regex.stderr.hasPrefix("Error: '(' is not a regular expression: "))
    }

    @Test func depthRollsCategoriesUp() {
        #expect(expenses(["-p", "2026-Q1", "--depth", "1"]) == """
            Category      Total
            Food        $245.50
            Rent      $3,000.00
            -------------------
            Total     $3,245.50

            """)
        #expect(register(["Food", "--depth", "1"]).lines == [
            "2026-01-10,,Weekly shop,,Food,Bank,80.00,80.00",
            "2026-02-14,,Dinner out,#date,Food,Bank,120.00,200.00",
            "2026-03-20,,Weekly shop,,Food,Bank,45.50,245.50",
        ])
        let zero = TestSupport.run(["report", "balances", path(), "--depth", "0"])
        #expect(zero.status == .usage)
        #expect(zero.stderr.hasPrefix("Error: '0' is not a depth; write a whole number from 1 (1: top-level categories only)\n"))
    }

    @Test func balancesAndNamesTogether() {
        let result = TestSupport.run(["report", "balances", path(), "-p", "2026-Q1", "Food:Dining", "Bank"])
        #expect(result.stdout == """
            Balances at the end of 2026-03-31; categories from 2026-01-01 to 2026-03-31; matching Food:Dining, Bank

            Accounts
            Account          Kind      Flags    Balance
            Bank             checking         $1,754.50
            -------------------------------------------
            On-budget funds                   $1,754.50
            Off-budget                            $0.00
            Credit owed                           $0.00
            People owe you                        $0.00
            You owe people                        $0.00
            Net worth                         $1,754.50

            Income
            Category  Total
            ---------------
            Total     $0.00

            Expenses
            Category         Total
            Food           $120.00
              Food:Dining  $120.00
            ----------------------
            Total          $120.00

            """)
    }

    @Test func balancesByMonth() {
        let result = TestSupport.run(["report", "balances", path(), "--monthly", "--depth", "1"])
        #expect(result.status == .success)
        #expect(result.stdout == """
            Balances by month from 2026-01-01 to 2026-04-02

            Accounts at the end of each period
            Account          Kind        2026-01    2026-02    2026-03    2026-04
            Bank             checking  $3,920.00  $2,800.00  $1,754.50  $4,754.50
            Savings          savings       $0.00      $0.00      $0.00      $0.00
            ---------------------------------------------------------------------
            On-budget funds            $3,920.00  $2,800.00  $1,754.50  $4,754.50
            Off-budget                     $0.00      $0.00      $0.00      $0.00
            Credit owed                    $0.00      $0.00      $0.00      $0.00
            People owe you                 $0.00      $0.00      $0.00      $0.00
            You owe people                 $0.00      $0.00      $0.00      $0.00
            Net worth                  $3,920.00  $2,800.00  $1,754.50  $4,754.50

            Income
            Category  2026-01  2026-02  2026-03    2026-04      Total
            Salary      $0.00    $0.00    $0.00  $3,000.00  $3,000.00
            ---------------------------------------------------------
            Total       $0.00    $0.00    $0.00  $3,000.00  $3,000.00

            Expenses
            Category    2026-01    2026-02    2026-03  2026-04      Total
            Food         $80.00    $120.00     $45.50    $0.00    $245.50
            Rent      $1,000.00  $1,000.00  $1,000.00    $0.00  $3,000.00
            -------------------------------------------------------------
            Total     $1,080.00  $1,120.00  $1,045.50    $0.00  $3,245.50

            """)
        let quarters = TestSupport.run(["report", "balances", path(), "-Q", "--format", "csv"])
        #expect(quarters.stdout.contains("accounts,1,2026-Q1,1754.50\r\naccounts,1,2026-Q2,4754.50\r\n"))
        let years = TestSupport.run(["report", "balances", path(), "--yearly", "--format", "json"]).stdout.filter { !$0.isWhitespace }
        #expect(years.contains(#""columns":["account","kind","2026"],"rows":[{"account":"Bank","kind":"checking","2026":"4754.50"}"#))
        #expect(years.contains(#"{"category":"Salary","2026":"3000.00","total":"3000.00"}"#))
        let html = TestSupport.run(["report", "balances", path(), "-M", "--format", "html"])
        #expect(html.status == .success)
        #expect(html.stdout.contains("<th scope=\"col\" class=\"num\">2026-03</th>"))
        #expect(html.stdout.contains("<td class=\"num\">$1,754.50</td>"))
    }

    @Test func budgetByMonthAndOverAPeriod() {
        let result = TestSupport.run(["report", "budget", path(), "-p", "2026-Q1", "--monthly"])
        #expect(result.stdout == """
            Budget by month from 2026-01-01 to 2026-03-31

            Spent in each period against the budgets of all its months
            Category        2026-01    2026-02    2026-03      Spent   Budget  Remaining  Used  Status
            Food             $80.00    $120.00     $45.50    $245.50  $900.00    $654.50   27%
            Rent          $1,000.00  $1,000.00  $1,000.00  $3,000.00                            unbudgeted
            ----------------------------------------------------------------------------------------------
            All spending  $1,080.00  $1,120.00  $1,045.50  $3,245.50
            Budgeted                                         $245.50  $900.00    $654.50   27%

            """)
        // A period longer than a month without an interval: one column for all of it.
        let whole = TestSupport.run(["report", "budget", path(), "-p", "from 2026-02 to 2026-04", "Food"])
        #expect(whole.stdout == """
            Budget from 2026-02-01 to 2026-03-31; matching Food

            Spent in each period against the budgets of all its months
            Category      2026-02-01..2026-03-31    Spent   Budget  Remaining  Used  Status
            Food                         $165.50  $165.50  $600.00    $434.50   27%
            -------------------------------------------------------------------------------
            All spending                 $165.50  $165.50
            Budgeted                              $165.50  $600.00    $434.50   27%

            """)
        let csv = TestSupport.run(["report", "budget", path(), "-Q", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("category,2026-Q1,2026-Q2,spent,budget,remaining,used,status\r\nFood,245.50,0.00,245.50,1200.00,954.50,20.45,\r\n"))
        let html = TestSupport.run(["report", "budget", path(), "-M", "--format", "html"]).stdout
        #expect(html.contains("<td class=\"unbudgeted\">unbudgeted</td>"))
        let register = TestSupport.run(["report", "register", path(), "--monthly"])
        #expect(register.status == .usage)
        #expect(register.stderr.hasPrefix("Error: --monthly gives the balances and budget reports a column per period\n"))
    }

    @Test func aOneLetterOptionSuggestsTheLongOneItStandsFor() {
        #expect(Invocation.suggestion(for: "-f", among: ["--format", "-h", "--help"]) == "--format")
        #expect(Invocation.suggestion(for: "-f", among: ["--file", "-h", "--help"]) == "--file")
        #expect(Invocation.suggestion(for: "--fiel", among: ["--file", "-h", "--help"]) == "--file")
        #expect(Invocation.suggestion(for: "-H", among: ["--file", "-h", "--help"]) == "-h")
        // Another letter is never offered: `-p` is not `-h`.
        #expect(Invocation.suggestion(for: "-p", among: ["--file", "-h", "--help"]) == nil)
        let lsp = TestSupport.run(["lsp", "-f"])
        #expect(lsp.status == .usage)
        #expect(lsp.stderr.hasPrefix("Error: unknown option '-f' for 'lsp'\n\nUsage: flourish lsp"))
        let check = TestSupport.run(["check", "--strct"])
        #expect(check.stderr.hasPrefix("Error: unknown option '--strct' for 'check'\nDid you mean '--strict'?\n"))
    }
}
