/// The ledger as plain double-entry transactions, in date order: entries, opening balances
/// (against `Equity:Opening-Balances`) and corrections (against `Equity:Corrections`), with the
/// balance assertions of each day after its transactions. Every amount is explicit.
struct ExportTransactions {
    struct Transaction {
        var date: CivilDate
        var status: Entry.Status
        var description: String
        var tags: [String]
        /// Exported account name and amount.
        var postings: [(account: String, amount: Money)]
        /// Flourish names of the postings, for CSV.
        var targets: [String]
        /// Budgeting detail other tools do not model (`goal` clauses).
        var notes: [String]
    }

    struct Assertion {
        var date: CivilDate
        var account: String
        var amount: Money
    }

    /// The transactions, made one at a time as an exporter reaches them (the export of a
    /// million entries is written as it is made, never held whole).
    var transactions: LazyMapCollection<[Journal.Item], Transaction> {
        let ledger = journal.ledger
        let names = self.names
        return journal.items.lazy.map { Self.transaction($0, ledger, names) }
    }
    var assertions: [Assertion] = []
    /// The first date of the ledger (accounts are opened then).
    var firstDate: CivilDate?

    /// How each Flourish name is written in the target format.
    let names: ExportNames
    let journal: Journal

    init(_ journal: Journal, names: ExportNames) {
        let ledger = journal.ledger
        self.names = names
        self.journal = journal
        assertions = ledger.balanceAssertions
            .sorted { ($0.date, $0.location) < ($1.date, $1.location) }
            .map { Assertion(date: $0.date, account: names.name($0.account.id), amount: $0.amount.value) }
        firstDate = journal.dateRange?.lowerBound
    }

    static func transaction(_ item: Journal.Item, _ ledger: Ledger, _ names: ExportNames) -> Transaction {
        switch item.kind {
        case .opening(let i):
            let opening = ledger.openings[i]
            return Transaction(
                date: opening.date, status: .cleared, description: "Opening balance", tags: [],
                postings: [(names.name(opening.account.id), opening.amount.value),
                           (ExportNames.opening, opening.amount.value.negated ?? .zero)],
                targets: [ledger.names[opening.account.id], "opening balance"], notes: [])
        case .correction(let i):
            let correction = ledger.corrections[i]
            return Transaction(
                date: correction.date, status: .cleared, description: "Correction: " + correction.reason.value, tags: [],
                postings: [(names.name(correction.account.id), correction.amount.value),
                           (ExportNames.corrections, correction.amount.value.negated ?? .zero)],
                targets: [ledger.names[correction.account.id], "correction"], notes: [])
        case .entry(let i):
            let entry = ledger.entries[i]
            var transaction = Transaction(date: entry.date, status: entry.status, description: ledger.description(of: entry),
                                          tags: ledger.tags(of: entry).map { ledger.names[$0.id] }, postings: [], targets: [], notes: [])
            transaction.postings.reserveCapacity(entry.postings.count)
            transaction.targets.reserveCapacity(entry.postings.count)
            for line in entry.postings {
                let posting = ledger.postings[line]
                transaction.postings.append((names.name(posting.target.id), posting.amount))
                transaction.targets.append(ledger.names[posting.target.id])
                if let goal = ledger.postingGoals[line] {
                    transaction.notes.append("\(ledger.names[posting.target.id]) charged to goal \(ledger.names[goal.id])")
                }
            }
            return transaction
        }
    }
}
