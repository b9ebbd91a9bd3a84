extension Check {
    /// One opening balance per account, dated no later than the account's first use.
    static let openingBalances = Check(name: "opening-balances") { ledger in
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
        let history = AccountHistory(ledger, accounts: Set(openings.keys))
        for (account, opening) in openings {
            guard let early = history.changes[account]?.first(where: { $0.date < opening.date }) else { continue }
            diagnostics.append(Diagnostic(.usedBeforeOpening(account: ledger.names[account], used: early.date.description,
                                                             opened: opening.date.description), at: early.location))
        }
        return diagnostics
    }
}
