extension Check {
    /// One opening balance per account, dated no later than the account's first use.
    static let openingBalances = Check(name: "opening-balances") { journal in
        let ledger = journal.ledger
        var diagnostics: [Diagnostic] = []
        var openings: [Int32: OpeningBalance] = [:]
        for opening in ledger.openings {
            if let first = openings[opening.account.id] {
                diagnostics.append(Diagnostic(.duplicateDeclaration(ledger.names[opening.account.id], kind: "opening balance of"),
                                              at: opening.location,
                                              notes: [.init(message: "first opening balance here", location: first.location)]))
            } else {
                openings[opening.account.id] = opening
            }
        }
        guard !openings.isEmpty else { return diagnostics }
        // The earliest use of each opened account before its opening (file order breaks ties).
        var early: [Int32: (date: CivilDate, location: SourceLocation)] = [:]
        var openingDate = [CivilDate?](repeating: nil, count: ledger.names.names.count)
        for (account, opening) in openings { openingDate[Int(account)] = opening.date }
        func use(_ account: Int32, _ date: CivilDate, _ location: SourceLocation) {
            guard let opened = openingDate[Int(account)], date < opened else { return }
            if let known = early[account], (known.date, known.location) <= (date, location) { return }
            early[account] = (date, location)
        }
        for correction in ledger.corrections { use(correction.account.id, correction.date, correction.location) }
        // Only an entry dated before the latest opening can use an account before it (a
        // ledger's openings are mostly on its first day: its entries' lines are not read).
        let latestOpening = openings.values.lazy.map(\.date).max()!
        for entry in ledger.entries where entry.date < latestOpening {
            for line in entry.postings { use(ledger.postings[line].target.id, entry.date, ledger.postings[line].target.location) }
        }
        for (account, first) in early {
            diagnostics.append(Diagnostic(.usedBeforeOpening(account: ledger.names[account], used: first.date,
                                                             opened: openings[account]!.date), at: first.location))
        }
        return diagnostics
    }
}
