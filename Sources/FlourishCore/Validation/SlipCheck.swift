extension Check {
    /// Slips that check clean but give wrong figures, each a warning at its line: an entry
    /// dated more than a year after every other (a mistyped year: reports would anchor on
    /// it), income written with the sign of spending, and a credit card opened with money on it.
    static let slips = Check(name: "slips", onlyWarns: true) { journal in
        let ledger = journal.ledger
        var diagnostics: [Diagnostic] = []
        // The entries written (not those booking adds at a rate line), latest first.
        // Past a gap of more than a year among the latest few: a few entries alone in the
        // future (a tenth of the entries at most) are slips; a ledger that stops for a year
        // and starts again is not. The latest are read from the journal's items, in date order.
        let few = max(1, ledger.writtenEntryCount / 10)
        var latest: [Int] = []
        for item in journal.items.reversed() where latest.count <= few {
            if case .entry(let index) = item.kind, ledger.revaluations[index] == nil { latest.append(index) }
        }
        if latest.count >= 2 {
            for index in 0..<min(few, latest.count - 1) {
                let after = ledger.entries[latest[index + 1]].date
                guard after.adding(days: Self.slipDays) < ledger.entries[latest[index]].date else { continue }
                for entry in latest[...index] {
                    diagnostics.append(Diagnostic(.dateFarAhead(date: ledger.entries[entry].date, latestOther: after),
                                                  at: ledger.entries[entry].location))
                }
                break
            }
        }
        // Income with the sign of spending: money put into an income category from an account
        // (not an exchange category, whose losses are positive, nor a line booking added).
        let exchange = Set(ledger.categories.filter(\.isExchange).map(\.name.id))
        // Income is mostly written with its own sign: the entries are looked over (each one's
        // lines once, for both signs) only when some line puts money into an income category.
        let anyIncomeReceives = ledger.postings.contains { journal.index.kind(of: $0.target.id) == .incomeCategory && $0.amount > .zero }
        for (index, entry) in (anyIncomeReceives ? ledger.entries : []).enumerated()
        where ledger.revaluations.isEmpty || ledger.revaluations[index] == nil {
            let lines = entry.postings
            var accountPays = false
            var incomeReceives = false
            for line in lines {
                let posting = ledger.postings[line]
                switch journal.index.kind(of: posting.target.id) {
                case .account?: accountPays = accountPays || posting.amount < .zero
                case .incomeCategory?: incomeReceives = incomeReceives || posting.amount > .zero
                default: break
                }
            }
            guard accountPays && incomeReceives else { continue }
            for line in lines where journal.index.kind(of: ledger.postings[line].target.id) == .incomeCategory && ledger.postings[line].amount > .zero
                && !ledger.postings[line].isMade && !exchange.contains(ledger.postings[line].target.id) {
                let target = ledger.postings[line].target
                diagnostics.append(Diagnostic(.incomeSign(category: ledger.names[target.id]), at: ledger.postings[line].amountLocation ?? target.location))
            }
        }
        // A credit card opened with money on it (what is owed on a card is negative).
        let credit = Set(ledger.accounts.filter { $0.kind == .credit }.map(\.name.id))
        for opening in ledger.openings where credit.contains(opening.account.id) && opening.amount.value > .zero && ledger.foreignDirectives[opening.location] == nil {
            diagnostics.append(Diagnostic(.creditOpenedWithMoney(account: ledger.names[opening.account.id], amount: opening.amount.value,
                                                                  currency: journal.currency), at: opening.amount.location))
        }
        return diagnostics
    }

    /// How far after every other entry an entry's date is a slip.
    static let slipDays = 366
}
