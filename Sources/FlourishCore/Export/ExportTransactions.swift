/// The ledger as plain double-entry transactions, in date order: entries, opening balances
/// (against `Equity:Opening-Balances`) and corrections (against `Equity:Corrections`), with the
/// balance assertions of each day after its transactions. Every amount is explicit.
struct ExportTransactions {
    struct Transaction {
        var date: CivilDate
        var status: Entry.Status
        /// An opening's or a correction's description; an entry's is read from its file's
        /// bytes (`withDescription`), not made a string.
        var description: String
        var entry: Entry?
        var tags: [String]
        /// Exported account name, its width on screen, and amount.
        var postings: [Line]
        /// Flourish names of an opening's or a correction's two lines (for CSV; an entry's lines
        /// are named by `ids`).
        var targets: [String]
        /// Each posting's name id, or -1 for the equity side of an opening or a correction
        /// (CSV writes a name's two fields once for the run, by its id).
        var ids: [Int32] = []
        /// Budgeting detail other tools do not model (`goal` clauses).
        var notes: [String]
    }

    /// A split line as exported (a type of its own, not a tuple: emptying a list of tuples
    /// went through the runtime's generic destroy, element by element).
    struct Line {
        var account: String
        var width: Int
        /// In the home currency.
        var amount: Money
        /// A line in another currency: its own amount (exported with its home amount as its
        /// cost, `4.50 USD @@ 4.14 EUR`).
        var foreign: ForeignAmount? = nil
    }

    struct Assertion {
        var date: CivilDate
        var account: String
        var amount: Money
        /// The currency of an account kept in another one (the amount is in it), else nil.
        var currency: Currency?

        /// The amount as ledger, hledger and beancount write it: digits, then the code.
        func text(_ ledger: Ledger) -> String {
            guard let currency else { return Exporter.amount(amount, ledger) }
            return amount.formatted(decimals: currency.decimals, grouping: false) + " " + currency.code
        }
    }

    /// Each transaction in order, given to `body` in one value the next one overwrites: the
    /// export of a million entries is written as it is made, never held whole, and its lists
    /// are made once, not for each transaction.
    /// With `namesByID`, an entry's split lines carry only their names' ids (`ids`; their
    /// `Line.account` is empty): the CSV export writes each name's fields once for the run, from
    /// its id, and makes no string a line.
    func forEachTransaction(namesByID: Bool = false, _ body: (Transaction) -> Void) {
        var transaction = Transaction(date: CivilDate.earliest, status: .unmarked, description: "", entry: nil, tags: [], postings: [],
                                      targets: [], notes: [])
        for item in journal.items {
            Self.fill(&transaction, item, journal.ledger, names, namesByID: namesByID)
            body(transaction)
        }
    }

    /// The bytes of a transaction's description: an entry's where they stand in its file.
    func withDescription<R>(of transaction: Transaction, _ body: (ByteView) -> R) -> R {
        if let entry = transaction.entry { return journal.ledger.withDescriptionBytes(of: entry, body) }
        return transaction.description.withView(body)
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
        var kept: [Int32: Currency] = [:]
        for account in ledger.accounts {
            if let code = account.currency?.value, code != journal.currency.code { kept[account.name.id] = Currency(code: code, decimals: journal.decimals(of: code)) }
        }
        assertions = ledger.balanceAssertions
            .sorted { ($0.date, $0.location) < ($1.date, $1.location) }
            .map { Assertion(date: $0.date, account: names.name($0.account.id), amount: $0.amount.value, currency: kept[$0.account.id]) }
        firstDate = journal.dateRange?.lowerBound
    }

    /// `transaction` made the transaction of `item` (its lists emptied, their room kept).
    static func fill(_ transaction: inout Transaction, _ item: Journal.Item, _ ledger: Ledger, _ names: ExportNames, namesByID: Bool) {
        transaction.tags.removeAll(keepingCapacity: true)
        transaction.postings.removeAll(keepingCapacity: true)
        transaction.targets.removeAll(keepingCapacity: true)
        transaction.ids.removeAll(keepingCapacity: true)
        transaction.notes.removeAll(keepingCapacity: true)
        transaction.entry = nil
        func special(_ account: Int32, _ amount: Money, _ equity: String, _ target: String, foreign: ForeignAmount? = nil) {
            transaction.status = .cleared
            transaction.postings.append(Line(account: names.name(account), width: names.width(account), amount: amount, foreign: foreign))
            transaction.postings.append(Line(account: equity, width: TextTable.width(equity), amount: amount.negated ?? .zero))
            transaction.targets.append(ledger.names[account])
            transaction.targets.append(target)
            transaction.ids.append(account)
            transaction.ids.append(-1)
        }
        switch item.kind {
        case .opening(let i):
            let opening = ledger.openings[i]
            transaction.date = opening.date
            transaction.description = "Opening balance"
            special(opening.account.id, opening.amount.value, ExportNames.opening, "opening balance",
                    foreign: ledger.foreignDirectives.isEmpty ? nil : ledger.foreignDirectives[opening.location])
        case .correction(let i):
            let correction = ledger.corrections[i]
            transaction.date = correction.date
            transaction.description = "Correction: " + correction.reason.value
            special(correction.account.id, correction.amount.value, ExportNames.corrections, "correction",
                    foreign: ledger.foreignDirectives.isEmpty ? nil : ledger.foreignDirectives[correction.location])
        case .entry(let i):
            let entry = ledger.entries[i]
            transaction.date = entry.date
            transaction.status = entry.status
            transaction.entry = entry
            for tag in ledger.tags(of: entry) { transaction.tags.append(ledger.names[tag.id]) }
            for line in entry.postings {
                let posting = ledger.postings[line]
                let id = posting.target.id
                let foreign = ledger.foreignAmounts.isEmpty ? nil : ledger.foreignAmounts[line]
                if namesByID {
                    transaction.postings.append(Line(account: "", width: 0, amount: posting.amount, foreign: foreign))
                } else {
                    transaction.postings.append(Line(account: names.name(id), width: names.width(id), amount: posting.amount, foreign: foreign))
                }
                transaction.ids.append(id)
                if !ledger.postingGoals.isEmpty, let goal = ledger.postingGoals[line] {
                    transaction.notes.append("\(ledger.names[id]) charged to goal \(ledger.names[goal.id])")
                }
            }
        }
    }
}
