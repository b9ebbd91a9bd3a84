import Foundation
import Testing
@testable import FlourishCore

/// External tools for the export round trips; a test that needs a missing one is skipped.
enum Tools {
    static func path(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func has(_ name: String) -> Bool { path(name) != nil }

    static var hasBeancount: Bool {
        guard has("bean-check"), let python = path("python3") else { return false }
        return run(python, ["-c", "import beancount"]).status == 0
    }

    /// Runs a program; returns its exit status and standard output.
    static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// `flourish export`: the other tools compute the same balances as Flourish.
@Suite struct ExportTests {
    /// The example ledgers and generated ones, each checking clean.
    static let ledgers: [String] = [
        TestSupport.root + "/examples/household.flourish",
        TestSupport.root + "/examples/drip.flourish",
        // month-start 25, budgets dated on the 25th and mid-month, quoted names with quotes,
        // a description with `;`, `|` and `#`, and every directive.
        TestSupport.fixtures + "/export/every-directive.flourish",
    ] + (0..<3).map { seed in
        var generator = LedgerGenerator(seed: UInt64(100 + seed))
        let path = TestSupport.temporaryDirectory() + "/generated-\(seed).flourish"
        TestSupport.write(generator.ledger(entries: 300), to: path)
        return path
    }

    /// What Flourish says each exported account holds at the end of the ledger.
    static func expectedBalances(_ path: String, style: ExportNames.Style) throws -> [String: Int64] {
        let loaded = try LedgerLoader.load(paths: [path])
        #expect(Validator.validate(loaded).isEmpty, "\(path) does not check clean")
        let journal = TestSupport.book(loaded)
        let ledger = journal.ledger
        let span = try #require(journal.dateRange)
        let context = ReportContext(journal: journal, from: span.lowerBound, to: span.upperBound, asOf: span.upperBound)
        let names = ExportNames(ledger, style: style)
        var expected: [String: Int64] = [:]
        let balances = try journal.balances(through: span.upperBound)
        for id in balances.indices where balances[id] != .zero && (context.isAccount(Int32(id)) || context.isPerson(Int32(id))) {
            expected[names.name(Int32(id)), default: 0] += balances[id].minorUnits
        }
        let totals = try journal.categoryTotals(in: span, rollUp: false)
        for id in totals.touched where totals[id] != .zero {
            expected[names.name(id), default: 0] += totals[id].minorUnits
        }
        // The same figures as `flourish report balances` over the whole ledger.
        let report = try BalancesReport.make(context)
        for account in report.accounts where account.balance != .zero {
            #expect(expected[names.name(ledger.names.id(of: account.name)!)] == account.balance.minorUnits)
        }
        #expect(report.totalExpenses.minorUnits == totals.touched.filter { context.isExpense($0) }.reduce(0) { $0 + totals[$1].minorUnits })
        return expected
    }

    /// `1234.56 USD` or `-0.42 USD` → minor units.
    static func minorUnits(_ text: Substring) -> Int64? {
        let number = text.split(separator: " ").first ?? ""
        guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(number.utf8))) else { return nil }
        return NumberSyntax.minorUnits(value, decimals: 2)
    }

    /// Balances printed as `AMOUNT CUR  Account` lines (ledger and hledger `bal --flat`).
    static func parseBalanceLines(_ output: String) -> [String: Int64] {
        var balances: [String: Int64] = [:]
        for line in output.split(separator: "\n") {
            let trimmed = line.drop(while: { $0 == " " })
            guard let gap = trimmed.range(of: "  ") else { continue }
            let account = trimmed[gap.upperBound...].drop(while: { $0 == " " })
            guard !account.hasPrefix("Equity"), let amount = minorUnits(trimmed[..<gap.lowerBound]) else { continue }
            balances[String(account)] = amount
        }
        return balances
    }

    func withoutEquity(_ balances: [String: Int64]) -> [String: Int64] { balances.filter { !$0.key.hasPrefix("Equity") } }

    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"), arguments: ledgers)
    func hledgerAgrees(path: String) throws {
        let journal = TestSupport.temporaryDirectory() + "/export.journal"
        let result = TestSupport.run(["export", "ledger", path])
        #expect(result.status == .success)
        TestSupport.write(result.stdout, to: journal)
        let hledger = Tools.run(Tools.path("hledger")!, ["-f", journal, "bal", "--flat", "-N"])
        #expect(hledger.status == 0, "hledger rejected the export of \(path)")
        #expect(Self.parseBalanceLines(hledger.output) == withoutEquity(try Self.expectedBalances(path, style: .ledger)))
    }

