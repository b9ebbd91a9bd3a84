extension Check {
    /// `balance DATE ACCOUNT AMOUNT` holds: the account's balance at the end of DATE is AMOUNT.
    ///
    /// One pass over the changes, without storing them: each change is added to the first
    /// assertion (of its account) dated on or after it; an assertion's balance is then the sum
    /// of its own and all earlier assertions' parts.
    static let balanceAssertions = Check(name: "balance-assertions") { ledger in
        guard !ledger.balanceAssertions.isEmpty else { return [] }
        // Per asserted account: its assertions by date (file order within a day).
        var assertions: [Int32: [(index: Int, date: CivilDate)]] = [:]
        for (index, assertion) in ledger.balanceAssertions.enumerated() {
            assertions[assertion.account.id, default: []].append((index, assertion.date))
        }
        for key in assertions.keys { assertions[key]!.sort { ($0.date, $0.index) < ($1.date, $1.index) } }
        var parts: [Int32: [Int64]] = assertions.mapValues { [Int64](repeating: 0, count: $0.count) }
        var asserted = [Bool](repeating: false, count: ledger.names.names.count)
        for id in assertions.keys { asserted[Int(id)] = true }
        var overflowed: Set<Int32> = []

        func add(_ account: Int32, _ date: CivilDate, _ amount: Money) {
            guard let dates = assertions[account] else { return }
            // The first assertion dated on or after the change.
            var low = 0
            var high = dates.count
            while low < high {
                let mid = (low + high) / 2
                if dates[mid].date < date { low = mid + 1 } else { high = mid }
            }
            guard low < dates.count else { return }
            let (sum, overflow) = parts[account]![low].addingReportingOverflow(amount.minorUnits)
            if overflow { overflowed.insert(account) } else { parts[account]![low] = sum }
        }
        for opening in ledger.openings { add(opening.account.id, opening.date, opening.amount.value) }
        for correction in ledger.corrections { add(correction.account.id, correction.date, correction.amount.value) }
        for entry in ledger.entries {
            for posting in ledger.postings[entry.postings] where asserted[Int(posting.target.id)] {
                add(posting.target.id, entry.date, posting.amount)
            }
        }

        var diagnostics: [Diagnostic] = []
        for (account, dates) in assertions {
            var balance: Int64 = 0
            for (position, item) in dates.enumerated() {
                let assertion = ledger.balanceAssertions[item.index]
                let (sum, overflow) = balance.addingReportingOverflow(parts[account]![position])
                if overflow || overflowed.contains(account) {
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
