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

    @Test func rowsThatDoNotReadAreLeftOutWhenTheRulesSaySo() {
        let rules = "account Bank\nskip 1\nskip-unreadable\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\ndefault Health\n"
        let csv = "Date,Text,Amount\n2026-11-02,Chemist,-10.00\nNotice: new terms apply,,\n2026-11-03,Chemist,-5.00\nClosing balance,,990.00\n"
        let dir = folder(rules: rules, csv: csv)
        let result = importing(dir)
        #expect(result.stdout == "imported 2 entries from \(dir)/s.csv into \(dir)/l.flourish (2 rows that did not read left out: lines 3, 5)\n")
        let strict = folder(rules: rules.replacingOccurrences(of: "skip-unreadable\n", with: ""), csv: csv)
        #expect(importing(strict).status == .problems)
    }

    /// One rules file for two banks' statements, with shared rules from another file.
    @Test func sectionsForSeveralStatementsAndSharedRules() {
        let dir = folder(rules: "", csv: "")
        TestSupport.write("match \"grocer\" Food:Groceries\nmatch \"coffee\" Food:Dining\n", to: dir + "/shared.rules")
        TestSupport.write("""
        include "shared.rules"
        default Health

        statement "bank-*.csv"
        account Bank
        date 1 YYYY-MM-DD
        description 2
        amount 3

        statement "card-*.csv"
        account Visa
        date 1 MM/DD/YYYY
        description 2
        amount 3
        negate

        """, to: dir + "/all.rules")
        TestSupport.write("2026-11-02,Grocer,-10.00\n", to: dir + "/bank-november.csv")
        TestSupport.write("11/03/2026,Coffee,4.50\n", to: dir + "/card-november.csv")
        for name in ["bank-november.csv", "card-november.csv"] {
            let result = TestSupport.run(["import", "csv", dir + "/" + name, "--rules", dir + "/all.rules", "--file", dir + "/l.flourish"])
            #expect(result.status == .success, "\(name): \(result.stderr)")
        }
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("  Food:Groceries  10.00\n  Bank\n"))
        #expect(text.contains("  Food:Dining  4.50\n  Visa\n"))
        TestSupport.write("2026-11-02,Grocer,-10.00\n", to: dir + "/other.csv")
        let unknown = TestSupport.run(["import", "csv", dir + "/other.csv", "--rules", dir + "/all.rules", "--file", dir + "/l.flourish"])
        #expect(unknown.status == .problems)
        #expect(unknown.stderr.contains("error: statement `other.csv` is not named by a `statement` section (bank-*.csv, card-*.csv)"))
        #expect(ImportRules.glob("bank-*.csv", "/x/Bank-2026-11.CSV") && !ImportRules.glob("bank-*.csv", "card-1.csv") && ImportRules.glob("*", "a"))
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
        // A date far from the ledger's years is imported as read, with a warning naming its line.
        let far = folder(rules: rules, csv: "h;h;h\n05.11.75;Old;-1,00 USD\n")
        let farResult = importing(far)
        #expect(farResult.status == .success)
        #expect(farResult.stderr.contains("s.csv:2:1: warning: date `05.11.75` is more than ten years from the ledger's dates (2016–2036)\n"))
        #expect(farResult.stderr.contains("= hint: imported as read: if the year is wrong, check the rules' date format (YY or YYYY)\n"))
        #expect(TestSupport.read(far + "/l.flourish").contains("1975-11-05 Old  ; import:"))
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

    /// docs/commands.md's dry-run sample is what the command prints.
    @Test func readmeShowsARealDryRun() {
        let result = TestSupport.run(["import", "csv", TestSupport.root + "/examples/import/bigbank.csv", "--rules",
                                      TestSupport.root + "/examples/import/bigbank.rules", "--file",
                                      TestSupport.root + "/examples/household.flourish", "--dry-run"])
        #expect(result.status == .success)
        #expect(TestSupport.read(TestSupport.root + "/docs/commands.md").contains("```text\n" + result.stdout + "```\n"))
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

    /// A US checking account's export with a type column, routed from the docs alone: a
    /// transfer to savings and a card payment go to accounts, the rest to categories; the
    /// bank's running balance holds; check and fmt --check pass.
    @Test func aUSCheckingExportRoutesTransfersAndHoldsItsBalance() {
        let rules = """
        account Bank
        skip 1
        date "Posting Date" MM/DD/YYYY
        description "Description"
        amount "Amount"
        balance "Balance"
        default Health

        if %"Type" = "ACCT_XFER" and ~ "savings"
          to Savings
        if %"Type" = "LOAN_PMT" or ~ "^visa autopay"
          to Visa
        if "grocer"
          to Food:Groceries

        """
        let csv = """
        Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #
        DEBIT,11/05/2026,VISA AUTOPAY 1234,-150.00,LOAN_PMT,600.00,
        DEBIT,11/04/2026,ONLINE TRANSFER TO SAVINGS 5678,-200.00,ACCT_XFER,750.00,
        DEBIT,11/03/2026,GROCER HOUSE,-50.00,DEBIT_CARD,950.00,

        """
        let ledger = Self.ledger.replacingOccurrences(of: "account Visa credit", with: "account Visa credit\naccount Savings savings")
        let dir = folder(ledger: ledger, rules: rules, csv: csv)
        let result = importing(dir)
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("2026-11-04 ONLINE TRANSFER TO SAVINGS 5678  ; import:"))
        #expect(text.contains("  Savings  200.00\n  Bank\n"))
        #expect(text.contains("  Visa  150.00\n  Bank\n"))
        #expect(text.hasSuffix("balance 2026-11-05 Bank 600.00  ; from the statement's balance column\n"))
        #expect(TestSupport.run(["check", dir + "/l.flourish"]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", dir + "/l.flourish"]).stdout == "")
    }

    /// A payment service: pending rows left out, a friend paying back, fees as their own line.
    @Test func aPaymentServiceWithPendingRowsAFriendAndFees() {
        let rules = """
        account Bank
        skip 1
        date "Date" DD/MM/YYYY
        description "Name"
        amount "Gross"
        fee "Fee" Health
        default Food:Dining

        if %"Status" = "Pending"
          skip
        if "sam" and amount > 0
          to Sam
          comment "Sam paid me back"

        """
        let csv = """
        "Date","Time","Name","Type","Status","Currency","Gross","Fee","Net"
        "02/11/2026","10:01:22","Pizza Place","Payment","Completed","USD","-30.00","0.00","-30.00"
        "03/11/2026","18:30:00","Sam Example","Payment Received","Completed","USD","15.00","-0.75","14.25"
        "04/11/2026","09:00:00","Book Shop","Payment","Pending","USD","-12.00","0.00","-12.00"

        """
        let ledger = Self.ledger + "person Sam\n"
        let dir = folder(ledger: ledger, rules: rules, csv: csv)
        let result = importing(dir)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("(1 row left out by skip rules)\n"))
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("  ; Sam paid me back\n  Sam     -15.00\n  Health    0.75\n  Bank\n"))
        #expect(!text.contains("Book Shop"))
        #expect(TestSupport.run(["check", dir + "/l.flourish"]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", dir + "/l.flourish"]).stdout == "")
    }

    /// A payment service: a fee column as its own split line, Windows-1252 text.
    @Test func feesAndWindows1252() {
        let rules = "account Bank\nskip 1\nencoding windows-1252\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\nfee 4 Health\ndefault Salary\n"
        let csv: [UInt8] = Array("Date,Name,Gross,Fee\n2026-11-05,Caf".utf8) + [0xE9, 0x20, 0x80] + Array(",100.00,-2.90\n".utf8)
        let dir = folder(rules: rules, csv: "")
        _ = FileManager.default.createFile(atPath: dir + "/s.csv", contents: Data(csv))
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

/// A German bank's export read from the docs alone: semicolons, decimal comma, Windows-1252
/// text, two-digit years, columns named by the header row, a balance column.
@Suite struct GermanStatementTests {
    @Test func importsWithHeaderNamesAndItsOwnBalance() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("""
        currency EUR
        account Girokonto checking
        category Lebensmittel
        category Miete
        category Gehalt income
        category Sonstiges
        opening 2026-10-31 Girokonto 1000,00

        """.replacingOccurrences(of: "1000,00", with: "1000.00"), to: dir + "/l.flourish")
        TestSupport.write("""
        account Girokonto
        skip 1
        separator semicolon
        encoding windows-1252
        decimal-comma
        date "Buchungstag" DD.MM.YY
        description "Empfänger" "Verwendungszweck"
        amount "Betrag"
        balance "Saldo"
        match "rewe" Lebensmittel
        match "miete" Miete
        match "gehalt" Gehalt
        default Sonstiges

        """, to: dir + "/s.rules")
        let rows = "Buchungstag;Empf\u{E4}nger;Verwendungszweck;Betrag;Saldo\n"
            + "03.11.26;REWE Markt;Eink\u{E4}ufe;-45,60;954,40\n"
            + "05.11.26;Hausverwaltung M\u{FC}ller;Miete November;-700,00;254,40\n"
            + "28.11.26;Arbeitgeber GmbH;Gehalt;2.500,00;2.754,40\n"
        // Windows-1252: ä is 0xE4, ü is 0xFC, as the bank writes them.
        let bytes = rows.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        _ = FileManager.default.createFile(atPath: dir + "/s.csv", contents: Data(bytes))
        let result = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/s.rules", "--file", dir + "/l.flourish"])
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(dir + "/l.flourish")
        #expect(text.contains("2026-11-05 Hausverwaltung Müller Miete November  ; import:"))
        #expect(text.contains("  Miete      700.00\n  Girokonto\n"))
        #expect(text.contains("  Gehalt     -2500.00\n  Girokonto\n"))
        #expect(text.hasSuffix("balance 2026-11-28 Girokonto 2754.40  ; from the statement's balance column\n"))
        #expect(TestSupport.run(["check", dir + "/l.flourish"]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", dir + "/l.flourish"]).stdout == "")
        // A header the statement lacks is an error at the rules line.
        TestSupport.write(TestSupport.read(dir + "/s.rules").replacingOccurrences(of: "\"Saldo\"", with: "\"Kontostand\""), to: dir + "/s.rules")
        let wrong = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/s.rules", "--file", dir + "/l.flourish"])
        #expect(wrong.status == .problems)
        #expect(wrong.stderr.contains("s.rules:9:9: error: column `Kontostand` is not in the statement's header row (Buchungstag, Empfänger, Verwendungszweck, Betrag, Saldo)"))
    }
}