    @Test(.enabled(if: Tools.has("ledger"), "ledger is not installed"), arguments: ledgers)
    func ledgerAgrees(path: String) throws {
        let journal = TestSupport.temporaryDirectory() + "/export.ledger"
        TestSupport.write(TestSupport.run(["export", "ledger", path]).stdout, to: journal)
        let ledger = Tools.run(Tools.path("ledger")!, ["-f", journal, "bal", "--flat", "--no-total"])
        #expect(ledger.status == 0, "ledger rejected the export of \(path)")
        #expect(Self.parseBalanceLines(ledger.output) == withoutEquity(try Self.expectedBalances(path, style: .ledger)))
    }

    @Test(.enabled(if: Tools.hasBeancount, "beancount is not installed (pip install beancount)"), arguments: ledgers)
    func beancountAgrees(path: String) throws {
        let file = TestSupport.temporaryDirectory() + "/export.beancount"
        TestSupport.write(TestSupport.run(["export", "beancount", path]).stdout, to: file)
        #expect(Tools.run(Tools.path("bean-check")!, [file]).status == 0, "bean-check rejected the export of \(path)")
        let script = """
        import sys
        from beancount import loader
        from beancount.core import data
        entries, errors, options = loader.load_file(sys.argv[1])
        totals = {}
        for entry in entries:
            if isinstance(entry, data.Transaction):
                for posting in entry.postings:
                    totals[posting.account] = totals.get(posting.account, 0) + posting.units.number
        for account, number in sorted(totals.items()):
            if number != 0:
                print(f"{number:.2f} USD  {account}")
        """
        let python = Tools.run(Tools.path("python3")!, ["-c", script, file])
        #expect(python.status == 0)
        #expect(Self.parseBalanceLines(python.output) == withoutEquity(try Self.expectedBalances(path, style: .beancount)))
    }

    /// hledger keeps a description with `;`, `|` and `#` whole, and reads the budgets of a
    /// ledger whose months start on the 25th.
    @Test(.enabled(if: Tools.has("hledger"), "hledger is not installed"))
    func hledgerReadsDescriptionsAndBudgets() {
        let journal = TestSupport.temporaryDirectory() + "/export.journal"
        TestSupport.write(TestSupport.run(["export", "ledger", TestSupport.fixtures + "/export/every-directive.flourish"]).stdout, to: journal)
        let hledger = Tools.path("hledger")!
        let register = Tools.run(hledger, ["-f", journal, "reg", "desc:drinks", "-O", "csv"])
        #expect(register.output.contains("\"Dinner\u{FF1B} drinks | Sam #friends\",\"Expenses:Food:Dining\",\"60.00 USD\""))
        let budget = Tools.run(hledger, ["-f", journal, "bal", "--budget", "-p", "2026-03", "Expenses", "-O", "csv"])
        #expect(budget.status == 0)
        #expect(budget.output.contains("\"Expenses:Food:Dining\",\"0\",\"200.00 USD\""))
        #expect(budget.output.contains("\"Expenses:Kids \"\"fun\"\"\",\"0\",\"40.00 USD\""))
    }

    @Test func csvHasOneRowPerSplitLine() throws {
        let path = TestSupport.root + "/examples/drip.flourish"
        let csv = TestSupport.run(["export", "csv", path]).stdout
        let records = csv.components(separatedBy: "\r\n").dropLast()
        #expect(records.first == "date,status,description,tags,account,name,amount,currency")
        let loaded = try LedgerLoader.load(paths: [path])
        let expectedRows = loaded.ledger.postings.count + 2 * (loaded.ledger.openings.count + loaded.ledger.corrections.count)
        #expect(records.count - 1 == expectedRows)
        #expect(records.contains("2026-11-21,*,\"Rent, a little less this month\",,Expenses:Rent,Rent,1180.00,USD"))
        // The amounts of every transaction sum to zero.
        var sum: Int64 = 0
        for record in records.dropFirst() {
            let fields = CSVTestParser.fields(record)
            sum += Self.minorUnits(Substring(fields[6])) ?? 0
        }
        #expect(sum == 0)
    }

    @Test func beancountNames() {
        let ledger = TestSupport.load("currency USD\ncategory \"Gifts & Giving\"\ncategory café:Crème\nperson Zoë\naccount 401k savings\n").ledger
        let names = ExportNames(ledger, style: .beancount)
        #expect(Set(names.all.values) == ["Expenses:Gifts-Giving", "Expenses:Cafe:Creme", "Assets:Receivable:Zoe", "Assets:401k"])
    }

    @Test func exportUsage() {
        let result = TestSupport.run(["export", "ledgr", TestSupport.root + "/examples/drip.flourish"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: unknown export format 'ledgr'\nDid you mean 'ledger'?\n"))
        let broken = TestSupport.run(["export", "csv", TestSupport.root + "/examples/mistakes.flourish"])
        #expect(broken.status == .problems)
        #expect(broken.stdout == "")
    }
}
