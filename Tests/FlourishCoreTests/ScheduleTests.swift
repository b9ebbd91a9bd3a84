import Testing
@testable import FlourishCore

/// `schedule` and the recurrence engine it shares with subscriptions (grammar.md, 5.2).
@Suite struct ScheduleTests {
    func date(_ text: String) -> CivilDate {
        guard case .success(let date) = NumberSyntax.date(ArraySlice(Array(text.utf8))) else { fatalError("bad test date \(text)") }
        return date
    }

    func dates(_ recurrence: Recurrence, _ from: String, _ to: String) -> [String] {
        recurrence.occurrences(in: date(from)...date(to)).map(\.description)
    }

    @Test func monthlyKeepsTheFirstDatesDayWithoutDrifting() {
        let rent = Recurrence(first: date("2026-01-31"), frequency: .months(1, on: .firstDate))
        #expect(dates(rent, "2026-01-01", "2026-05-31") == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(dates(rent, "2028-02-01", "2028-03-01") == ["2028-02-29"])
    }

    @Test func monthlyOnADayOrTheLastDay() {
        // The 15th on or after the first date: December 15 comes before January 15.
        let fixed = Recurrence(first: date("2026-11-20"), frequency: .months(1, on: .day(15)))
        #expect(dates(fixed, "2026-11-01", "2027-02-28") == ["2026-12-15", "2027-01-15", "2027-02-15"])
        let thirtyFirst = Recurrence(first: date("2026-01-01"), frequency: .months(1, on: .day(31)))
        #expect(dates(thirtyFirst, "2026-01-01", "2026-04-30") == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
        let last = Recurrence(first: date("2026-11-28"), frequency: .months(1, on: .last))
        #expect(dates(last, "2026-11-01", "2027-02-28") == ["2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28"])
    }

