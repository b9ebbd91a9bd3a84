extension Check {
    /// `balance DATE ACCOUNT AMOUNT` holds: the account's balance at the end of DATE is AMOUNT.
    static let balanceAssertions = Check(name: "balance-assertions") { ledger in
        guard !ledger.balanceAssertions.isEmpty else { return [] }
        let history = AccountHistory(ledger, accounts: ledger.accountIDs)
        var diagnostics: [Diagnostic] = []
        let byAccount = Dictionary(grouping: ledger.balanceAssertions.enumerated(), by: \.element.account.id)
        for (account, assertions) in byAccount {
            let changes = history.changes[account] ?? []
            var next = 0
            var balance = Money.zero
            var overflowed = false
            for (_, assertion) in assertions.sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }) {
                while next < changes.count && changes[next].date <= assertion.date {
                    if let sum = balance.adding(changes[next].amount) { balance = sum } else { overflowed = true }
                    next += 1
                }
                if overflowed {
                    diagnostics.append(Diagnostic(.sumOverflow("the balance of `\(ledger.names[account])`"), at: assertion.location))
                    break
                }
                guard balance != assertion.amount.value else { continue }
                let difference = balance.minorUnits.subtractingReportingOverflow(assertion.amount.value.minorUnits)
                diagnostics.append(Diagnostic(
                    .balanceAssertionFailed(account: ledger.names[account], date: assertion.date.description,
                                            expected: ledger.format(assertion.amount.value),
                                            actual: ledger.format(balance),
                                            difference: difference.overflow ? "too large" : ledger.format(Money(minorUnits: difference.partialValue))),
                    at: assertion.amount.location))
            }
        }
        return diagnostics
    }
}
