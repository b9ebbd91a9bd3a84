extension Check {
    /// `balance DATE ACCOUNT AMOUNT` holds: the account's balance at the end of DATE is AMOUNT.
    ///
    /// One pass over the changes, without storing them: each change is added to the first
    /// assertion (of its account) dated on or after it; an assertion's balance is then the sum
    /// of its own and all earlier assertions' parts.
    static let balanceAssertions = Check(name: "balance-assertions") { ledger in
        guard !ledger.balanceAssertions.isEmpty else { return [] }
        // Per asserted account (a slot): its assertions by date (file order within a day).
        var slotOf = [Int](repeating: -1, count: ledger.names.names.count)
        var accounts: [Int32] = []
        var dates: [[(index: Int, date: CivilDate)]] = []
        for (index, assertion) in ledger.balanceAssertions.enumerated() {
            let id = Int(assertion.account.id)
            if slotOf[id] < 0 {
                slotOf[id] = accounts.count
                accounts.append(assertion.account.id)
                dates.append([])
            }
            dates[slotOf[id]].append((index, assertion.date))
        }
        for slot in dates.indices { dates[slot].sort { ($0.date, $0.index) < ($1.date, $1.index) } }
        var parts = dates.map { [Int64](repeating: 0, count: $0.count) }
        var overflowed = [Bool](repeating: false, count: accounts.count)

        func add(_ account: Int32, _ date: CivilDate, _ amount: Money) {
            let slot = slotOf[Int(account)]
            guard slot >= 0 else { return }
            // The first assertion dated on or after the change.
            var low = 0
            var high = dates[slot].count
            while low < high {
                let mid = (low + high) / 2
                if dates[slot][mid].date < date { low = mid + 1 } else { high = mid }
            }
            guard low < dates[slot].count else { return }
            let (sum, overflow) = parts[slot][low].addingReportingOverflow(amount.minorUnits)
            if overflow { overflowed[slot] = true } else { parts[slot][low] = sum }
        }
        for opening in ledger.openings { add(opening.account.id, opening.date, opening.amount.value) }
        for correction in ledger.corrections { add(correction.account.id, correction.date, correction.amount.value) }
        for entry in ledger.entries {
            for posting in ledger.postings[entry.postings] where slotOf[Int(posting.target.id)] >= 0 {
                add(posting.target.id, entry.date, posting.amount)
            }
        }

        var diagnostics: [Diagnostic] = []
        for (slot, account) in accounts.enumerated() {
            var balance: Int64 = 0
            for (position, item) in dates[slot].enumerated() {
                let assertion = ledger.balanceAssertions[item.index]
                let (sum, overflow) = balance.addingReportingOverflow(parts[slot][position])
                if overflow || overflowed[slot] {
                    diagnostics.append(Diagnostic(.sumOverflow("the balance of `\(ledger.names[account])`"), at: assertion.location))
                    break
                }
                balance = sum
                guard balance != assertion.amount.value.minorUnits else { continue }
                let difference = balance.subtractingReportingOverflow(assertion.amount.value.minorUnits)
                diagnostics.append(Diagnostic(
                    .balanceAssertionFailed(account: ledger.names[account], date: assertion.date.description,
                                            expected: ledger.format(assertion.amount.value),
                                            actual: ledger.format(Money(minorUnits: balance)),
                                            difference: difference.overflow ? "too large" : ledger.format(Money(minorUnits: difference.partialValue))),
                    at: assertion.amount.location))
            }
        }
        return diagnostics
    }
}
