import Foundation
import Testing
@testable import FlourishCore

/// `flourish add` for every kind of entry: splits, people, transfers, income, goals, tags,
/// today and yesterday, abbreviations, and a proposed category.
@Suite struct AddFormsTests {
    func household() -> String { TestSupport.copyOfHousehold() }

    /// Runs `add` with the clock at 2026-11-23; returns what it added.
    func add(_ words: [String], _ path: String) -> RunResult {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let status = Flourish.run(arguments: ["add"] + words + ["--file", path], stdout: out, stderr: err,
                                  today: { CivilDate(year: 2026, month: 11, day: 23)! })
        return RunResult(status: status, stdout: out.text, stderr: err.text)
    }

    func expectAdded(_ words: [String], _ entry: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let path = household()
        let before = TestSupport.read(path)
        let result = add(words, path)
        #expect(result.status == .success, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(TestSupport.read(path) == before + "\n" + entry, sourceLocation: sourceLocation)
        #expect(TestSupport.run(["check", path]).status == .success, sourceLocation: sourceLocation)
        #expect(TestSupport.run(["fmt", "--check", path]).stdout == "", sourceLocation: sourceLocation)
    }

    @Test func splitsWithAPersonAndTheAmountLeftOut() {
        expectAdded(["today", "Dinner with Sam", "Food:Dining", "60", "Sam", "30", "--from", "Visa"],
                    "2026-11-23 * Dinner with Sam\n  Food:Dining  60\n  Sam          30\n  Visa\n")
    }

    @Test func aTransferBetweenAccounts() {
        expectAdded(["today", "To savings", "200", "--from", "Bank", "--to", "Savings"],
                    "2026-11-23 * To savings\n  Savings  200\n  Bank\n")
    }

    @Test func incomeIntoAnAccount() {
        expectAdded(["yesterday", "Bonus", "500", "Salary", "--to", "Bank"],
                    "2026-11-22 * Bonus\n  Bank    500\n  Salary\n")
    }

    @Test func aLineChargedToAGoalWithTagsAndStatus() {
        expectAdded(["2026-11-23", "Flight deposit", "Travel", "120", "goal", "Japan", "#trip", "#japan", "--from", "Bank", "--pending"],
                    "2026-11-23 ! Flight deposit  #trip #japan\n  Travel  120 goal \"Japan trip\"\n  Bank\n")
    }

    @Test func aRefundWithoutDoubleDash() {
        expectAdded(["today", "Returned shoes", "-35.00", "Gifts", "--from", "Visa"],
                    "2026-11-23 * Returned shoes\n  \"Gifts & Giving\"  -35.00\n  Visa\n")
    }

    @Test func abbreviationsResolveWhenTheyAreUnambiguous() {
        expectAdded(["today", "Lunch", "din", "12.50", "--from", "bank"],
                    "2026-11-23 * Lunch\n  Food:Dining  12.50\n  Bank\n")
        let path = household()
        let ambiguous = add(["today", "Lunch", "S", "12.50", "--from", "Bank"], path)
        #expect(ambiguous.status == .problems)
        #expect(ambiguous.stderr.hasPrefix("Error: 'S' could be "))
        #expect(ambiguous.stderr.contains("'Salary'") && ambiguous.stderr.contains("'Sam'"))
    }

    @Test func withoutACategoryTheMostUsedOneIsProposed() {
        let path = household()
        let result = add(["today", "Weekly shop", "80.00", "--from", "Bank"], path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("category Food:Groceries: used "))
        #expect(result.stdout.hasSuffix("2026-11-23 * Weekly shop\n  Food:Groceries  80.00\n  Bank\n"))
        let unknown = add(["today", "Zzyzx", "80.00", "--from", "Bank"], path)
        #expect(unknown.status == .problems)
        #expect(unknown.stderr.hasPrefix("Error: say which category it goes to"))
    }

