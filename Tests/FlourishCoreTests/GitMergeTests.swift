import Foundation
import Testing
@testable import FlourishCore

/// The merge driver through the real git (docs/git.md): two partners' histories in a scratch
/// repository set up by `flourish git`, merged, rebased and cherry-picked by git itself.
@Suite struct GitMergeTests {
    static let hasGit = Tools.has("git") && FileManager.default.isExecutableFile(atPath: TestSupport.executable)

    /// A scratch repository with the driver configured by `flourish git`.
    struct Repository {
        let path: String

        init() throws {
            path = TestSupport.temporaryDirectory()
            try #require(git("init", "-q", "-b", "main").status == 0)
            _ = git("config", "user.email", "sam@example.org")
            _ = git("config", "user.name", "Sam")
            let setUp = flourish(["git"])
            try #require(setUp.status == 0, "flourish git: \(setUp.stderr)")
        }

        @discardableResult
        func git(_ arguments: String...) -> (status: Int32, output: String) {
            Tools.run(Tools.path("git") ?? "/usr/bin/git", ["-C", path] + arguments)
        }

        /// The built `flourish` program run in the repository (git runs it as the driver).
        func flourish(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestSupport.executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: path)
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            do { try process.run() } catch { return (-1, "", "\(error)") }
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        }

        func write(_ file: String, _ text: String) { TestSupport.write(text, to: path + "/" + file) }
        func read(_ file: String) -> String { TestSupport.read(path + "/" + file) }

        func commit(_ message: String) {
            git("add", "-A")
            git("commit", "-q", "-m", message)
        }

