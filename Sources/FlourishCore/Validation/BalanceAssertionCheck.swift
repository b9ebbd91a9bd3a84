extension Check {
    /// `balance DATE ACCOUNT AMOUNT` holds: the account's balance at the end of DATE is AMOUNT.
    ///
    /// One walk over the journal, keeping a running balance of the asserted accounts only; each
    /// assertion is compared once the journal has passed its date.
    static let balanceAssertions = Check(name: "balance-assertions") { journal in
        let ledger = journal.ledger
        guard !ledger.balanceAssertions.isEmpty else { return [] }
        let currency = journal.currency
        var asserted = [Bool](repeating: false, count: ledger.names.names.count)
        for assertion in ledger.balanceAssertions { asserted[Int(assertion.account.id)] = true }
        let order = ledger.balanceAssertions.indices.sorted {
            (ledger.balanceAssertions[$0].date, $0) < (ledger.balanceAssertions[$1].date, $1)
        }
        var balances = [Money](repeating: .zero, count: ledger.names.names.count)
        // Booking checked every account's running balance, so these sums are exact.
        var next = 0
        var diagnostics: [Diagnostic] = []
        func compare(through date: CivilDate?) {
            while next < order.count {
                let assertion = ledger.balanceAssertions[order[next]]
                if let date, assertion.date >= date { return }
                next += 1
                let actual = balances[Int(assertion.account.id)]
                guard actual != assertion.amount.value else { continue }
                diagnostics.append(Diagnostic(
                    .balanceAssertionFailed(account: ledger.names[assertion.account.id], date: assertion.date,
                                            expected: assertion.amount.value, actual: actual, currency: currency),
                    at: assertion.amount.location))
            }
        }
        func add(_ target: Int32, _ amount: Money, _ location: SourceLocation) {
            guard asserted[Int(target)] else { return }
            do throws(MoneyOverflow) {
                balances[Int(target)] = try balances[Int(target)] + amount
            } catch {
                asserted[Int(target)] = false
                diagnostics.append(Diagnostic(.sumOverflow(what: "the balance of `\(ledger.names[target])`", currency: currency),
                                              at: location))
            }
        }
        for item in journal.items {
            if next < order.count && ledger.balanceAssertions[order[next]].date < item.date { compare(through: item.date) }
            switch item.kind {
            case .entry(let i):
                for line in ledger.entries[i].postings where asserted[Int(ledger.postings[line].target.id)] {
                    let posting = ledger.postings[line]
                    add(posting.target.id, posting.amount, posting.target.location)
                }
            case .opening(let i): add(ledger.openings[i].account.id, ledger.openings[i].amount.value, ledger.openings[i].location)
            case .correction(let i): add(ledger.corrections[i].account.id, ledger.corrections[i].amount.value, ledger.corrections[i].location)
            }
        }
        compare(through: nil)
        return diagnostics
    }
}
