/// The running totals booking checks at every line: each name's balance, each parent
/// category's total, the on-budget funds, the off-budget accounts, what people owe, all
/// spending and all income. The first overflow of each is reported where it happened; each
/// line's own total after it is kept (`Journal.lineBalances`), the running balance the
/// register and the people report show.
enum RunningTotals {
    /// What a pass over the journal found.
    struct Outcome: Sendable {
        var diagnostics: [Diagnostic]
        /// Each line's name's total after it — an account's or a person's balance, a
        /// category's own total — line by line in date order (`Journal.forEachLine` of each
        /// item); nil when a total overflowed or a line's name is of no kind.
        var lineBalances: [Money]?

        init(diagnostics: [Diagnostic], lineBalances: [Money]? = nil) {
            self.diagnostics = diagnostics
            self.lineBalances = lineBalances
        }
    }

    /// A total that is tracked for the whole ledger rather than per name.
    private enum Group: Int, CaseIterable {
        case funds, offBudget, people, expenses, income

        var what: String {
            switch self {
            case .funds: return "the total of the on-budget accounts"
            case .offBudget: return "the total of the off-budget accounts"
            case .people: return "the total of what people owe"
            case .expenses: return "the total spending"
            case .income: return "the total income"
            }
        }
    }

    /// One running total, and whether it has overflowed (then it is no longer added to).
    private struct Total {
        var sum = Money.zero
        var overflowed = false
    }

    /// Where a line of a name goes: its own total (and its parents', for a category) and one
    /// group's. Nil for a name that is none of these (the reference check reports it).
    private static func group(of id: Int, _ journal: Journal) -> Group? {
        switch journal.index.kind(of: Int32(id)) {
        case .account?: return journal.onBudget[id] ? .funds : .offBudget
        case .person?: return .people
        case .category?: return .expenses
        case .incomeCategory?: return .income
        default: return nil
        }
    }

    /// The totals being added to (each name's, then each group's) and what was found.
    private struct Tally {
        var totals: [Total]
        let currency: Currency
        /// Where an item that overflows a total is written.
        let journal: Journal
        var diagnostics: [Diagnostic] = []
        /// The line last blamed: one line that overflows several totals gets one diagnostic.
        var lastBlamed: SourceLocation?

        mutating func add(_ amount: Money, at slot: Int, _ item: Journal.Item, _ what: () -> String) {
            guard !totals[slot].overflowed else { return }
            do throws(MoneyOverflow) {
                totals[slot].sum = try totals[slot].sum + amount
            } catch {
                totals[slot].overflowed = true
                let location = item.location(in: journal.ledger)
                guard lastBlamed != location else { return }
                lastBlamed = location
                diagnostics.append(Diagnostic(.sumOverflow(what: what(), currency: currency), at: location))
            }
        }
    }

    /// Every line of the journal added to its totals, in date order; a diagnostic for the
    /// first overflow of each total, one per line that overflows several; each line's own
    /// total after it.
    static func run(_ journal: Journal) -> Outcome {
        let count = journal.ledger.names.names.count
        let groups = (0..<count).map { group(of: $0, journal) }
        var tally = Tally(totals: [Total](repeating: Total(), count: count + Group.allCases.count),
                          currency: journal.currency, journal: journal)
        let ledger = journal.ledger
        var balances: [Money] = []
        var unkept = false
        balances.reserveCapacity(ledger.postings.count + ledger.openings.count + ledger.corrections.count)
        for item in journal.items {
            journal.forEachLine(of: item) { target, amount, _ in
                guard let group = groups[Int(target)] else {
                    // A name of no kind (the reference check reports it): no total to keep.
                    unkept = true
                    return
                }
                defer { balances.append(tally.totals[Int(target)].sum) }
                switch group {
                case .funds, .offBudget:
                    tally.add(amount, at: Int(target), item) { "the balance of `\(journal.name(target))` on \(item.date)" }
                case .people:
                    tally.add(amount, at: Int(target), item) { "the balance with `\(journal.name(target))` on \(item.date)" }
                case .expenses, .income:
                    var id = target
                    while id >= 0 {
                        tally.add(amount, at: Int(id), item) { "the total of `\(journal.name(id))` on \(item.date)" }
                        id = journal.parent[Int(id)]
                    }
                }
                tally.add(amount, at: count + group.rawValue, item) { "\(group.what) on \(item.date)" }
            }
        }
        return Outcome(diagnostics: tally.diagnostics, lineBalances: tally.diagnostics.isEmpty && !unkept ? balances : nil)
    }
}
