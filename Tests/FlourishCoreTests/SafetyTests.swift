import Foundation
import Testing
@testable import FlourishCore

/// `check` runs on strangers' pull requests: it never reads or echoes a file outside the
/// ledger's tree, and never waits on a FIFO.
@Suite struct SafetyTests {
    /// A repository with a ledger folder and a secret beside it.
    func repository() -> (ledger: String, secret: String) {
        let root = TestSupport.temporaryDirectory()
        try? FileManager.default.createDirectory(atPath: root + "/books", withIntermediateDirectories: true)
        TestSupport.write("SECRET-TOKEN-1234 do not print\n", to: root + "/secret.txt")
        return (root + "/books", root + "/secret.txt")
    }

    @Test(arguments: ["text", "github", "json"])
    func includesOutsideTheTreeAreNeverReadOrEchoed(format: String) throws {
        let (books, secret) = repository()
        try FileManager.default.createSymbolicLink(atPath: books + "/link.flourish", withDestinationPath: secret)
        TestSupport.write("currency USD\ninclude \"/etc/passwd\"\ninclude \"../secret.txt\"\ninclude \"link.flourish\"\n", to: books + "/main.flourish")
        let result = TestSupport.run(["check", "--format", format, books + "/main.flourish"])
        #expect(result.status == .problems)
        let output = result.stdout + result.stderr
        #expect(!output.contains("SECRET-TOKEN"))
        #expect(!output.contains("root:"))
        #expect(output.components(separatedBy: "include-outside").count - 1 == (format == "text" ? 0 : 3))
        if format == "text" {
            #expect(result.stderr.contains("main.flourish:2:9: error: `/etc/passwd` is outside the ledger's folder; it was not read\n"))
            #expect(result.stderr.contains("main.flourish:3:9: error: `../secret.txt` is outside the ledger's folder; it was not read\n"))
            #expect(result.stderr.contains("main.flourish:4:9: error: `link.flourish` is outside the ledger's folder; it was not read\n"))
        }
    }

    @Test func allowIncludeAndTheEnvironmentWidenTheTreeOnPurpose() {
        let (books, _) = repository()
        let shared = TestSupport.temporaryDirectory()
        TestSupport.write("account Bank checking\n", to: shared + "/accounts.flourish")
        TestSupport.write("currency USD\ninclude \"\(shared)/accounts.flourish\"\nopening 2026-01-01 Bank 1.00\n", to: books + "/main.flourish")
        #expect(TestSupport.run(["check", books + "/main.flourish"]).status == .problems)
        #expect(TestSupport.run(["check", "--allow-include", shared, books + "/main.flourish"]).status == .success)
        #expect(TestSupport.run(["check", books + "/main.flourish"], environment: ["FLOURISH_INCLUDE_PATH": "/nowhere:" + shared]).status == .success)
        #expect(TestSupport.run(["report", "balances", "--allow-include", shared, books + "/main.flourish"]).status == .success)
        #expect(TestSupport.run(["export", "csv", "--allow-include", shared, books + "/main.flourish"]).status == .success)
    }

    @Test func aFIFOIsNeverWaitedOn() throws {
        let (books, _) = repository()
        #expect(mkfifo(books + "/pipe.flourish", 0o600) == 0)
        TestSupport.write("currency USD\ninclude \"pipe.flourish\"\n", to: books + "/main.flourish")
        let included = TestSupport.run(["check", books + "/main.flourish"])
        #expect(included.status == .problems)
        #expect(included.stderr.contains("error: cannot include `pipe.flourish`: Not a regular file\n"))
        let main = TestSupport.run(["check", books + "/pipe.flourish"])
        #expect(main.status == .noInput)
        #expect(main.stderr.contains("Not a regular file"))
    }
}

