import Foundation
import Testing
@testable import FlourishCore

/// `flourish init`: the first budget, from flags or from questions on a terminal.
@Suite struct InitTests {
    static let folder = TestSupport.fixtures + "/init"

    func run(_ arguments: [String]) -> (result: RunResult, path: String) {
        let path = TestSupport.temporaryDirectory() + "/budget.flourish"
        return (TestSupport.run(["init", path, "--date", "2026-11-22"] + arguments), path)
    }

    @Test func withTheDefaults() {
        let (result, path) = run([])
        #expect(result.status == .success)
        let ledger = TestSupport.golden(Self.folder + "/defaults.flourish", TestSupport.read(path))
        #expect(ledger.actual == ledger.expected)
        let shown = TestSupport.golden(Self.folder + "/defaults.out", result.stdout.replacingOccurrences(of: path, with: "PATH"))
        #expect(shown.actual == shown.expected)
        #expect(TestSupport.run(["check", path]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", path]).status == .success)
    }

    @Test func fromFlags() {
        let (result, path) = run(["--currency", "EUR", "--month-start", "25", "--display", "de-DE", "--income", "3600", "--savings", "15",
                                  "--account", "Girokonto checking 2400", "--account", "Tagesgeld savings 5000",
                                  "--bill", "Miete 1100 1", "--bill", "Strom 80 15", "--person", "Sam"])
        #expect(result.status == .success)
        let ledger = TestSupport.golden(Self.folder + "/flags.flourish", TestSupport.read(path))
        #expect(ledger.actual == ledger.expected)
        let shown = TestSupport.golden(Self.folder + "/flags.out", result.stdout.replacingOccurrences(of: path, with: "PATH"))
        #expect(shown.actual == shown.expected)
        // The allowance offered keeps 15% of 3,600.00 after the bills, over the 31 days of the
        // budgeting month 2026-10-25 to 2026-11-24: (3,060.00 − 1,180.00) / 31 = 60.645… → 60.64.
        #expect(TestSupport.read(path).contains("\nallowance 2026-11-22 60.64  ; "))
        // Three days of it (22, 23, 24) and the bills are set aside from 7,400.00.
        #expect(result.stdout.contains("• Set-aside (Allowances): 181,92 € (includes today)\n"))
        #expect(result.stdout.contains("• Main Savings (Buffer): 6.038,08 €\n"))
        #expect(TestSupport.run(["check", path]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", path]).status == .success)
    }

    /// An investment kept off the budget, and a cash reserve: flagged, and the investment's
    /// money not counted in the funds the allowance is offered from.
    @Test func anAccountOffTheBudgetAndACashReserve() {
        let (result, path) = run(["--currency", "EUR", "--income", "3000", "--savings", "20", "--account", "Girokonto checking 500",
                                  "--account", "Depot savings 50000 off-budget", "--account", "Notgroschen cash 200 reserve"])
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(path)
        #expect(text.contains("account Depot savings off-budget\naccount Notgroschen cash reserve\n"))
        #expect(text.contains("opening 2026-11-22 Depot 50000.00\n"))
        // The same offer as without the investment: 50,000.00 off the budget does not raise it.
        let (without, other) = run(["--currency", "EUR", "--income", "3000", "--savings", "20", "--account", "Girokonto checking 500",
                                    "--account", "Notgroschen cash 200 reserve"])
        #expect(without.status == .success)
        func allowance(_ ledger: String) -> Substring? { ledger.split(separator: "\n").first { $0.hasPrefix("allowance ") } }
        #expect(allowance(text) != nil && allowance(text) == allowance(TestSupport.read(other)))
        #expect(TestSupport.run(["check", path]).status == .success)
    }

    @Test func aYearlyIncomeCountsATwelfth() {
        let (_, path) = run(["--currency", "EUR", "--month-start", "25", "--yearly-income", "43200", "--savings", "15",
                             "--account", "Girokonto checking 2400", "--account", "Tagesgeld savings 5000",
                             "--bill", "Miete 1100 1", "--bill", "Strom 80 15"])
        let text = TestSupport.read(path)
        #expect(text.contains("\nincome 2026-11-22 43200.00 yearly\n"))
        #expect(text.contains("\nallowance 2026-11-22 60.64  ; "))
    }

