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