/// The import rules' own small regular expressions.
@Suite struct PatternTests {
    func groups(_ pattern: String, _ text: String) throws -> [String]? {
        try Pattern(pattern).match(text)
    }

    @Test func whatIsSupported() throws {
        #expect(try groups("coffee", "CORNER COFFEE 22") == ["COFFEE"])
        #expect(try groups("^amzn mktp (\\w+)", "AMZN Mktp UK12345") == ["AMZN Mktp UK12345", "UK12345"])
        #expect(try groups("^(rewe|edeka) ", "EDEKA Markt") == ["EDEKA ", "EDEKA"])
        #expect(try groups("card \\d{4}$", "paid by card 1234") == ["card 1234"])
        #expect(try groups("card \\d{4}$", "paid by card 12345") == nil)
        #expect(try groups("[^0-9]+([0-9]{2,3})", "ref ABC 123") == ["ref ABC 123", "123"])
        #expect(try groups("a.c", "xabcx") == ["abc"])
        #expect(try groups("colou?r", "COLOR") == ["COLOR"])
        #expect(try groups("x*", "") == [""])
        #expect(try groups("\\.", "a.b") == ["."])
    }

    @Test func mistakesAreErrorsAndNothingHangs() throws {
        #expect(throws: Pattern.SyntaxError.self) { try Pattern("(abc") }
        #expect(throws: Pattern.SyntaxError.self) { try Pattern("[abc") }
        #expect(throws: Pattern.SyntaxError.self) { try Pattern("*a") }
        #expect(throws: Pattern.SyntaxError.self) { try Pattern("a{5,2}") }
        // Once catastrophic for backtracking: linear in the text (PatternEngineTests).
        let evil = try Pattern("(a*)*b")
        #expect(evil.match(String(repeating: "a", count: 10_000)) == nil)
    }
}

