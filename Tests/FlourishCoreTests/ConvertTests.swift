import Foundation
import Testing
@testable import FlourishCore

/// `flourish convert`: journals and beancount files brought over, proven against the tools
/// that wrote them. Each foreign account whose lines were all converted must have the same
/// total in Flourish as in hledger or beancount, computed by them from the original file.
@Suite struct ConvertTests {
    static let folder = TestSupport.fixtures + "/convert"
    static let journal = folder + "/household.journal"
    static let beancount = folder + "/household.beancount"

    /// Converts through the library: the outcome, with the names and the accounts left incomplete.
    func convert(_ path: String, beancount: Bool = false, mapping: [String: AccountMapping.Target] = [:]) throws -> Converter.Outcome {
        let read = beancount ? BeancountReader.read(path, allowedIncludes: []) : JournalReader.read(path, allowedIncludes: [])
        guard case .success(let foreign) = read else { throw Converter.Failure(message: "cannot read \(path)") }
        guard case .success(let outcome) = Converter.convert(foreign, source: "converted.flourish", format: "test", currency: nil, mapping: mapping) else {
            throw Converter.Failure(message: "cannot convert \(path)")
        }
        return outcome
    }

    /// Each account's own total in the converted ledger (categories without their sub-categories).
    func flourishTotals(_ outcome: Converter.Outcome, decimals: Int = 2) throws -> [String: Int64] {
        let journal = TestSupport.book(TestSupport.load(outcome.text))
        let balances = try journal.balances(through: .latest)
        let own = try journal.categoryTotals(in: CivilDate.earliest...CivilDate.latest, rollUp: false)
        var totals: [String: Int64] = [:]
        for (foreign, name) in outcome.names where !outcome.incomplete.contains(foreign) {
            guard let id = journal.ledger.names.id(of: name) else { continue }
            let kind = journal.index.kind(of: id)
            totals[foreign] = (kind == .category || kind == .incomeCategory ? own[id] : balances[Int(id)]).minorUnits
        }
        return totals
    }

