import Testing
@testable import FlourishCore

/// Booking's running totals, kept (`Journal.lineBalances`): each line's name's total after it
/// is what summing the lines gives, and the register and the people report read the same
/// running balances from them as from a sum.
@Suite struct RunningBalanceTests {
    /// The ledgers: the examples and random households (accounts, categories with parents,
    /// people, openings and corrections, entries out of date order).
    static func ledgers() throws -> [Journal] {
        var journals: [Journal] = []
        for name in ["household", "drip", "berlin"] {
            let loaded = try LedgerLoader.load(paths: [TestSupport.root + "/examples/\(name).flourish"])
            journals.append(Validator.validated(loaded).journal)
        }
        for seed in 1...20 as ClosedRange<UInt64> {
            var random = SplitMix(seed: seed)
            func pick<T>(_ options: [T]) -> T { options[Int(random.next(below: UInt64(options.count)))] }
            var text = "currency EUR\naccount Bank checking\naccount Card credit\ncategory Food:Dining\ncategory Food:Groceries\n"
                + "category Salary income\nperson Sam\nopening 2026-01-01 Bank 500.00\n"
            for _ in 0..<Int(10 + random.next(below: 40)) {
                let date = "2026-0\(1 + random.next(below: 3))-\(10 + random.next(below: 18))"
                let amount = "\(random.next(below: 200)).\(random.next(below: 10))0"
                switch random.next(below: 4) {
                case 0: text += "correction \(date) \(pick(["Bank", "Card"])) -\(amount) \"fee\"\n"
                case 1: text += "\(date) Pay\n  Salary  -\(amount)\n  Bank\n"
                default: text += "\(date) Spend\n  \(pick(["Food:Dining", "Food:Groceries", "Sam"]))  \(amount)\n  \(pick(["Bank", "Card"]))\n"
                }
            }
            journals.append(Validator.validated(TestSupport.load(text)).journal)
        }
        return journals
    }

    @Test func keptTotalsAreTheLinesSummed() throws {
        for journal in try Self.ledgers() {
            let kept = try #require(journal.lineBalances)
            var sums = [Money](repeating: .zero, count: journal.ledger.names.names.count)
            var expected: [Money] = []
            for item in journal.items {
                journal.forEachLine(of: item) { target, amount, _ in
                    sums[Int(target)] = try! sums[Int(target)] + amount
                    expected.append(sums[Int(target)])
                }
            }
            #expect(kept == expected)
            // The running balances read from them are the ones summed without them.
            var summed = journal
            summed.lineBalances = nil
            func lines(_ journal: Journal, _ filter: Journal.LineFilter?) throws -> [String] {
                var lines: [String] = []
                try journal.forEachRunningLine(through: .latest, filter: filter, running: .perName(depth: nil)) { index, shown, amount, balance, _ in
                    lines.append("\(index) \(shown) \(amount.minorUnits) \(balance.minorUnits)")
                }
                return lines
            }
            let people = Journal.LineFilter(names: { journal.index.kind(of: $0) == .person })
            #expect(try lines(journal, nil) == lines(summed, nil))
            #expect(try lines(journal, people) == lines(summed, people))
            #expect(try lines(journal, nil).count == kept.count)
            // Balances at a date, parents with their sub-categories, read from them as summed.
            for date in [CivilDate(year: 2026, month: 2, day: 15)!, .latest] {
                #expect(try journal.balances(through: date) == summed.balances(through: date))
            }
        }
    }

    /// `check` has the totals checked but not kept: the same problems, a journal without
    /// them, and its figures summed from the lines are the kept ones.
    @Test func checkingWithoutKeepingFindsTheSame() throws {
        for name in ["household", "drip", "berlin"] {
            let path = TestSupport.root + "/examples/\(name).flourish"
            let kept = Validator.validated(try LedgerLoader.load(paths: [path]))
            let unkept = Validator.validated(try LedgerLoader.load(paths: [path]), keepingLineBalances: false)
            #expect(kept.journal.lineBalances != nil)
            #expect(unkept.journal.lineBalances == nil)
            #expect(unkept.diagnostics.map(\.id) == kept.diagnostics.map(\.id))
            #expect(try unkept.journal.balances(through: .latest) == kept.journal.balances(through: .latest))
        }
        // An overflow is found all the same.
        let text = "currency EUR\naccount Bank checking\ncategory Food\n"
            + "2026-01-01 a\n  Food  90000000000000000.00\n  Bank\n2026-01-02 b\n  Food  90000000000000000.00\n  Bank\n"
        #expect(Validator.validated(TestSupport.load(text), keepingLineBalances: false).diagnostics.contains { $0.id == "sum-overflow" })
    }

    /// A total that overflows keeps nothing: the figures are summed (and the overflow shown).
    @Test func anOverflowKeepsNothing() {
        let text = "currency EUR\naccount Bank checking\ncategory Food\n"
            + "2026-01-01 a\n  Food  90000000000000000.00\n  Bank\n2026-01-02 b\n  Food  90000000000000000.00\n  Bank\n"
        let validated = Validator.validated(TestSupport.load(text))
        #expect(validated.diagnostics.contains { $0.id == "sum-overflow" })
        #expect(validated.journal.lineBalances == nil)
    }
}
