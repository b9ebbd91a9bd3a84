import Foundation
import Testing
@testable import FlourishCore

/// Statements shaped like real banks' exports (written here), imported with no hand edits;
/// keys that survive a re-export; and seeing before writing.
@Suite struct StatementShapeTests {
    static let ledger = """
    currency USD
    account Bank checking
    account Visa credit
    category Food:Groceries
    category Food:Dining
    category Health
    category Salary income
    opening 2026-11-01 Bank 1000.00

    """

    func folder(ledger: String = ledger, rules: String, csv: String) -> String {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write(ledger, to: dir + "/l.flourish")
        TestSupport.write(rules, to: dir + "/s.rules")
        TestSupport.write(csv, to: dir + "/s.csv")
        return dir
    }

    func importing(_ dir: String, _ extra: [String] = []) -> RunResult {
        TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/s.rules", "--file", dir + "/l.flourish"] + extra)
    }

    static let cardRules = """
    account Visa
    skip 1                  ; the header
    skip-end 1              ; the totals row
    date 1 MM/DD/YYYY
    description 3
    amount 4
    match "grocer" Food:Groceries
    match "coffee" Food:Dining
    default Health

    """

    /// A card statement: dates with a time, negatives in parentheses, a footer.
    static let card = """
    Transaction Date,Posted,Description,Amount
    11/20/2026 09:14,11/21/2026,GROCER HOUSE #1123,(54.20)
    11/21/2026 18:30,11/22/2026,COFFEE CORNER,(4.50)
    11/22/2026 10:00,11/23/2026,PHARMACY 22,-7.25
    Total,,,(65.95)

    """

