import Testing
@testable import FlourishCore

/// The booking stage: one journal in date order, amounts filled in, parents named.
@Suite struct BookingTests {
    static let text = """
    currency USD
    account Bank checking
    category Food:Dining
    category Food:Groceries
    correction 2026-01-05 Bank 1.00 interest
    2026-01-05 Lunch
      Food:Dining  10.00
      Bank
    2026-01-02 Shop
      Food:Groceries  20.00
      Bank
    opening 2026-01-05 Bank 100.00

    """

    @Test func itemsAreInDateOrderOpeningsFirstCorrectionsLast() {
        let journal = TestSupport.book(TestSupport.load(Self.text))
        let kinds = journal.items.map { item -> String in
            switch item.kind {
            case .opening: return "opening \(item.date)"
            case .entry(let i): return "\(journal.ledger.description(of: journal.ledger.entries[i])) \(item.date)"
            case .correction: return "correction \(item.date)"
            }
        }
        #expect(kinds == ["Shop 2026-01-02", "opening 2026-01-05", "Lunch 2026-01-05", "correction 2026-01-05"])
        #expect(journal.dateRange == CivilDate(year: 2026, month: 1, day: 2)!...CivilDate(year: 2026, month: 1, day: 5)!)
    }

    @Test func figuresRollCategoriesUpAndFillInLeftOutAmounts() throws {
        let journal = TestSupport.book(TestSupport.load(Self.text))
        let names = journal.ledger.names
        let food = try #require(names.id(of: "Food"))
        let bank = try #require(names.id(of: "Bank"))
        let balances = try journal.balances(through: CivilDate(year: 2026, month: 1, day: 5)!)
        // By hand: 100.00 opening + 1.00 correction − 10.00 − 20.00.
        #expect(balances[Int(bank)] == Money(minorUnits: 7_100))
        #expect(balances[Int(food)] == Money(minorUnits: 3_000))
        let early = try journal.balances(through: CivilDate(year: 2026, month: 1, day: 4)!)
        #expect(early[Int(bank)] == Money(minorUnits: -2_000))
        let totals = try journal.categoryTotals(in: CivilDate(year: 2026, month: 1, day: 3)!...CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(totals[food] == Money(minorUnits: 1_000))
        #expect(journal.ancestry(try #require(names.id(of: "Food:Dining"))).map { names[$0] } == ["Food", "Food:Dining"])
        #expect(try journal.spendingByDay(in: CivilDate(year: 2026, month: 1, day: 1)!...CivilDate(year: 2026, month: 1, day: 5)!)
            .map(\.minorUnits) == [0, 2_000, 0, 0, 1_000])
    }

    /// A quoted description reads without its quotes and with its escapes undone; an unquoted
    /// one as written, quotes and all.
    @Test func descriptionsReadAsTheirTextNotTheirQuoting() {
        let text = "currency USD\naccount Bank checking\ncategory Food\n"
            + "2026-01-02 \"Joe's \\\"corner\\\" shop \\\\ café\"\n  Food 1\n  Bank\n"
            + "2026-01-03 \"Plain, quoted\"\n  Food 1\n  Bank\n"
            + "2026-01-04 Not quoted \"at all\"\n  Food 1\n  Bank\n"
        let ledger = TestSupport.book(TestSupport.load(text)).ledger
        #expect(ledger.entries.map(ledger.description(of:)) == ["Joe's \"corner\" shop \\ café", "Plain, quoted", "Not quoted \"at all\""])
    }

    /// A booked ledger extended by one more file (as the forecast extends it) and booked again
    /// keeps its own amounts as they were — directives written without decimals are not
    /// scaled a second time — and books the new file's lines with them.
    @Test func aBookedLedgerExtendedByAFileIsBookedAgainWithoutScalingTwice() throws {
        let text = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-01-01 Bank 100\nbudget 2026-01-01 Food 50\n"
            + "2026-01-02 Shop\n  Food  20.5\n  Bank\n"
        let journal = TestSupport.book(TestSupport.load(text))
        let more = Parser.parse(SourceFile(path: "(more)", text: "category Snacks\n2026-01-03 Kiosk\n  Snacks  1.25\n  Bank\n"),
                                fileIndex: journal.ledger.files.count)
        let again = Booker.book(LedgerLoader.extended(journal.ledger, with: more))
        #expect(again.diagnostics.isEmpty)
        let ledger = again.journal.ledger
        #expect(ledger.openings.map(\.amount.value) == [Money(minorUnits: 10_000)])
        #expect(ledger.budgets.map(\.amount.value) == [Money(minorUnits: 5_000)])
        let names = ledger.names
        let balances = try again.journal.balances(through: CivilDate(year: 2026, month: 1, day: 3)!)
        // By hand: 100.00 − 20.50 − 1.25.
        #expect(balances[Int(try #require(names.id(of: "Bank")))] == Money(minorUnits: 7_825))
        #expect(balances[Int(try #require(names.id(of: "Snacks")))] == Money(minorUnits: 125))
        #expect(again.journal.items.count == journal.items.count + 1)
    }

