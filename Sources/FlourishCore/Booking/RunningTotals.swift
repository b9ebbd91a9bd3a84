/// The running totals booking checks at every line: each name's balance, each parent
/// category's total, the on-budget funds, the off-budget accounts, what people owe, all
/// spending and all income. The first overflow of each is reported where it happened.
struct RunningTotals {
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

    private var byName: [Money]
    private var overflowedName: [Bool]
    private var groups = [Money](repeating: .zero, count: Group.allCases.count)
    private var overflowedGroup = [Bool](repeating: false, count: Group.allCases.count)
    private let currency: Currency
    private(set) var diagnostics: [Diagnostic] = []
    /// The line last blamed: one line that overflows several totals gets one diagnostic.
    private var lastBlamed: SourceLocation?

    private mutating func report(_ what: String, _ item: Journal.Item) {
        guard lastBlamed != item.location else { return }
        lastBlamed = item.location
        diagnostics.append(Diagnostic(.sumOverflow(what: what, currency: currency), at: item.location))
    }

    init(count: Int, currency: Currency) {
        byName = [Money](repeating: .zero, count: count)
        overflowedName = [Bool](repeating: false, count: count)
        self.currency = currency
    }

    mutating func add(_ amount: Money, to target: Int32, _ journal: Journal, at item: Journal.Item) {
        let kind = journal.index.kind(of: target)
        switch kind {
        case .account?:
            addToName(amount, target, journal, item, noun: "the balance of")
            addToGroup(amount, journal.onBudget[Int(target)] ? .funds : .offBudget, item)
        case .person?:
            addToName(amount, target, journal, item, noun: "the balance with")
            addToGroup(amount, .people, item)
        case .category?, .incomeCategory?:
            var id = target
            while id >= 0 {
                addToName(amount, id, journal, item, noun: "the total of")
                id = journal.parent[Int(id)]
            }
            addToGroup(amount, kind == .category ? .expenses : .income, item)
        default:
            break  // an unknown name: the reference check reports it
        }
    }

    private mutating func addToName(_ amount: Money, _ id: Int32, _ journal: Journal, _ item: Journal.Item, noun: String) {
        let slot = Int(id)
        guard !overflowedName[slot] else { return }
        do throws(MoneyOverflow) {
            byName[slot] = try byName[slot] + amount
        } catch {
            overflowedName[slot] = true
            report("\(noun) `\(journal.name(id))` on \(item.date)", item)
        }
    }

    private mutating func addToGroup(_ amount: Money, _ group: Group, _ item: Journal.Item) {
        let slot = group.rawValue
        guard !overflowedGroup[slot] else { return }
        do throws(MoneyOverflow) {
            groups[slot] = try groups[slot] + amount
        } catch {
            overflowedGroup[slot] = true
            report("\(group.what) on \(item.date)", item)
        }
    }
}
