import Foundation
import Testing
@testable import FlourishCore

/// `flourish add`: one entry appended, checked first, written atomically or not at all.
@Suite struct AddTests {
    func copyOfDrip() -> String {
        let path = TestSupport.temporaryDirectory() + "/drip.flourish"
        TestSupport.write(TestSupport.read(TestSupport.root + "/examples/drip.flourish"), to: path)
        return path
    }

    @Test func addsACanonicalEntryThatChecks() {
        let path = copyOfDrip()
        let before = TestSupport.read(path)
        let result = TestSupport.run(["add", "2026-11-23", "Espresso with Sam", "4.50", "Coffee", "--from", "Bank", "--file", path, "--tag", "coffee"])
        #expect(result.status == .success)
        #expect(result.stdout == "added to \(path):\n2026-11-23 * Espresso with Sam  #coffee\n  Coffee  4.50\n  Bank\n")
        #expect(TestSupport.read(path) == before + "\n2026-11-23 * Espresso with Sam  #coffee\n  Coffee  4.50\n  Bank\n")
        #expect(TestSupport.run(["check", path]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", path]).stdout == "")
    }

    @Test func unknownCategorySuggestsTheClosestAndChangesNothing() {
        let path = copyOfDrip()
        let before = TestSupport.read(path)
        let result = TestSupport.run(["add", "2026-11-23", "Espresso", "4.50", "Cofee", "--from", "Bank", "--file", path])
        #expect(result.status == .problems)
        #expect(result.stderr == "Error: unknown category or person 'Cofee'; did you mean 'Coffee'?\n\(path): not changed\n")
        #expect(TestSupport.read(path) == before)
        let account = TestSupport.run(["add", "2026-11-23", "Espresso", "4.50", "Coffee", "--from", "Bnak", "--file", path])
        #expect(account.stderr.hasPrefix("Error: unknown account 'Bnak'; did you mean 'Bank'?\n"))
    }