    @Test func aCardStatementWithParenthesesATimeAndAFooter() {
        let dir = folder(rules: Self.cardRules, csv: Self.card)
        let result = importing(dir)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == "imported 3 entries from \(dir)/s.csv into \(dir)/l.flourish\n")
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("2026-11-20 \"GROCER HOUSE #1123\"  ; import:"))
        #expect(text.contains("  Food:Groceries  54.20\n  Visa\n"))
        #expect(text.contains("  Health  7.25\n  Visa\n"))
        #expect(TestSupport.run(["check", dir + "/l.flourish"]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", dir + "/l.flourish"]).stdout == "")
    }

    @Test func aReExportWithAnotherOrderAndBalanceColumnAddsNothing() {
        let rules = "account Bank\nskip 1\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\nmatch \"grocer\" Food:Groceries\ndefault Health\n"
        let first = "Date,Text,Amount,Balance\n2026-11-02,Grocer,-10.00,990.00\n2026-11-03,Grocer,-10.00,980.00\n2026-11-03,Grocer,-10.00,970.00\n"
        let dir = folder(rules: rules, csv: first)
        #expect(importing(dir).stdout == "imported 3 entries from \(dir)/s.csv into \(dir)/l.flourish\n")
        // Newest first, balances in another currency view: the same three rows.
        TestSupport.write("Date,Text,Amount,Balance\n2026-11-03,Grocer,-10.00,1970.00\n2026-11-03,Grocer,-10.00,1980.00\n2026-11-02,Grocer,-10.00,1990.00\n2026-11-04,Grocer,-5.00,1985.00\n", to: dir + "/s.csv")
        let again = importing(dir)
        #expect(again.stdout == "imported 1 entry from \(dir)/s.csv into \(dir)/l.flourish (3 already there)\n")
    }

    @Test func keysWrittenByEarlierVersionsStillCount() {
        let rules = "account Bank\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\ndefault Health\n"
        let row = "2026-11-02,Chemist,-10.00"
        let legacy = Importer.hexHash("Bank" + "\u{1}" + row)
        let dir = folder(ledger: Self.ledger + "\n2026-11-02 Chemist  ; import:\(legacy)\n  Health  10.00\n  Bank\n", rules: rules, csv: row + "\n")
        #expect(importing(dir).stdout == "nothing to import: all 1 row of \(dir)/s.csv are already in \(dir)/l.flourish\n")
    }

    /// A German bank: semicolons, decimal comma, a currency code, two-digit years.
    @Test func twoDigitYearsNeedAYYFormatAndLandInTheLedgersYears() {
        let csv = "Buchungstag;Verwendungszweck;Betrag\n05.11.26;REWE SAGT DANKE;-12,30 USD\n06.11.26;Gehalt;1.234,50 USD\n"
        let rules = "account Bank\nskip 1\nseparator semicolon\ndecimal-comma\ndate 1 DD.MM.YY\ndescription 2\namount 3\nmatch \"rewe\" Food:Groceries\nmatch \"gehalt\" Salary\ndefault Health\n"
        let dir = folder(rules: rules, csv: csv)
        let result = importing(dir)
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("2026-11-05 REWE SAGT DANKE  ; import:"))
        #expect(text.contains("  Salary  -1234.50\n  Bank\n"))
        // Read with a four-digit format, 05.11.26 is an error, never the year 0026.
        let wrong = folder(rules: rules.replacingOccurrences(of: "DD.MM.YY", with: "DD.MM.YYYY"), csv: csv)
        let refused = importing(wrong)
        #expect(refused.status == .problems)
        #expect(refused.stderr.contains("error: date `05.11.26` is not a date written DD.MM.YYYY"))
        // A date far from the ledger's years is refused too.
        let far = folder(rules: rules, csv: "h;h;h\n05.11.75;Old;-1,00 USD\n")
        #expect(importing(far).stderr.contains("error: date `05.11.75` is not within ten years of the ledger's dates (2016–2036); check the date format"))
    }

    @Test func dryRunShowsEntriesRulesAndASummaryAndWritesNothing() {
        let dir = folder(rules: Self.cardRules, csv: Self.card)
        let before = TestSupport.read(dir + "/l.flourish")
        let result = importing(dir, ["--dry-run"])
        #expect(result.status == .success)
        #expect(TestSupport.read(dir + "/l.flourish") == before)
        #expect(result.stdout.hasPrefix("would import 3 entries from \(dir)/s.csv into \(dir)/l.flourish; nothing was written\n\n2026-11-20 \"GROCER HOUSE #1123\"  ; import:"))
        #expect(result.stdout.hasSuffix("""
        Rules
          line 2: match "grocer" → Food:Groceries
          line 3: match "coffee" → Food:Dining
          line 4: default → Health

        Summary
          Food:Dining     1 row
          Food:Groceries  1 row
          Health          1 row
          rows that fell to default: line 4

        """))
        let explained = importing(dir, ["--explain", "4"])
        #expect(explained.stdout == """
        line 4: 2026-11-22 "PHARMACY 22", -7.25 into Visa
          match "grocer" → Food:Groceries: no
          match "coffee" → Food:Dining: no
          default → Health
          so: Health (no match rule found its text)

        """)
        #expect(importing(dir, ["--explain", "5"]).status == .problems)
    }

    /// README's dry-run sample is what the command prints.
    @Test func readmeShowsARealDryRun() {
        let result = TestSupport.run(["import", "csv", TestSupport.root + "/examples/import/bigbank.csv", "--rules",
                                      TestSupport.root + "/examples/import/bigbank.rules", "--file",
                                      TestSupport.root + "/examples/household.flourish", "--dry-run"])
        #expect(result.status == .success)
        #expect(TestSupport.read(TestSupport.root + "/README.md").contains("```text\n" + result.stdout + "```\n"))
    }

    /// A checking account's export: a running balance column (checked against the ledger), a
    /// type column, newest first.
    @Test func aRunningBalanceBecomesABalanceAssertion() {
        let rules = "account Bank\nskip 1\ndate 1 MM/DD/YYYY\ndescription 3\namount 4\nbalance 5\nmatch \"grocer\" Food:Groceries\ndefault Health\n"
        let csv = "Date,Type,Description,Amount,Balance\n11/04/2026,DEBIT,GROCER,-20.00,965.00\n11/03/2026,DEBIT,CHEMIST,-5.00,985.00\n11/02/2026,DEBIT,GROCER,-10.00,990.00\n"
        let dir = folder(rules: rules, csv: csv)
        let result = importing(dir)
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(dir + "/l.flourish")
        // Oldest first, then the bank's own closing figure as an assertion that holds.
        #expect(text.hasSuffix("""
        2026-11-02 GROCER  ; import:\(Importer.hexHash("Bank\u{1}2026-11-02\u{1}GROCER\u{1}-10.00"))
          Food:Groceries  10.00
          Bank

        2026-11-03 CHEMIST  ; import:\(Importer.hexHash("Bank\u{1}2026-11-03\u{1}CHEMIST\u{1}-5.00"))
          Health  5.00
          Bank

        2026-11-04 GROCER  ; import:\(Importer.hexHash("Bank\u{1}2026-11-04\u{1}GROCER\u{1}-20.00"))
          Food:Groceries  20.00
          Bank

        balance 2026-11-04 Bank 965.00  ; from the statement's balance column

        """))
        #expect(TestSupport.run(["check", dir + "/l.flourish"]).status == .success)
        // A bank figure the ledger does not reach stops the import.
        let wrong = folder(rules: rules, csv: csv.replacingOccurrences(of: "965.00", with: "960.00"))
        let refused = importing(wrong)
        #expect(refused.status == .problems)
        #expect(refused.stderr.contains("balance assertion failed for `Bank` at the end of 2026-11-04: expected 960.00, actual 965.00"))
    }

    /// A payment service: a fee column as its own split line, Windows-1252 text.
    @Test func feesAndWindows1252() {
        let rules = "account Bank\nskip 1\nencoding windows-1252\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\nfee 4 Health\ndefault Salary\n"
        let csv: [UInt8] = Array("Date,Name,Gross,Fee\n2026-11-05,Caf".utf8) + [0xE9, 0x20, 0x80] + Array(",100.00,-2.90\n".utf8)
        let dir = folder(rules: rules, csv: "")
        FileManager.default.createFile(atPath: dir + "/s.csv", contents: Data(csv))
        let result = importing(dir)
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("2026-11-05 Café €  ; import:"))
        #expect(text.contains("  Salary  -100.00\n  Health     2.90\n  Bank\n"))
        // Without the encoding rule the same bytes are an error, never U+FFFD.
        TestSupport.write(rules.replacingOccurrences(of: "encoding windows-1252\n", with: ""), to: dir + "/s.rules")
        TestSupport.write(Self.ledger, to: dir + "/l.flourish")
        let refused = importing(dir)
        #expect(refused.status == .problems)
        #expect(refused.stderr.contains("error: text `0xE9` is not UTF-8; name the statement's encoding with `encoding windows-1252` or `encoding latin1`"))
    }
}
