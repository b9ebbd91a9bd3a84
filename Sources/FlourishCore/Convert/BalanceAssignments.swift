extension ForeignLedger {
    /// hledger's balance assignments — a line with no amount and `= AMOUNT`
    /// (`assets:bank  = $900.00`, `assets:revolut  = 50 EUR`) — given the amount that brings
    /// the account to AMOUNT in AMOUNT's commodity, worked out as hledger does: transactions in
    /// date order (those of one day in reading order), each line after the lines above it, a
    /// transaction's one left-out amount filled in after its assignments with what balances
    /// each commodity (a line with a cost counts at its cost). Each commodity is followed in
    /// minor units of the most decimals it is written with (`main` with `decimals`). An
    /// assignment stays as it is (and its transaction is then listed as not converted) when
    /// its account's balance in that commodity is not known here: an amount that cannot be
    /// read, a left-out line beside a transaction that does not add up, or an assignment that
    /// counts subaccounts (`=*`).
    mutating func fillBalanceAssignments(main: String, decimals: Int) {
        struct Key: Hashable {
            var account: String
            var commodity: String
        }
        let scales = commodityScales(main: main, decimals: decimals)
        /// An amount in minor units of its commodity (a bare zero, as `hledger print` writes
        /// any zero, counts as the main commodity's).
        func minor(_ amount: Amount) -> (commodity: String, value: Int64)? {
            if amount.commodity.isEmpty, amount.number.mantissa == 0 { return (main, 0) }
            guard let scale = scales[amount.commodity], let value = Converter.minor(amount, decimals: scale) else { return nil }
            return (amount.commodity, value)
        }
        /// What a line weighs in its transaction: its cost when it has one, else its amount.
        func weight(_ posting: Posting, _ amount: Amount) -> (commodity: String, value: Int64)? {
            guard let cost = posting.cost else { return minor(amount) }
            guard let units = minor(amount), let costScale = scales[cost.amount.commodity] else { return nil }
            if cost.total {
                guard let total = Converter.minor(cost.amount, decimals: costScale) else { return nil }
                return (cost.amount.commodity, units.value < 0 ? -total : total)
            }
            guard let value = try? Money.converted(Money(minorUnits: units.value), decimals: scales[amount.commodity] ?? 0,
                                                   rate: cost.amount.number, homeDecimals: costScale) else { return nil }
            return (cost.amount.commodity, value.minorUnits)
        }
        var balances: [Key: Int64] = [:]
        var unknown: Set<Key> = []
        func add(_ value: Int64, to key: Key) {
            let (sum, overflow) = (balances[key] ?? 0).addingReportingOverflow(value)
            if overflow { unknown.insert(key) } else { balances[key] = sum }
        }
        let order = items.indices.compactMap { index -> (date: CivilDate, index: Int)? in
            if case .transaction(let transaction) = items[index] { return (transaction.date, index) } else { return nil }
        }.sorted { ($0.date, $0.index) < ($1.date, $1.index) }
        for (_, index) in order {
            guard case .transaction(var transaction) = items[index] else { continue }
            // The real lines' weights by commodity, and whether every one could be read.
            var sums: [String: Int64] = [:]
            var sumsKnown = true
            func weigh(_ weight: (commodity: String, value: Int64)?, virtual: Bool) {
                guard !virtual else { return }
                guard let weight else { sumsKnown = false; return }
                let (total, overflow) = (sums[weight.commodity] ?? 0).addingReportingOverflow(weight.value)
                if overflow { sumsKnown = false } else { sums[weight.commodity] = total }
            }
            var missing: [Int] = []
            var changed = false
            for (number, posting) in transaction.postings.enumerated() {
                let account = posting.account
                if let amount = posting.amount {
                    if let value = minor(amount) {
                        add(value.value, to: Key(account: account, commodity: value.commodity))
                    } else {
                        unknown.insert(Key(account: account, commodity: amount.commodity))
                    }
                    weigh(weight(posting, amount), virtual: posting.virtual)
                } else if let assertion = posting.assertion, !posting.assertionIncludesSubaccounts, let target = minor(assertion),
                          !unknown.contains(Key(account: account, commodity: target.commodity)) {
                    let key = Key(account: account, commodity: target.commodity)
                    let (value, overflow) = target.value.subtractingReportingOverflow(balances[key] ?? 0)
                    guard !overflow else { unknown.insert(key); missing.append(number); continue }
                    let scale = scales[target.commodity] ?? 0
                    transaction.postings[number].amount = Amount(number: NumberSyntax.Decimal(mantissa: value, scale: scale), commodity: target.commodity)
                    transaction.postings[number].assigned = true
                    changed = true
                    balances[key] = target.value
                    weigh((target.commodity, value), virtual: posting.virtual)
                } else {
                    missing.append(number)
                }
            }
            let real = missing.filter { !transaction.postings[$0].virtual }
            if real.count == 1, real == missing, sumsKnown, !sums.values.contains(.min) {
                // The left-out line takes what balances each commodity.
                for (commodity, sum) in sums where sum != 0 {
                    add(-sum, to: Key(account: transaction.postings[real[0]].account, commodity: commodity))
                }
            } else {
                for number in missing {
                    for commodity in scales.keys { unknown.insert(Key(account: transaction.postings[number].account, commodity: commodity)) }
                }
            }
            if changed { items[index] = .transaction(transaction) }
        }
    }

    /// The most decimals each commodity's amounts, assertions and costs are written with
    /// (trailing zeros aside, at most 8); `main` has `decimals`.
    func commodityScales(main: String, decimals: Int) -> [String: Int] {
        var scales: [String: Int] = [:]
        func note(_ amount: Amount?) {
            guard let amount, !amount.commodity.isEmpty else { return }
            var decimal = amount.number
            while decimal.scale > (scales[amount.commodity] ?? 0), decimal.mantissa % 10 == 0 {
                decimal = NumberSyntax.Decimal(mantissa: decimal.mantissa / 10, scale: decimal.scale - 1)
            }
            scales[amount.commodity] = min(8, max(scales[amount.commodity] ?? 0, decimal.scale))
        }
        for case .transaction(let transaction) in items {
            for posting in transaction.postings {
                note(posting.amount)
                note(posting.assertion)
                if let cost = posting.cost, cost.total { note(cost.amount) }
            }
        }
        scales[main] = decimals
        return scales
    }
}
