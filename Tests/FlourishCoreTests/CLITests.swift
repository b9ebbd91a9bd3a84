import Foundation
import Testing
@testable import FlourishCore

/// The command line as a user meets it: help, version, usage errors, exit statuses.
@Suite struct CLITests {
    @Test func helpIsTheSameEverywhere() {
        let bare = TestSupport.run([])
        #expect(bare.status == .success)
        #expect(bare.stdout.hasPrefix("OVERVIEW: Flourish, a plain-text budgeting ledger.\n"))
        #expect(TestSupport.run(["help"]).stdout == bare.stdout)
        #expect(TestSupport.run(["-h"]).stdout == bare.stdout)
        #expect(TestSupport.run(["--help"]).stdout == bare.stdout)
        for section in ["USAGE:", "COMMANDS:", "OPTIONS:", "EXIT STATUS:"] {
            #expect(bare.stdout.contains(section))
        }
    }

    @Test func commandHelp() {
        let check = TestSupport.run(["help", "check"])
        #expect(check.status == .success)
        #expect(check.stdout.hasPrefix("OVERVIEW: Validate ledger files and report every problem.\n"))
        #expect(TestSupport.run(["check", "--help"]).stdout == check.stdout)
        #expect(TestSupport.run(["check", "-h"]).stdout == check.stdout)
        #expect(TestSupport.run(["fmt", "--help"]).stdout == TestSupport.run(["help", "fmt"]).stdout)
        #expect(TestSupport.run(["help", "fmt"]).stdout.contains("USAGE: flourish fmt [--check] [<file> ...]"))
    }

