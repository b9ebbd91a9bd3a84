import Foundation
import Testing
@testable import FlourishCore

/// `-f FILE` / `--file FILE` as ledger and hledger take it: on every command that reads a
/// ledger, repeatable, `-` for standard input where the ledger is only read.
@Suite struct FileOptionTests {
    static let drip = TestSupport.root + "/examples/drip.flourish"

    static let small = """
    currency USD
    account Bank checking
    category Food

    2026-11-02 Market
      Food  12.50
      Bank

    """

    @Test func dashFNamesTheLedgerOnEveryCommandThatReadsOne() {
        let positional = TestSupport.run(["check", Self.drip])
        #expect(positional.status == .success)
        #expect(TestSupport.run(["check", "-f", Self.drip]).stdout == positional.stdout)
        #expect(TestSupport.run(["check", "--file", Self.drip]).stdout == positional.stdout)
        #expect(TestSupport.run(["check", "--file=" + Self.drip]).stdout == positional.stdout)
        let report = TestSupport.run(["report", "balances", Self.drip])
        #expect(TestSupport.run(["report", "balances", "-f", Self.drip]).stdout == report.stdout)
        #expect(TestSupport.run(["export", "ledger", "-f", Self.drip]).stdout == TestSupport.run(["export", "ledger", Self.drip]).stdout)
        #expect(TestSupport.run(["due", "-f", Self.drip]).stdout == TestSupport.run(["due", Self.drip]).stdout)
        #expect(TestSupport.run(["fmt", "--check", "-f", Self.drip]).status == .success)
    }

    @Test func repeatedFilesAreReadTogether() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\n", to: dir + "/accounts.flourish")
        TestSupport.write("2026-11-02 Market\n  Food  12.50\n  Bank\n", to: dir + "/november.flourish")
        let result = TestSupport.run(["check", "-f", dir + "/accounts.flourish", "-f", dir + "/november.flourish"])
        #expect(result.stdout == "ok: 1 entry in 2 files, no problems\n")
        #expect(result.status == .success)
    }

    @Test func dashReadsTheLedgerFromStandardInput() {
        let ok = TestSupport.run(["check", "-f", "-"], standardInput: Self.small)
        #expect(ok.stdout == "ok: 1 entry in 1 file, no problems\n")
        let balances = TestSupport.run(["report", "balances", "-f", "-", "--format", "csv"], standardInput: Self.small)
        #expect(balances.status == .success)
        #expect(balances.stdout.contains("\r\naccounts,1,balance,-12.50\r\n"))
        #expect(balances.stdout.contains("\r\nexpenses,1,category,Food\r\nexpenses,1,total,12.50\r\n"))
        let broken = TestSupport.run(["check", "-f", "-"], standardInput: Self.small.replacingOccurrences(of: "Food  12.50", with: "Fod  12.50"))
        #expect(broken.status == .problems)
        #expect(broken.stderr.hasPrefix("-:6:3: error: unknown account, category or person `Fod`\n"))
    }

    @Test func commandsThatWriteRefuseStandardInput() {
        for arguments in [["add", "today", "Lunch", "10", "Food", "--from", "Bank", "-f", "-"], ["record", "-f", "-"], ["fmt", "-f", "-"]] {
            let result = TestSupport.run(arguments, standardInput: Self.small)
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: '\(arguments[0])' writes to the ledger file, so the ledger cannot come from standard input ('-')\n"),
                    "\(arguments)")
        }
    }
}