    /// An editor's unsaved buffer stands in for an included file, even one not on disk yet.
    @Test func includesResolveFromMemoryFirst() {
        let folder = TestSupport.temporaryDirectory()
        let main = SourceFile(path: folder + "/main.flourish", text: "currency USD\ninclude \"accounts.flourish\"\n")
        let overlay = [folder + "/accounts.flourish": Array("account Bank checking\nopening 2026-01-01 Bank 5.00\n".utf8)]
        let loaded = LedgerLoader.load(sources: [main], overlay: overlay)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.ledger.accounts.count == 1)
        let missing = LedgerLoader.load(sources: [main])
        #expect(missing.diagnostics.map(\.id) == ["include-not-found"])
    }
}

/// Parsing is a pure function of one file; linking and booking give it meaning.
@Suite struct LinkingTests {
    func folder(_ files: [String: String]) -> String {
        let dir = TestSupport.temporaryDirectory()
        for (name, text) in files { TestSupport.write(text, to: dir + "/" + name) }
        return dir
    }

    @Test func parsingOneFileDependsOnItsBytesAlone() {
        let file = SourceFile(path: "a.flourish", text: "account Bank checking\nopening 2026-01-01 Bank 12.5\ninclude \"b.flourish\"\n")
        let first = Parser.parse(file, fileIndex: 3)
        let second = Parser.parse(file, fileIndex: 3)
        #expect(first.ledger.openings.map(\.amount.value) == second.ledger.openings.map(\.amount.value))
        // Read as written: 125 with one decimal; no currency is needed to parse it.
        #expect(first.ledger.openings.map(\.amount.value.minorUnits) == [125])
        #expect(first.ledger.amountScales.values.sorted() == [1])
        #expect(first.includes.map(\.path) == ["b.flourish"])
        #expect(first.diagnostics.isEmpty)
        #expect(first.ledger.openings[0].location.file == 3)
    }

    /// The currency may come from an included file read before the first amount; amounts in
    /// every file are scaled by it.
    @Test func amountsAreScaledByTheLedgersCurrencyWhereverItIsDeclared() throws {
        let dir = folder([
            "main.flourish": "include \"settings.flourish\"\naccount Bank checking\nopening 2026-01-01 Bank 1500\ninclude \"more.flourish\"\n",
            "settings.flourish": "currency JPY\n",
            "more.flourish": "balance 2026-01-02 Bank 1500\n",
        ])
        let check = TestSupport.run(["check", dir + "/main.flourish"])
        #expect(check.status == .success)
        let balances = TestSupport.run(["report", "balances", dir + "/main.flourish", "--format", "csv"]).stdout
        #expect(balances.contains("accounts,1,balance,1500\r\n"))
        // The same amount with decimals is too precise for yen, in whichever file it stands.
        TestSupport.write("balance 2026-01-02 Bank 1500.50\n", to: dir + "/more.flourish")
        let wrong = TestSupport.run(["check", dir + "/main.flourish"])
        #expect(wrong.stderr.contains("more.flourish:1:25: error: amount `1500.50` has more decimals than JPY allows (0)"))
    }

    @Test func aSecondCurrencyInAnIncludedFileIsAnError() {
        let dir = folder([
            "main.flourish": "currency USD\ninclude \"other.flourish\"\n",
            "other.flourish": "currency EUR\n",
        ])
        let check = TestSupport.run(["check", dir + "/main.flourish"])
        #expect(check.status == .problems)
        #expect(check.stderr.contains("other.flourish:1:10: error: `EUR` where the home currency, USD, is needed"))
    }

