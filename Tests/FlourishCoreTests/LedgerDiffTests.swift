import Foundation
import Testing
@testable import FlourishCore

/// `flourish diff`: what changed, as items and as money (docs/git.md).
@Suite struct LedgerDiffTests {
    static let old = """
        currency EUR

        account Bank checking
        category Food
        category Rent
        person Sam
        opening 2026-11-01 Bank 2000.00
        budget 2026-11-01 Food 300.00
        earmark 2026-11-01 Rent 700.00 due 3

        2026-11-03 Rent
          Rent  700.00
          Bank

        2026-11-05 Groceries
          Food  250.00
          Bank

        2026-11-05 Cinema
          Food  12.00
          Bank

        """

    /// The groceries edited, the cinema deleted, a dinner shared with Sam added.
    static let new = old.replacingOccurrences(of: "Food  250.00", with: "Food  260.00")
        .replacingOccurrences(of: "\n2026-11-05 Cinema\n  Food  12.00\n  Bank\n", with: "")
        + "\n2026-11-06 Dinner with Sam\n  Food  31.75\n  Sam  31.75\n  Bank\n"

    static func files() -> (old: String, new: String) {
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write(old, to: folder + "/old.flourish")
        TestSupport.write(new, to: folder + "/new.flourish")
        return (folder + "/old.flourish", folder + "/new.flourish")
    }