/// Rules version 2: conditions on any column, and rows routed to any account, person, goal
/// or split, with no hand edits.
@Suite struct RulesVersionTwoTests {
    static let ledger = """
    currency GBP
    account Current checking
    account Savings savings
    category Rent
    category Food:Dining
    category Shopping
    category Salary income
    category Misc
    person Jordan
    person Sam
    goal 2026-01-01 Holiday 1000.00
    opening 2026-11-01 Current 2000.00
    move 2026-11-01 500.00 to Holiday

    """

    /// A UK app bank: local-currency column names, its own category and state columns.
    static let statement = """
    Date,Description,Amount (GBP),Category,Type,State
    2026-11-01,Landlord Ltd,-1200.00,Bills,DIRECT_DEBIT,COMPLETED
    2026-11-02,To Savings pot,-300.00,Transfers,TRANSFER,COMPLETED
    2026-11-03,Sam,25.00,Transfers,TRANSFER,COMPLETED
    2026-11-04,AMZN Mktp UK*123AB,-18.99,Shopping,CARD_PAYMENT,COMPLETED
    2026-11-05,Pizza Place,-30.00,Eating out,CARD_PAYMENT,PENDING
    2026-11-06,Travel agent,-150.00,Holidays,CARD_PAYMENT,COMPLETED
    2026-11-07,Corner Cafe,-4.10,Eating out,CARD_PAYMENT,COMPLETED

    """

    static let rules = """
    account Current
    skip 1
    date 1 YYYY-MM-DD
    description 2
    amount 3
    default Misc

    if %"State" = "PENDING"                 ; not settled yet: next statement
      skip
    if "landlord"
      split Rent 50% Jordan 50%             ; Jordan pays half the rent
      tag home
    if %5 = "TRANSFER" and ~ "savings"
      to Savings
    if %"Type" = "TRANSFER" and amount > 0
      to Sam
      comment "paid back"
    if ~ "^amzn mktp uk\\*(\\w+)"
      to Shopping
      description "Amazon order \\1"
      status *
    if %4 = "Holidays"
      to Food:Dining goal Holiday
    match "cafe" Food:Dining

    """

