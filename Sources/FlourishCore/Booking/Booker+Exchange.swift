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
    static func convertForeign(_ ledger: inout Ledger, _ lines: LineTable<ForeignLine>, home: Currency, _ diagnostics: inout [Diagnostic]) {
        guard !lines.isEmpty else { return }
        let rates = RateTable(ledger, home: home, &diagnostics)
        var accounts = [Bool](repeating: false, count: ledger.names.names.count)
        for account in ledger.accounts where Int(account.name.id) < accounts.count { accounts[Int(account.name.id)] = true }
        var isForeign = [Bool](repeating: false, count: ledger.postings.count)
        for (line, _) in lines { isForeign[line] = true }
        var dropped = Set<Int>()
        // One converter for every entry, its lists kept from one to the next. It copies the
        // entry's few lines and holds none of the ledger's lists, so that each entry's
        // figures are written into the ledger at once without copying its lines.
        var converter = EntryConverter(names: ledger.names, lines: lines, home: home, rates: rates, accounts: accounts)
        ledger.foreignAmounts.reserveCapacity(lines.count, lines: ledger.postings.count)
        for number in ledger.entries.indices where ledger.entries[number].postings.contains(where: { isForeign[$0] }) {
            guard converter.convert(ledger.entries[number], postings: ledger.postings) else {
                dropped.insert(number)
                continue
            }
            for (line, amount, foreign) in converter.converted {
                ledger.postings[line].amount = amount
                if let foreign { ledger.foreignAmounts[line] = foreign }
            }
        }
        diagnostics += converter.diagnostics
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
        /// The ledger's names (not the ledger: held whole for each entry, its forty lists were
        /// retained and released each time).
        let names: NameTable
        let lines: LineTable<ForeignLine>
        let home: Currency
        let rates: RateTable
        let accounts: [Bool]
        var diagnostics: [Diagnostic] = []
        /// The last entry's lines converted: each one's home amount and, for a line in another
        /// currency, its native amount.
        private(set) var converted: [(line: Int, home: Money, foreign: ForeignAmount?)] = []
        /// The entry being converted, and its figures by each line's place in it (lists, not
        /// dictionaries: a dictionary a line for every entry was most of booking's time; kept
        /// from one entry to the next, not made again for each).
        private var entry = Entry(date: .earliest, status: .unmarked, descriptionLocation: SourceLocation(file: 0, range: 0..<0),
                                  tagRange: 0..<0, postings: 0..<0, location: SourceLocation(file: 0, range: 0..<0))
        /// The entry's lines (a copy of its few).
        private var current: [Posting] = []
        private var written: [Int] = []
        private var leftOut: [Int] = []
        private var natives: [(currency: Currency, amount: Money?)?] = []
        private var homes: [Money?] = []
        private var sources: [ForeignAmount.RateSource?] = []
        private var unknown: [Int] = []

        init(names: NameTable, lines: LineTable<ForeignLine>, home: Currency, rates: RateTable, accounts: [Bool]) {
            (self.names, self.lines, self.home, self.rates, self.accounts) = (names, lines, home, rates, accounts)
        }

        /// Converts `entry`, whose lines are in `postings`, into `converted`; false after
        /// reporting why the entry cannot be converted.
        mutating func convert(_ entry: Entry, postings: [Posting]) -> Bool {
            self.entry = entry
            let all = entry.postings
            let first = all.lowerBound
            current.removeAll(keepingCapacity: true)
            current.append(contentsOf: postings[all])
            converted.removeAll(keepingCapacity: true)
            written.removeAll(keepingCapacity: true)
            for line in all where !posting(line).isInferred { written.append(line) }
            // The one other currency every written line is in, if there is one.
            var single: Currency? = written.first.flatMap { lines[$0]?.currency }
            for line in written where lines[line]?.currency.code != single?.code { single = nil }
            // Step 1: each line's currency and native amount (nil: home).
            natives.removeAll(keepingCapacity: true)
            natives.append(contentsOf: repeatElement(nil, count: all.count))
            for line in all {
                if let foreign = lines[line] {
                    natives[line - first] = (foreign.currency, foreign.native)
                } else if posting(line).isInferred, let single, !isAccount(line) {
                    natives[line - first] = (single, nil)
                }
            }
            leftOut.removeAll(keepingCapacity: true)
            for line in all where posting(line).isInferred { leftOut.append(line) }
            for line in leftOut where natives[line - first] != nil {
                guard let single, natives[line - first]?.currency.code == single.code, leftOut.count == 1 else {
                    let target = posting(line).target
                    diagnostics.append(Diagnostic(.foreignLeftOut(account: names[target.id], kept: natives[line - first]?.currency.code ?? ""),
                                                  at: target.location))
                    return false
                }
                do throws(MoneyOverflow) {
                    let sum = try Money.sum(written.compactMap { natives[$0 - first]?.amount })
                    natives[line - first]?.amount = try -sum
                } catch {
                    diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry in \(single.code)", currency: single), at: entry.location))
                    return false
                }
            }
            // Step 2: the home amounts known. A line with neither a price nor a home amount
            // written takes the rate line only when it is not the one such line.
            let lacking = all.filter { line in
                natives[line - first].map { $0.amount == nil || lines[line]?.price == nil } ?? posting(line).isInferred
            }.count
            homes.removeAll(keepingCapacity: true)
            homes.append(contentsOf: repeatElement(nil, count: all.count))
            sources.removeAll(keepingCapacity: true)
            sources.append(contentsOf: repeatElement(nil, count: all.count))
            unknown.removeAll(keepingCapacity: true)
            for line in all {
                guard let native = natives[line - first] else {
                    if posting(line).isInferred { unknown.append(line) } else { homes[line - first] = posting(line).amount }
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
                    return false
                }
            }
            // Step 3: one line unknown balances the entry; more are an error.
            if unknown.count > 1 {
                for line in unknown where natives[line - first]?.amount != nil {
                    diagnostics.append(Diagnostic(.missingRate(code: natives[line - first]?.currency.code ?? "", date: entry.date, home: home.code),
                                                  at: location(of: line)))
                }
                // Without a line to blame (two left-out home lines): left to the balancing
                // check, as in one currency.
                return false
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
                        return false
                    }
                    let largest = all.max { (homes[$0 - first]?.minorUnits.magnitude ?? 0) < (homes[$1 - first]?.minorUnits.magnitude ?? 0) } ?? first
                    homes[largest - first] = try (homes[largest - first] ?? .zero) - sum
                }
            } catch {
                diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry", currency: home), at: entry.location))
                return false
            }
            for line in all {
                let foreign = natives[line - first].flatMap { native in
                    native.amount.map { ForeignAmount(currency: native.currency, native: $0, rate: sources[line - first] ?? .entry) }
                }
                converted.append((line, homes[line - first] ?? .zero, foreign))
            }
            return true
        }

        /// One of the entry's lines, by its index in the ledger.
        private func posting(_ line: Int) -> Posting {
            current[line - entry.postings.lowerBound]
        }

        /// Whether a line's target is an account.
        func isAccount(_ line: Int) -> Bool {
            let id = Int(posting(line).target.id)
            return id < accounts.count && accounts[id]
        }

        /// Where a line's amount was written, or its name when it was left out.
        func location(of line: Int) -> SourceLocation {
            posting(line).amountLocation ?? posting(line).target.location
        }
    }
}