        /// `flourish check` on the main ledger: its report and exit status.
        func check(_ file: String = "budget.flourish") -> (status: Int32, text: String) {
            let result = flourish(["check", file])
            return (result.status, result.stdout + result.stderr)
        }
    }

    static let base = """
        currency EUR

        account Bank checking
        category Food
        category Rent

        2026-11-01 Rent
          Rent  700.00
          Bank

        2026-11-02 Groceries
          Food  50.00
          Bank

        """

    static func entry(_ date: String, _ description: String, _ amount: String, _ comment: String = "") -> String {
        "\n\(date) \(description)\(comment)\n  Food  \(amount)\n  Bank\n"
    }

    /// Two branches from `base`: Mia's (main) and Sam's, each changed by its closure, then merged.
    static func mergeBranches(_ base: String, mia: (Repository) -> Void, sam: (Repository) -> Void) throws -> (Repository, Int32) {
        let repository = try Repository()
        repository.write("budget.flourish", base)
        repository.commit("base")
        repository.git("checkout", "-q", "-b", "sam")
        sam(repository)
        repository.commit("sam")
        repository.git("checkout", "-q", "main")
        mia(repository)
        repository.commit("mia")
        return (repository, repository.git("merge", "-q", "--no-edit", "sam").status)
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func flourishGitSetsUpOnceAndKeepsWhatIsThere() throws {
        let repository = try Repository()
        #expect(repository.read(".gitattributes") == "*.flourish merge=flourish diff=flourish\n")
        #expect(repository.git("config", "--local", "--get", "merge.flourish.driver").output.hasSuffix(" merge --marker-size %L %O %A %B %P\n"))
        let again = repository.flourish(["git"])
        #expect(again.status == 0)
        #expect(again.stdout == "unchanged  .gitattributes (*.flourish merge=flourish diff=flourish)\nunchanged  git config merge.flourish.name\nunchanged  git config merge.flourish.driver\nunchanged  git config diff.flourish.command\n")
        repository.git("config", "--local", "merge.flourish.driver", "my-own-driver %O %A %B")
        let kept = repository.flourish(["git"])
        #expect(kept.stdout.contains("kept       git config merge.flourish.driver = my-own-driver %O %A %B\n"))
        #expect(repository.git("config", "--local", "--get", "merge.flourish.driver").output == "my-own-driver %O %A %B\n")
        #expect(repository.read(".gitattributes") == "*.flourish merge=flourish diff=flourish\n")
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func bothAppendAtTheEnd() throws {
        let (repository, status) = try Self.mergeBranches(Self.base, mia: { repository in
            repository.write("budget.flourish", Self.base + Self.entry("2026-11-04", "Market", "12.00") + Self.entry("2026-11-06", "Cafe", "3.00"))
        }, sam: { repository in
            repository.write("budget.flourish", Self.base + Self.entry("2026-11-05", "Bakery", "4.00"))
        })
        #expect(status == 0)
        #expect(repository.read("budget.flourish") == Self.base + Self.entry("2026-11-04", "Market", "12.00")
            + Self.entry("2026-11-05", "Bakery", "4.00") + Self.entry("2026-11-06", "Cafe", "3.00"))
        #expect(repository.check() == (0, "ok: 5 entries in 1 file, no problems\n"))
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func theSameEntryEditedBothWaysStopsTheMergeAtOneBlock() throws {
        let edited = { (amount: String) in { (repository: Repository) in
            repository.write("budget.flourish", Self.base.replacingOccurrences(of: "Food  50.00", with: "Food  \(amount)"))
        } }
        let (repository, status) = try Self.mergeBranches(Self.base, mia: edited("52.00"), sam: edited("55.00"))
        #expect(status != 0)
        #expect(repository.read("budget.flourish") == Self.base.replacingOccurrences(of: "2026-11-02 Groceries\n  Food  50.00\n  Bank\n", with: """
            <<<<<<< ours
            2026-11-02 Groceries
              Food  52.00
              Bank
            =======
            2026-11-02 Groceries
              Food  55.00
              Bank
            >>>>>>> theirs

            """))
        let checked = repository.check()
        #expect(checked.status == 1)
        #expect(checked.text.hasPrefix("budget.flourish:11:1: error: merge conflict: both sides changed this\n"))
        #expect(checked.text.hasSuffix("1 error (2 entries in 1 file)\n"))
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func theSameStatementImportedOnBothBranches() throws {
        let row = Self.entry("2026-11-03", "FRESHMART 0412", "42.10", "  ; import:0a4a4e816780da9a")
        let renamed = Self.entry("2026-11-03", "Weekly shop", "42.10", "  ; import:0a4a4e816780da9a")
        let coffee = Self.entry("2026-11-04", "Coffee", "3.50", "  ; import:77c1f0d2e4b5a693")
        // With the same rules: each row once.
        let (same, sameStatus) = try Self.mergeBranches(Self.base, mia: { $0.write("budget.flourish", Self.base + row + coffee) },
                                                        sam: { $0.write("budget.flourish", Self.base + row + coffee) })
        #expect(sameStatus == 0)
        #expect(same.read("budget.flourish") == Self.base + row + coffee)
        // With different rules: the differing row is one conflict block, never two entries.
        let (other, otherStatus) = try Self.mergeBranches(Self.base, mia: { $0.write("budget.flourish", Self.base + row + coffee) },
                                                          sam: { $0.write("budget.flourish", Self.base + renamed + coffee) })
        #expect(otherStatus != 0)
        #expect(other.read("budget.flourish") == Self.base + "\n<<<<<<< ours\n" + row.dropFirst() + "=======\n" + renamed.dropFirst()
            + ">>>>>>> theirs\n" + coffee)
        // Resolved by keeping both by hand, check names the doubled row.
        other.write("budget.flourish", Self.base + row + renamed + coffee)
        #expect(other.check().text.contains("error: the bank row `import:0a4a4e816780da9a` is imported twice"))
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func declarationsAddedOnBothSidesAppearOnce() throws {
        let declared = Self.base.replacingOccurrences(of: "category Rent\n", with: "category Rent\ncategory Gifts\n")
        let (repository, status) = try Self.mergeBranches(Self.base, mia: { repository in
            repository.write("budget.flourish", declared + "\n2026-11-07 Flowers\n  Gifts  20.00\n  Bank\n")
        }, sam: { repository in
            repository.write("budget.flourish", declared + "\n2026-11-08 Book\n  Gifts  15.00\n  Bank\n")
        })
        #expect(status == 0)
        #expect(repository.read("budget.flourish") == declared + "\n2026-11-07 Flowers\n  Gifts  20.00\n  Bank\n"
            + "\n2026-11-08 Book\n  Gifts  15.00\n  Bank\n")
        #expect(repository.check().status == 0)
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func anIncludedFileEditedOnBothSides() throws {
        let main = "currency EUR\naccount Bank checking\ncategory Food\ninclude \"2026.flourish\"\n"
        let year = Self.entry("2026-11-01", "Market", "10.00") + Self.entry("2026-11-02", "Bakery", "4.00")
        let repository = try Repository()
        repository.write("budget.flourish", main)
        repository.write("2026.flourish", year)
        repository.commit("base")
        repository.git("checkout", "-q", "-b", "sam")
        repository.write("2026.flourish", year.replacingOccurrences(of: "4.00", with: "4.50") + Self.entry("2026-11-09", "Cafe", "3.00"))
        repository.commit("sam")
        repository.git("checkout", "-q", "main")
        repository.write("2026.flourish", year.replacingOccurrences(of: "10.00", with: "11.00") + Self.entry("2026-11-08", "Lunch", "9.00"))
        repository.commit("mia")
        #expect(repository.git("merge", "-q", "--no-edit", "sam").status == 0)
        #expect(repository.read("2026.flourish") == Self.entry("2026-11-01", "Market", "11.00") + Self.entry("2026-11-02", "Bakery", "4.50")
            + Self.entry("2026-11-08", "Lunch", "9.00") + Self.entry("2026-11-09", "Cafe", "3.00"))
        #expect(repository.check() == (0, "ok: 4 entries in 2 files, no problems\n"))
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func rebaseAndCherryPickUseTheDriverToo() throws {
        let repository = try Repository()
        repository.write("budget.flourish", Self.base)
        repository.commit("base")
        repository.git("checkout", "-q", "-b", "sam")
        repository.write("budget.flourish", Self.base + Self.entry("2026-11-05", "Bakery", "4.00"))
        repository.commit("sam: bakery")
        repository.write("budget.flourish", Self.base + Self.entry("2026-11-05", "Bakery", "4.00") + Self.entry("2026-11-07", "Kiosk", "2.00"))
        repository.commit("sam: kiosk")
        repository.git("checkout", "-q", "main")
        repository.write("budget.flourish", Self.base + Self.entry("2026-11-04", "Market", "12.00") + Self.entry("2026-11-06", "Cafe", "3.00"))
        repository.commit("mia")
        // Cherry-pick Sam's last commit onto main: only its change (the kiosk) comes over.
        repository.git("checkout", "-q", "-b", "picked", "main")
        #expect(repository.git("cherry-pick", "sam").status == 0)
        #expect(repository.read("budget.flourish") == Self.base + Self.entry("2026-11-04", "Market", "12.00")
            + Self.entry("2026-11-06", "Cafe", "3.00") + Self.entry("2026-11-07", "Kiosk", "2.00"))
        // Rebase Sam's branch onto main: both of Sam's commits replay without a conflict.
        repository.git("checkout", "-q", "sam")
        #expect(repository.git("rebase", "-q", "main").status == 0)
        #expect(repository.read("budget.flourish") == Self.base + Self.entry("2026-11-04", "Market", "12.00")
            + Self.entry("2026-11-05", "Bakery", "4.00") + Self.entry("2026-11-06", "Cafe", "3.00") + Self.entry("2026-11-07", "Kiosk", "2.00"))
        #expect(repository.check() == (0, "ok: 6 entries in 1 file, no problems\n"))
    }

    @Test(.enabled(if: hasGit, "git is not installed")) func aMergeThatBreaksWhatHeldOnBothSidesIsShown() throws {
        // Each side's entry alone keeps the assertion; both together break it.
        let base = Self.base + "\nbalance 2026-11-30 Bank -775.00\n"
        let (repository, status) = try Self.mergeBranches(base.replacingOccurrences(of: "-775.00", with: "-750.00"), mia: { repository in
            repository.write("budget.flourish", base.replacingOccurrences(of: "-775.00", with: "-775.00") + Self.entry("2026-11-04", "Market", "25.00"))
        }, sam: { repository in
            repository.write("budget.flourish", base + Self.entry("2026-11-05", "Bakery", "25.00"))
        })
        #expect(status != 0)
        let merged = repository.read("budget.flourish")
        #expect(merged == base + Self.entry("2026-11-04", "Market", "25.00") + Self.entry("2026-11-05", "Bakery", "25.00"))
        #expect(repository.check().text.contains("error: balance assertion failed"))
    }

    @Test func aFileThatIsNotALedgerIsRefusedAndLeftAlone() throws {
        // (In-process: no git needed.)
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write("currency EUR\n", to: folder + "/base")
        TestSupport.write("currency EUR\naccount Bank checking\n", to: folder + "/ours")
        TestSupport.write("\u{7F}ELF binary\u{0}\u{1}", to: folder + "/theirs")
        let result = TestSupport.run(["merge", folder + "/base", folder + "/ours", folder + "/theirs", "budget.flourish"])
        #expect(result.status == .problems)
        #expect(result.stderr.hasPrefix("flourish merge: refused: budget.flourish (theirs) is not a Flourish ledger: line 1 is not text"))
        #expect(TestSupport.read(folder + "/ours") == "currency EUR\naccount Bank checking\n")
    }
}
