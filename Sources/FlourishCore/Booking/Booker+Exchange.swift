/// Lines in other currencies given their home amounts (grammar.md, "Several currencies").
extension Booker {
    /// Each entry in `entries` (places in `ledger.entries` of entries with a line in another
    /// currency), as one step:
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
    ///
    /// Step 2's price is a line's own: scaling gives each line with an amount and a price its
    /// home amount (`Scaler.scale`). Scaling gives the entries the steps can change
    /// (`EntryRulesNeed`, as it meets their lines); in any other the one line left out, in the
    /// home currency, balances the entry as in one currency (`fillInAmounts`). With
    /// `everyEntry` it gives every entry with a line in another currency (what tests compare
    /// with).
    static func convertForeign(_ ledger: inout Ledger, _ entries: [Int], _ scaler: Scaler, _ diagnostics: inout [Diagnostic]) {
        guard !entries.isEmpty else { return }
        let home = scaler.currency
        let currencies = scaler.currencies
        let rates = RateTable(ledger, home: home, &diagnostics)
        var dropped = Set<Int>()
        // One converter for every entry, its lists kept from one to the next. It holds none of
        // the ledger's lists, so that each entry's figures are written into the ledger at once
        // without copying its lines.
        var converter = EntryConverter(scaler: scaler, rates: rates)
        for number in entries {
            guard converter.convert(ledger.entries[number], postings: ledger.postings, priced: ledger.foreignAmounts) else {
                dropped.insert(number)
                continue
            }
            for line in converter.converted {
                ledger.postings[line.line].amount = line.home ?? .zero
                if line.currency >= 0, let native = line.native {
                    ledger.foreignAmounts.add(ForeignAmount(currency: currencies[Int(line.currency)], native: native, rate: line.source ?? .entry), at: line.line)
                }
            }
        }
        diagnostics += converter.diagnostics
        if !dropped.isEmpty {
            ledger.entries = ledger.entries.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        }
    }

    /// Whether `convertForeign`'s steps can change an entry's lines from what scaling gave them,
    /// told from its lines one by one as scaling meets them: a line in another currency without
    /// its home amount (its amount left out, or no price), more than one line left out, or
    /// every written line in one other currency (a line left out not on an account is then in
    /// it, step 1; with none left out, step 4's rounding).
    struct EntryRulesNeed {
        private var decided = false
        /// The one currency of the written lines so far (-1: the home one, or more than one).
        private var single: Int32?
        private var written = 0
        /// Whether the line left out is on an account (nil: none left out).
        private var leftOutOnAccount: Bool?

        /// The entry's next line: its currency and amount as scaled (nil: the home currency).
        mutating func add(_ foreign: ForeignLine?, isInferred: Bool, isAccount: @autoclosure () -> Bool) {
            guard let foreign else { return addHome(isInferred: isInferred, isAccount: isAccount()) }
            guard !decided else { return }
            if foreign.native == nil || !foreign.hasPrice {
                decided = true
            } else if isInferred {
                if leftOutOnAccount != nil { decided = true } else { leftOutOnAccount = isAccount() }
            } else {
                single = written == 0 || single == foreign.currency ? foreign.currency : -1
                written += 1
            }
        }

        /// The entry's next line, in the home currency (scaling's common case, told apart
        /// without a line to take apart).
        @inline(__always)
        mutating func addHome(isInferred: Bool, isAccount: @autoclosure () -> Bool) {
            guard !decided else { return }
            if isInferred {
                if leftOutOnAccount != nil { decided = true } else { leftOutOnAccount = isAccount() }
            } else {
                single = -1
                written += 1
            }
        }