    /// The offer never breaks the bucket rule: 100.00 in the bank, a bill of 50.00, nine days
    /// left in November (22 to 30) — at most 50.00 / 9 = 5.55 a day, though the income would allow
    /// (3,000.00 × 80% − 50.00) / 30 = 78.33.
    @Test func theOfferStaysWithinTheMoneyThereIs() {
        let (result, path) = run(["--income", "3000", "--account", "Bank checking 100", "--bill", "Phone 50 3"])
        #expect(result.status == .success)
        #expect(TestSupport.read(path).contains("\nallowance 2026-11-22 5.55  ; "))
        let (tooMuch, other) = run(["--income", "3000", "--account", "Bank checking 100", "--bill", "Phone 50 3", "--allowance", "20"])
        #expect(tooMuch.status == .problems)
        #expect(tooMuch.stderr.hasSuffix("Error: the money there is today cannot cover that allowance; at most 5.55 a day keeps the bucket rule (--allowance)\nnothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    /// docs/guide.md's `flourish init` sample prints what it shows, the file written elsewhere.
    @Test func readmesSampleIsReal() throws {
        let readme = TestSupport.read(TestSupport.root + "/docs/guide.md")
        let start = try #require(readme.range(of: "```sh\nswift run flourish init "))
        let rest = readme[start.upperBound...]
        let command = "init " + rest.prefix { $0 != "\n" }
        let shown = try #require(rest.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```").first)
        let path = TestSupport.temporaryDirectory() + "/budget.flourish"
        let arguments = TestSupport.shellWords(command).map { $0 == "budget.flourish" ? path : $0 }
        let result = TestSupport.run(arguments)
        #expect(result.status == .success)
        #expect(result.stdout.replacingOccurrences(of: path, with: "budget.flourish") == shown)
    }

    @Test func neverReplacesAFile() {
        let path = TestSupport.temporaryDirectory() + "/budget.flourish"
        TestSupport.write("; mine\n", to: path)
        let result = TestSupport.run(["init", path])
        #expect(result.status == .ioError)
        #expect(result.stderr == "Error: \(path) exists already; init never replaces a file (name another one)\n")
        #expect(TestSupport.read(path) == "; mine\n")
        #expect(throws: FileSystem.Failure.self) { try FileSystem.createNew(path, Array("x".utf8)) }
        #expect(TestSupport.read(path) == "; mine\n")
    }

    @Test func flagsThatCannotBeUsed() {
        for (flags, message) in [
            (["--currency", "EURO"], "Error: 'EURO' is not a currency code; write three letters, e.g. EUR\n"),
            (["--month-start", "31"], "Error: '31' is not a day for --month-start; write a number from 1 to 28\n"),
            (["--savings", "120"], "Error: '120' is not a share from 0 to 100 percent for --savings\n"),
            (["--account", "Bank"], "Error: 'Bank' is not an account; write --account \"NAME KIND [OPENING] [off-budget|reserve]\", KIND one of checking, savings, cash, credit\n"),
            (["--bill", "Rent"], "Error: 'Rent' is not a bill; write --bill \"CATEGORY AMOUNT [DUE DAY]\", e.g. --bill \"Rent 1200 1\"\n"),
            (["--income", "3600", "--yearly-income", "40000"], "Error: use --income or --yearly-income, not both\n"),
            (["--display", "de_DE"], "Error: unknown locale 'de_DE'; Flourish knows: en-US, en-GB, en-IN, de-DE, de-AT, de-CH, fr-FR, it-IT, es-ES, nl-NL, sv-SE, ja-JP, pt-BR\nDid you mean 'de-DE'?\n"),
        ] {
            let (result, path) = run(flags)
            #expect(result.status == .usage, "\(flags)")
            #expect(result.stderr.hasPrefix(message), "\(flags): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// Runs `flourish init` on a pseudo-terminal, typing `answers`; its screen and exit status.
    func onATerminal(_ answers: String, _ arguments: [String]) -> (screen: String, status: Int32) {
        let driver = TestSupport.temporaryDirectory() + "/drive_tty.py"
        TestSupport.write("""
            import os, pty, select, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[2], sys.argv[2:])
            os.write(fd, sys.argv[1].encode())
            screen = b""
            while True:
                try:
                    ready, _, _ = select.select([fd], [], [], 20)
                    if not ready: break
                    chunk = os.read(fd, 4096)
                    if not chunk: break
                    screen += chunk
                except OSError:
                    break
            _, status = os.waitpid(pid, 0)
            sys.stdout.write(screen.decode("utf-8", "replace"))
            sys.exit(os.WEXITSTATUS(status))

            """, to: driver)
        let result = Tools.run(Tools.path("python3")!, [driver, answers, TestSupport.executable] + arguments)
        return (result.output.replacingOccurrences(of: "\r\n", with: "\n"), result.status)
    }

    @Test(.enabled(if: Tools.has("python3"), "python3 is not installed"))
    func askedOnATerminal() {
        let path = TestSupport.temporaryDirectory() + "/home.flourish"
        // Currency, month start, display, income, savings; two accounts (the second's kind
        // guessed from its name); one bill; the offered allowance; one person.
        let answers = "EUR\n25\nde-DE\n3600\n15\nGirokonto\n\n2400\n\nKreditkarte\n\n-120.50\n\nDepot\nsavings\n5000\noff-budget\n\nMiete\n1100\n1\n\n\nSam\n\n"
        let (screen, status) = onATerminal(answers, ["init", path, "--date", "2026-11-22"])
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("Account 2: its name (Enter to finish):   Kind of Kreditkarte (checking, savings, cash, credit) [credit]: "))
        // (3,600.00 × 85% − 1,100.00) / 31 = 63.225… → 63.22.
        #expect(screen.contains("Daily allowance (keeps your 15% savings target after the bills) [63.22]: "))
        #expect(screen.contains("\nwrote \(path): it checks clean.\n"))
        let ledger = TestSupport.golden(Self.folder + "/terminal.flourish", TestSupport.read(path))
        #expect(ledger.actual == ledger.expected)
        // A mistake is asked again; the end of input stops without writing.
        let other = TestSupport.temporaryDirectory() + "/other.flourish"
        let (stopped, code) = onATerminal("EURO\nEUR\n40\n\u{04}", ["init", other])
        #expect(stopped.contains("  'EURO' is not a currency code; write three letters, e.g. EUR\nCurrency (a code: USD, EUR, GBP, CHF…) [USD]: "))
        #expect(stopped.contains("  '40' is not a day for --month-start; write a number from 1 to 28\n"))
        #expect(stopped.hasSuffix("\nstopped; nothing was written\n"))
        #expect(code == 1)
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