    @Test func anAmountReadBeforeTheCurrencyInAnIncludedFileIsAnError() {
        let dir = folder([
            "main.flourish": "include \"accounts.flourish\"\ncurrency USD\n",
            "accounts.flourish": "account Bank checking\nopening 2026-01-01 Bank 10.00\n",
        ])
        let check = TestSupport.run(["check", dir + "/main.flourish"])
        #expect(check.stderr.contains("accounts.flourish:2:25: error: amount before the `currency` line"))
    }

    @Test func declarationsKeepReadingOrderAcrossIncludes() throws {
        let dir = folder([
            "main.flourish": "currency USD\naccount A checking\ninclude \"b.flourish\"\naccount C checking\n",
            "b.flourish": "account B checking\n",
        ])
        let loaded = try LedgerLoader.load(paths: [dir + "/main.flourish"])
        #expect(loaded.ledger.accounts.map { loaded.ledger.names[$0.name.id] } == ["A", "B", "C"])
    }
}

/// The engine's leap over idle days gives the same buckets as visiting every day.
@Suite struct BucketLeapTests {
    static let ledgers = ["examples/household.flourish", "examples/drip.flourish", "Tests/FlourishCoreTests/Fixtures/export/every-directive.flourish",
                          "Tests/FlourishCoreTests/Fixtures/buckets/quiet-days.flourish"]

    @Test(arguments: ledgers)
    func leapingMatchesVisitingEveryDay(path: String) throws {
        let journal = TestSupport.book(try LedgerLoader.load(paths: [TestSupport.root + "/" + path]))
        let engine = BucketEngine(journal)
        let span = try #require(journal.dateRange)
        let end = span.upperBound.adding(days: 75)
        var everyDay: [CivilDate: BucketSnapshot] = [:]
        let full = engine.run(through: end, recordLog: true) { snapshot, _ in everyDay[snapshot.date] = snapshot }.log
        func figures(_ s: BucketSnapshot) -> [Int64] {
            [s.funds, s.allowanceSetAside, s.monthlySetAside, s.goalsTotal, s.mainSavings, s.remainingToday,
             s.allowanceSpentToday].map(\.minorUnits) + s.earmarks.map { $0.paid?.minorUnits ?? -1 } + s.goals.map(\.balance.minorUnits)
        }
        var day = span.lowerBound
        while day <= end {
            let leapt = try #require(try engine.snapshot(at: day))
            #expect(figures(leapt) == figures(try #require(everyDay[day])), "\(path) on \(day)")
            day = day.adding(days: 3)
        }
        // The log of a period, leaping to it, is the every-day log's days in that period.
        let from = span.upperBound.adding(days: -20)
        let period = try LogReport.make(journal, range: from...end).log
        #expect(period.days.map(\.date) == full.days.filter { $0.date >= from }.map(\.date))
        #expect(period.days.map(\.fromSavings) == full.days.filter { $0.date >= from }.map(\.fromSavings))
    }

    /// Each day's snapshot is made from the day before's (only the lists whose figures changed
    /// made again; on a day when nothing happens, none): every figure and list of it is the
    /// one made in full (bills starting mid-month, an allowance change dated later in the
    /// month, envelopes, goals and debts among these, and days when nothing happens).
    @Test(arguments: ledgers)
    func aSnapshotMadeFromTheDayBeforesIsTheOneMadeInFull(path: String) throws {
        let journal = TestSupport.book(try LedgerLoader.load(paths: [TestSupport.root + "/" + path]))
        let engine = BucketEngine(journal)
        var inFull = engine
        inFull.makesEveryDayInFull = true
        let end = try #require(journal.dateRange).upperBound.adding(days: 75)
        var made: [String] = []
        var madeInFull: [String] = []
        engine.run(through: end) { snapshot, location in made.append("\(snapshot) \(String(describing: location))") }
        inFull.run(through: end) { snapshot, location in madeInFull.append("\(snapshot) \(String(describing: location))") }
        #expect(made.count == madeInFull.count)
        for (day, (quick, full)) in zip(made, madeInFull).enumerated() where quick != full {
            Issue.record("\(path), day \(day): \(quick)\n  in full: \(full)")
            break
        }
    }
}
