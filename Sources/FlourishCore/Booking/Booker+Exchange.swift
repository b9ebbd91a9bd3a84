/// Lines in other currencies given their home amounts (grammar.md, "Several currencies").
extension Booker {
    /// Each entry with a line in another currency, as one step:
    ///
    /// 1. A left-out amount is in currency X when every written line is in X and the line is
    ///    on an account kept in X, a category or a person: it is what balances the entry in X.
    ///    Left out on an account kept in X in any other entry, it is an error.
    /// 2. Each line in another currency is worth, in the home one, its written price (`@ RATE`
    ///    for each unit, `@@ TOTAL` for the line). When the entry has one line only without a
    ///    home amount written or a price (a left-out home amount, or a line in another currency
    ///    without a price), that line takes what balances the entry in the home currency: the
    ///    rate actually paid. Otherwise a line without a price is worth its amount at the
    ///    `rate` line in effect on the entry's date (`InEffect`'s rule), rounded once
    ///    (`Money.converted`).
    /// 3. Then one line whose home amount is still not known (a left-out home amount, or a line
    ///    without a rate) takes what balances the entry; two or more are an error that names
    ///    each line without a rate.
    /// 4. An entry whose every line is in X balances in X; when its home amounts then miss by
    ///    no more than a minor unit a line (rounding), the line with the largest amount takes
    ///    the difference; by more, it is an error (`rates-differ`).
    ///
    /// An entry that cannot be converted is left out of the booked ledger, as one with an
    /// amount that cannot be scaled is. Each converted line is kept in `Ledger.foreignAmounts`.
    static func convertForeign(_ ledger: inout Ledger, _ lines: [Int: ForeignLine], home: Currency, _ diagnostics: inout [Diagnostic]) {
        guard !lines.isEmpty else { return }
        let rates = RateTable(ledger, home: home, &diagnostics)
        var accounts = [Bool](repeating: false, count: ledger.names.names.count)
        for account in ledger.accounts where Int(account.name.id) < accounts.count { accounts[Int(account.name.id)] = true }
        var isForeign = [Bool](repeating: false, count: ledger.postings.count)
        for line in lines.keys { isForeign[line] = true }
        var dropped = Set<Int>()
        // Every entry converted first, then the ledger changed once: changed while a converter
        // held it, its lists were copied whole for each entry.
        var converted: [(line: Int, home: Money, foreign: ForeignAmount?)] = []
        for (number, entry) in ledger.entries.enumerated() where entry.postings.contains(where: { isForeign[$0] }) {
            var converter = EntryConverter(ledger: ledger, entry: entry, lines: lines, home: home, rates: rates, accounts: accounts)
            if let lines = converter.convert() { converted += lines } else { dropped.insert(number) }
            diagnostics += converter.diagnostics
        }
        ledger.foreignAmounts.reserveCapacity(converted.count)
        for (line, amount, foreign) in converted {
            ledger.postings[line].amount = amount
            if let foreign { ledger.foreignAmounts[line] = foreign }
        }
        if !dropped.isEmpty {
            ledger.entries = ledger.entries.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        }
    }

    /// What `amount` in `currency` is worth in the home currency at the price written after
    /// it: `@ RATE` for each unit, `@@ TOTAL` for the line (its sign the amount's).
    static func home(of amount: Money, in currency: Currency, price: LinePrice, home: Currency) throws(MoneyOverflow) -> Money {
        switch price.kind {
        case .perUnit:
            return try Money.converted(amount, decimals: currency.decimals, rate: price.value.value, homeDecimals: home.decimals)
        case .total:
            let total = try Money.rounded(price.value.value, decimals: home.decimals)
            return amount.minorUnits < 0 ? try -total : total
        }
    }

    /// The `rate` lines by code, each code's in `InEffect`'s order.
    struct RateTable {
        let rates: [ExchangeRate]
        let byCode: [String: [Int]]

        init(_ ledger: Ledger, home: Currency, _ diagnostics: inout [Diagnostic]) {
            rates = ledger.rates
            var groups: [String: [Int]] = [:]
            for index in InEffect.ordered(ledger.rates.map(\.date)) {
                let rate = ledger.rates[index]
                if let written = ledger.amountCodes[rate.rate.location], written.value != home.code {
                    diagnostics.append(Diagnostic(.secondCurrency(written.value, ledgerCurrency: home.code), at: written.location))
                    continue
                }
                groups[rate.code.value, default: []].append(index)
            }
            byCode = groups
        }

        /// The `rate` line for `code` in effect on `day`.
        func rate(_ code: String, on day: CivilDate) -> Int? {
            guard let order = byCode[code] else { return nil }
            return InEffect.latest(order, onOrBefore: day) { rates[$0].date }
        }
    }

    /// One entry's lines in the home currency (`convertForeign`'s steps).
    private struct EntryConverter {
        let ledger: Ledger
        let entry: Entry
        let lines: [Int: ForeignLine]
        let home: Currency
        let rates: RateTable
        let accounts: [Bool]
        var diagnostics: [Diagnostic] = []

