import Foundation
import Testing
@testable import FlourishCore

/// Inside the ledger's tree sit a checkout's `.git/config` (with the credentials header CI
/// persists) and files such as `.env`: an include — of a ledger or of an import rules file —
/// never reads them, and a file that is not a ledger is named, never echoed.
@Suite struct SecretsTests {
    static let secret = "SECRET-TOKEN-1234"

    /// A checkout with a ledger at its top, and secrets beside it.
    func checkout() -> String {
        let root = TestSupport.temporaryDirectory()
        try? FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: root + "/.ssh", withIntermediateDirectories: true)
        TestSupport.write("[http]\n\textraheader = AUTHORIZATION: basic \(Self.secret)\n", to: root + "/.git/config")
        TestSupport.write("API_KEY=\(Self.secret)\n", to: root + "/.env")
        TestSupport.write("account \(Self.secret) checking\n", to: root + "/.ssh/keys.flourish")
        TestSupport.write("token \(Self.secret)\n", to: root + "/notes.txt")
        TestSupport.write("API_KEY=\(Self.secret)\n", to: root + "/keys.flourish")
        return root
    }

    @Test(arguments: ["text", "github", "json"])
    func hiddenFilesAndFilesThatAreNotLedgersAreNeverReadOrEchoed(format: String) {
        let root = checkout()
        TestSupport.write("""
        currency USD
        include ".git/config"
        include ".env"
        include ".ssh/keys.flourish"
        include "notes.txt"
        include "keys.flourish"

        """, to: root + "/main.flourish")
        var result = TestSupport.run(["check", "--format", format, root + "/main.flourish"])
        result.stderr = result.stderr.replacingOccurrences(of: root + "/", with: "")
        #expect(result.status == .problems)
        let output = result.stdout + result.stderr
        #expect(!output.contains(Self.secret))
        #expect(!output.contains("API_KEY"))
        if format == "text" {
            #expect(result.stderr == """
            main.flourish:2:9: error: `.git/config` is a hidden file or lies in a hidden folder; it was not read
             2 | include ".git/config"
               |         ^~~~~~~~~~~~~
               = hint: hidden files and folders (.git, .env, .ssh…) may hold secrets; name the file with --allow-include FILE to include it anyway
            main.flourish:3:9: error: `.env` is a hidden file or lies in a hidden folder; it was not read
             3 | include ".env"
               |         ^~~~~~
               = hint: hidden files and folders (.git, .env, .ssh…) may hold secrets; name the file with --allow-include FILE to include it anyway
            main.flourish:4:9: error: `.ssh/keys.flourish` is a hidden file or lies in a hidden folder; it was not read
             4 | include ".ssh/keys.flourish"
               |         ^~~~~~~~~~~~~~~~~~~~
               = hint: hidden files and folders (.git, .env, .ssh…) may hold secrets; name the file with --allow-include FILE to include it anyway
            main.flourish:5:9: error: `notes.txt` is not named as a ledger (*.flourish); it was not read
             5 | include "notes.txt"
               |         ^~~~~~~~~~~
               = hint: other files may hold secrets; name the file with --allow-include FILE to include it anyway
            main.flourish:6:9: error: `keys.flourish` does not read as a ledger from its first line on; its lines are not shown
             6 | include "keys.flourish"
               |         ^~~~~~~~~~~~~~~
               = hint: check it on its own to see its lines: flourish check keys.flourish
            5 errors (0 entries in 1 file)

            """)
        } else {
            #expect(output.components(separatedBy: "include-refused").count - 1 == 4)
            #expect(output.components(separatedBy: "include-not-a-ledger").count - 1 == 1)
        }
    }

    @Test func aSymbolicLinkToAHiddenFileIsRefusedToo() throws {
        let root = checkout()
        try FileManager.default.createSymbolicLink(atPath: root + "/config.flourish", withDestinationPath: root + "/.git/config")
        TestSupport.write("currency USD\ninclude \"config.flourish\"\n", to: root + "/main.flourish")
        var result = TestSupport.run(["check", root + "/main.flourish"])
        result.stderr = result.stderr.replacingOccurrences(of: root + "/", with: "")
        #expect(result.status == .problems)
        #expect(result.stderr.hasPrefix("main.flourish:2:9: error: `config.flourish` is a hidden file or lies in a hidden folder; it was not read\n"))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test func allowIncludeNamesAFileOrAFolderOnPurpose() {
        let root = checkout()
        TestSupport.write("account Bank checking\n", to: root + "/accounts.ledger")
        try? FileManager.default.createDirectory(atPath: root + "/.shared", withIntermediateDirectories: true)
        TestSupport.write("category Food\n", to: root + "/.shared/categories.flourish")
        TestSupport.write("""
        currency USD
        include "accounts.ledger"
        include ".shared/categories.flourish"
        opening 2026-01-01 Bank 1.00

        """, to: root + "/main.flourish")
        #expect(TestSupport.run(["check", root + "/main.flourish"]).status == .problems)
        let allowed = TestSupport.run(["check", "--allow-include", root + "/accounts.ledger", "--allow-include", root + "/.shared",
                                       root + "/main.flourish"])
        #expect(allowed.status == .success)
        #expect(allowed.stdout == "ok: 0 entries in 3 files, no problems\n")
    }

    @Test func importRulesIncludesAreConfinedAndNeverEchoed() {
        let root = checkout()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\n", to: root + "/budget.flourish")
        TestSupport.write("Date,Payee,Amount\n2026-01-02,Shop,-3.00\n", to: root + "/bank.csv")
        TestSupport.write("root:x:0:0:\(Self.secret):/root:/bin/bash\n", to: root + "/passwd.rules")
        TestSupport.write("""
        include "/etc/passwd"
        include ".env"
        include ".git/config"
        include "notes.txt"
        include "passwd.rules"
        account Bank
        date 1 YYYY-MM-DD
        description 2
        amount 3
        default Food

        """, to: root + "/bank.rules")
        var result = TestSupport.run(["import", "csv", root + "/bank.csv", "--rules", root + "/bank.rules", "-f", root + "/budget.flourish", "--dry-run"])
        result.stderr = result.stderr.replacingOccurrences(of: root + "/", with: "")
        #expect(result.status == .problems)
        #expect(!(result.stdout + result.stderr).contains(Self.secret))
        #expect(!(result.stdout + result.stderr).contains("root:"))
        #expect(result.stderr.contains("bank.rules:1:9: error: `/etc/passwd` is outside the ledger's folder; it was not read\n"))
        #expect(result.stderr.contains("bank.rules:2:9: error: `.env` is a hidden file or lies in a hidden folder; it was not read\n"))
        #expect(result.stderr.contains("bank.rules:3:9: error: `.git/config` is a hidden file or lies in a hidden folder; it was not read\n"))
        #expect(result.stderr.contains("bank.rules:4:9: error: `notes.txt` is not named as an import rules file (*.rules); it was not read\n"))
        #expect(result.stderr.contains("bank.rules:5:9: error: `passwd.rules` does not read as an import rules file from its first line on; its lines are not shown\n"))
        #expect(result.stderr.hasSuffix("budget.flourish: not changed\n"))
    }
}