    @Test func mistakesAreUsageErrors() {
        let path = household()
        #expect(add(["today", "x", "Food:Dining", "--from", "Bank", "--to", "Savings"], path).status == .usage)
        #expect(add(["today", "x", "Food:Dining", "Rent"], path).stderr.hasPrefix("Error: 2 lines have no amount"))
        #expect(add(["today", "x", "5", "Rent", "--from", "Bank", "--to", "Savings"], path).status == .usage)
        #expect(add(["tomorrow", "x", "5", "Rent", "--from", "Bank"], path).stderr.hasPrefix("Error: 'tomorrow' is not a date; write YYYY-MM-DD, 'today' or 'yesterday'"))
        #expect(add(["today", "x", "Food:Dining", "5"], path).stderr.hasPrefix("Error: an entry needs two lines at least"))
    }
}

/// `add --interactive`, answered as a person would at a terminal.
@Suite struct InteractiveAddTests {
    func run(_ answers: [String], _ path: String) -> RunResult {
        let out = CapturedOutput()
        let err = CapturedOutput()
        var queue = answers[...]
        let status = Flourish.run(arguments: ["add", "--interactive", "--file", path], stdout: out, stderr: err,
                                  today: { CivilDate(year: 2026, month: 11, day: 23)! },
                                  input: { queue.popFirst() })
        return RunResult(status: status, stdout: out.text, stderr: err.text)
    }

    @Test func defaultsComeFromTheLastSimilarEntry() {
        let path = AddFormsTests().household()
        let before = TestSupport.read(path)
        let result = run(["", "Weekly shop", "", "80", "", "", ""], path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("Date [2026-11-23]: Description: (defaults from 2026-11-09 \"Weekly shop\")\n"))
        #expect(result.stdout.contains("Account, category or person 1 [Food:Groceries]: Amount 1 [102.00]: "))
        #expect(result.stdout.contains("Account, category or person 2 [Bank]: Amount 2 [-80.00]: "))
        #expect(TestSupport.read(path) == before + "\n2026-11-23 * Weekly shop\n  Food:Groceries   80\n  Bank            -80.00\n")
        #expect(TestSupport.run(["check", path]).status == .success)
    }

    /// `<` goes back a question: from a line's name to the line before (taken out), from the
    /// description to the date.
    @Test func lessThanGoesBackAQuestion() {
        let path = AddFormsTests().household()
        let before = TestSupport.read(path)
        let result = run(["2026-11-20", "<", "2026-11-22", "Odd thing", "din", "10", "<", "12", "<", "<", "Food:Groceries", "12",
                          "Bank", "-12", "."], path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("(Enter takes the default in brackets; < goes back a question.)\nDate [2026-11-23]: Description: Date [2026-11-23]: Description: "))
        #expect(result.stdout.contains("Account, category or person 1: Amount 1 [0.00]: Account, category or person 2: Amount 1 [0.00]: "
                                        + "Account, category or person 2: Amount 1 [0.00]: Account, category or person 1: Amount 1 [0.00]: "))
        #expect(TestSupport.read(path) == before + "\n2026-11-22 * Odd thing\n  Food:Groceries   12\n  Bank            -12\n")
    }

    @Test func nothingIsWrittenUntilItBalancesAndTheEndOfInputCancels() {
        let path = AddFormsTests().household()
        let before = TestSupport.read(path)
        // An unknown name and an unbalanced finish are asked again; then the input ends.
        let result = run(["2026-11-20", "Odd thing", "Nowhere", "din", "10", "Bank", "-5", "."], path)
        #expect(result.status == .problems)
        #expect(result.stdout.contains("unknown account, category or person 'Nowhere'"))
        #expect(result.stdout.contains("the lines sum to 5.00; add a line of -5.00\n"))
        #expect(result.stdout.hasSuffix("cancelled; \(path) not changed\n"))
        #expect(TestSupport.read(path) == before)
    }
}