    @Test func daysWeeksQuartersAndYears() {
        #expect(dates(Recurrence(first: date("2026-12-30"), frequency: .days(1)), "2026-12-29", "2027-01-02")
                == ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"])
        #expect(dates(Recurrence(first: date("2026-12-05"), frequency: .weeks(2)), "2026-12-01", "2027-01-31")
                == ["2026-12-05", "2026-12-19", "2027-01-02", "2027-01-16", "2027-01-30"])
        #expect(dates(Recurrence(first: date("2026-11-30"), frequency: .months(3, on: .firstDate)), "2026-01-01", "2027-12-31")
                == ["2026-11-30", "2027-02-28", "2027-05-30", "2027-08-30", "2027-11-30"])
        #expect(dates(Recurrence(first: date("2024-02-29"), frequency: .yearly), "2024-01-01", "2028-12-31")
                == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
    }

    @Test func endsAfterADateOrANumberOfTimes() {
        let until = Recurrence(first: date("2026-12-05"), frequency: .weeks(1), end: .until(date("2026-12-19")))
        #expect(dates(until, "2026-01-01", "2027-12-31") == ["2026-12-05", "2026-12-12", "2026-12-19"])
        let times = Recurrence(first: date("2026-12-05"), frequency: .months(1, on: .firstDate), end: .times(3))
        #expect(dates(times, "2027-01-01", "2027-12-31") == ["2027-01-05", "2027-02-05"])
        // With a fixed day before the first date's, the count starts at the first occurrence.
        let fixed = Recurrence(first: date("2026-11-20"), frequency: .months(1, on: .day(1)), end: .times(2))
        #expect(dates(fixed, "2026-01-01", "2027-12-31") == ["2026-12-01", "2027-01-01"])
    }

    /// A far range of a daily schedule starts near the range, not at the first date.
    @Test func aFarRangeIsCheap() {
        let daily = Recurrence(first: date("0001-01-01"), frequency: .days(1))
        #expect(dates(daily, "9999-12-30", "9999-12-31") == ["9999-12-30", "9999-12-31"])
    }

    @Test func theDirectiveAndItsLines() throws {
        let text = """
        currency USD
        account Bank checking
        category Rent
        category Salary income
        schedule 2026-12-01 Rent monthly on day 1
          Rent  1200.00
          Bank
        schedule 2026-11-28 "Pay day" monthly on last day until 2027-06-30
          Salary  -4200.00
          Bank
        schedule 2026-12-05 Gym every 2 weeks times 10
          Rent  25
          Bank

        """
        let loaded = TestSupport.load(text)
        #expect(loaded.diagnostics.isEmpty)
        let journal = TestSupport.book(loaded)
        let schedules = journal.ledger.schedules
        #expect(schedules.map(\.name.value) == ["Rent", "Pay day", "Gym"])
        #expect(schedules.map(\.recurrence.frequency) == [.months(1, on: .day(1)), .months(1, on: .last), .weeks(2)])
        #expect(schedules.map(\.recurrence.end) == [nil, .until(date("2027-06-30")), .times(10)])
        // Amounts are booked like an entry's: scaled, the left-out one filled in.
        #expect(journal.ledger.postings[schedules[2].postings].map(\.amount.minorUnits) == [2500, -2500])
        #expect(journal.ledger.postings[schedules[1].postings].map(\.amount.minorUnits) == [-420_000, 420_000])
        // Nothing is booked: no entry, no balance.
        #expect(journal.ledger.entries.isEmpty && journal.items.isEmpty)
        #expect(Validator.validate(loaded).isEmpty)
    }

    @Test func mistakesInASchedule() {
        let base = "currency USD\naccount Bank checking\ncategory Rent\n"
        func problems(_ text: String) -> [String] {
            let loaded = TestSupport.load(base + text)
            return Validator.validate(loaded).map { "\($0.id): \($0.message)" }
        }
        #expect(problems("schedule 2026-12-05 Gym every 2 fortnights\n  Rent  1\n  Bank\n") == ["unknown-word: unknown unit `fortnights`"])
        #expect(problems("schedule 2026-12-05 Gym monthly on day 32\n  Rent  1\n  Bank\n").first?.hasPrefix("out-of-range:") == true)
        #expect(problems("schedule 2026-12-05 Gym weekly until 2026-12-01\n  Rent  1\n  Bank\n")
                == ["syntax: expected a date on or after 2026-12-05, the first, found `2026-12-01`"])
        #expect(problems("schedule 2026-12-05 Gym weekly\n  Rent  1\n") == ["empty-entry: entry has only one split line"])
        #expect(problems("schedule 2026-12-05 Gym weekly\n  Rent  1\n  Bank  2\n") == ["unbalanced-entry: entry does not balance: its lines sum to 3.00"])
        #expect(problems("schedule 2026-12-05 Gym weekly\n  Rnt  1\n  Bank\n").first?.hasPrefix("unknown-name: unknown account, category or person `Rnt`") == true)
    }

    /// `check` warns about an occurrence due more than `overdue-days` (3) ago and not
    /// recorded: one warning per schedule, naming the oldest.
    @Test func checkWarnsAboutWhatIsNotRecorded() {
        let path = TestSupport.temporaryDirectory() + "/due.flourish"
        let ledger = """
        currency USD
        account Bank checking
        category Rent
        category Coffee
        opening 2026-10-01 Bank 5000.00
        schedule 2026-10-01 Rent monthly
          Rent  1200.00
          Bank
        2026-10-01 * Rent for October
          Rent  1200.00
          Bank

        """
        func check(_ tail: String) -> RunResult {
            TestSupport.write(ledger + tail, to: path)
            return TestSupport.run(["check", path])
        }
        // November's rent, due 2026-11-01, is 3 days late on the 4th: no warning yet.
        #expect(check("2026-11-04 Coffee\n  Coffee  3.00\n  Bank\n").stderr == "")
        let late = check("2026-11-05 Coffee\n  Coffee  3.00\n  Bank\n")
        #expect(late.status == .success)
        #expect(late.stderr == """
        \(path):6:1: warning: `Rent` was due on 2026-11-01, 4 days ago, and is not recorded
         6 | schedule 2026-10-01 Rent monthly
           | ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
           = hint: record it with `flourish record --only Rent`, or put its name in the description or comment of the entry that paid it

        """)
        #expect(check("2026-12-20 Coffee\n  Coffee  3.00\n  Bank\n").stderr.contains("warning: 2 occurrences of `Rent` are not recorded, the oldest due on 2026-11-01, 49 days ago\n"))
        // The grace is a setting.
        #expect(check("option overdue-days 10\n2026-11-05 Coffee\n  Coffee  3.00\n  Bank\n").stderr == "")
        #expect(check("option overdue-days 10\noption overdue-days 2\n").stderr.contains("error: option `overdue-days` is declared more than once"))
        #expect(check("option overdue-dayz 10\n").stderr.contains("error: unknown setting `overdue-dayz`"))
    }

    /// `due` lists what is not recorded; `record` appends entries that pay it, checked and
    /// atomically; a second `record` finds nothing.
    @Test func dueAndRecord() throws {
        let path = TestSupport.temporaryDirectory() + "/record.flourish"
        let ledger = """
        currency USD
        account Bank checking
        category Rent
        category Coffee
        category Streaming
        opening 2026-10-01 Bank 5000.00
        subscription 2026-10-01 Netflix 15.49 monthly next 2026-11-12 from Bank category Streaming
        schedule 2026-10-01 Rent monthly
          Rent  1200.00
          Bank
        2026-10-01 * Rent for October
          Rent  1200.00
          Bank
        2026-11-20 Coffee
          Coffee  3.00
          Bank

        """
        TestSupport.write(ledger, to: path)
        let due = TestSupport.run(["due", path])
        #expect(due.status == .success)
        #expect(due.stdout == """
        Due through 2026-11-20, not recorded:

        Due         Name        Amount  Late
        2026-11-01  Rent     $1,200.00  19 days
        2026-11-12  Netflix     $15.49  8 days

        """)
        #expect(TestSupport.run(["due", path, "--only", "Rnt"]).stderr.contains("no schedule or subscription is named 'Rnt'\nDid you mean 'Rent'?"))
        let dry = TestSupport.run(["record", path, "--dry-run"])
        #expect(dry.stdout == "2026-11-01 Rent\n  Rent  1200.00\n  Bank\n\n2026-11-12 Netflix\n  Streaming  15.49\n  Bank\n")
        #expect(TestSupport.read(path) == ledger)
        let recorded = TestSupport.run(["record", path, "--through", "2026-12-01"])
        #expect(recorded.stdout == "recorded 3 entries in \(path): Rent 2026-11-01, Netflix 2026-11-12, Rent 2026-12-01\n")
        // Entries apart by a blank line, as `fmt` and `add` write them.
        #expect(TestSupport.read(path) == ledger + "\n2026-11-01 Rent\n  Rent  1200.00\n  Bank\n\n2026-11-12 Netflix\n  Streaming  15.49\n  Bank\n\n2026-12-01 Rent\n  Rent  1200.00\n  Bank\n")
        #expect(TestSupport.run(["check", path]).stderr == "")
        #expect(TestSupport.run(["due", path]).stdout == "Nothing is due through 2026-12-01 that is not recorded.\n")
        #expect(TestSupport.run(["record", path]).stdout == "Nothing to record through 2026-12-01.\n")
    }
}