/// Hostile input finishes in bounded time and output.
@Suite struct BoundedWorkTests {
    @Test func aCategoryTwentyThousandLevelsDeepIsAnError() {
        let name = (0..<20_000).map { "p\($0 % 10)" }.joined(separator: ":")
        let rendered = TestSupport.check("currency USD\ncategory \(name)\n")
        #expect(rendered.contains("error: invalid name `p0:p1:p2:p3:p4:p5:p6:p7:p8:p9:p0:p1:p2:p3:p4:p5:p6:p7:p8:p9:…`: a name has at most 64 parts between `:`"))
    }

    @Test func aThousandUnknownNamesAgainstAThousandDeclared() {
        var text = "currency USD\naccount Bank checking\n"
        for index in 0..<1_000 { text += "category Declared\(index)Category\n" }
        for index in 0..<1_000 { text += "2026-01-01 x\n  Unknown\(index)Thing  1.00\n  Bank\n" }
        let rendered = TestSupport.check(text)
        #expect(rendered.contains("error: unknown account, category or person `Unknown0Thing`"))
        #expect(rendered.contains("… and 990 more `unknown-name` errors like the ones above"))
    }

    /// The banded distance against the whole table, on random words of a few letters.
    @Test func theBandedEditDistanceIsTheWholeTables() {
        func whole(_ a: [Character], _ b: [Character]) -> Int {
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { table[i][0] = i }
            for j in 0...b.count { table[0][j] = j }
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            for i in 1...a.count {
                for j in 1...b.count {
                    table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
                }
            }
            return table[a.count][b.count]
        }
        var random = SplitMix(seed: 7)
        func word() -> String { String((0..<Int(random.next(below: 7))).map { _ in Array("abc")[Int(random.next(below: 3))] }) }
        for _ in 0..<2_000 {
            let (a, b) = (word(), word())
            let expected = whole(Array(a), Array(b))
            let bound = Int(random.next(below: 5))
            #expect(Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: bound) == (expected <= bound ? expected : nil), "\(a) \(b) \(bound)")
        }
    }

    @Test func theEditDistanceGivesUpPastItsBound() {
        func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
        #expect(Suggestion.editDistance(scalars("kitten"), scalars("sitting"), atMost: 3) == 3)
        #expect(Suggestion.editDistance(scalars("kitten"), scalars("sitting"), atMost: 2) == nil)
        #expect(Suggestion.editDistance(scalars("Dinig"), scalars("Dining")) == 1)
        #expect(Suggestion.closest(to: "Cofee", among: ["Coffee", "Cafe", "Toffee"]) == "Coffee")
        // Two letters swapped are one edit; case does not count.
        #expect(Suggestion.editDistance(scalars("Mai"), scalars("Mia")) == 1)
        #expect(Suggestion.editDistance(scalars("Mia"), scalars("aMi")) == 2)
        #expect(Suggestion.editDistance(scalars("Groecries"), scalars("Groceries"), atMost: 1) == 1)
        #expect(Suggestion.closest(to: "Mai", among: ["Mia", "Sam"]) == "Mia")
        #expect(Suggestion.closest(to: "food", among: ["Food", "Fuel"]) == "Food")
        #expect(Suggestion.closest(to: String(repeating: "a", count: 100_000), among: ["a"]) == nil)
    }

