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

    /// docs/git.md's "Done when": Mia (on main) and Sam (on his branch) keep a month of
    /// December by hand and from the bank's statements, and merge every week. Only the entry
    /// both of them edited stops a merge; everything else merges with no hand edit.
    @Test(.enabled(if: hasGit, "git is not installed")) func aMonthOfTwoPartnersMergingEveryWeek() throws {
        let repository = try Repository()
        repository.write("budget.flourish", """
            currency EUR

            account Bank checking
            category Groceries
            category Dining
            category Utilities

            opening 2026-12-01 Bank 2000.00

            """)
        repository.write("bank.rules", """
            account Bank
            skip 1
            separator comma
            date 1 DD/MM/YYYY
            description 2
            debit 3
            credit 4
            match "market" Groceries
            match "power" Utilities
            default Dining

            """)
        repository.commit("December")
        repository.git("checkout", "-q", "-b", "sam")
        repository.git("checkout", "-q", "main")
        /// Appends hand-written entries to the ledger on the branch checked out.
        func append(_ entries: [(day: Int, description: String, amount: String)]) {
            var text = repository.read("budget.flourish")
            for entry in entries {
                text += "\n2026-12-\(entry.day < 10 ? "0" : "")\(entry.day) \(entry.description)\n  Groceries  \(entry.amount)\n  Bank\n"
            }
            repository.write("budget.flourish", text)
        }
        /// Imports the week's statement (rows of day, payee, debit) on the branch checked out.
        func importStatement(_ week: Int, _ rows: [(day: Int, payee: String, debit: String)]) throws {
            let csv = "Date,Payee,Debit,Credit\n" + rows.map { "\($0.day < 10 ? "0" : "")\($0.day)/12/2026,\($0.payee),\($0.debit),\n" }.joined()
            repository.write("week\(week).csv", csv)
            let imported = repository.flourish(["import", "csv", "week\(week).csv", "--rules", "bank.rules", "-f", "budget.flourish"])
            try #require(imported.status == 0, "import of week \(week): \(imported.stderr)")
        }
        /// Commits both partners' week, merges Sam's branch into main, and brings Sam up to date.
        func mergeWeek(_ week: Int) -> Int32 {
            let merged = repository.git("merge", "-q", "--no-edit", "sam").status
            if merged == 0 {
                repository.git("checkout", "-q", "sam")
                repository.git("merge", "-q", "--ff-only", "main")
                repository.git("checkout", "-q", "main")
            }
            return merged
        }
        func onSam(_ work: () throws -> Void, _ message: String) rethrows {
            repository.git("checkout", "-q", "sam")
            try work()
            repository.commit(message)
            repository.git("checkout", "-q", "main")
        }

        // Week 1: both write what they bought; Sam imports the first statement.
        append([(2, "Mia: bakery", "4.20"), (4, "Mia: market stall", "18.00")])
        repository.commit("mia week 1")
        try onSam({
            append([(3, "Sam: kiosk", "2.50")])
            try importStatement(1, [(1, "SUPERMARKET 0412", "61.30"), (3, "CITY POWER", "48.00"), (5, "PIZZA PLACE", "22.00")])
        }, "sam week 1")
        #expect(mergeWeek(1) == 0)

        // Week 2: each fixes an entry the other wrote; Mia imports the second statement.
        var text = repository.read("budget.flourish")
        text = text.replacingOccurrences(of: "Sam: kiosk\n  Groceries  2.50", with: "Sam: kiosk\n  Groceries  2.60")
        repository.write("budget.flourish", text)
        try importStatement(2, [(8, "SUPERMARKET 0412", "55.10"), (10, "NOODLE BAR", "16.40")])
        append([(11, "Mia: flowers", "9.00")])
        repository.commit("mia week 2")
        onSam({
            let text = repository.read("budget.flourish")
            repository.write("budget.flourish", text.replacingOccurrences(of: "Mia: bakery", with: "Mia: bakery (rolls)"))
            append([(9, "Sam: hardware", "14.00")])
        }, "sam week 2")
        #expect(mergeWeek(2) == 0)

        // Week 3: both import the same statement with the same rules (its rows once), and
        // both edit Mia's flowers: the one true conflict of the month.
        let week3: [(day: Int, payee: String, debit: String)] = [(15, "SUPERMARKET 0412", "70.00"), (17, "CAFE CORNER", "6.80")]
        try importStatement(3, week3)
        repository.write("budget.flourish", repository.read("budget.flourish").replacingOccurrences(of: "Groceries  9.00", with: "Groceries  12.00"))
        repository.commit("mia week 3")
        try onSam({
            try importStatement(3, week3)
            repository.write("budget.flourish", repository.read("budget.flourish").replacingOccurrences(of: "Groceries  9.00", with: "Groceries  10.00"))
            append([(16, "Sam: bus pass", "30.00")])
        }, "sam week 3")
        #expect(mergeWeek(3) != 0)
        let conflicted = repository.read("budget.flourish")
        #expect(conflicted.components(separatedBy: "\n<<<<<<< ").count == 2)
        let pointed = repository.check()
        #expect(pointed.status != 0)
        #expect(pointed.text.contains("error: merge conflict: both sides changed this"))
        #expect(pointed.text.components(separatedBy: "error:").count == 2)
        // Resolved as "keep ours" does: Mia's side of the block stays.
        var kept: [Substring] = []
        var part = "outside"
        for line in conflicted.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<< ") { part = "ours"; continue }
            if line == "=======" { part = "theirs"; continue }
            if line.hasPrefix(">>>>>>> ") { part = "outside"; continue }
            if part != "theirs" { kept.append(line) }
        }
        repository.write("budget.flourish", kept.joined(separator: "\n"))
        repository.commit("week 3, flowers as Mia wrote them")
        repository.git("checkout", "-q", "sam")
        repository.git("merge", "-q", "--ff-only", "main")
        repository.git("checkout", "-q", "main")

        // Week 4: both write and Sam imports the last statement.
        append([(22, "Mia: tree", "35.00")])
        repository.commit("mia week 4")
        try onSam({
            append([(23, "Sam: candles", "7.00")])
            try importStatement(4, [(22, "SUPERMARKET 0412", "88.00"), (24, "CITY POWER", "51.00")])
        }, "sam week 4")
        #expect(mergeWeek(4) == 0)

        let final = repository.read("budget.flourish")
        #expect(repository.check() == (0, "ok: 17 entries in 1 file, no problems\n"))
        for description in ["Mia: bakery (rolls)", "Mia: market stall", "Mia: flowers", "Mia: tree", "Sam: kiosk", "Sam: hardware",
                            "Sam: bus pass", "Sam: candles"] {
            #expect(final.components(separatedBy: " \(description)\n").count == 2, "\(description) once")
        }
        #expect(final.contains("Sam: kiosk\n  Groceries  2.60") && final.contains("Mia: flowers\n  Groceries  12.00"))
        #expect(final.components(separatedBy: "; import:").count == 10)
        #expect(final.components(separatedBy: "SUPERMARKET 0412").count == 5)
        // The file is not in date order (statements are appended), so each week's additions
        // follow what they followed: Mia's (main's) first, then Sam's.
        let order = final.split(separator: "\n").filter { $0.hasPrefix("2026-") }.map { $0.split(separator: " ", maxSplits: 1)[1].prefix(while: { $0 != ";" }) }
        #expect(order == ["Mia: bakery (rolls)", "Mia: market stall", "Sam: kiosk", "SUPERMARKET 0412  ", "CITY POWER  ", "PIZZA PLACE  ",
                          "SUPERMARKET 0412  ", "NOODLE BAR  ", "Mia: flowers", "Sam: hardware", "SUPERMARKET 0412  ", "CAFE CORNER  ",
                          "Sam: bus pass", "Mia: tree", "Sam: candles", "SUPERMARKET 0412  ", "CITY POWER  "])
        // Sam's branch ends where main does.
        #expect(repository.git("rev-parse", "sam").output == repository.git("rev-parse", "main").output)
    }

    /// `flourish git --hooks`: a commit of a ledger that `check` or `fmt --check` refuses stops;
    /// `--no-verify` skips it; a hook already there is kept. `flourish init` in a repository
    /// offers the set-up.
    @Test(.enabled(if: hasGit, "git is not installed")) func thePreCommitHookStopsABrokenLedger() throws {
        let repository = try Repository()
        let added = repository.flourish(["git", "--hooks"])
        #expect(added.status == 0)
        #expect(added.stdout.contains("added      .git/hooks/pre-commit\n"))
        #expect(repository.flourish(["git", "--hooks"]).stdout.contains("unchanged  .git/hooks/pre-commit\n"))
        func commits() -> String { repository.git("rev-list", "--count", "--all").output }
        repository.write("budget.flourish", Self.base)
        repository.commit("base")
        #expect(commits() == "1\n")
        // Unbalanced: check refuses it, and nothing is committed.
        repository.write("budget.flourish", Self.base + "\n2026-11-03 Market\n  Food  12.00\n  Bank  -11.00\n")
        repository.git("add", "-A")
        #expect(repository.git("commit", "-q", "-m", "unbalanced").status != 0)
        #expect(commits() == "1\n")
        // Balanced but not formatted as fmt writes it: refused too.
        repository.write("budget.flourish", Self.base + "\n2026-11-03 Market\n    Food    12.00\n  Bank\n")
        repository.git("add", "-A")
        #expect(repository.git("commit", "-q", "-m", "unformatted").status != 0)
        #expect(commits() == "1\n")
        // Formatted: committed; and --no-verify skips the hook.
        repository.write("budget.flourish", Self.base + Self.entry("2026-11-03", "Market", "12.00"))
        repository.git("add", "-A")
        #expect(repository.git("commit", "-q", "-m", "market").status == 0)
        repository.write("budget.flourish", Self.base + "\n2026-11-03 Market\n  Food  12.00\n  Bank  -11.00\n")
        repository.git("add", "-A")
        #expect(repository.git("commit", "-q", "--no-verify", "-m", "as it is").status == 0)
        #expect(commits() == "3\n")
        // A hook of the household's own is kept.
        repository.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
        #expect(repository.flourish(["git", "--hooks"]).stdout.contains("kept       .git/hooks/pre-commit: a pre-commit hook is there already"))
        #expect(repository.read(".git/hooks/pre-commit") == "#!/bin/sh\nexit 0\n")
        let offered = repository.flourish(["init", "second.flourish", "--date", "2026-11-22"])
        #expect(offered.status == 0)
        #expect(offered.stdout.contains("This folder is in a git repository: flourish git --hooks second.flourish\n"))
    }

    /// The example workflow's last step, run as GitHub runs it on a pull request: its script
    /// from `examples/ci/flourish.yml` in a clone whose `origin` has the base branch, with
    /// `flourish` on `PATH`; the job summary says what the pull request does to the budget.
    @Test(.enabled(if: hasGit, "git is not installed")) func theWorkflowSummarySaysWhatAPullRequestDoes() throws {
        let workflow = TestSupport.read(TestSupport.root + "/examples/ci/flourish.yml")
        let step = try #require(workflow.components(separatedBy: "- name: Say what the pull request does to the budget").last)
        let script = try #require(step.components(separatedBy: "run: |\n").last).split(separator: "\n")
            .prefix(while: { $0.hasPrefix("          ") }).map { $0.dropFirst(10) }.joined(separator: "\n")
        let repository = try Repository()
        let base = """
            currency EUR

            account Bank checking
            category Food
            budget 2026-11-01 Food 100.00

            opening 2026-11-01 Bank 1000.00

            2026-11-02 Market
              Food  60.00
              Bank

            """
        repository.write("budget.flourish", base)
        repository.commit("base")
        let origin = TestSupport.temporaryDirectory() + "/origin.git"
        #expect(Tools.run(Tools.path("git") ?? "/usr/bin/git", ["clone", "-q", "--bare", repository.path, origin]).status == 0)
        repository.git("remote", "add", "origin", origin)
        repository.git("checkout", "-q", "-b", "groceries")
        repository.write("budget.flourish", base + Self.entry("2026-11-09", "Market", "48.00"))
        repository.commit("the week's shopping")
        let home = TestSupport.temporaryDirectory()
        let summary = home + "/summary.md"
        let folder = (TestSupport.executable as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-e", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: repository.path)
        process.environment = ["PATH": folder + ":/usr/local/bin:/usr/bin:/bin", "HOME": home, "BASE": "main", "GITHUB_STEP_SUMMARY": summary]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let written = TestSupport.read(summary)
        #expect(written.hasPrefix("### Flourish: 1 entry added · main savings -€48.00 · Food over budget (108%)\n"), "\(written)")
        #expect(written.contains("| added | `budget.flourish:13` | 2026-11-09 Market |\n"))
        #expect(written.contains("| Food | 60% ok (€60.00 of €100.00) | 108% over (€108.00 of €100.00) |\n"))
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