    @Test func anEditIsOneChangeAndTheMoneyMovesAsTheReportsSay() {
        let (old, new) = Self.files()
        let result = TestSupport.run(["diff", old, new])
        #expect(result.status == .success)
        // By hand: Bank 2000 − 700 − 250 − 12 = 1,038.00 before; 2000 − 700 − 260 − 63.50 = 976.50
        // after; Sam owes half the dinner; Food spent 262.00 then 291.75 of 300.00.
        #expect(result.stdout.replacingOccurrences(of: new, with: "new.flourish").replacingOccurrences(of: old, with: "old.flourish") == """
            Changes: 1 entry added, 1 edited, 1 deleted
              ~ new.flourish:15  2026-11-05 Groceries
                  -   Food  250.00
                  +   Food  260.00
              - old.flourish:19  2026-11-05 Cinema
              + new.flourish:19  2026-11-06 Dinner with Sam

            What it does to the money (as of 2026-11-06):
                                  before    after   change
              Bank             €1,038.00  €976.50  -€61.50
              Sam (person)         €0.00   €31.75  +€31.75
              on-budget funds  €1,038.00  €976.50  -€61.50
              main savings     €1,038.00  €976.50  -€61.50

            Budgets this month:
                                         before                          after
              Food  87% ok (€262.00 of €300.00)  97% near (€291.75 of €300.00)

            """)
    }

    @Test func theMarkdownHeadlineSaysWhatItDoesToTheBudget() {
        let (old, new) = Self.files()
        let markdown = TestSupport.run(["diff", old, new, "--format", "markdown"]).stdout
        #expect(markdown.contains("| deleted | `\(old):19` | 2026-11-05 Cinema |\n"))
        #expect(markdown.hasPrefix("### Flourish: 1 entry added, 1 edited, 1 deleted · Sam now owes you €31.75 · main savings -€61.50\n"))
        #expect(markdown.contains("| Food | 87% ok (€262.00 of €300.00) | 97% near (€291.75 of €300.00) |\n"))
    }

    /// The diff's figures are the reports' figures on each version.
    @Test func figuresAgreeWithTheReportsOnEachVersion() throws {
        let (old, new) = Self.files()
        let diff = try #require(JSONSerialization.jsonObject(with: Data(TestSupport.run(["diff", old, new, "--format", "json"]).stdout.utf8)) as? [String: Any])
        let figures = try #require(diff["figures"] as? [[String: Any]])
        func figure(_ section: String, _ name: String) -> (String?, String?) {
            let found = figures.first { $0["section"] as? String == section && $0["name"] as? String == name }
            return (found?["before"] as? String, found?["after"] as? String)
        }
        for (index, file) in [old, new].enumerated() {
            let snapshot = try #require(JSONSerialization.jsonObject(with: Data(TestSupport.run(["report", "snapshot", "--format", "json", "--date", "2026-11-06", file]).stdout.utf8)) as? [String: Any])
            let buckets = try #require(snapshot["buckets"] as? [String: Any])
            let funds = try #require(snapshot["funds"] as? [String: Any])
            let main = figure("main-savings", "main savings")
            let total = figure("funds", "on-budget funds")
            #expect((index == 0 ? main.0 : main.1) == buckets["mainSavings"] as? String)
            #expect((index == 0 ? total.0 : total.1) == funds["total"] as? String)
            let people = TestSupport.run(["report", "people", "--format", "csv", file]).stdout
            let sam = figure("person", "Sam")
            #expect(people.contains("Sam,\(index == 0 ? sam.0 ?? "" : sam.1 ?? ""),"))
        }
    }

    @Test func nothingChangedSaysSo() {
        let (old, _) = Self.files()
        #expect(TestSupport.run(["diff", old, old]).stdout == "Changes: no item changed\n\nNo figure moved (as of 2026-11-05).\n")
    }

    @Test func aVersionWithErrorsIsComparedByItemsOnly() {
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write(Self.old, to: folder + "/old.flourish")
        TestSupport.write(Self.old + "\n2026-11-07 Typo\n  Fod  3.00\n  Bank\n", to: folder + "/new.flourish")
        let result = TestSupport.run(["diff", folder + "/old.flourish", folder + "/new.flourish"])
        #expect(result.stdout.hasSuffix("Note: \(folder)/new.flourish has errors: its figures are not compared (run `flourish check` on it)\n"))
    }

    @Test(.enabled(if: GitMergeTests.hasGit, "git is not installed")) func revisionsFollowTheirIncludesAndGitDiffUsesTheDriver() throws {
        let repository = try GitMergeTests.Repository()
        repository.write("budget.flourish", "currency EUR\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 500.00\ninclude \"2026.flourish\"\n")
        repository.write("2026.flourish", "2026-11-02 Market\n  Food  40.00\n  Bank\n")
        repository.commit("base")
        repository.write("2026.flourish", "2026-11-02 Market\n  Food  40.00\n  Bank\n\n2026-11-03 Bakery\n  Food  6.00\n  Bank\n")
        repository.commit("bakery")
        repository.git("config", "--local", "flourish.ledger", "budget.flourish")
        let expected = """
            Changes: 1 entry added
              + 2026.flourish:5  2026-11-03 Bakery

            What it does to the money (as of 2026-11-03):
                                before    after  change
              Bank             €460.00  €454.00  -€6.00
              on-budget funds  €460.00  €454.00  -€6.00
              main savings     €460.00  €454.00  -€6.00

            Budgets this month:
                                 before                after
              Food  unbudgeted (€40.00)  unbudgeted (€46.00)

            """
        let revisions = repository.flourish(["diff", "HEAD~1", "HEAD", "budget.flourish"])
        #expect(revisions.stdout == expected, "\(revisions.stderr)")
        // The working tree against HEAD, and git's own diff through the driver.
        repository.write("2026.flourish", "2026-11-02 Market\n  Food  40.00\n  Bank\n")
        #expect(repository.flourish(["diff", "budget.flourish"]).stdout.hasPrefix("Changes: 1 entry deleted\n  - 2026.flourish:5  2026-11-03 Bakery\n"))
        #expect(repository.git("diff").output.contains("Changes: 1 entry deleted\n  - 2026.flourish:5  2026-11-03 Bakery\n"))
        #expect(repository.git("diff").output.contains("  main savings     €454.00  €460.00  +€6.00\n"))
    }
}
