extension Check {
    /// No line uses an account after its `close` line's date (grammar.md §5.2). Whether the
    /// account is at zero on that date is booking's running totals' to say (`RunningTotals`).
    static let closings = Check(name: "closings") { journal in
        let ledger = journal.ledger
        guard !ledger.closings.isEmpty else { return [] }
        var closed = [CivilDate?](repeating: nil, count: ledger.names.names.count)
        for closing in ledger.closings where closing.account.id >= 0 {
            let id = Int(closing.account.id)
            closed[id] = closed[id].map { min($0, closing.date) } ?? closing.date
        }
        // The first use after the closing, per account.
        var first: [Int32: (date: CivilDate, location: SourceLocation)] = [:]
        func use(_ account: Int32, _ date: CivilDate, _ location: SourceLocation) {
            guard account >= 0, let date0 = closed[Int(account)], date > date0 else { return }
            if let known = first[account], (known.date, known.location) <= (date, location) { return }
            first[account] = (date, location)
        }
        for correction in ledger.corrections { use(correction.account.id, correction.date, correction.location) }
        for opening in ledger.openings { use(opening.account.id, opening.date, opening.location) }
        for entry in ledger.entries {
            for line in entry.postings { use(ledger.postings[line].target.id, entry.date, ledger.postings[line].target.location) }
        }
        return first.sorted { $0.value.location < $1.value.location }.map { account, use in
            Diagnostic(.usedAfterClose(account: ledger.names[account], used: use.date, closed: closed[Int(account)]!), at: use.location)
        }
    }
}
