import Foundation
import Testing
@testable import FlourishCore

/// `flourish import csv`: rows become canonical entries once, malformed files import nothing.
@Suite struct ImportTests {
    static let rules = TestSupport.root + "/examples/import/bigbank.rules"
    static let statement = TestSupport.root + "/examples/import/bigbank.csv"

    func household() -> String { TestSupport.copyOfHousehold() }

    func importing(_ csv: String, rules: String = rules, into path: String) -> RunResult {
        TestSupport.run(["import", "csv", csv, "--rules", rules, "--file", path])
    }

    @Test func importsCanonicalEntriesOnce() {
        let path = household()
        let before = TestSupport.read(path)
        let first = importing(Self.statement, into: path)
        #expect(first.status == .success)
        #expect(first.stdout == "imported 6 entries from examples/import/bigbank.csv into \(path)\n")
        let added = String(TestSupport.read(path).dropFirst(before.count))
        #expect(added == """

        2026-11-22 Corner Coffee latte, oat  ; import:0d7b171b74c8b293
          Food:Dining  4.50
          Bank

        2026-11-22 Green Grocer  ; import:5ad81f820f13463c
          Food:Groceries  23.10
          Bank

        2026-11-23 Corner Coffee latte, oat  ; import:5f40b2fdf7bfcb6a
          Food:Dining  4.50
          Bank

        2026-11-23 Corner Coffee latte, oat  ; import:5f40b2fdf7bfcb6a-2
          Food:Dining  4.50
          Bank

        2026-11-24 Pharmacy  ; import:165884f999d95995
          Health  12.00
          Bank

        2026-11-25 EMPLOYER INC November bonus  ; import:a316158534c8580b
          Salary  -250.00
          Bank

        """)
        #expect(TestSupport.run(["check", path]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", path]).stdout == "")
        // Running it again adds nothing and leaves the file as it is.
        let after = TestSupport.read(path)
        let again = importing(Self.statement, into: path)
        #expect(again.stdout == "nothing to import: all 6 rows of examples/import/bigbank.csv are already in \(path)\n")
        #expect(TestSupport.read(path) == after)
    }

    @Test func aLaterStatementAddsOnlyItsNewRows() {
        let path = household()
        _ = importing(Self.statement, into: path)
        let later = TestSupport.temporaryDirectory() + "/later.csv"
        TestSupport.write(TestSupport.read(Self.statement) + "26/11/2026,Corner Coffee,espresso,2.80,\r\n", to: later)
        let result = importing(later, into: path)
        #expect(result.stdout == "imported 1 entry from \(later) into \(path) (6 already there)\n")
    }

    @Test func malformedRowsImportNothing() {
        let path = household()
        let before = TestSupport.read(path)
        let bad = TestSupport.temporaryDirectory() + "/bad.csv"
        TestSupport.write("Date,Payee,Memo,Debit,Credit\n22/11/2026,Corner Coffee,,4.50,\n31/02/2026,Oops,,1.00,\n23/11/2026,Grocer,,12;50,\n24/11/2026,Short\n", to: bad)
        let result = importing(bad, into: path)
        #expect(result.status == .problems)
        #expect(result.stdout == "")
        #expect(result.stderr == """
        \(bad):3:1: error: date `31/02/2026` is not a date written DD/MM/YYYY
         3 | 31/02/2026,Oops,,1.00,
           | ^~~~~~~~~~
           = hint: fix the row or the rules; nothing from this file was imported
        \(bad):4:20: error: amount `12;50` is not an amount
         4 | 23/11/2026,Grocer,,12;50,
           |                    ^~~~~
           = hint: fix the row or the rules; nothing from this file was imported
        \(bad):5:1: error: this row has 2 columns, the rules read column 5
         5 | 24/11/2026,Short
           | ^~~~~~~~~~~~~~~~
           = hint: check the `separator` rule and the column numbers; nothing was imported
        \(path): not changed: \(bad) has 3 bad rows

        """)
        #expect(TestSupport.read(path) == before)
    }

    @Test func rulesProblemsAreDiagnosticsInTheRulesFile() {
        let path = household()
        let rules = TestSupport.temporaryDirectory() + "/bad.rules"
        TestSupport.write("account Bank\nskip 1\ndates 1 DD/MM/YYYY\namount 4\nmatch \"coffee\" Food:Dinning\ndefault Health\n", to: rules)
        let result = importing(Self.statement, rules: rules, into: path)
        #expect(result.status == .problems)
        #expect(result.stderr == """
        \(rules):3:1: error: unknown rule `dates`
         3 | dates 1 DD/MM/YYYY
           | ^~~~~
           = hint: did you mean `date`?
        \(rules):1:1: error: the rules have no `date` line
         1 | account Bank
           | ^
           = hint: add a `date` line to the rules file
        \(rules):5:16: error: unknown account, category or person `Food:Dinning`
         5 | match "coffee" Food:Dinning
           |                ^~~~~~~~~~~~
           = hint: did you mean `Food:Dining`?
        \(path): not changed

        """)
    }

    @Test func signedAmountsDecimalCommaAndNegate() throws {
        let rules = try #require(ImportRules.parse(SourceFile(path: "r", text: "account Visa\ndate 1 YYYY-MM-DD\namount 3\nnegate\ndecimal-comma\nseparator semicolon\ndescription 2\ndefault Rent\n"), fileIndex: 0).rules)
        let csv = SourceFile(path: "c", text: "2026-11-02;Card shop;1.234,50\n2026-11-03;Refund;-5,00\n")
        let read = Importer.rows(csv, fileIndex: 1, rules: rules, decimals: 2)
        #expect(read.diagnostics.isEmpty)
        #expect(read.rows.map(\.amount.minorUnits) == [-123_450, 500])
        #expect(read.rows.map(\.description) == ["Card shop", "Refund"])
    }

    @Test func quotedFieldsMayHoldSeparatorsQuotesAndLineBreaks() {
        let records = CSVReader.records(Array("a,\"b, \"\"c\"\"\nd\",e\r\nf,g,h\n".utf8), separator: UInt8(ascii: ","))
        #expect(records.map(\.fields) == [["a", "b, \"c\"\nd", "e"], ["f", "g", "h"]])
    }
}

/// The rules' texts looked for all at once agree with looking for each in turn.
@Suite struct NeedleSetTests {
    @Test func theLowestRankFoundIsTheOneASearchForEachFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abc".utf8)
        func text(_ most: Int) -> [UInt8] {
            (0..<Int.random(in: 0...most, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
        for _ in 0..<500 {
            let needles = (0..<Int.random(in: 0...8, using: &generator)).map { rank in (text: text(4), rank: rank * 2 + 1) }
            let set = NeedleSet(needles)
            for _ in 0..<20 {
                let subject = text(12)
                let expected = needles.filter { needle in
                    needle.text.isEmpty || (0...max(0, subject.count - needle.text.count)).contains { start in
                        start + needle.text.count <= subject.count && Array(subject[start..<start + needle.text.count]) == needle.text
                    }
                }.map(\.rank).min()
                #expect(set.lowestRank(in: subject) == expected, "\(needles) in \(subject)")
            }
        }
    }

    /// 2,500 `match` rules against 2,000 rows: each row read once for all of them.
    @Test func manyMatchRulesChooseAsOneByOneWould() {
        let dir = TestSupport.temporaryDirectory()
        var rules = "account Bank\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\n"
        for index in 0..<2_500 { rules += "match \"shop \(index) \" Food\n" }
        rules += "if amount < -1000\n  to Rent\nmatch \"shop 7 \" Rent\ndefault Misc\n"
        TestSupport.write(rules, to: dir + "/r.rules")
        var csv = ""
        for index in 0..<2_000 { csv += "2026-01-\(String(format: "%02d", index % 28 + 1)),Shop \(index * 3) here,-\(index % 3 == 0 ? 2000 : 3).00\n" }
        TestSupport.write(csv, to: dir + "/s.csv")
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\ncategory Rent\ncategory Misc\nopening 2026-01-01 Bank 100000.00\n", to: dir + "/l.flourish")
        let started = ProcessInfo.processInfo.systemUptime
        let result = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/r.rules", "-f", dir + "/l.flourish"])
        #expect(result.status == .success)
        #expect(ProcessInfo.processInfo.systemUptime - started < 10)
        let written = TestSupport.read(dir + "/l.flourish")
        // Row 0: "Shop 0 here" matches `shop 0 ` first; its amount (-2000) would meet the `if`, later.
        #expect(written.contains("2026-01-01 Shop 0 here  ; import:"))
        // "Shop 3i here" meets `match "shop 3i "` while 3i < 2,500: rows 0 to 833.
        #expect(written.components(separatedBy: "\n  Food  ").count - 1 == 834)
        // Rows 834 to 1,999 meet no `match`; every third of them (834, 837, … 1,998) the `if`.
        #expect(written.components(separatedBy: "\n  Rent  ").count - 1 == 389)
        #expect(written.components(separatedBy: "\n  Misc  ").count - 1 == 777)
    }

    /// One rules file for two export formats: an `if` block in one statement's section is
    /// read past, actions and all, when the other statement is imported.
    @Test func ifBlocksStandInTheSectionOfTheirStatement() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\ncategory Health\nopening 2026-11-01 Bank 100\n", to: dir + "/l.flourish")
        let row = "Date,Payee,Amount\n2026-11-05,Corner Coffee,-4.50\n"
        TestSupport.write(row, to: dir + "/a.csv")
        TestSupport.write(row, to: dir + "/b.csv")
        TestSupport.write("""
            account Bank
            skip 1
            date 1 YYYY-MM-DD
            description 2
            amount 3
            default Health
            statement "a.csv"
            if "coffee"
              to Food
            statement "b.csv"
            match "x" Health

            """, to: dir + "/r.rules")
        func dryRun(_ statement: String) -> RunResult {
            TestSupport.run(["import", "csv", dir + "/" + statement, "--rules", dir + "/r.rules", "-f", dir + "/l.flourish", "--dry-run"])
        }
        let a = dryRun("a.csv")
        #expect(a.status == .success && a.stdout.contains("Corner Coffee  ; import:2e1e3a9b5b28c578\n  Food  4.50\n  Bank\n"))
        let b = dryRun("b.csv")
        #expect(b.status == .success, "\(b.stderr)")
        #expect(b.stdout.contains("Corner Coffee  ; import:2e1e3a9b5b28c578\n  Health  4.50\n  Bank\n"))
        // An indented line under no `if`, in a section that is read, is still an error.
        TestSupport.write(TestSupport.read(dir + "/r.rules") + "  to Food\n", to: dir + "/r.rules")
        #expect(dryRun("b.csv").stderr.contains("error: unexpected `to`"))
    }
}