    @Test func anEntryThatBreaksTheLedgerIsNotWritten() {
        let path = copyOfDrip()
        let before = TestSupport.read(path)
        // Spending this much leaves nothing for the allowance: the bucket rule fails.
        let result = TestSupport.run(["add", "2026-11-22", "Bike", "2500.00", "Travel", "--from", "Bank", "--file", path])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("error: overcommitted by"))
        #expect(result.stderr.hasSuffix("\(path): not changed: the entry would leave 4 errors\n"))
        #expect(TestSupport.read(path) == before)
    }

    @Test func aBrokenLedgerIsNotTouched() {
        let path = TestSupport.temporaryDirectory() + "/broken.flourish"
        let text = TestSupport.read(TestSupport.root + "/examples/mistakes.flourish")
        TestSupport.write(text, to: path)
        let result = TestSupport.run(["add", "2026-11-23", "Lunch", "4.50", "Dining", "--from", "Bank", "--file", path])
        #expect(result.status == .problems)
        #expect(result.stderr.hasSuffix("\(path): not changed: fix its 14 errors first\n"))
        #expect(TestSupport.read(path) == text)
    }

    @Test func usage() {
        let path = copyOfDrip()
        #expect(TestSupport.run(["add", "2026-11-23", "Lunch", "4.50", "Coffee", "--file", path]).stderr.hasPrefix("Error: say which account paid: --from ACCOUNT (or --to ACCOUNT for money in)\n"))
        #expect(TestSupport.run(["add", "2026-13-23", "Lunch", "4.50", "Coffee", "--from", "Bank", "--file", path]).status == .usage)
        // `4,5` in a ledger shown the American way: refused, saying how to write it.
        let comma = TestSupport.run(["add", "2026-11-23", "Lunch", "4,5", "Coffee", "--from", "Bank", "--file", path])
        #expect(comma.status == .usage)
        #expect(comma.stderr.hasPrefix("Error: '4,5' is not an amount this ledger reads: write it as a ledger line does (4.5), or show the ledger in a locale that writes it so (`display de-DE`)\n"))
        #expect(TestSupport.run(["add", "Lunch", "--from", "Bank", "--file", path]).status == .usage)
        let environment = TestSupport.run(["add", "2026-11-23", "Lunch", "1.00", "Coffee", "--from", "Bank"], environment: ["FLOURISH_FILE": path])
        #expect(environment.status == .success)
    }

    @Test func aNameWithQuotesIsWrittenSoItReadsBack() {
        let path = TestSupport.temporaryDirectory() + "/kids.flourish"
        TestSupport.write("currency USD\naccount Bank checking\ncategory \"Kids \\\"fun\\\"\"\nopening 2026-11-01 Bank 100.00\n", to: path)
        let result = TestSupport.run(["add", "2026-11-23", "Treat", "5", "Kids \"fun\"", "--from", "Bank", "--file", path])
        #expect(result.status == .success)
        #expect(result.stdout == "added to \(path):\n2026-11-23 * Treat\n  \"Kids \\\"fun\\\"\"  5\n  Bank\n")
        #expect(TestSupport.run(["check", path]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", path]).status == .success)
    }

    @Test func aRefundNeedsNoDoubleDash() {
        let path = copyOfDrip()
        let result = TestSupport.run(["add", "2026-11-23", "Refund", "-4.50", "Coffee", "--from", "Bank", "--file", path])
        #expect(result.status == .success)
        #expect(result.stdout.hasSuffix("  Coffee  -4.50\n  Bank\n"))
        #expect(Invocation.isNegativeNumber("-.5") && !Invocation.isNegativeNumber("-f") && !Invocation.isNegativeNumber("--from"))
    }

    /// Money in is how an overcommitted ledger is mended: add shows the bucket-rule errors
    /// and writes the entry; any other error still stops it.
    @Test func anOvercommittedLedgerTakesTheEntryThatMendsIt() {
        let path = TestSupport.temporaryDirectory() + "/over.flourish"
        TestSupport.write(TestSupport.read(TestSupport.fixtures + "/diagnostics/overcommitted.flourish") + "category Salary income\n", to: path)
        #expect(TestSupport.run(["check", path]).status == .problems)
        let result = TestSupport.run(["add", "2026-11-20", "Pay", "-500.00", "Salary", "--from", "Bank", "--file", path])
        #expect(result.status == .success)
        #expect(result.stderr.contains("error: overcommitted by"))
        #expect(result.stderr.contains("\(path): the bucket rule is broken (1 error); adding anyway\n"))
        #expect(TestSupport.run(["check", path]).status == .success)
    }

    /// `add DATE move AMOUNT to|from GOAL` writes the `move` directive, the goal's name completed;
    /// a move that would overdraw the goal is refused with check's words, and the file is unchanged.
    @Test func aGoalMoveIsTheMoveDirective() {
        let path = TestSupport.copyOfHousehold()
        let moved = TestSupport.run(["add", "2026-11-27", "move", "200", "to", "jap", "-f", path])
        #expect(moved.status == .success)
        #expect(moved.stdout == "added to \(path):\nmove 2026-11-27 200 to \"Japan trip\"\n")
        #expect(TestSupport.read(path).hasSuffix("14868.64\n\nmove 2026-11-27 200 to \"Japan trip\"\n"))
        let before = TestSupport.read(path)
        let overdrawn = TestSupport.run(["add", "2026-11-28", "move", "1000", "from", "Japan trip", "-f", path])
        #expect(overdrawn.status == .problems)
        #expect(overdrawn.stderr.contains("error: goal `Japan trip` is overdrawn by 350.00 on 2026-11-28"))
        let unknown = TestSupport.run(["add", "2026-11-28", "move", "5", "to", "Jpan", "-f", path])
        #expect(unknown.status == .problems && unknown.stderr.hasPrefix("Error: unknown goal 'Jpan'"))
        let negative = TestSupport.run(["add", "2026-11-28", "move", "-5", "to", "Japan trip", "-f", path])
        #expect(negative.status == .usage)
        #expect(TestSupport.read(path) == before)
        #expect(TestSupport.run(["fmt", "--check", path]).status == .success)
    }

    /// `--declare KIND` declares the names not declared yet, before the entry; each name takes
    /// the first kind its line may be; without it, an unknown name is refused as before.
    @Test func declareWritesTheDeclarationBeforeTheEntry() {
        let path = TestSupport.copyOfHousehold()
        let before = TestSupport.read(path)
        let refused = TestSupport.run(["add", "2026-11-27", "Vet", "80", "Pets", "--from", "Bank", "-f", path])
        #expect(refused.status == .problems && TestSupport.read(path) == before)
        let added = TestSupport.run(["add", "2026-11-27", "Bonus", "100", "Bonus", "--to", "Tin box", "--declare", "account cash",
                                     "--declare", "income", "-f", path])
        #expect(added.status == .success)
        #expect(TestSupport.read(path) == before + "\naccount \"Tin box\" cash\ncategory Bonus income\n\n2026-11-27 * Bonus\n  \"Tin box\"  100\n  Bonus\n")
        #expect(TestSupport.run(["check", path]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", path]).status == .success)
        // A kind the line cannot take declares nothing; a kind that is none is a usage error.
        let wrong = TestSupport.run(["add", "2026-11-27", "Vet", "80", "Health", "--from", "Vault", "--declare", "category", "-f", path])
        #expect(wrong.status == .problems && wrong.stderr.hasPrefix("Error: unknown account 'Vault'"))
        #expect(!TestSupport.read(path).contains("Vault"))
        #expect(TestSupport.run(["add", "2026-11-27", "x", "1", "y", "--from", "Bank", "--declare", "banana", "-f", path]).status == .usage)
        #expect(TestSupport.run(["add", "2026-11-27", "x", "1", "y", "--from", "Bank", "--declare", "account gold", "-f", path]).status == .usage)
    }
}