    @Test func everyRowGoesWhereItShouldWithNoHandEdits() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write(Self.ledger, to: dir + "/l.flourish")
        TestSupport.write(Self.rules, to: dir + "/s.rules")
        TestSupport.write(Self.statement, to: dir + "/s.csv")
        let result = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/s.rules", "--file", dir + "/l.flourish"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == "imported 6 entries from \(dir)/s.csv into \(dir)/l.flourish (1 row left out by skip rules)\n")
        let text = TestSupport.read(dir + "/l.flourish")
        func key(_ date: String, _ description: String, _ amount: String) -> String {
            Importer.hexHash(["Current", date, description, amount].joined(separator: "\u{1}"))
        }
        #expect(text.hasSuffix("""
        2026-11-01 Landlord Ltd  #home  ; import:\(key("2026-11-01", "Landlord Ltd", "-1200.00"))
          Rent     600.00
          Jordan   600.00
          Current

        2026-11-02 To Savings pot  ; import:\(key("2026-11-02", "To Savings pot", "-300.00"))
          Savings  300.00
          Current

        2026-11-03 Sam  ; import:\(key("2026-11-03", "Sam", "25.00"))
          ; paid back
          Sam      -25.00
          Current

        2026-11-04 * Amazon order 123AB  ; import:\(key("2026-11-04", "AMZN Mktp UK*123AB", "-18.99"))
          Shopping  18.99
          Current

        2026-11-06 Travel agent  ; import:\(key("2026-11-06", "Travel agent", "-150.00"))
          Food:Dining  150.00 goal Holiday
          Current

        2026-11-07 Corner Cafe  ; import:\(key("2026-11-07", "Corner Cafe", "-4.10"))
          Food:Dining  4.10
          Current

        """))
        #expect(TestSupport.run(["check", dir + "/l.flourish"]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", dir + "/l.flourish"]).stdout == "")
        let explained = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/s.rules", "--file", dir + "/l.flourish", "--explain", "6"])
        #expect(explained.stdout == "line 6: left out by a `skip` rule\n")
    }

    @Test func oddSharesSplitExactlyToTheCent() throws {
        var rules = ImportRules()
        rules.defaultCategory = "Misc"
        let lines = try #require(Importer.split(Money(minorUnits: 1001), [("A", .percent(3_333)), ("B", .percent(3_333)), ("C", .percent(3_334))], rules, 2))
        #expect(lines.map(\.amount.minorUnits) == [334, 334, 333])
        let fixed = try #require(Importer.split(Money(minorUnits: -5000), [("A", .amount("10.00")), ("B", .rest)], rules, 2))
        #expect(fixed.map(\.amount.minorUnits) == [-1000, -4000])
    }

    @Test func mistakesInRulesAreDiagnostics() {
        let rules = "account Current\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\ndefault Misc\nif ~ \"(unclosed\"\n  to Misc\nif \"x\" and \"y\" or \"z\"\n  to Misc\nif \"a\"\n  split Rent 60% Jordan 30%\n  tag\n  frobnicate\n  to\n"
        let parsed = ImportRules.parse(SourceFile(path: "r.rules", text: rules), fileIndex: 0)
        let messages = parsed.diagnostics.map(\.message)
        #expect(messages.contains("expected a pattern (`(` without its `)`), found `(unclosed`"))
        #expect(messages.contains("unexpected `or`"))
        #expect(messages.contains("the shares of a split must be 100% in all (or leave one line's share out: it takes the rest), found 90.00%"))
        #expect(messages.contains("unknown rule `frobnicate`"))
        #expect(parsed.rules == nil)
    }
}

/// A one-line `match` may send a row to an account or a person, not only a category.
@Suite struct MatchTargetTests {
    @Test func matchRoutesATransfer() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write(StatementShapeTests.ledger + "account Savings savings\n", to: dir + "/l.flourish")
        TestSupport.write("account Bank\ndate 1 YYYY-MM-DD\ndescription 2\namount 3\nmatch \"to savings\" Savings\ndefault Health\n", to: dir + "/s.rules")
        TestSupport.write("2026-11-02,Transfer to savings,-100.00\n", to: dir + "/s.csv")
        let result = TestSupport.run(["import", "csv", dir + "/s.csv", "--rules", dir + "/s.rules", "--file", dir + "/l.flourish"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(TestSupport.read(dir + "/l.flourish").contains("  Savings  100.00\n  Bank\n"))
    }
}
