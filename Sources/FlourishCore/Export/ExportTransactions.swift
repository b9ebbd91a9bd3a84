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

    var transactions: [Transaction] = []
    var assertions: [Assertion] = []
    /// The first date of the ledger (accounts are opened then).
    var firstDate: CivilDate?

    init(_ ledger: Ledger, names: ExportNames) {
        var items: [(date: CivilDate, location: SourceLocation, transaction: Transaction)] = []
        for opening in ledger.openings {
            let account = names.name(opening.account.id)
            items.append((opening.date, opening.location, Transaction(
                date: opening.date, status: .cleared, description: "Opening balance", tags: [],
                postings: [(account, opening.amount.value), (ExportNames.opening, opening.amount.value.negated ?? .zero)],
                targets: [ledger.names[opening.account.id], "opening balance"], notes: [])))
        }
        for correction in ledger.corrections {
            let account = names.name(correction.account.id)
            items.append((correction.date, correction.location, Transaction(
                date: correction.date, status: .cleared, description: "Correction: " + correction.reason.value, tags: [],
                postings: [(account, correction.amount.value), (ExportNames.corrections, correction.amount.value.negated ?? .zero)],
                targets: [ledger.names[correction.account.id], "correction"], notes: [])))
        }
        for entry in ledger.entries {
            var transaction = Transaction(date: entry.date, status: entry.status, description: ledger.description(of: entry),
                                          tags: ledger.tags(of: entry).map { ledger.names[$0.id] }, postings: [], targets: [], notes: [])
            for line in entry.postings {
                let posting = ledger.postings[line]
                transaction.postings.append((names.name(posting.target.id), posting.amount))
                transaction.targets.append(ledger.names[posting.target.id])
                if let goal = ledger.postingGoals[line] {
                    transaction.notes.append("\(ledger.names[posting.target.id]) charged to goal \(ledger.names[goal.id])")
                }
            }
            items.append((entry.date, entry.location, transaction))
        }
        items.sort { ($0.date, $0.location) < ($1.date, $1.location) }
        transactions = items.map(\.transaction)
        assertions = ledger.balanceAssertions
            .sorted { ($0.date, $0.location) < ($1.date, $1.location) }
            .map { Assertion(date: $0.date, account: names.name($0.account.id), amount: $0.amount.value) }
        firstDate = BucketEngine(ledger).dateRange?.lowerBound
    }
}