    /// Each account's total as `hledger bal` gives it for a journal in dollars (an account
    /// whose total is zero is left out).
    static func hledgerTotals(_ path: String) -> [String: Int64] {
        let balances = Tools.run(Tools.path("hledger")!, ["-f", path, "bal", "--flat", "-N", "-O", "csv"])
        var totals: [String: Int64] = [:]
        for line in balances.output.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            if fields.count == 2, let value = minor(fields[1]) { totals[fields[0]] = value }
        }
        return totals
    }

    /// `-1,234.50` in any commodity's notation → minor units.
    static func minor(_ text: String) -> Int64? {
        let kept = text.filter { $0.isNumber || $0 == "-" || $0 == "." }
        guard case .success(let value) = NumberSyntax.decimal(Array(kept.utf8)) else { return nil }
        return NumberSyntax.minorUnits(value, decimals: 2)
    }

    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func aJournalAgreesWithHledger() throws {
        let outcome = try convert(Self.journal)
        // At cost: the train in Lyon, 120.00 EUR at $1.10, is $132.00 of Travel.
        let hledger = Tools.run(Tools.path("hledger")!, ["-f", Self.journal, "bal", "--flat", "-N", "-O", "csv", "-B"])
        #expect(hledger.status == 0)
        var theirs: [String: Int64] = [:]
        for line in hledger.output.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            if fields.count == 2, fields[1].hasPrefix("$") || fields[1].hasPrefix("-$"), let value = Self.minor(fields[1]) { theirs[fields[0]] = value }
        }
        let ours = try flourishTotals(outcome)
        #expect(ours.count == 11, "\(ours.keys.sorted())")
        #expect(ours["Expenses:Travel"] == 13200)
        // hledger leaves out accounts whose total is zero.
        for (account, value) in ours { #expect(theirs[account] ?? 0 == value, "\(account)") }
        #expect(outcome.incomplete == ["Budget:Food"])
    }

    @Test func aJournalConvertsAsTheGoldenSays() throws {
        let output = TestSupport.temporaryDirectory() + "/budget.flourish"
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.journal))
        let result = TestSupport.run(["convert", "journal", Self.journal, "-o", output])
        #expect(result.status == .success)
        #expect(result.stdout == "")
        let notes = TestSupport.golden(Self.folder + "/household.journal.notes", TestSupport.relative(result.stderr).replacingOccurrences(of: output, with: "OUT"))
        #expect(notes.actual == notes.expected)
        let text = TestSupport.golden(Self.folder + "/household.journal.flourish", TestSupport.relative(TestSupport.read(output)))
        #expect(text.actual == text.expected)
        // The original is never touched; the result checks clean and is in canonical form.
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.journal)) == before)
        #expect(TestSupport.run(["check", output]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", output]).status == .success)
        // The same input gives the same bytes.
        let again = TestSupport.temporaryDirectory() + "/again.flourish"
        _ = TestSupport.run(["convert", "journal", Self.journal, "-o", again])
        #expect(TestSupport.read(again) == TestSupport.read(output))
    }

    /// Totals by account in the main commodity, from beancount's own loader.
    func beancountTotals(_ path: String, currency: String) -> [String: Int64] {
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, options = loader.load_file(sys.argv[1])
            if errors: sys.exit("errors: %d" % len(errors))
            totals = {}
            for entry in entries:
                if isinstance(entry, data.Transaction):
                    for posting in entry.postings:
                        if posting.units.currency == sys.argv[2]:
                            totals[posting.account] = totals.get(posting.account, 0) + posting.units.number
            for account, number in sorted(totals.items()): print(account, number)
            """
        let result = Tools.run(Tools.path("python3")!, ["-c", script, path, currency])
        var totals: [String: Int64] = [:]
        for line in result.output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Self.minor(String(parts[1])) { totals[String(parts[0])] = value }
        }
        return totals
    }

    @Test(.enabled(if: Tools.hasBeancount, "beancount is not installed"))
    func aBeancountFileAgreesWithBeancount() throws {
        let outcome = try convert(Self.beancount, beancount: true)
        // Each account's total in each commodity (the shares and vacation days in their own).
        let ours = flourishTotalsByCommodity(outcome).filter { !outcome.incomplete.contains($0.key) }
        #expect(Set(ours.keys) == ["Assets:Brokerage:Cash", "Assets:Receivable:Ingrid", "Liabilities:Card", "Expenses:Fees", "Expenses:Food:Groceries",
                                   "Expenses:Food:Restaurant", "Expenses:Home:Rent", "Income:Salary", "Assets:Brokerage:VWCE",
                                   "Assets:Employer:Vacation", "Income:Employer:Vacation"])
        for commodity in ["EUR", "VWCE", "VACDAY"] {
            let theirs = beancountTotals(Self.beancount, currency: commodity)
            #expect(!theirs.isEmpty)
            for (account, byCommodity) in ours {
                guard let value = byCommodity[commodity] else { continue }
                #expect(theirs[account] ?? 0 == Self.minor(Money(minorUnits: value.mantissa).formatted(decimals: value.scale, grouping: false)), "\(account) in \(commodity)")
            }
        }
        #expect(outcome.incomplete == ["Assets:Checking", "Equity:Opening-Balances"])
    }

    @Test func aBeancountFileConvertsAsTheGoldenSays() {
        let output = TestSupport.temporaryDirectory() + "/budget.flourish"
        let result = TestSupport.run(["convert", "beancount", Self.beancount, "-o", output])
        #expect(result.status == .success)
        let notes = TestSupport.golden(Self.folder + "/household.beancount.notes", TestSupport.relative(result.stderr).replacingOccurrences(of: output, with: "OUT"))
        #expect(notes.actual == notes.expected)
        let text = TestSupport.golden(Self.folder + "/household.beancount.flourish", TestSupport.relative(TestSupport.read(output)))
        #expect(text.actual == text.expected)
        #expect(TestSupport.run(["fmt", "--check", output]).status == .success)
    }

    /// Each foreign account's total in each commodity, as written: in Flourish, the lines'
    /// own amounts (home amounts for lines in the home currency), without the lines booking adds
    /// (exchange differences and revaluations, which the original does not have).
    func flourishTotalsByCommodity(_ outcome: Converter.Outcome) -> [String: [String: NumberSyntax.Decimal]] {
        let journal = TestSupport.book(TestSupport.load(outcome.text))
        let ledger = journal.ledger
        let home = journal.currency
        var foreignName: [String: String] = [:]
        for (foreign, name) in outcome.names { foreignName[name] = foreign }
        var totals: [String: [String: (minor: Int64, decimals: Int)]] = [:]
        func add(_ id: Int32, _ minor: Int64, _ currency: Currency) {
            guard let account = foreignName[ledger.names[id]] else { return }
            let old = totals[account]?[currency.code]?.minor ?? 0
            totals[account, default: [:]][currency.code] = (old + minor, currency.decimals)
        }
        for entry in ledger.entries {
            for line in entry.postings where !ledger.postings[line].isMade {
                let foreign = ledger.foreignAmounts[line]
                add(ledger.postings[line].target.id, foreign?.native.minorUnits ?? ledger.postings[line].amount.minorUnits, foreign?.currency ?? home)
            }
        }
        for opening in ledger.openings {
            let foreign = ledger.foreignDirectives[opening.location]
            add(opening.account.id, foreign?.native.minorUnits ?? opening.amount.value.minorUnits, foreign?.currency ?? home)
        }
        return totals.mapValues { $0.mapValues { Self.normalized(NumberSyntax.Decimal(mantissa: $0.minor, scale: $0.decimals)) } }
    }

    /// A decimal without trailing zeros after its point (`2.50` and `2.5` compare equal).
    static func normalized(_ value: NumberSyntax.Decimal) -> NumberSyntax.Decimal { value.normalized }

    /// Each account's total in each commodity, from `bean-query`.
    static func beanQueryTotals(_ path: String) -> [String: [String: NumberSyntax.Decimal]] {
        let result = Tools.run(Tools.path("bean-query")!, ["-f", "csv", path, "SELECT account, currency, sum(number) AS total GROUP BY account, currency"])
        var totals: [String: [String: NumberSyntax.Decimal]] = [:]
        // CSV lines end with CR LF (one Character in Swift).
        for line in result.output.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3, case .success(let value) = NumberSyntax.decimal(Array(fields[2].utf8)) else { continue }
            totals[fields[0], default: [:]][fields[1]] = normalized(value)
        }
        return totals
    }

    /// A journal with a euro account beside dollar ones (as `hledger print` writes one): the
    /// main commodity is the one prices are in; every account's total in each commodity is
    /// hledger's (`bal` without `-B`).
    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func aJournalInTwoCurrenciesAgreesInEach() throws {
        let path = TestSupport.temporaryDirectory() + "/trip.journal"
        TestSupport.write("""
        P 2025-01-01 EUR $1.08

        2025-01-02 Move dollars to the euro account
            assets:revolut      100 EUR @@ $110
            assets:checking

        2025-01-03 Coffee in Paris
            expenses:food       4.50 EUR
            assets:revolut

        2025-01-04 Dinner on the US card
            expenses:food       30 EUR @ $1.10
            liabilities:visa

        2025-01-05 Euros back
            assets:checking     $50
            assets:revolut      -45 EUR

        """, to: path)
        let outcome = try convert(path)
        #expect(outcome.text.contains("currency USD\n"))
        #expect(outcome.text.contains("account revolut checking EUR\n"))
        #expect(outcome.corrections == 0 && outcome.notConverted == 0)
        let ours = flourishTotalsByCommodity(outcome)
        let result = Tools.run(Tools.path("hledger")!, ["-f", path, "bal", "--flat", "-N", "-O", "csv"])
        var theirs: [String: [String: NumberSyntax.Decimal]] = [:]
        for line in result.output.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard fields.count == 2 else { continue }
            for part in fields[1].split(separator: ",") {
                let text = part.trimmingCharacters(in: .whitespaces)
                let code = text.contains("EUR") ? "EUR" : "USD"
                let number = text.replacingOccurrences(of: "EUR", with: "").replacingOccurrences(of: "$", with: "").trimmingCharacters(in: .whitespaces)
                if case .success(let value) = NumberSyntax.decimal(Array(number.utf8)) { theirs[fields[0], default: [:]][code] = Self.normalized(value) }
            }
        }
        #expect(theirs["assets:revolut"]?["EUR"] == NumberSyntax.Decimal(mantissa: 505, scale: 1), "\(theirs)")
        for (account, byCommodity) in theirs {
            for (commodity, value) in byCommodity { #expect(ours[account]?[commodity] == value, "\(account) in \(commodity)") }
        }
        for (account, byCommodity) in ours {
            for (commodity, value) in byCommodity where value.mantissa != 0 { #expect(theirs[account]?[commodity] == value, "\(account) in \(commodity)") }
        }
    }

    /// beancount's own example ledger (three years: payroll with vacation hours and 401k units,
    /// investments bought at a cost and sold, prices): converted with no corrections, every
    /// transaction whole, and each account's total in each commodity what bean-query says.
    @Test(.enabled(if: Tools.hasBeancount && Tools.has("bean-example") && Tools.has("bean-query"), "bean-example or bean-query is not installed (pip install beancount beanquery)"))
    func beansOwnExampleAgrees() throws {
        let path = TestSupport.temporaryDirectory() + "/example.beancount"
        let generated = Tools.run(Tools.path("bean-example")!, ["--seed", "7", "-o", path])
        #expect(generated.status == 0)
        let output = TestSupport.temporaryDirectory() + "/example.flourish"
        let result = TestSupport.run(["convert", "beancount", path, "-o", output])
        #expect(result.status == .success, "\(result.stderr.suffix(2000))")
        #expect(result.stderr.contains("\nok: the converted ledger checks clean\n"))
        let outcome = try convert(path, beancount: true)
        #expect(outcome.corrections == 0)
        #expect(!outcome.text.contains("\ncorrection "))
        // Only the `event` lines are not converted.
        #expect(outcome.notes.filter { $0.hasPrefix("not converted:") }.allSatisfy { $0.hasPrefix("not converted: the directive 'event'") }, "\(outcome.notes)")
        let theirs = Self.beanQueryTotals(path)
        let ours = flourishTotalsByCommodity(outcome)
        #expect(ours.count >= 40, "\(ours.count) accounts compared")
        #expect(Set(ours.values.flatMap(\.keys)).isSuperset(of: ["USD", "VACHR", "IRAUSD", "VEA", "GLD", "VBMPX"]))
        for (account, byCommodity) in ours {
            for (commodity, value) in byCommodity where value.mantissa != 0 {
                #expect(theirs[account]?[commodity] == value, "\(account) in \(commodity)")
            }
        }
        // Opening balances' equity account becomes `opening` lines, which have no account.
        for (account, byCommodity) in theirs where outcome.names[account] != nil {
            for (commodity, value) in byCommodity where value.mantissa != 0 {
                #expect(ours[account]?[commodity] == value, "\(account) in \(commodity): not in the converted ledger")
            }
        }
        #expect(outcome.assertions >= 50)
        #expect(outcome.transactions >= 500)
    }

    /// Flourish → ledger → Flourish: the household example comes back with the same figures
    /// (the export has no word for a cash reserve).
    @Test func theHouseholdExampleComesBack() {
        let household = TestSupport.root + "/examples/household.flourish"
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write(TestSupport.run(["export", "ledger", household]).stdout, to: folder + "/household.journal")
        let result = TestSupport.run(["convert", "journal", folder + "/household.journal", "-o", folder + "/back.flourish"])
        #expect(result.status == .success)
        #expect(result.stderr.hasSuffix("converted 37 transactions, 4 balance assertions, 3 budgets, 5 opening balances, 1 correction for the account lines of transactions not converted\nok: the converted ledger checks clean\n")
                || result.stderr.hasSuffix("converted 37 transactions, 4 balance assertions, 3 budgets, 5 opening balances\nok: the converted ledger checks clean\n"))
        for kind in ["balances", "budget", "people"] {
            let original = TestSupport.run(["report", kind, household, "-p", "2026"]).stdout
            let back = TestSupport.run(["report", kind, folder + "/back.flourish", "-p", "2026"]).stdout
            #expect(back == original.replacingOccurrences(of: "Cash             cash      reserve      $3,059.25", with: "Cash             cash                   $3,059.25"), "\(kind)")
        }
    }

    /// hledger's periodic transactions: budget rules without a description, schedules with one.
    @Test func periodicTransactionsBecomeBudgetsOrSchedules() {
        let path = TestSupport.temporaryDirectory() + "/plan.journal"
        TestSupport.write("""
            ~ monthly from 2026-01-01
                Expenses:Food   $400
                Assets:Checking

            ~ monthly from 2026-01-01  Rent
                Expenses:Rent   $1,200.00
                Assets:Checking

            ~ every 2 weeks from 2026-01-09 to 2026-07-01  Salary
                Assets:Checking   $1,500
                Income:Salary

            ~ weekly  Coffee beans
                Expenses:Food   12 EUR
                Assets:Checking

            ~ every 15th day of month
                Expenses:Food  $1
                Assets:Checking

            2026-01-01 * Start
                Assets:Checking  $100
                Equity:Opening Balances

            """, to: path)
        let result = TestSupport.run(["convert", "journal", path])
        #expect(result.status == .success)
        #expect(result.stdout.hasSuffix("""
            account Checking checking

            category Food
            category Rent
            category Salary income

            budget 2026-01-01 Food 400.00

            schedule 2026-01-01 Rent monthly
              Rent      1200.00
              Checking

            schedule 2026-01-09 Salary every 2 weeks until 2026-06-30
              Checking  1500.00
              Salary

            opening 2026-01-01 Checking 100.00

            """))
        #expect(result.stderr == """
            not converted: a periodic transaction with a line in EUR (\(path):13)
            not converted: a periodic transaction '~ every 15th day of month' (only '~ monthly [from DATE]' becomes budgets; with a description it becomes a schedule) (\(path):17)
            converted 0 transactions, 0 balance assertions, 1 budget, 2 schedules, 1 opening balance; 2 lines not converted
            ok: the converted ledger checks clean

            """)
    }

    @Test func strictRefusesAndNothingIsWritten() {
        let output = TestSupport.temporaryDirectory() + "/budget.flourish"
        let result = TestSupport.run(["convert", "journal", Self.journal, "-o", output, "--strict"])
        #expect(result.status == .problems)
        #expect(result.stderr.hasSuffix("Error: --strict: 10 lines could not be converted; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func neverWritesOverWhatItReads() {
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write("2026-01-01 x\n  Expenses:A  $1\n  Assets:B\n", to: folder + "/a.journal")
        let before = TestSupport.read(folder + "/a.journal")
        let result = TestSupport.run(["convert", "journal", folder + "/a.journal", "-o", folder + "/a.journal"])
        #expect(result.status == .usage)
        #expect(result.stderr == "Error: -o \(folder)/a.journal is the file being converted; Flourish never writes over what it reads\n")
        #expect(TestSupport.read(folder + "/a.journal") == before)
    }

    @Test func includesStayInsideTheFolder() {
        let folder = TestSupport.temporaryDirectory()
        try? FileManager.default.createDirectory(atPath: folder + "/books", withIntermediateDirectories: true)
        TestSupport.write("2026-01-01 outside\n  Expenses:A  $1\n  Assets:B\n", to: folder + "/secret.journal")
        TestSupport.write("include ../secret.journal\n2026-01-02 inside\n  Expenses:A  $2\n  Assets:Bank\n", to: folder + "/books/main.journal")
        let result = TestSupport.run(["convert", "journal", folder + "/books/main.journal"])
        #expect(result.stderr.hasPrefix("not converted: include of '\(folder)/books/../secret.journal', outside the ledger's folder (use --allow-include) (\(folder)/books/main.journal:1)\n"))
        #expect(!result.stdout.contains("outside"))
        #expect(result.stdout.contains("2026-01-02 inside\n  A     2.00\n  Bank\n"))
    }

    @Test func aMappingFileSaysWhereAccountsGo() throws {
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write("""
            ; where the Okafors' accounts go
            Assets:Bank:Checking = account Everyday checking
            Assets:Bank:Savings = account "Rainy day" savings reserve
            Assets:Receivable:Sam = person "Sam Okafor"
            Expenses:Housing:Rent = category Rent

            """, to: folder + "/accounts.map")
        let result = TestSupport.run(["convert", "journal", Self.journal, "--map", folder + "/accounts.map", "-o", folder + "/out.flourish"])
        #expect(result.status == .success)
        let text = TestSupport.read(folder + "/out.flourish")
        #expect(text.contains("\naccount Everyday checking\naccount \"Rainy day\" savings reserve\naccount Visa credit\n"))
        #expect(text.contains("\ncategory Rent\n") && text.contains("\nperson \"Sam Okafor\"\n"))
        TestSupport.write("Assets:Bank:Checking = account Everyday chequing\nExpenses:X category Y\n", to: folder + "/bad.map")
        let bad = TestSupport.run(["convert", "journal", Self.journal, "--map", folder + "/bad.map"])
        #expect(bad.status == .problems)
        #expect(bad.stderr == """
            Error: \(folder)/bad.map:1: write 'account NAME KIND', KIND one of checking, savings, cash, credit
            Error: \(folder)/bad.map:2: write FOREIGN = account|person|category …

            """)
    }

    @Test func usageMistakes() {
        let unknown = TestSupport.run(["convert", "ledger", Self.journal])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.hasPrefix("Error: unknown format 'ledger'; convert reads: journal, beancount\nDid you mean 'journal'?\n"))
        let none = TestSupport.run(["convert", "journal"])
        #expect(none.stderr.hasPrefix("Error: name the file to convert\n"))
        let missing = TestSupport.run(["convert", "journal", "/nonexistent/x.journal"])
        #expect(missing.status == .noInput)
        #expect(missing.stderr == "Error: cannot read '/nonexistent/x.journal': No such file or directory\n")
        let symbol = TestSupport.temporaryDirectory() + "/k.journal"
        TestSupport.write("2026-01-01 x\n  Expenses:A  5 Rp\n  Assets:B\n", to: symbol)
        let currency = TestSupport.run(["convert", "journal", symbol])
        #expect(currency.stderr == "Error: the amounts are in 'Rp', which is not a currency code; say which currency it is with --currency CODE\n")
        #expect(TestSupport.run(["convert", "journal", symbol, "--currency", "IDR"]).stdout.contains("currency IDR\n"))
        // A sign in the one table of signs (`Currency.symbol(of:)`) names its currency.
        TestSupport.write("2026-01-01 x\n  Expenses:A  5 Kč\n  Assets:B\n", to: symbol)
        #expect(TestSupport.run(["convert", "journal", symbol]).stdout.contains("currency CZK\n"))
    }

    /// docs/migrating.md's example is what the command writes.
    @Test func theGuidesExampleIsReal() throws {
        let guide = TestSupport.read(TestSupport.root + "/docs/migrating.md")
        let example = try #require(guide.components(separatedBy: "## An example").dropFirst().first)
        let blocks = example.components(separatedBy: "```text\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count >= 2)
        let path = TestSupport.temporaryDirectory() + "/main.journal"
        TestSupport.write(blocks[0], to: path)
        let result = TestSupport.run(["convert", "journal", path])
        #expect(result.status == .success)
        #expect(result.stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) == blocks[1])
        // And the mapping file shown there reads without a problem.
        let mapping = try #require(guide.components(separatedBy: "## A mapping file").dropFirst().first?.components(separatedBy: "```text\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(AccountMapping.parse(mapping, file: "guide").problems.isEmpty)
    }

    /// What a ledger cannot hold never reaches it: control characters become spaces, a name
    /// with an empty part is not converted, a description that would read as a status is quoted.
    @Test func whatALedgerCannotHold() {
        let path = TestSupport.temporaryDirectory() + "/odd.journal"
        let deep = "Expenses:" + Array(repeating: "x", count: 70).joined(separator: ":")
        TestSupport.write("2026-01-01 (7) * starred\u{0}\n  Expenses:Fo\u{7}od  $1\n  Assets:Bank\n\n2026-01-02 x\n  \(deep)  $2\n  Assets:Bank\n", to: path)
        let result = TestSupport.run(["convert", "journal", path])
        #expect(result.status == .success)
        // (The transaction not converted moved 2.00 out of Bank: a correction keeps its balance.)
        #expect(result.stdout.hasSuffix("""
            2026-01-01 "* starred"  ; code: 7
              "Fo od"  1.00
              Bank

            correction 2026-01-02 Bank -2.00 "x: not converted (\(path):5)"

            """))
        #expect(result.stderr.hasPrefix("not converted: a transaction with a line of \(deep), a name Flourish cannot hold (an empty part, or more than 64 parts) (\(path):5)\n"))
        #expect(StringLiteral.description("! x") == "\"! x\"" && StringLiteral.description("!x") == "!x" && StringLiteral.description("*") == "\"*\"")
        // Two accounts that would both be `Bank:Savings` keep their whole names, without empty parts.
        let clash = TestSupport.temporaryDirectory() + "/clash.journal"
        TestSupport.write("2026-01-01 x\n  ::Assets:Bank:Savings  $1\n  Assets:Bank:Savings\n", to: clash)
        let clashing = TestSupport.run(["convert", "journal", clash])
        #expect(clashing.status == .success)
        #expect(clashing.stdout.contains("\naccount Assets:Bank:Savings savings\n"))
    }

    /// A file from Windows (CR LF line ends) converts as the same file with LF ends.
    @Test func windowsLineEndsAreLineEnds() throws {
        let folder = TestSupport.temporaryDirectory()
        let original = TestSupport.read(Self.beancount).replacingOccurrences(of: "include \"household-2025.beancount\"\n", with: "")
        TestSupport.write(original, to: folder + "/unix.beancount")
        TestSupport.write(original.replacingOccurrences(of: "\n", with: "\r\n"), to: folder + "/windows.beancount")
        let unix = TestSupport.run(["convert", "beancount", folder + "/unix.beancount"])
        let windows = TestSupport.run(["convert", "beancount", folder + "/windows.beancount"])
        #expect(windows.status == .success)
        #expect(windows.stdout.replacingOccurrences(of: "windows.beancount", with: "unix.beancount") == unix.stdout)
        #expect(unix.stdout.contains("\nopening 2025-01-01 Checking 1500.00\n"))
    }

    /// What `hledger print` writes and convert used to lose: balance assignments (`= $900.00`
    /// with no amount, one of them written before the entries it follows by date), a zero
    /// printed as a bare `0`, and a transaction not converted whose account line had its
    /// amount left out. Each account agrees with `hledger bal` on the original; the one
    /// category the transaction not converted touched is listed as incomplete.
    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func whatHledgerPrintsConvertsWithItsBalances() throws {
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write("""
            2026-01-01 opening
                assets:bank      $1000.00
                assets:cash      $50.00
                equity:opening

            2026-01-20 card payment, written before the purchases it pays
                liabilities:card       = $0.00
                assets:bank

            2026-01-05 groceries
                expenses:food     $50.00
                liabilities:card

            2026-01-10 adjust
                assets:bank       = $900.00
                expenses:misc

            2026-01-12 zero fee
                expenses:fees     $0.00
                expenses:food     $5.00
                liabilities:card

            2026-01-15 odd
                expenses:food     $20.00
                equity:opening    $-30.00
                assets:cash

            2026-01-25 cash count
                assets:cash       = $45.00  ; counted
                expenses:misc

            """, to: folder + "/original.journal")
        let hledger = Tools.path("hledger")!
        let printed = Tools.run(hledger, ["-f", folder + "/original.journal", "print"])
        #expect(printed.output.split(separator: "\n").contains { $0.hasPrefix("    expenses:fees ") && $0.hasSuffix(" 0") })
        TestSupport.write(printed.output, to: folder + "/printed.journal")
        let outcome = try convert(folder + "/printed.journal")
        #expect(outcome.text.contains("2026-01-10 adjust\n  bank  -100.00\n  misc\nbalance 2026-01-10 bank 900.00\n"))
        #expect(outcome.text.contains("2026-01-20 card payment, written before the purchases it pays\n  card  55.00\n  bank\nbalance 2026-01-20 card 0.00\n"))
        #expect(outcome.text.contains("correction 2026-01-15 cash 10.00 \"odd: not converted ("))
        #expect(outcome.incomplete == ["equity:opening", "expenses:food"])
        let theirs = Self.hledgerTotals(folder + "/original.journal")
        let ours = try flourishTotals(outcome)
        #expect(ours == ["assets:bank": 84_500, "assets:cash": 4_500, "liabilities:card": 0, "expenses:misc": 11_500, "expenses:fees": 0])
        for (account, value) in ours { #expect(theirs[account] ?? 0 == value, "\(account)") }
        #expect(TestSupport.check(outcome.text) == "")
    }

    /// Random journals in the shape `hledger print` writes — written out of date order, with
    /// balance assignments, left-out amounts and zero lines — converted: every account and
    /// category agrees with `hledger bal` on the original, and the result checks clean.
    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func randomJournalsWithAssignmentsAgreeWithHledger() throws {
        let hledger = Tools.path("hledger")!
        let folder = TestSupport.temporaryDirectory()
        for seed in 1...20 as ClosedRange<UInt64> {
            var random = SplitMix(seed: seed)
            func pick<T>(_ options: [T]) -> T { options[Int(random.next(below: UInt64(options.count)))] }
            func money() -> String { "$\(1 + random.next(below: 99)).\(random.next(below: 10))\(random.next(below: 10))" }
            var transactions = ["2026-01-01 opening\n    assets:bank  $2000.00\n    assets:cash  $100.00\n    equity:opening\n"]
            for number in 0..<Int(8 + random.next(below: 12)) {
                let date = "2026-01-\(String(format: "%02d", 2 + Int(random.next(below: 26))))"
                let funds = pick(["assets:bank", "assets:cash", "liabilities:card"])
                var text = "\(date) t\(number)\n"
                switch random.next(below: 5) {
                case 0:
                    text += "    \(funds)  = $\(random.next(below: 500)).00\n    expenses:misc\n"
                case 1:
                    text += "    expenses:fees  $0.00\n    \(pick(["expenses:food", "expenses:fun"]))  \(money())\n    \(funds)\n"
                case 2:
                    text += "    expenses:food  \(money())\n    expenses:fun  \(money())\n    \(funds)\n"
                case 3:
                    text += "    \(funds)  \(money())\n    income:salary\n"
                default:
                    text += "    \(pick(["expenses:food", "expenses:fun"]))  \(money())\n    \(funds)\n"
                }
                transactions.append(text)
            }
            // Out of date order: shuffled after the opening.
            for index in stride(from: transactions.count - 1, to: 1, by: -1) {
                transactions.swapAt(index, 1 + Int(random.next(below: UInt64(index))))
            }
            let original = folder + "/\(seed).journal"
            TestSupport.write(transactions.joined(separator: "\n"), to: original)
            let printed = Tools.run(hledger, ["-f", original, "print"])
            try #require(printed.status == 0, "seed \(seed)")
            TestSupport.write(printed.output, to: folder + "/\(seed).printed.journal")
            let outcome = try convert(folder + "/\(seed).printed.journal")
            let theirs = Self.hledgerTotals(original)
            let ours = try flourishTotals(outcome)
            #expect(outcome.incomplete.isEmpty, "seed \(seed)")
            for (account, value) in ours where account != "equity:opening" { #expect(theirs[account] ?? 0 == value, "seed \(seed): \(account)") }
            #expect(!TestSupport.check(outcome.text).contains("error:"), "seed \(seed)")
        }
    }

    /// A commodity written with more decimals than two keeps them (`currency BTC 8`).
    @Test func aCoinKeepsItsDecimals() throws {
        let path = TestSupport.temporaryDirectory() + "/coin.journal"
        TestSupport.write("""
            2026-01-01 opening
                assets:wallet    1.50000000 BTC
                equity:opening

            2026-01-05 coffee
                expenses:food     0.00012345 BTC
                assets:wallet

            """, to: path)
        let outcome = try convert(path)
        #expect(outcome.text.contains("\ncurrency BTC 8\n"))
        #expect(outcome.text.contains("2026-01-05 coffee\n  food    0.00012345\n  wallet\n"))
        #expect(outcome.notConverted == 0)
        #expect(try flourishTotals(outcome)["assets:wallet"] == 149_987_655)
    }

    @Test func amountsAsTheToolsWriteThem() {
        func amount(_ text: String) -> String {
            guard let value = ForeignSyntax.amount(Substring(text)) else { return "none" }
            return "\(value.number.mantissa)e-\(value.number.scale) \(value.commodity)"
        }
        #expect(amount("$1,234.56") == "123456e-2 $")
        #expect(amount("-$12") == "-12e-0 $")
        #expect(amount("$-12.5") == "-125e-1 $")
        #expect(amount("12.00 USD") == "1200e-2 USD")
        #expect(amount("EUR 3") == "3e-0 EUR")
        #expect(amount("-5 \"Vacation hours\"") == "-5e-0 Vacation hours")
        #expect(amount("€.50") == "50e-2 €")
        #expect(amount("10") == "10e-0 ")
        #expect(amount("1.234,56 EUR") == "none")
        #expect(amount("(1+2) USD") == "none")
        #expect(amount("$") == "none")
        #expect(ForeignSyntax.tags(inComment: "friends:, who:sam :home:work:") == ["friends", "who", "home", "work"])
        #expect(ForeignSyntax.date("2026/1/5") == CivilDate(year: 2026, month: 1, day: 5))
        #expect(ForeignSyntax.date("1/5", defaultYear: 2025) == CivilDate(year: 2025, month: 1, day: 5))
        #expect(ForeignSyntax.date("2026-02-30") == nil)
    }
}

/// beancount's `pushtag`/`poptag`: the tags in effect, in push order, a pop taking off the last
/// one of its name — each push and pop at a cost that does not grow with the others.
@Suite struct PushedTagsTests {
    @Test func aPopTakesOffTheLastOfItsName() {
        var tags = BeancountReader.PushedTags()
        for tag in ["a", "b", "a", "c"] { tags.push(tag) }
        tags.pop("a")
        #expect(tags.all == ["a", "b", "c"])
        tags.pop("x")
        tags.pop("a")
        tags.pop("c")
        #expect(tags.all == ["b"])
    }

    /// 10,000 tags pushed, then popped first to last (each pop looked through the whole list).
    @Test func tenThousandPushesAndPopsInAnyOrder() {
        var text = "option \"operating_currency\" \"USD\"\n2020-01-01 open Assets:Bank USD\n2020-01-01 open Expenses:Food USD\n"
        for index in 0..<10_000 { text += "pushtag #t\(index)\n" }
        text += "2026-01-02 * \"Shop\"\n  Expenses:Food  1.00 USD\n  Assets:Bank\n"
        for index in 0..<10_000 { text += "poptag #t\(index)\n" }
        text += "2026-01-03 * \"Bakery\"\n  Expenses:Food  2.00 USD\n  Assets:Bank\n"
        let path = TestSupport.temporaryDirectory() + "/tags.beancount"
        TestSupport.write(text, to: path)
        let started = ProcessInfo.processInfo.systemUptime
        guard case .success(let ledger) = BeancountReader.read(path, allowedIncludes: []) else {
            Issue.record("not read")
            return
        }
        #expect(ProcessInfo.processInfo.systemUptime - started < 10)
        let counts = ledger.items.compactMap { item -> Int? in
            if case .transaction(let transaction) = item { return transaction.tags.count }
            return nil
        }
        #expect(counts == [10_000, 0])
    }
}