    /// A snapshot far ahead overcommits every month to it: the errors past the first ten are
    /// counted. (2100 keeps the debug build quick.)
    @Test func aSnapshotFarAheadCountsTheRestOfItsErrors() {
        let text = "currency USD\naccount Bank checking\nopening 2026-01-01 Bank 100.00\nallowance 2026-01-01 10.00\nsnapshot 2100-12-31 funds 100.00\n"
        let path = TestSupport.temporaryDirectory() + "/far.flourish"
        TestSupport.write(text, to: path)
        let result = TestSupport.run(["check", path])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("error: … and 890 more `overcommitted` errors like the ones above\n"))
        #expect(result.stderr.utf8.count < 5_000)
    }

    /// A year mistyped as 9999 would have the bucket rule, schedules and subscriptions worked
    /// through eight thousand years (16 daily schedules: 20 s and 3.7 GB); it is an error, and
    /// nothing is worked through.
    @Test func aDateFarFromTheRestIsAnErrorNotEightThousandYearsOfWork() {
        var text = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-01-01 Bank 100.00\nallowance 2026-01-01 1.00\n"
        for index in 1...16 { text += "schedule 2026-01-01 S\(index) daily\n  Food  1.00\n  Bank\n" }
        text += "subscription 2026-01-01 Paper 1.00 weekly next 2026-01-01 from Bank category Food\n"
        text += "2026-01-02 * Lunch\n  Food  1.00\n  Bank\n9999-12-31 * Typo\n  Food  1.00\n  Bank\n"
        let path = TestSupport.temporaryDirectory() + "/far.flourish"
        TestSupport.write(text, to: path)
        let started = ProcessInfo.processInfo.systemUptime
        for command in [["check"], ["due"], ["record", "--dry-run"], ["report", "log"], ["report", "forecast"], ["report", "budget"]] {
            let result = TestSupport.run(command + [path])
            #expect(result.status == .problems, "\(command)")
            #expect(result.stderr.hasPrefix("""
            far.flourish:58:1: error: 9999-12-31 is more than 100 years from the ledger's other dates (around 2026-01-01)
             58 | 9999-12-31 * Typo
                | ^~~~~~~~~~~~~~~~~
                = hint: a date this far is most often a typo in the year; a ledger's dates lie within 100 years of one another

            """.replacingOccurrences(of: "far.flourish", with: path)), "\(command)")
        }
        #expect(ProcessInfo.processInfo.systemUptime - started < 10)
    }

    /// The forecast's earmarks: each looked up once a month, not against every other one
    /// and every name (2,000 earmarks took 1.9 s in a release build, ten times that here).
    @Test func theForecastOfTwoThousandEarmarksIsLinear() {
        var text = "currency USD\naccount Bank checking\nopening 2026-01-01 Bank 100000000.00\n"
        for index in 0..<2_000 { text += "category C\(index)\n" }
        for index in 0..<2_000 { text += "earmark 2026-01-01 C\(index) 1.00 due \(index % 28 + 1)\n" }
        text += "2026-01-02 * x\n  C1  1.00\n  Bank\n"
        let path = TestSupport.temporaryDirectory() + "/earmarks.flourish"
        TestSupport.write(text, to: path)
        let started = ProcessInfo.processInfo.systemUptime
        let result = TestSupport.run(["report", "forecast", path, "--format", "csv"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("earmark C1999"))
        #expect(ProcessInfo.processInfo.systemUptime - started < 5)
    }

    /// 8,500 subscriptions on one category, each paid on the same day (1 MB): the entries that
    /// can pay each are found in one pass for all (3.1 s in a release build before).
    @Test func eightThousandSubscriptionsPaidOnOneDayAreMatchedInOnePass() {
        var text = "currency USD\naccount Bank checking\ncategory Subs\nopening 2026-01-01 Bank 100000000.00\n"
        for index in 0..<8_500 { text += "subscription 2026-01-01 Sub\(index) 10.00 monthly next 2026-01-05 from Bank category Subs\n" }
        for index in 0..<8_500 { text += "2026-01-05 * Sub\(index)\n  Subs  10.00\n  Bank\n\n" }
        let path = TestSupport.temporaryDirectory() + "/subscriptions.flourish"
        TestSupport.write(text, to: path)
        let started = ProcessInfo.processInfo.systemUptime
        let result = TestSupport.run(["check", path])
        #expect(result.stdout == "ok: 8500 entries in 1 file, no problems\n")
        #expect(ProcessInfo.processInfo.systemUptime - started < 20)
    }

    @Test func recordWritesAtMostTenThousandEntriesAtATime() {
        let path = TestSupport.temporaryDirectory() + "/l.flourish"
        var text = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-01-01 Bank 100.00\n"
        for index in 1...4 { text += "schedule 2026-01-01 S\(index) daily\n  Food  1.00\n  Bank\n" }
        text += "2033-12-31 * Later\n  Food  1.00\n  Bank\n"
        TestSupport.write(text, to: path)
        let result = TestSupport.run(["record", path, "--dry-run"])
        #expect(result.status == .problems)
        #expect(result.stderr == "Error: 11688 occurrences are not recorded from 2026-01-01 through 2033-12-31; record writes at most 10000 entries "
                + "at a time: give an earlier --through, or --only one schedule\n")
        #expect(TestSupport.run(["record", path, "--dry-run", "--through", "2026-01-31"]).status == .success)
    }


    /// A daily schedule left unrecorded across a century-long ledger printed a line a day
    /// (1.4 MB from 200 bytes; 16 such schedules: 22 MB): `due` lists the latest 12 of each
    /// and counts the rest, unless asked for `--all`.
    @Test func dueListsTheLatestTwelveOfEachScheduleUnlessAskedForAll() {
        let path = TestSupport.temporaryDirectory() + "/century.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 1927-01-01 Bank 100.00\n"
                          + "schedule 1927-01-01 Coffee daily\n  Food  3.00\n  Bank\n"
                          + "schedule 2026-11-19 Paper daily\n  Food  1.00\n  Bank\n"
                          + "2026-11-20 * Lunch\n  Food  5.00\n  Bank\n", to: path)
        let due = TestSupport.run(["due", path])
        #expect(due.status == .success)
        let lines = due.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 20)
        #expect(lines[3] == "2026-11-09  Coffee   $3.00  11 days")
        #expect(lines[16] == "2026-11-20  Paper    $1.00  due that day")
        #expect(due.stdout.hasSuffix("\n\nNot listed: 36472 earlier occurrences of Coffee, from 1927-01-01 to 2026-11-08 (--all lists them).\n"))
        let json = TestSupport.run(["due", path, "--format", "json"]).stdout
        #expect(json.contains("\"notListed\": [\n    {\n      \"name\": \"Coffee\",\n      \"count\": 36472,\n      \"from\": \"1927-01-01\",\n      \"to\": \"2026-11-08\"\n    }\n  ]"))
        let all = TestSupport.run(["due", path, "--all"])
        #expect(all.stdout.split(separator: "\n").count == 2 + 36_484 + 2)  // the title, the header, every Coffee and both Papers
        #expect(!all.stdout.contains("Not listed"))
    }
    @Test func reportsAskedForCenturiesAreRefused() {
        let path = TestSupport.temporaryDirectory() + "/l.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 2026-01-01 Bank 100.00\n"
                          + "schedule 2026-01-01 Paper daily\n  Food  1.00\n  Bank\n", to: path)
        let forecast = TestSupport.run(["report", "forecast", path, "--until", "9999-12-31"])
        #expect(forecast.status == .usage)
        #expect(forecast.stderr.hasPrefix("Error: the forecast asks for 2026-01-01 to 9999-12-31, more than 20 years; ask for at most 20 years at a time\n"))
        let log = TestSupport.run(["report", "log", path, "-p", "from 0001 to 9999"])
        #expect(log.status == .usage)
        #expect(log.stderr.hasPrefix("Error: the log asks for 0001-01-01 to 9998-12-31, more than 20 years; ask for at most 20 years at a time\n"))
        for command in ["due", "record"] {
            let due = TestSupport.run([command, path, "--through", "9999-12-31"])
            #expect(due.status == .usage)
            #expect(due.stderr.hasPrefix("Error: --through asks for 2026-01-01 to 9999-12-31, more than 20 years; ask for at most 20 years at a time\n"))
        }
    }

    @Test func patternsNestAndRunOnlySoDeep() {
        for (pattern, message) in [(String(repeating: "(", count: 40_000) + "a" + String(repeating: ")", count: 40_000),
                                    "a pattern is at most 1000 characters long"),
                                   (String(repeating: "(", count: 33) + "a" + String(repeating: ")", count: 33),
                                    "groups and repetitions nest at most 32 deep"),
                                   ("a" + String(repeating: "?", count: 40), "groups and repetitions nest at most 32 deep")] {
            #expect(throws: Pattern.SyntaxError.self) { try Pattern(pattern) }
            do { _ = try Pattern(pattern) } catch { #expect(error.message == message) }
        }
        #expect((try? Pattern(String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32)))?.match("a") != nil)
        let path = TestSupport.temporaryDirectory() + "/l.flourish"
        TestSupport.write("currency USD\naccount Bank checking\nopening 2026-01-01 Bank 100.00\n", to: path)
        let register = TestSupport.run(["report", "register", "re:" + String(repeating: "(", count: 40_000), path])
        #expect(register.status == .usage)
    }

    @Test func anImportErrorShowsAFieldCutShort() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Misc\nopening 2026-01-01 Bank 1.00\n", to: dir + "/l.flourish")
        TestSupport.write("account Bank\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\ndefault Misc\n", to: dir + "/r.rules")
        TestSupport.write("2026-01-02,Huge," + String(repeating: "9", count: 10_000_000) + "\n", to: dir + "/s.csv")
        let result = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/r.rules", "--file", dir + "/l.flourish"])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("error: amount `" + String(repeating: "9", count: 60) + "…` is not an amount"))
        #expect(result.stderr.utf8.count < 2_000)
    }

    @Test func aLongArgumentIsCutInUsageErrors() {
        let result = TestSupport.run(["report", String(repeating: "x", count: 100_000)])
        #expect(result.status == .usage)
        #expect(result.stderr.utf8.count < 2_000)
    }
}

/// Control characters never reach a ledger, whatever their source, and show as escapes.
@Suite struct ControlCharacterTests {
    @Test func inALedgerC0AndC1AreErrorsShownAsEscapes() {
        let path = TestSupport.temporaryDirectory() + "/c.flourish"
        TestSupport.write("currency USD\naccount \"Bank\u{9B}2J\" checking\ncategory \"Food\u{1B}[2J\"\n", to: path)
        let result = TestSupport.run(["check", path])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("c.flourish:2:14: error: unexpected control character 0x9B\n"))
        #expect(result.stderr.contains("c.flourish:3:15: error: unexpected control character 0x1B\n"))
        #expect(!result.stderr.unicodeScalars.contains { ControlCharacter.isUnsafe($0) })
    }

    @Test func addRefusesAnArgumentWithAControlCharacter() {
        let path = TestSupport.temporaryDirectory() + "/a.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\n", to: path)
        let result = TestSupport.run(["add", "2026-11-23", "Lunch\u{1B}[2J", "4.5", "Food", "--from", "Bank", "--file", path])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: the description 'Lunch\\u{1B}[2J' holds a control character, which a ledger line cannot hold\n"))
        let amount = TestSupport.run(["add", "2026-11-23", "Lunch", "4.5\u{1B}[2J0", "Food", "--from", "Bank", "--file", path])
        #expect(amount.stderr.hasPrefix("Error: a word '4.5\\u{1B}[2J0' holds a control character, which a ledger line cannot hold"))
    }

    @Test func rulesFilesAndStatementsToo() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Misc\nopening 2026-01-01 Bank 1.00\n", to: dir + "/l.flourish")
        TestSupport.write("account Bank\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\ndefault Misc\n", to: dir + "/r.rules")
        TestSupport.write("2026-01-02,Shop\u{1B}]0;pwned\u{7},-1.00\n", to: dir + "/s.csv")
        let statement = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/r.rules", "--file", dir + "/l.flourish"])
        #expect(statement.status == .problems)
        #expect(statement.stderr.contains("error: description `Shop\\u{1B}]0;pwned\\u{7}` is not text without control characters"))
        TestSupport.write("account Bank\ndate 1 YYYY-MM-DD\u{9B}\ndescription 2\namount 3\ndefault Misc\n", to: dir + "/r.rules")
        TestSupport.write("2026-01-02,Shop,-1.00\n", to: dir + "/s.csv")
        let rules = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/r.rules", "--file", dir + "/l.flourish"])
        #expect(rules.stderr.contains("r.rules:2:18: error: unexpected control character 0x9B"))
    }
}

/// Logs and daily series are bounded by the period asked for, not by the ledger's span.
@Suite struct BoundedLogTests {
    @Test func theAllowanceLogKeepsOnlyThePeriodAskedFor() {
        let text = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-01-01 Bank 100000.00\nallowance 2026-01-01 1.00\n"
        let journal = TestSupport.book(TestSupport.load(text))
        let end = CivilDate(year: 2400, month: 1, day: 31)!
        let log = BucketEngine(journal).run(through: end, recordLog: true, logFrom: CivilDate(year: 2400, month: 1, day: 1)!) { _, _ in }.log
        #expect(log.days.count == 31)
        #expect(log.days.first?.date == CivilDate(year: 2400, month: 1, day: 1)!)
        let review = TestSupport.run(["report", "review", "--date", "2400-01-31", { let p = TestSupport.temporaryDirectory() + "/l.flourish"; TestSupport.write(text, to: p); return p }()])
        #expect(review.status == .success)
        #expect(review.stdout.hasPrefix("Monthly review of 2400-01 (2400-01-01 to 2400-01-31), as of 2400-01-31: no data yet\n"))
    }
}

/// Percentages are cut as docs/reports.md says, in the figure the status is judged on too.
@Suite struct PercentageTests {
    @Test func aShareJustUnderNinetyPercentIsNotNear() {
        let path = TestSupport.temporaryDirectory() + "/b.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 1000.00\nbudget 2026-11-01 Food 200.00\n"
                          + "2026-11-02 * Shop\n  Food  179.99\n  Bank\n", to: path)
        let result = TestSupport.run(["report", "budget", path])
        #expect(result.stdout.contains("Food          $200.00  $179.99     $20.01   89%  [#########-]          \n")
                || result.stdout.contains("Food          $200.00  $179.99     $20.01   89%  [#########-]\n"))
        #expect(!result.stdout.contains("near"))
        #expect(Money.basisPoints(Money(minorUnits: 17_999), of: Money(minorUnits: 20_000)) == 8_999)
        #expect(Money.basisPoints(Money(minorUnits: -17_999), of: Money(minorUnits: 20_000)) == -8_999)
        #expect(Money.basisPoints(Money(minorUnits: Int64.max), of: Money(minorUnits: 1)) == Int.max)
    }
}

/// The register of every line keeps a running balance per account, category or person: a
/// ledger whose every total is in range never fails for a sum over all its lines.
@Suite struct RegisterRunningTests {
    /// (On-budget and off-budget totals are each in range; their sum is not.)
    @Test func anInRangeLedgerNeverOverflowsTheRegisterOfAllLines() {
        let path = TestSupport.temporaryDirectory() + "/big.flourish"
        TestSupport.write("""
        currency USD
        account Bank checking
        account Brokerage savings off-budget
        opening 2026-01-01 Bank 50000000000000000.00
        opening 2026-01-01 Brokerage 50000000000000000.00

        """, to: path)
        #expect(TestSupport.run(["check", path]).status == .success)
        let result = TestSupport.run(["report", "register", path, "--format", "csv"])
        #expect(result.status == .success)
        #expect(result.stdout == """
        date,status,description,tags,target,other,amount,running\r
        2026-01-01,,opening balance,,Bank,,50000000000000000.00,50000000000000000.00\r
        2026-01-01,,opening balance,,Brokerage,,50000000000000000.00,50000000000000000.00\r

        """)
    }
}
