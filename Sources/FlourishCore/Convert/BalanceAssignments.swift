extension ForeignLedger {
    /// hledger's balance assignments — a line with no amount and `= AMOUNT`
    /// (`assets:bank  = $900.00`) — given the amount that brings the account to AMOUNT, worked
    /// out as hledger does: transactions in date order (those of one day in reading order), each
    /// line after the lines above it, a transaction's one left-out amount filled in after its
    /// assignments. Only the main commodity is followed. An assignment stays as it is (and its
    /// transaction is then listed as not converted) when its account's balance is not known
    /// here: a line of it left out beside other commodities, an amount that cannot be read in
    /// the main commodity, or an assignment that counts subaccounts (`=*`).
    mutating func fillBalanceAssignments(main: String, decimals: Int) {
        func minor(_ amount: Amount) -> Int64? {
            if amount.commodity != main { return amount.number.mantissa == 0 ? 0 : nil }
            return Converter.minor(amount, decimals: decimals)
        }
        var balances: [String: Int64] = [:]
        var unknown: Set<String> = []
        func add(_ value: Int64, to account: String) {
            let (sum, overflow) = (balances[account] ?? 0).addingReportingOverflow(value)
            if overflow { unknown.insert(account) } else { balances[account] = sum }
        }
        let order = items.indices.compactMap { index -> (date: CivilDate, index: Int)? in
            if case .transaction(let transaction) = items[index] { return (transaction.date, index) } else { return nil }
        }.sorted { ($0.date, $0.index) < ($1.date, $1.index) }
        for (_, index) in order {
            guard case .transaction(var transaction) = items[index] else { continue }
            var sum: Int64 = 0
            var sumKnown = true
            var missing: [Int] = []
            var changed = false
            for (number, posting) in transaction.postings.enumerated() {
                let account = posting.account
                if let amount = posting.amount {
                    guard let value = minor(amount) else {
                        // Another commodity: the main commodity's sum of the transaction is not all here.
                        if amount.commodity == main { unknown.insert(account) }
                        sumKnown = false
                        continue
                    }
                    add(value, to: account)
                    if !posting.virtual {
                        let (total, overflow) = sum.addingReportingOverflow(value)
                        if overflow { sumKnown = false } else { sum = total }
                    }
                } else if let assertion = posting.assertion, !posting.assertionIncludesSubaccounts, !unknown.contains(account),
                          let target = minor(assertion) {
                    let (value, overflow) = target.subtractingReportingOverflow(balances[account] ?? 0)
                    guard !overflow else { unknown.insert(account); continue }
                    transaction.postings[number].amount = Amount(number: NumberSyntax.Decimal(mantissa: value, scale: decimals), commodity: main)
                    changed = true
                    balances[account] = target
                    if !posting.virtual {
                        let (total, overflow) = sum.addingReportingOverflow(value)
                        if overflow { sumKnown = false } else { sum = total }
                    }
                } else {
                    missing.append(number)
                }
            }
            let real = missing.filter { !transaction.postings[$0].virtual }
            if real.count == 1, real == missing, sumKnown, sum != .min {
                add(-sum, to: transaction.postings[real[0]].account)
            } else {
                for number in missing { unknown.insert(transaction.postings[number].account) }
            }
            if changed { items[index] = .transaction(transaction) }
        }
    }
}