        /// Each line's home amount and, for a line in another currency, its native amount;
        /// nil after reporting why the entry cannot be converted.
        mutating func convert() -> [(line: Int, home: Money, foreign: ForeignAmount?)]? {
            // Each line's figures by its place in the entry (lists, not dictionaries: a
            // dictionary a line for every entry was most of booking's time).
            let all = entry.postings
            let first = all.lowerBound
            let written = all.filter { !ledger.postings[$0].isInferred }
            // The one other currency every written line is in, if there is one.
            var single: Currency? = written.first.flatMap { lines[$0]?.currency }
            for line in written where lines[line]?.currency.code != single?.code { single = nil }
            // Step 1: each line's currency and native amount (nil: home).
            var natives = [(currency: Currency, amount: Money?)?](repeating: nil, count: all.count)
            for line in all {
                if let foreign = lines[line] {
                    natives[line - first] = (foreign.currency, foreign.native)
                } else if ledger.postings[line].isInferred, let single, !isAccount(line) {
                    natives[line - first] = (single, nil)
                }
            }
            let leftOut = all.filter { ledger.postings[$0].isInferred }
            for line in leftOut where natives[line - first] != nil {
                guard let single, natives[line - first]?.currency.code == single.code, leftOut.count == 1 else {
                    let target = ledger.postings[line].target
                    diagnostics.append(Diagnostic(.foreignLeftOut(account: ledger.names[target.id], kept: natives[line - first]?.currency.code ?? ""),
                                                  at: target.location))
                    return nil
                }
                do throws(MoneyOverflow) {
                    let sum = try Money.sum(written.compactMap { natives[$0 - first]?.amount })
                    natives[line - first]?.amount = try -sum
                } catch {
                    diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry in \(single.code)", currency: single), at: entry.location))
                    return nil
                }
            }
            // Step 2: the home amounts known. A line with neither a price nor a home amount
            // written takes the rate line only when it is not the one such line.
            let lacking = all.filter { line in
                natives[line - first].map { $0.amount == nil || lines[line]?.price == nil } ?? ledger.postings[line].isInferred
            }.count
            var homes = [Money?](repeating: nil, count: all.count)
            var sources = [ForeignAmount.RateSource?](repeating: nil, count: all.count)
            var unknown: [Int] = []
            for line in all {
                guard let native = natives[line - first] else {
                    if ledger.postings[line].isInferred { unknown.append(line) } else { homes[line - first] = ledger.postings[line].amount }
                    continue
                }
                guard let amount = native.amount else { unknown.append(line); continue }
                do throws(MoneyOverflow) {
                    if let price = lines[line]?.price {
                        homes[line - first] = try Booker.home(of: amount, in: native.currency, price: price, home: home)
                        sources[line - first] = .written(price)
                    } else if lacking > 1, let index = rates.rate(native.currency.code, on: entry.date) {
                        homes[line - first] = try Money.converted(amount, decimals: native.currency.decimals, rate: rates.rates[index].rate.value,
                                                          homeDecimals: home.decimals)
                        sources[line - first] = .rateLine(index)
                    } else {
                        unknown.append(line)
                    }
                } catch {
                    diagnostics.append(Diagnostic(.sumOverflow(what: "this line's amount in \(home.code)", currency: home), at: location(of: line)))
                    return nil
                }
            }
            // Step 3: one line unknown balances the entry; more are an error.
            if unknown.count > 1 {
                for line in unknown where natives[line - first]?.amount != nil {
                    diagnostics.append(Diagnostic(.missingRate(code: natives[line - first]?.currency.code ?? "", date: entry.date, home: home.code),
                                                  at: location(of: line)))
                }
                if !diagnostics.isEmpty { return nil }
                // Two left-out home lines: left to the balancing check, as in one currency.
                return nil
            }
            do throws(MoneyOverflow) {
                let sum = try Money.sum(homes.compactMap { $0 })
                if let line = unknown.first {
                    homes[line - first] = try -sum
                    sources[line - first] = .entry
                } else if sum != .zero, let single {
                    // Step 4: rounding within a minor unit a line goes to the largest line.
                    guard sum.minorUnits.magnitude <= UInt64(all.count) else {
                        diagnostics.append(Diagnostic(.ratesDiffer(code: single.code, difference: sum, home: home), at: entry.location))
                        return nil
                    }
                    let largest = all.max { (homes[$0 - first]?.minorUnits.magnitude ?? 0) < (homes[$1 - first]?.minorUnits.magnitude ?? 0) } ?? first
                    homes[largest - first] = try (homes[largest - first] ?? .zero) - sum
                }
            } catch {
                diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry", currency: home), at: entry.location))
                return nil
            }
            return all.map { line in
                let foreign = natives[line - first].flatMap { native in
                    native.amount.map { ForeignAmount(currency: native.currency, native: $0, rate: sources[line - first] ?? .entry) }
                }
                return (line, homes[line - first] ?? .zero, foreign)
            }
        }

        /// Whether a line's target is an account.
        func isAccount(_ line: Int) -> Bool {
            let id = Int(ledger.postings[line].target.id)
            return id < accounts.count && accounts[id]
        }

        /// Where a line's amount was written, or its name when it was left out.
        func location(of line: Int) -> SourceLocation {
            ledger.postings[line].amountLocation ?? ledger.postings[line].target.location
        }
    }
}