    /// A mistake on any command's line shows that command's own usage, taken from its help.
    @Test func everyCommandShowsItsOwnUsage() {
        for command in Flourish.table.map(\.name) {
            let result = TestSupport.run([command, "--no-such-option"])
            #expect(result.status == .usage, "\(command)")
            #expect(result.stderr.hasPrefix("Error: unknown option '--no-such-option' for '\(command)'"), "\(command)")
            #expect(result.stderr.contains("\n\nUsage: flourish \(command)"), "\(command)")
            #expect(result.stderr.hasSuffix("\n  See 'flourish help \(command)' for more.\n"), "\(command)")
        }
        #expect(TestSupport.run(["export", "--bogus"]).stderr == """
        Error: unknown option '--bogus' for 'export'

        Usage: flourish export <format> [<file> ...]
          See 'flourish help export' for more.

        """)
    }

    /// The commands the executable lets keep their freed memory (`ServerMemory`) are the two
    /// that serve until stopped, by the names the command table has for them.
    @Test func theServersAreCommands() {
        #expect(Flourish.servers == ["lsp", "serve"])
        #expect(Flourish.servers.isSubset(of: Flourish.commands))
    }

    @Test func version() {
        let result = TestSupport.run(["--version"])
        #expect(result.stdout == "flourish 0.1.0 (format v1)\n")
        #expect(result.status == .success)
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let result = TestSupport.run(["chek", "x.flourish"])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(result.stderr == """
        Error: unknown command 'chek'
        Did you mean 'check'?

        Usage: flourish <command> [<options>] [<file> ...]
          See 'flourish help' for more.

        """)
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let result = TestSupport.run(["fmt", "--chek", "x.flourish"])
        #expect(result.status == .usage)
        #expect(result.stderr == """
        Error: unknown option '--chek' for 'fmt'
        Did you mean '--check'?

        Usage: flourish fmt [--check] [<file> ...]
          See 'flourish help fmt' for more.

        """)
    }

    @Test func unknownHelpTopic() {
        let result = TestSupport.run(["help", "fnt"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: unknown command 'fnt'\nDid you mean 'fmt'?\n"))
    }

    @Test func noFileAndNoEnvironmentIsAUsageError() {
        let result = TestSupport.run(["check"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("""
        Error: no ledger file given
        Name one, as in 'flourish check budget.flourish', or set FLOURISH_FILE.

        """))
    }

    @Test func flourishFileNamesTheDefaultLedger() {
        let path = TestSupport.root + "/examples/household.flourish"
        let result = TestSupport.run(["check"], environment: ["FLOURISH_FILE": path])
        #expect(result.status == .success)
        #expect(result.stdout == "ok: 37 entries in 2 files, no problems\n")
    }

    @Test func unreadableFileExits66() {
        let result = TestSupport.run(["check", "/nonexistent/ledger.flourish"])
        #expect(result.status == .noInput)
        #expect(result.stderr == "Error: cannot read '/nonexistent/ledger.flourish': No such file or directory\n")
        let directory = TestSupport.run(["check", TestSupport.temporaryDirectory()])
        #expect(directory.status == .noInput)
        #expect(directory.stderr.hasSuffix(": Is a directory\n"))
        #expect(TestSupport.run(["fmt", "/nonexistent/ledger.flourish"]).status == .noInput)
    }

    @Test func warningsAloneDoNotFail() {
        let path = TestSupport.fixtures + "/diagnostics/used-before-opening.flourish"
        let result = TestSupport.run(["check", path])
        #expect(result.status == .success)
        #expect(result.stdout == "ok: 1 entry in 1 file, 1 warning\n")
        #expect(result.stderr.contains("warning: `Bank` is used on 2026-11-02"))
    }

    @Test func severalFilesAreCheckedTogether() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\n", to: dir + "/a.flourish")
        TestSupport.write("category Food\n2026-01-01 x\n  Food  1\n  Bank\n", to: dir + "/b.flourish")
        let result = TestSupport.run(["check", dir + "/a.flourish", dir + "/b.flourish"])
        #expect(result.stdout == "ok: 1 entry in 2 files, no problems\n")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        let path = TestSupport.fixtures + "/diagnostics/syntax.flourish"
        let coloured = TerminalOutput()
        _ = Flourish.run(arguments: ["check", path], stdout: CapturedOutput(), stderr: coloured)
        #expect(coloured.text.contains("\u{1B}[1;31merror\u{1B}[0m"))
        let plain = TerminalOutput()
        _ = Flourish.run(arguments: ["check", path], environment: ["NO_COLOR": "1"], stdout: CapturedOutput(), stderr: plain)
        #expect(!plain.text.contains("\u{1B}["))
    }
}

/// `check` for CI: GitHub annotations, JSON, and `--strict`.
@Suite struct CheckFormatTests {
    static let mistakes = TestSupport.root + "/examples/mistakes.flourish"

    @Test func githubAnnotations() {
        let result = TestSupport.run(["check", "--format", "github", Self.mistakes])
        #expect(result.status == .problems)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 14)
        #expect(lines.contains("::error file=examples/mistakes.flourish,line=20,col=3,endColumn=8,title=flourish unknown-name::unknown account, category or person `Dinig`%0Ahint: did you mean `Dining`?"))
        #expect(result.stderr == "14 errors (3 entries in 1 file)\n")
    }

    @Test func workflowCommandEscaping() {
        #expect(DiagnosticRenderer.data("50% off\nnow") == "50%25 off%0Anow")
        #expect(DiagnosticRenderer.property("a,b:c") == "a%2Cb%3Ac")
    }

    @Test func jsonDiagnostics() throws {
        let result = TestSupport.run(["check", "--format", "json", Self.mistakes])
        #expect(result.status == .problems)
        #expect(result.stderr == "")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 14)
        let first = array[1]
        #expect(first["file"] as? String == "examples/mistakes.flourish")
        #expect(first["line"] as? Int == 9)
        #expect(first["column"] as? Int == 9)
        #expect(first["severity"] as? String == "error")
        #expect(first["id"] as? String == "duplicate-declaration")
        #expect(first["message"] as? String == "account `Bank` is declared more than once")
        #expect(first["hint"] as? String == "remove or rename one of them")
        let notes = try #require(first["notes"] as? [[String: Any]])
        #expect(notes.first?["line"] as? Int == 7)
        let clean = TestSupport.run(["check", "--format", "json", TestSupport.root + "/examples/drip.flourish"])
        #expect(clean.stdout == "[]\n")
        #expect(clean.status == .success)
    }

    @Test func strictMakesWarningsFail() {
        let path = TestSupport.fixtures + "/diagnostics/used-before-opening.flourish"
        #expect(TestSupport.run(["check", path]).status == .success)
        let strict = TestSupport.run(["check", "--strict", path])
        #expect(strict.status == .problems)
        #expect(strict.stderr.hasSuffix("1 warning (1 entry in 1 file)\n"))
        #expect(TestSupport.run(["check", "--format", "yaml", path]).status == .usage)
    }

    @Test func workflowExampleRunsTheDocumentedCommands() {
        let workflow = TestSupport.read(TestSupport.root + "/examples/ci/flourish.yml")
        #expect(workflow.contains("flourish check --format github --strict"))
        #expect(workflow.contains("flourish fmt --check"))
        #expect(workflow.contains("flourish diff \"origin/$BASE\" HEAD budget.flourish --format markdown >> \"$GITHUB_STEP_SUMMARY\""))
    }
}