        var isNeeded: Bool {
            if decided { return true }
            guard let single, single >= 0 else { return false }
            return leftOutOnAccount.map { !$0 } ?? true
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
        /// Lines in another currency without a price or an amount (those with both are in
        /// `Ledger.foreignAmounts`, scaled).
        let unpriced: LineTable<ForeignLine>
        /// The codes and prices written after split lines' amounts, in the lines' order.
        let writtenForeign: [WrittenForeign]
        /// The currencies by the place `ForeignLine` gives (the home one first), and the
        /// places by code.
        let currencies: [Currency]
        let places: [String: Int32]
        let home: Currency
        let rates: RateTable
        let kinds: NameIndex
        var diagnostics: [Diagnostic] = []

        /// A line of the entry being converted, then converted: its currency (its place in
        /// `currencies`, -1 for the home one), its native amount (nil when left out) and the
        /// price written after it; then its home amount and where its rate came from.
        struct Line {
            var line: Int
            var isInferred: Bool
            var currency: Int32
            var native: Money?
            var price: LinePrice?
            var home: Money?
            var source: ForeignAmount.RateSource?
        }

        /// The last entry's lines (one list of plain values, kept from one entry to the next).
        private(set) var converted: [Line] = []
        private var unknown: [Int] = []

        init(scaler: Scaler, rates: RateTable) {
            (names, unpriced, writtenForeign, currencies, places, home, kinds) =
                (scaler.names, scaler.unpriced, scaler.written, scaler.currencies, scaler.places, scaler.currency, scaler.kinds)
            self.rates = rates
        }

        /// A line in another currency as scaled, or nil for one in the home currency.
        func foreignLine(_ line: Int, priced: LineTable<ForeignAmount>) -> ForeignLine? {
            if let line = unpriced[line] { return line }
            guard let amount = priced[line], let place = places[amount.currency.code] else { return nil }
            return ForeignLine(currency: place, hasPrice: true, native: amount.native)
        }

        /// Converts `entry`, whose lines are in `postings`, into `converted`; false after
        /// reporting why the entry cannot be converted. Lines are counted by their place in
        /// the entry.
        mutating func convert(_ entry: Entry, postings: [Posting], priced: LineTable<ForeignAmount>) -> Bool {
            // Worked on as a list of its own (the converter's, taken and given back), so that
            // changing a line does not ask each time whether the list is shared.
            var entryLines = converted
            converted = []
            defer { converted = entryLines }
            return convert(entry, postings, priced, &entryLines)
        }

        private mutating func convert(_ entry: Entry, _ postings: [Posting], _ priced: LineTable<ForeignAmount>, _ entryLines: inout [Line]) -> Bool {
            let first = entry.postings.lowerBound
            let count = entry.postings.count
            // Step 1: each line's currency and native amount, and the one other currency every
            // written line is in, if there is one.
            entryLines.removeAll(keepingCapacity: true)
            var single: Int32?
            var written = 0
            var leftOut = 0
            for line in entry.postings {
                let foreign = foreignLine(line, priced: priced)
                let isInferred = postings[line].isInferred
                entryLines.append(Line(line: line, isInferred: isInferred, currency: foreign?.currency ?? -1, native: foreign?.native,
                                       price: foreign?.hasPrice == true ? Scaler.index(ofLine: line, in: writtenForeign).flatMap { writtenForeign[$0].price(file: postings[line].target.location.file) } : nil,
                                       home: nil, source: nil))
                if isInferred {
                    leftOut += 1
                } else {
                    let currency = foreign?.currency ?? -1
                    single = written == 0 || single == currency ? currency : -1
                    written += 1
                }
            }
            if single == -1 { single = nil }
            if let single {
                for place in 0..<count where entryLines[place].currency < 0 && entryLines[place].isInferred && !kinds.isAccount(postings[first + place].target.id) {
                    entryLines[place].currency = single
                }
            }
            for place in 0..<count where entryLines[place].isInferred && entryLines[place].currency >= 0 {
                guard let single, entryLines[place].currency == single, leftOut == 1 else {
                    let target = postings[first + place].target
                    diagnostics.append(Diagnostic(.foreignLeftOut(account: names[target.id], kept: currencies[Int(entryLines[place].currency)].code),
                                                  at: target.location))
                    return false
                }
                do throws(MoneyOverflow) {
                    var sum = Money.zero
                    for other in entryLines where !other.isInferred { sum = try sum + (other.native ?? .zero) }
                    entryLines[place].native = try -sum
                } catch {
                    let currency = currencies[Int(single)]
                    diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry in \(currency.code)", currency: currency), at: entry.location))
                    return false
                }
            }
            // Step 2: the home amounts known. A line with neither a price nor a home amount
            // written takes the rate line only when it is not the one such line.
            var lacking = 0
            for line in entryLines where line.currency >= 0 ? line.native == nil || line.price == nil : line.isInferred { lacking += 1 }
            unknown.removeAll(keepingCapacity: true)
            for place in 0..<count {
                let line = entryLines[place]
                guard line.currency >= 0 else {
                    if line.isInferred { unknown.append(place) } else { entryLines[place].home = postings[line.line].amount }
                    continue
                }
                guard let amount = line.native else { unknown.append(place); continue }
                let currency = currencies[Int(line.currency)]
                do throws(MoneyOverflow) {
                    if let price = line.price {
                        entryLines[place].home = try Booker.home(of: amount, in: currency, price: price, home: home)
                        entryLines[place].source = .written
                    } else if lacking > 1, let index = rates.rate(currency.code, on: entry.date) {
                        entryLines[place].home = try Money.converted(amount, decimals: currency.decimals, rate: rates.rates[index].rate.value,
                                                                     homeDecimals: home.decimals)
                        entryLines[place].source = .rateLine(Int32(index))
                    } else {
                        unknown.append(place)
                    }
                } catch {
                    diagnostics.append(Diagnostic(.sumOverflow(what: "this line's amount in \(home.code)", currency: home),
                                                  at: location(of: postings[line.line])))
                    return false
                }
            }
            // Step 3: one line unknown balances the entry; more are an error.
            if unknown.count > 1 {
                for place in unknown where entryLines[place].native != nil {
                    let line = entryLines[place]
                    let code = line.currency >= 0 ? currencies[Int(line.currency)].code : ""
                    diagnostics.append(Diagnostic(.missingRate(code: code, date: entry.date, home: home.code), at: location(of: postings[line.line])))
                }
                // Without a line to blame (two left-out home lines): left to the balancing
                // check, as in one currency.
                return false
            }
            do throws(MoneyOverflow) {
                var sum = Money.zero
                for line in entryLines { if let home = line.home { sum = try sum + home } }
                if let place = unknown.first {
                    entryLines[place].home = try -sum
                    entryLines[place].source = .entry
                } else if sum != .zero, let single {
                    // Step 4: rounding within a minor unit a line goes to the largest line.
                    guard sum.minorUnits.magnitude <= UInt64(count) else {
                        diagnostics.append(Diagnostic(.ratesDiffer(code: currencies[Int(single)].code, difference: sum, home: home), at: entry.location))
                        return false
                    }
                    var largest = 0
                    for place in 1..<max(count, 1)
                    where (entryLines[place].home?.minorUnits.magnitude ?? 0) > (entryLines[largest].home?.minorUnits.magnitude ?? 0) {
                        largest = place
                    }
                    entryLines[largest].home = try (entryLines[largest].home ?? .zero) - sum
                }
            } catch {
                diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry", currency: home), at: entry.location))
                return false
            }
            return true
        }

        /// Where a line's amount was written, or its name when it was left out.
        func location(of posting: Posting) -> SourceLocation {
            posting.amountLocation ?? posting.target.location
        }
    }
}
