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
