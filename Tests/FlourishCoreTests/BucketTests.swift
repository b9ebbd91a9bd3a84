import Foundation
import Testing
@testable import FlourishCore

/// The bucket rule and the snapshot: Drip's five acceptance scenarios with their exact
/// snapshot text, and the rules of grammar.md section 8.
@Suite struct BucketTests {
    static let seed = """
    currency USD
    account Bank checking
    account "Cash Reserve" cash reserve
    category Coffee
    category Rent
    opening 2026-11-22 Bank 382.19
    opening 2026-11-22 "Cash Reserve" 3000.00
    allowance 2026-11-22 88.41

    """
    static let espresso = "2026-11-22 * Espresso\n  Coffee  45.00\n  Bank\n"

    func date(_ text: String) -> CivilDate {
        guard case .success(let date) = NumberSyntax.date(ArraySlice(Array(text.utf8))) else { fatalError("bad test date") }
        return date
    }

    func snapshot(_ ledger: String, _ day: String) throws -> BucketSnapshot {
        let loaded = TestSupport.load(ledger)
        #expect(Validator.validate(loaded).filter { $0.severity == .error }.isEmpty)
        return try #require(try BucketEngine(TestSupport.book(loaded)).snapshot(at: date(day)))
    }

    func text(_ ledger: String, _ day: String) throws -> String {
        let loaded = TestSupport.load(ledger)
        return SnapshotRenderer.text(try #require(try SnapshotReport.make(TestSupport.book(loaded), date: date(day))))
    }

    @Test func scenario1Seed() throws {
        #expect(try text(Self.seed, "2026-11-22") == """
        Snapshot at the end of 2026-11-22 (budgeting month 2026-11: 2026-11-01 to 2026-11-30)

        Remaining Daily Allowance (today): $88.41

        Actual Funds:
        • Bank: $382.19
        • Cash Reserve (reserve): $3,000.00
        • Total: $3,382.19

        Buckets (must equal Actual Funds):
        • Set-aside (Allowances): $795.69 (includes today)
        • Set-aside (Monthly): $0.00
        • Custom Buckets (Goals): $0.00
        • Main Savings (Buffer): $2,586.50
        • Total: $3,382.19

        “Riches are not in owning much, but in wanting little.” — Epictetus, Fragments

        """)
    }

    @Test func scenario2Espresso() throws {
        let ledger = Self.seed + Self.espresso
        #expect(try text(ledger, "2026-11-22") == """
        Snapshot at the end of 2026-11-22 (budgeting month 2026-11: 2026-11-01 to 2026-11-30)

        Remaining Daily Allowance (today): $43.41

        Actual Funds:
        • Bank: $337.19
        • Cash Reserve (reserve): $3,000.00
        • Total: $3,337.19

        Buckets (must equal Actual Funds):
        • Set-aside (Allowances): $750.69 (includes today)
        • Set-aside (Monthly): $0.00
        • Custom Buckets (Goals): $0.00
        • Main Savings (Buffer): $2,586.50
        • Total: $3,337.19

        “Riches are not in owning much, but in wanting little.” — Epictetus, Fragments

        """)
        // The next day the $43.41 left has moved to main savings.
        let today = try snapshot(ledger, "2026-11-22")
        let tomorrow = try snapshot(ledger, "2026-11-23")
        #expect(tomorrow.mainSavings.minorUnits - today.mainSavings.minorUnits == 4341)
        #expect(tomorrow.remainingToday == Money(minorUnits: 8841))
    }

    @Test func scenario3WithdrawCash() throws {
        let before = Self.seed + Self.espresso
        let after = before + "2026-11-23 * Withdraw cash\n  \"Cash Reserve\"   1000.00\n  Bank            -1000.00\n"
        #expect(try text(after, "2026-11-23") == """
        Snapshot at the end of 2026-11-23 (budgeting month 2026-11: 2026-11-01 to 2026-11-30)

        Remaining Daily Allowance (today): $88.41

        Actual Funds:
        • Bank: -$662.81
        • Cash Reserve (reserve): $4,000.00
        • Total: $3,337.19

        Buckets (must equal Actual Funds):
        • Set-aside (Allowances): $707.28 (includes today)
        • Set-aside (Monthly): $0.00
        • Custom Buckets (Goals): $0.00
        • Main Savings (Buffer): $2,629.91
        • Total: $3,337.19

        “Remember this: a happy life asks for very little.” — Marcus Aurelius, Meditations 7.67

        """)
        let a = try snapshot(before, "2026-11-23")
        let b = try snapshot(after, "2026-11-23")
        #expect(a.funds == b.funds && a.allowanceSetAside == b.allowanceSetAside && a.mainSavings == b.mainSavings)
    }

    @Test func scenario4EarmarkPaidWithLess() throws {
        let before = Self.seed + "earmark 2026-11-22 Rent 1200.00 due 23\n" + Self.espresso
        let after = before + "2026-11-23 * Rent\n  Rent  1180.00\n  Bank\n"
        #expect(try text(after, "2026-11-23") == """
        Snapshot at the end of 2026-11-23 (budgeting month 2026-11: 2026-11-01 to 2026-11-30)

        Remaining Daily Allowance (today): $88.41

        Actual Funds:
        • Bank: -$842.81
        • Cash Reserve (reserve): $3,000.00
        • Total: $2,157.19

        Buckets (must equal Actual Funds):
        • Set-aside (Allowances): $707.28 (includes today)
        • Set-aside (Monthly): $0.00
          – Rent: $0.00 (paid $1,180.00)
        • Custom Buckets (Goals): $0.00
        • Main Savings (Buffer): $1,449.91
        • Total: $2,157.19

        “Remember this: a happy life asks for very little.” — Marcus Aurelius, Meditations 7.67

        """)
        let unpaid = try snapshot(before, "2026-11-23")
        #expect(unpaid.monthlySetAside == Money(minorUnits: 120_000))
        #expect(try snapshot(after, "2026-11-23").mainSavings.minorUnits - unpaid.mainSavings.minorUnits == 2000)
    }

    @Test func scenario5Correction() throws {
        let before = Self.seed
        let after = before + "correction 2026-11-22 Bank 0.42 interest not in the app\n"
        #expect(try text(after, "2026-11-22") == """
        Snapshot at the end of 2026-11-22 (budgeting month 2026-11: 2026-11-01 to 2026-11-30)

        Remaining Daily Allowance (today): $88.41

        Actual Funds:
        • Bank: $382.61
        • Cash Reserve (reserve): $3,000.00
        • Total: $3,382.61

        Buckets (must equal Actual Funds):
        • Set-aside (Allowances): $795.69 (includes today)
        • Set-aside (Monthly): $0.00
        • Custom Buckets (Goals): $0.00
        • Main Savings (Buffer): $2,586.92
        • Total: $3,382.61

        “Riches are not in owning much, but in wanting little.” — Epictetus, Fragments

        """)
        let loaded = TestSupport.load(after)
        let log = try LogReport.make(TestSupport.book(loaded), range: date("2026-11-22")...date("2026-11-22"))
        #expect(LogRenderer.text(log).hasSuffix("""
        Corrections
        Date        Account  Amount  Reason
        2026-11-22  Bank      $0.42  interest not in the app

        """))
    }

    @Test func overcommittedLedgerFailsCheck() {
        let result = TestSupport.run(["check", TestSupport.fixtures + "/diagnostics/overcommitted.flourish"])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("error: overcommitted by 265.00 on 2026-11-20"))
    }

    /// The worked example of grammar.md section 8, row by row: each row's figures are read
    /// from the table in grammar.md (the first number of each cell), and each row is the
    /// snapshot of its day after the ledger lines of its step.
    @Test func workedExampleOfGrammarSection8() throws {
        let header = """
        currency USD
        account Bank checking
        account "Cash Reserve" cash reserve
        category Coffee
        category Rent
        category Salary income
        category Groceries
        category Travel
        person Sam
        opening 2026-11-20 Bank 382.19
        opening 2026-11-20 "Cash Reserve" 3000.00
        allowance 2026-11-20 88.41
        earmark 2026-11-20 Rent 1200.00 due 21
        goal 2026-11-20 "New bike" 600.00 by 2027-03-01

        """
        // The ledger lines of each row's step, and its day.
        let steps: [(String, String)] = [
            ("", "2026-11-20"),
            ("2026-11-20 * Espresso\n  Coffee  45.00\n  Bank\n", "2026-11-20"),
            ("", "2026-11-21"),
            ("2026-11-21 * Withdraw\n  \"Cash Reserve\"  1000.00\n  Bank  -1000.00\n", "2026-11-21"),
            ("2026-11-21 * Rent\n  Rent  1180.00\n  \"Cash Reserve\"\n", "2026-11-21"),
            ("", "2026-11-22"),
            ("correction 2026-11-22 Bank 0.42 interest\n", "2026-11-22"),
            ("2026-11-22 * Freelance\n  Salary  -400.00\n  Salary  -150.00 goal \"New bike\"\n  Bank\n", "2026-11-22"),
            ("2026-11-22 * Market\n  Groceries  32.10\n  \"Cash Reserve\"\n", "2026-11-22"),
            ("", "2026-11-23"),
            ("2026-11-23 * Lunch, Sam paid\n  Coffee  40.00\n  Sam  -40.00\n", "2026-11-23"),
            ("2026-11-23 * Paid Sam back\n  Sam  40.00\n  Bank\n", "2026-11-23"),
            ("budget 2026-11-23 Travel 100.00 rollover\n", "2026-11-23"),
            ("2026-11-23 * Train ticket\n  Travel  30.00\n  Bank\n", "2026-11-23"),
        ]
        // The table: rows starting with "| 2" under the worked example's heading.
        let grammar = TestSupport.read(TestSupport.root + "/grammar.md")
        let section = try #require(grammar.range(of: "### A worked example"))
        let rows = grammar[section.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("`flourish report snapshot") }
            .filter { $0.hasPrefix("| 2") }
        #expect(rows.count == steps.count)
        func figure(_ cell: Substring) -> Int64? {
            let number = cell.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }.filter { $0 != "," && $0 != "." }
            return Int64(number)
        }
        var ledger = header
        for ((lines, day), row) in zip(steps, rows) {
            ledger += lines
            let expected = row.split(separator: "|").dropFirst().compactMap(figure)
            let s = try snapshot(ledger, day)
            let actual = [s.funds, s.allowanceSetAside, s.monthlySetAside, s.goalsTotal, s.envelopesTotal, s.owedToPeople, s.mainSavings].map(\.minorUnits)
            #expect(actual == expected, "row: \(row)")
            #expect(s.funds.minorUnits == actual.dropFirst().reduce(0, +), "the buckets add up to the funds: \(row)")
        }
        // The example file is that ledger; its snapshot is printed in grammar.md and docs/guide.md.
        let file = TestSupport.run(["report", "snapshot", TestSupport.root + "/examples/drip.flourish"])
        #expect(grammar.contains(file.stdout))
    }

    @Test func monthStartShiftsTheBudgetingMonth() throws {
        let ledger = "currency USD\nmonth-start 25\naccount Bank checking\nopening 2026-11-20 Bank 1000.00\nallowance 2026-11-20 10.00\n"
        let s = try snapshot(ledger, "2026-11-20")
        #expect(s.month.first == date("2026-10-25") && s.month.last == date("2026-11-24"))
        #expect(s.month.description == "2026-11")
        #expect(s.daysAfterToday == 4)
        #expect(s.allowanceSetAside == Money(minorUnits: 5000))
        // On the 25th a new month begins: 30 days (Nov 25 to Dec 24) are set aside.
        let next = try snapshot(ledger, "2026-11-25")
        #expect(next.month.first == date("2026-11-25") && next.allowanceSetAside == Money(minorUnits: 30_000))
    }

    @Test func secondEarmarkPaymentComesFromMainSavings() throws {
        let base = Self.seed + "earmark 2026-11-22 Rent 1200.00\n2026-11-22 * Rent\n  Rent  1200.00\n  \"Cash Reserve\"\n"
        let twice = base + "2026-11-22 * Rent top-up\n  Rent  50.00\n  \"Cash Reserve\"\n"
        let a = try snapshot(base, "2026-11-22")
        let b = try snapshot(twice, "2026-11-22")
        #expect(b.mainSavings.minorUnits == a.mainSavings.minorUnits - 5000)
        #expect(b.remainingToday == a.remainingToday)
        #expect(b.earmarks.map(\.paid) == [Money(minorUnits: 120_000)])
        // Next month the earmark is due again.
        #expect(try snapshot(twice, "2026-12-01").monthlySetAside == Money(minorUnits: 120_000))
    }

    @Test func overspendingComesFromMainSavingsAtOnce() throws {
        let ledger = Self.seed + "2026-11-22 * Dinner\n  Coffee  100.00\n  Bank\n"
        let s = try snapshot(ledger, "2026-11-22")
        let seed = try snapshot(Self.seed, "2026-11-22")
        #expect(s.remainingToday == .zero)
        #expect(seed.mainSavings.minorUnits - s.mainSavings.minorUnits == 10_000 - 8841)
    }

    @Test func sharedSpendingAndRepayment() throws {
        let ledger = Self.seed + "person Sam\n2026-11-22 * Dinner\n  Coffee  30.00\n  Sam  30.00\n  Bank\n"
        let s = try snapshot(ledger, "2026-11-22")
        #expect(s.allowanceSpentToday == Money(minorUnits: 3000))
        #expect(s.funds == Money(minorUnits: 338_219 - 6000))
        let repaid = try snapshot(ledger + "2026-11-23 * Sam paid\n  Bank  30.00\n  Sam  -30.00\n", "2026-11-23")
        #expect(repaid.funds == Money(minorUnits: 338_219 - 3000))
    }

    @Test func offBudgetAccountsAreNotFunds() throws {
        let ledger = Self.seed + "account Broker savings off-budget\nopening 2026-11-22 Broker 9000.00\n2026-11-22 * Invest\n  Broker  100.00\n  Bank\n"
        let s = try snapshot(ledger, "2026-11-22")
        #expect(s.accounts.map(\.name) == ["Bank", "Cash Reserve"])
        #expect(s.funds == Money(minorUnits: 338_219 - 10_000))
        #expect(s.allowanceSpentToday == .zero)
    }

    @Test func asOfExtendsTheRule() {
        let path = TestSupport.temporaryDirectory() + "/asof.flourish"
        TestSupport.write("currency USD\naccount Bank checking\nopening 2026-11-20 Bank 1000.00\nallowance 2026-11-20 40.00\n", to: path)
        #expect(TestSupport.run(["check", path]).status == .success)
        let later = TestSupport.run(["check", "--as-of", "2026-12-01", path])
        #expect(later.status == .problems)
        #expect(later.stderr.contains("error: overcommitted by 240.00 on 2026-12-01"))
        #expect(TestSupport.run(["check", "--as-of", "2026-12-32", path]).status == .usage)
    }

    @Test func mainSavingsNeverNegativeInTheHouseholdExample() throws {
        let loaded = try LedgerLoader.load(paths: [TestSupport.root + "/examples/household.flourish"])
        var days = 0
        BucketEngine(TestSupport.book(loaded)).run(through: date("2026-12-31")) { snapshot, _ in
            days += 1
            #expect(snapshot.mainSavings >= .zero)
        }
        #expect(days == 122)
    }

    // MARK: Decided in issue 14 (grammar.md, section 8)

    /// A friend paying your share sets the debt aside at once; repaying it leaves main savings
    /// as it was; lending lowers main savings until repaid.
    @Test func debtsToPeopleAreABucket() throws {
        let base = Self.seed + "person Sam\n"
        let borrowed = base + "2026-11-22 * Sam paid for dinner\n  Coffee  30.00\n  Sam  -30.00\n"
        let before = try snapshot(base, "2026-11-23")
        let owing = try snapshot(borrowed, "2026-11-23")
        #expect(owing.owedToPeople == Money(minorUnits: 3000))
        #expect(owing.people.map(\.owed) == [Money(minorUnits: 3000)])
        #expect(owing.funds == before.funds)
        // No money left the accounts: the 30.00 spent is the 30.00 owed, set aside from main savings.
        #expect(before.mainSavings.minorUnits - owing.mainSavings.minorUnits == 3000)
        let repaid = try snapshot(borrowed + "2026-11-23 * Paid Sam back\n  Sam  30.00\n  Bank\n", "2026-11-23")
        #expect(repaid.owedToPeople == .zero)
        #expect(repaid.mainSavings == owing.mainSavings)
        #expect(repaid.funds.minorUnits == owing.funds.minorUnits - 3000)
        // Lending: funds and main savings go down at once; nothing is set aside for it.
        let lent = try snapshot(base + "2026-11-23 * Lent Sam\n  Sam  50.00\n  Bank\n", "2026-11-23")
        #expect(lent.owedToPeople == .zero)
        #expect(before.mainSavings.minorUnits - lent.mainSavings.minorUnits == 5000)
        #expect(try text(borrowed, "2026-11-23").contains("• Owed to People: $30.00\n  – Sam: $30.00\n• Main Savings (Buffer): $2,644.91\n"))
    }

    /// An earmark on a parent category is paid by spending in its sub-categories.
    @Test func anEarmarkOnAParentIsPaidBySubCategories() throws {
        let ledger = Self.seed + "category Home:Rent\nearmark 2026-11-22 Home 1200.00\n"
        #expect(try snapshot(ledger, "2026-11-22").monthlySetAside == Money(minorUnits: 120_000))
        let paid = try snapshot(ledger + "2026-11-22 * Rent\n  Home:Rent  1180.00\n  \"Cash Reserve\"\n", "2026-11-22")
        #expect(paid.monthlySetAside == .zero)
        #expect(paid.earmarks.map(\.paid) == [Money(minorUnits: 118_000)])
        #expect(paid.allowanceSpentToday == .zero)
    }

    /// A change of the allowance later in the month sets aside the days from its date at the
    /// new rate from the start of the month.
    @Test func anAllowanceChangeCountsFromItsDate() throws {
        let ledger = "currency USD\naccount Bank checking\nopening 2026-11-01 Bank 1000.00\nallowance 2026-11-01 10.00\nallowance 2026-11-16 20.00\n"
        // November 1: today 10.00, the 2nd to the 15th at 10.00, the 16th to the 30th at 20.00.
        #expect(try snapshot(ledger, "2026-11-01").allowanceSetAside == Money(minorUnits: 1000 + 14 * 1000 + 15 * 2000))
        #expect(try snapshot(ledger, "2026-11-15").allowanceSetAside == Money(minorUnits: 1000 + 15 * 2000))
        let sixteenth = try snapshot(ledger, "2026-11-16")
        #expect(sixteenth.dailyAllowance == Money(minorUnits: 2000))
        #expect(sixteenth.allowanceSetAside == Money(minorUnits: 15 * 2000))
        // A change dated in the next month doesn't touch this one.
        let december = ledger + "allowance 2026-12-01 5.00\n"
        #expect(try snapshot(december, "2026-11-30").allowanceSetAside == Money(minorUnits: 2000))
    }

    /// The rule starts with the first set-aside: an account opened overdrawn before it breaks
    /// nothing; once the allowance starts, it does.
    @Test func theRuleStartsWithTheFirstSetAside() {
        let path = TestSupport.temporaryDirectory() + "/start.flourish"
        let early = "currency USD\naccount Bank checking\ncategory Salary income\nopening 2026-11-01 Bank -40.00\n"
            + "2026-11-05 * Pay\n  Salary  -1000.00\n  Bank\nallowance 2026-11-10 10.00\n"
        TestSupport.write(early, to: path)
        let clean = TestSupport.run(["check", path])
        #expect(clean.status == .success, "\(clean.stderr)")
        TestSupport.write(early.replacingOccurrences(of: "Salary  -1000.00", with: "Salary  -30.00"), to: path)
        let broken = TestSupport.run(["check", path])
        #expect(broken.status == .problems)
        #expect(broken.stderr.contains("error: overcommitted by 220.00 on 2026-11-10: the set-asides exceed the funds of -10.00\n"))
        // Nothing set aside (an allowance of zero) and funds below zero: the message says so.
        TestSupport.write(early.replacingOccurrences(of: "Salary  -1000.00", with: "Salary  -30.00")
            .replacingOccurrences(of: "allowance 2026-11-10 10.00", with: "allowance 2026-11-10 0.00"), to: path)
        #expect(TestSupport.run(["check", path]).stderr.contains("error: main savings is below zero by 10.00 on 2026-11-10: the funds are -10.00 and nothing is set aside\n"))
    }

    /// Known bills are set aside: a subscription or scheduled expense due this budgeting month
    /// is in the monthly set-aside from the month's first day until the entry that pays it, and
    /// that entry does not eat the daily allowance.
    @Test func billsAreSetAsideUntilPaid() throws {
        let ledger = Self.seed + """
        category Streaming
        category Gym
        subscription 2026-11-01 Netflix 15.49 monthly next 2026-11-25 from Bank category Streaming
        schedule 2026-12-03 Gym monthly
          Gym   40.00
          Bank

        """
        let before = try snapshot(ledger, "2026-11-22")
        #expect(before.bills.map { "\($0.name) \($0.due) \($0.setAside.minorUnits)" } == ["Netflix 2026-11-25 1549"])
        #expect(before.monthlySetAside == Money(minorUnits: 1549))
        // Paid on the 24th, a little more than the price: the bill leaves the set-aside, the
        // allowance is untouched, and the 0.50 more comes from main savings.
        let paid = ledger + "2026-11-24 * Netflix\n  Streaming  15.99\n  Bank\n"
        let after = try snapshot(paid, "2026-11-24")
        let unpaid = try snapshot(ledger, "2026-11-24")
        #expect(after.monthlySetAside == .zero)
        #expect(after.bills.map(\.paid) == [Money(minorUnits: 1599)])
        #expect(after.allowanceSpentToday == .zero)
        #expect(unpaid.mainSavings.minorUnits - after.mainSavings.minorUnits == 50)
        #expect(try text(paid, "2026-11-24").contains("• Set-aside (Monthly): $0.00\n  – Netflix: $0.00 (paid $15.99)\n"))
        // December: both bills of the month are set aside from its first day.
        let december = try snapshot(paid, "2026-12-01")
        #expect(december.bills.map { "\($0.name) \($0.due) \($0.setAside.minorUnits)" } == ["Gym 2026-12-03 4000", "Netflix 2026-12-25 1549"])
        #expect(december.monthlySetAside == Money(minorUnits: 5549))
    }

    /// Which entry pays a bill: its description holds the name (any case) or a tag is the name;
    /// its size is within 10%; its date within a week of the due date.
    @Test func whatPaysABill() throws {
        let ledger = Self.seed.replacingOccurrences(of: "opening 2026-11-22", with: "opening 2026-11-01")
            + "category Phone\nschedule 2026-11-20 \"Phone bill\" monthly\n  Phone  30.00\n  Bank\n"
        func paid(_ entry: String) throws -> Bool {
            try snapshot(ledger + entry, "2026-11-30").bills.first?.isPaid == true
        }
        #expect(try paid("2026-11-21 * PHONE BILL November\n  Phone  30.00\n  Bank\n"))
        #expect(try paid("2026-11-21 * Carrier\n  Phone  32.99\n  Bank\n") == false)  // no name
        #expect(try paid("2026-11-21 * Carrier  #phone-bill\n  Phone  32.99\n  Bank\n"))  // a tag
        #expect(try paid("2026-11-21 * Carrier  ; the phone bill\n  Phone  30.00\n  Bank\n"))  // a comment
        #expect(try paid("2026-11-21 * Phone bill\n  Phone  33.01\n  Bank\n") == false)  // more than 10%
        #expect(try paid("2026-11-28 * Phone bill\n  Phone  30.00\n  Bank\n") == false)  // eight days late
        #expect(try paid("2026-11-13 * Phone bill\n  Phone  30.00\n  Bank\n"))  // a week early
    }

    /// A bill in an earmarked category (or under an earmarked parent) is the earmark's.
    @Test func anEarmarkCoversItsCategorysBills() throws {
        let ledger = Self.seed + "category Home:Rent\nearmark 2026-11-22 Home 1200.00\nschedule 2026-11-30 Rent monthly\n  Home:Rent  1200.00\n  Bank\n"
        let s = try snapshot(ledger, "2026-11-22")
        #expect(s.bills.isEmpty)
        #expect(s.monthlySetAside == Money(minorUnits: 120_000))
    }

    /// A rollover budget is an envelope: funded on each month's first day, spent from (not
    /// from the allowance), carried over when unspent and reduced next month when overspent.
    /// By hand: October 300 − 250 = 50; November 50 + 300 − 400 = −50 (nothing set aside, the
    /// 50 overspent comes from main savings); December −50 + 300 = 250, then − 50 = 200. Main
    /// savings is funds − the allowance set aside (1.00 a day left in the month) − envelopes:
    /// October 10, 1,750 − 22 − 50; November 30, 1,350 − 1 − 0; December 3, 1,300 − 29 − 200.
    @Test func rolloverBudgetsAreEnvelopes() throws {
        let ledger = """
        currency USD
        account Bank checking
        category Food:Groceries
        category Food:Dining
        opening 2026-10-01 Bank 2000.00
        allowance 2026-10-01 1.00
        budget 2026-10-01 Food 300.00 rollover
        2026-10-10 * Shop
          Food:Groceries  250.00
          Bank
        2026-11-05 * Shop
          Food:Groceries  400.00
          Bank
        2026-12-03 * Dinner
          Food:Dining  50.00
          Bank

        """
        func envelope(_ day: String) throws -> [String] {
            let s = try snapshot(ledger, day)
            return s.envelopes.map { "\($0.category) \($0.carriedIn.minorUnits) \($0.budget.minorUnits) \($0.spent.minorUnits) \($0.available.minorUnits)" }
                + ["set aside \(s.envelopesTotal.minorUnits)", "main \(s.mainSavings.minorUnits)", "allowance spent \(s.allowanceSpentToday.minorUnits)"]
        }
        #expect(try envelope("2026-10-10") == ["Food 0 30000 25000 5000", "set aside 5000", "main 167800", "allowance spent 0"])
        #expect(try envelope("2026-10-31") == ["Food 0 30000 25000 5000", "set aside 5000", "main 169900", "allowance spent 0"])
        #expect(try envelope("2026-11-30") == ["Food 5000 30000 40000 -5000", "set aside 0", "main 134900", "allowance spent 0"])
        #expect(try envelope("2026-12-03") == ["Food -5000 30000 5000 20000", "set aside 20000", "main 107100", "allowance spent 0"])
        // The budget report shows what was carried in and what is available; what remains and
        // the share used are of what the month had (carried in + budget): November had
        // 50 + 300 = 350, and 400 spent leaves -50 and uses 114.28 %.
        let path = TestSupport.temporaryDirectory() + "/rollover.flourish"
        TestSupport.write(ledger, to: path)
        let csv = TestSupport.run(["report", "budget", path, "--month", "2026-11", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("category,budget,carried_in,spent,remaining,available,used,progress,status\r\nFood,300.00,50.00,400.00,-50.00,-50.00,114.28,114.28,over\r\n"))
        // December had -50 + 300 = 250: 50 spent leaves 200 and uses 20 %.
        let december = TestSupport.run(["report", "budget", path, "--month", "2026-12", "--format", "csv"]).stdout
        #expect(december.contains("Food,300.00,-50.00,50.00,200.00,200.00,20.00,20.00,\r\n"))
        // Without `rollover` nothing is set aside for budgets, and spending eats the allowance.
        let plain = try snapshot(ledger.replacingOccurrences(of: " rollover", with: ""), "2026-10-10")
        #expect(plain.envelopes.isEmpty && plain.allowanceSpentToday == Money(minorUnits: 25000))
        // `option rollover on` makes every budget roll over.
        let option = try snapshot(ledger.replacingOccurrences(of: " rollover", with: "") + "option rollover on\n", "2026-10-31")
        #expect(option.envelopesTotal == Money(minorUnits: 5000))
    }

    /// Refunds, as grammar.md says: on a day with spending they give back today's allowance,
    /// never beyond the full allowance, the rest to main savings; on a day without spending
    /// they go to main savings whole.
    @Test func refundsNetAgainstTheDaysSpendingFirst() throws {
        let seed = try snapshot(Self.seed, "2026-11-22")
        let spent = Self.seed + "2026-11-22 * Shoes\n  Coffee  60.00\n  Bank\n"
        let refunded = spent + "2026-11-22 * Shoes returned\n  Coffee  -50.00\n  Bank\n"
        let a = try snapshot(refunded, "2026-11-22")
        // 60 spent, 50 back: 10 net, so 78.41 of today's allowance is left; main savings as the seed's.
        #expect(a.remainingToday == Money(minorUnits: 7841))
        #expect(a.mainSavings == seed.mainSavings)
        // A refund larger than the day's spending: the allowance is full again, the rest is main savings'.
        let large = try snapshot(spent + "2026-11-22 * Refund\n  Coffee  -100.00\n  Bank\n", "2026-11-22")
        #expect(large.remainingToday == Money(minorUnits: 8841))
        #expect(large.mainSavings.minorUnits - seed.mainSavings.minorUnits == 4000)
        // On a day without spending, the refund is main savings' whole.
        let alone = try snapshot(Self.seed + "2026-11-22 * Refund\n  Coffee  -25.00\n  Bank\n", "2026-11-22")
        #expect(alone.remainingToday == Money(minorUnits: 8841))
        #expect(alone.mainSavings.minorUnits - seed.mainSavings.minorUnits == 2500)
    }
}
