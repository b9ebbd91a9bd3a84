extension Booker {
    /// Scales every amount from the number as written to minor units of the ledger's currency
    /// (`12.5` → 1250 cents). An amount with more decimals than the currency has, one too large
    /// for 64 bits once scaled, or one written with another currency's code is reported; its
    /// entry or directive is left out of the booked ledger (its names are still checked).
    static func scaleAmounts(_ ledger: inout Ledger, _ currency: Currency, _ diagnostics: inout [Diagnostic], everyEntry: Bool = false) {
        var scaler = Scaler(ledger: ledger, currency: currency)
        if scaler.mayBeForeign { ledger.foreignAmounts.reserveCapacity(ledger.writtenForeign.count, lines: ledger.postings.count) }
        let foreignEntries = scalePostings(&ledger, &scaler, everyEntry: everyEntry)
        scaleSchedules(&ledger, &scaler)
        scaleDirectives(&ledger, &scaler)
        diagnostics += scaler.diagnostics
        convertForeign(&ledger, foreignEntries, scaler, &diagnostics)
        ledger.amountScales = [:]
        ledger.scaledFiles = ledger.files.count
    }

    /// A split line in another currency, as scaled: its currency (by its place in
    /// `Scaler.currencies`), its amount in it (nil when left out) and whether a price is written
    /// after it (`Ledger.writtenForeign`). A line with both is given its
    /// home amount as it is scaled and kept in `Ledger.foreignAmounts`; a line without one of
    /// them is kept in `Scaler.unpriced` for `convertForeign`.
    struct ForeignLine {
        var currency: Int32
        var hasPrice: Bool
        var native: Money?
    }

    /// Scales written amounts, reporting each that cannot be.
    struct Scaler {
        let files: [SourceFile]
        /// The ledger's names (for messages; passed to each line's scaling, the whole ledger was
        /// copied for each).
        let names: NameTable
        let amountCodes: LocationTable<Located<String>>
        let prices: LocationTable<LinePrice>
        let currency: Currency
        let declared: Bool
        /// The currency each account is kept in, by name id, when not the home one.
        let kept: [Int32: Located<String>]
        /// Every currency's decimals: declared by `commodity`, else the standard ones.
        let decimals: [String: Int]
        /// Whether any line may be in another currency (a code or a price written, an account
        /// kept in one).
        let mayBeForeign: Bool
        var diagnostics: [Diagnostic] = []
        /// Split lines in another currency without a price or an amount, by index in `postings`.
        var unpriced = LineTable<ForeignLine>()
        /// The line `scale(line:of:)` scaled last, when in another currency.
        private(set) var lastForeign: ForeignLine?
        /// What each name names (an account, a category, a person).
        let kinds: NameIndex
        /// The currencies met, the home one first: a line's currency is its place here, so
        /// that each code is looked up and compared as text once per run of lines in it, not
        /// once per line.
        private(set) var currencies: [Currency]
        private(set) var places: [String: Int32]
        private var lastCode: (code: String, place: Int32)
        /// The codes and prices after split lines' amounts, in the lines' order, and the next
        /// to read (booking reads the lines in order).
        let written: [WrittenForeign]
        private var nextWritten = 0
        /// The codes `written` names, and the place of each in `currencies` once looked up
        /// (-1 before): each is compared as text once, not once a line.
        let lineCodes: [String]
        private var codePlaces: [Int32]

        init(ledger: Ledger, currency: Currency) {
            files = ledger.files
            names = ledger.names
            amountCodes = ledger.amountCodes
            prices = ledger.amountPrices
            self.currency = currency
            declared = ledger.currency != nil
            var kept: [Int32: Located<String>] = [:]
            for account in ledger.accounts {
                if let code = account.currency, code.value != currency.code, kept[account.name.id] == nil { kept[account.name.id] = code }
            }
            self.kept = kept
            var decimals: [String: Int] = [:]
            for commodity in ledger.commodities where decimals[commodity.value.code] == nil {
                decimals[commodity.value.code] = commodity.value.decimals
            }
            self.decimals = decimals
            // (A price alone is read too: on an amount in the home currency, it is an error.)
            mayBeForeign = !kept.isEmpty || !ledger.amountCodes.isEmpty || !ledger.amountPrices.isEmpty || !ledger.writtenForeign.isEmpty
            currencies = [currency]
            places = [currency.code: 0]
            lastCode = (currency.code, 0)
            // In the lines' order as linked; sorted here should a ledger be put together otherwise.
            let written = ledger.writtenForeign
            self.written = zip(written, written.dropFirst()).allSatisfy { $0.line < $1.line } ? written : written.sorted { $0.line < $1.line }
            lineCodes = ledger.lineCodes
            codePlaces = [Int32](repeating: -1, count: ledger.lineCodes.count)
            kinds = NameIndex(ledger)
        }

        /// A currency by its code, with its decimals.
        func currency(_ code: String) -> Currency {
            Currency(code: code, decimals: decimals[code] ?? Currency.standardDecimals(for: code))
        }

        /// The place of a currency in `currencies` (0: the home one), added when new.
        mutating func place(of code: String) -> Int32 {
            if code == lastCode.code { return lastCode.place }
            let place = places[code] ?? {
                let place = Int32(currencies.count)
                currencies.append(currency(code))
                places[code] = place
                return place
            }()
            lastCode = (code, place)
            return place
        }

        /// Whether a split line may be in another currency: a code or a price written after its
        /// amount, or its account kept in another currency (`linePlace` then says).
        @inline(__always)
        func mayBeForeign(_ posting: Posting) -> Bool {
            mayBeForeign && (posting.hasCodeOrPrice || !kept.isEmpty && kept[posting.target.id] != nil)
        }

        /// The number as written (the amount's location may include a currency code after it).
        func number(_ location: SourceLocation) -> (text: String, location: SourceLocation) {
            let bytes = files[Int(location.file)].bytes
            var end = Int(location.start)
            while end < Int(location.end) && !ByteClass.isBlank(bytes[end]) { end += 1 }
            let range = Int(location.start)..<end
            return (String(decoding: bytes[range], as: UTF8.self), SourceLocation(file: Int(location.file), range: range))
        }

        /// The amount in minor units, or nil after reporting why it has none.
        mutating func scaled(_ written: Money, scale: Int, at location: SourceLocation) -> Money? {
            if declared, let code = amountCodes[location], code.value != currency.code {
                diagnostics.append(Diagnostic(.secondCurrency(code.value, ledgerCurrency: currency.code), at: code.location))
                return nil
            }
            return scaled(written, scale: scale, at: location, in: currency, named: declared)
        }

        /// The amount in minor units of `currency` (`named`: its code is said in messages).
        mutating func scaled(_ written: Money, scale: Int, at location: SourceLocation, in currency: Currency, named: Bool = true) -> Money? {
            let decimals = currency.decimals
            if scale == decimals { return written }
            guard scale < decimals else {
                let shown = number(location)
                diagnostics.append(Diagnostic(.tooManyDecimals(shown.text, decimals: decimals, currency: named ? currency.code : "the currency"),
                                              at: shown.location))
                return nil
            }
            // The one rule that turns a written amount into minor units (`NumberSyntax.minorUnits`).
            guard let value = NumberSyntax.minorUnits(NumberSyntax.Decimal(mantissa: written.minorUnits, scale: scale), decimals: decimals) else {
                let shown = number(location)
                diagnostics.append(Diagnostic(.amountOverflow(shown.text, currency: currency), at: shown.location))
                return nil
            }
            return Money(minorUnits: value)
        }

        /// The currency of an opening, a correction or a `balance` line on `target` with an
        /// amount at `location` (nil: the home one), or nil after reporting a code its account
        /// is not kept in. (Its code and price looked up by its amount's place: never by reading
        /// the file's bytes again, whose pages were given back after parsing.)
        mutating func lineCurrency(_ target: NameRef, _ location: SourceLocation?) -> Currency?? {
            let written = location.flatMap { amountCodes[$0] }
            guard let place = place(target, code: written.map { ($0.value, nil, $0.location) },
                                    price: location.flatMap { prices[$0] }) else { return .none }
            return .some(place.map { currencies[Int($0)] })
        }

        /// Where the record of what is written after split line `line`'s amount is in
        /// `written` (nil: nothing is), read in the lines' order (anything else is searched for).
        mutating func written(line: Int) -> Int? {
            if nextWritten < written.count, written[nextWritten].line == Int32(clamping: line) {
                nextWritten += 1
                return nextWritten - 1
            }
            guard let index = Self.index(ofLine: line, in: written) else { return nil }
            nextWritten = index + 1
            return index
        }

        /// Where the record of split line `line` is in `written` (sorted by line), if it has one.
        static func index(ofLine line: Int, in written: [WrittenForeign]) -> Int? {
            let line = Int32(clamping: line)
            var (low, high) = (0, written.count)
            while low < high {
                let middle = (low + high) / 2
                if written[middle].line < line { low = middle + 1 } else { high = middle }
            }
            return low < written.count && written[low].line == line ? low : nil
        }

        /// The place in `currencies` of code `index` of `lineCodes`.
        private mutating func place(ofLineCode index: Int32) -> Int32 {
            if codePlaces[Int(index)] < 0 { codePlaces[Int(index)] = place(of: lineCodes[Int(index)]) }
            return codePlaces[Int(index)]
        }

        /// Where code `index` of `lineCodes` is written at `start` in the file of `target`.
        func codeLocation(_ index: Int32, at start: Int32, of target: NameRef) -> SourceLocation {
            WrittenForeign.location(of: lineCodes[Int(index)], at: start, file: target.location.file)
        }

        /// The place in `currencies` of a split line's currency (nil: the home one), or nil
        /// after reporting a code its account is not kept in or a price on a home amount.
        private mutating func linePlace(_ posting: Posting, _ index: Int?) -> Int32?? {
            let file = posting.target.location.file
            guard let index, written[index].code >= 0 else {
                return place(posting.target, code: nil, price: index.flatMap { written[$0].price(file: file) })
            }
            let code = written[index].code
            let place = place(ofLineCode: code)
            // The common case: a code of another currency on a line whose account is kept in none.
            if place != 0, kept.isEmpty || kept[posting.target.id] == nil { return .some(place) }
            return self.place(posting.target, code: (lineCodes[Int(code)], place, codeLocation(code, at: written[index].codeStart, of: posting.target)),
                              price: written[index].price(file: file))
        }

        /// The place in `currencies` of the currency of a line on `target` with `code` written
        /// after its amount (its text, its place if known, where it is), or of the currency
        /// its account is kept in (nil: the home one); nil after reporting a code other than
        /// the account's, or a price on a home amount.
        private mutating func place(_ target: NameRef, code: (text: String, place: Int32?, location: SourceLocation)?,
                                    price: LinePrice?) -> Int32?? {
            let keptIn = kept.isEmpty ? nil : kept[target.id]
            if let keptIn, let code, code.text != keptIn.value {
                diagnostics.append(Diagnostic(.accountCurrency(account: names[target.id], kept: keptIn.value, written: code.text), at: code.location))
                return .none
            }
            let place = code.map { $0.place ?? self.place(of: $0.text) } ?? keptIn.map { self.place(of: $0.value) } ?? 0
            guard place != 0 else {
                if let price {
                    let number = self.number(price.value.location).text
                    diagnostics.append(Diagnostic(.unexpectedText((price.kind == .total ? "@@ " : "@ ") + number,
                                                                  hint: "only an amount in another currency has a price in the home one"),
                                                  at: price.value.location))
                    return .none
                }
                return .some(nil)
            }
            return .some(place)
        }

        /// Scales split line `line` in place; false when it cannot be. A line in another
        /// currency (`foreignAllowed`) is scaled to its own decimals and kept in `foreign`; with
        /// a price, it is given its home amount and its foreign amount here, otherwise its home
        /// amount is left for `convertForeign`.
        mutating func scale(line: Int, of ledger: inout Ledger, foreignAllowed: Bool = true) -> Bool {
            let posting = ledger.postings[line]
            lastForeign = nil
            if mayBeForeign(posting) {
                let index = posting.hasCodeOrPrice ? written(line: line) : nil
                guard let place = linePlace(posting, index) else { return false }
                if let place {
                    let lineCurrency = currencies[Int(place)]
                    guard foreignAllowed else {
                        let at = index.flatMap { written[$0].code >= 0 ? codeLocation(written[$0].code, at: written[$0].codeStart, of: posting.target) : nil }
                            ?? posting.target.location
                        diagnostics.append(Diagnostic(.secondCurrency(lineCurrency.code, ledgerCurrency: currency.code), at: at))
                        return false
                    }
                    var native: Money?
                    if let location = posting.amountLocation {
                        guard let value = scaled(posting.amount, scale: Int(posting.amountScale), at: location, in: lineCurrency) else { return false }
                        native = value
                    }
                    let price = index.flatMap { written[$0].price(file: posting.target.location.file) }
                    if let index, price != nil, written[index].priceCode >= 0, case let code = lineCodes[Int(written[index].priceCode)], code != currency.code {
                        // A price is in the home currency: its code, when written, is the home one.
                        diagnostics.append(Diagnostic(.secondCurrency(code, ledgerCurrency: currency.code),
                                                      at: codeLocation(written[index].priceCode, at: written[index].priceCodeStart, of: posting.target)))
                        return false
                    }
                    let foreignLine = ForeignLine(currency: place, hasPrice: price != nil, native: native)
                    lastForeign = foreignLine
                    var scaledLine = posting
                    scaledLine.amountScale = UInt8(currency.decimals)
                    // A line with its amount and a price is worth that price in the home
                    // currency whatever its entry (`convertForeign`, step 2): given it here.
                    // The entry's own rules, where they apply, may still change it.
                    guard let native, let price else {
                        // Room for every line at the first (a slot a line as it comes cost more).
                        if unpriced.isEmpty { unpriced.reserveCapacity(written.count, lines: ledger.postings.count) }
                        unpriced.add(foreignLine, at: line)
                        scaledLine.amount = .zero
                        ledger.postings[line] = scaledLine
                        return true
                    }
                    do throws(MoneyOverflow) {
                        scaledLine.amount = try Booker.home(of: native, in: lineCurrency, price: price, home: currency)
                        ledger.postings[line] = scaledLine
                        ledger.foreignAmounts.add(ForeignAmount(currency: lineCurrency, native: native, rate: .written), at: line)
                    } catch {
                        diagnostics.append(Diagnostic(.sumOverflow(what: "this line's amount in \(currency.code)", currency: currency),
                                                      at: posting.amountLocation ?? posting.target.location))
                        return false
                    }
                    return true
                }
            }
            guard let location = posting.amountLocation else { return true }
            guard let amount = scaled(posting.amount, scale: Int(posting.amountScale), at: location, in: currency, named: declared) else { return false }
            ledger.postings[line].amount = amount
            ledger.postings[line].amountScale = UInt8(currency.decimals)
            return true
        }
    }

    /// Split lines: a line that cannot be scaled leaves its entry out. Returns the entries with
    /// a line in another currency that need `convertForeign`'s steps (`everyEntry`: each such
    /// entry), by their place in `ledger.entries` once the entries left out are gone.
    private static func scalePostings(_ ledger: inout Ledger, _ scaler: inout Scaler, everyEntry: Bool) -> [Int] {
        let decimals = scaler.currency.decimals
        let checkCodes = scaler.mayBeForeign
        let noneKept = scaler.kept.isEmpty
        // Every written amount with the currency's decimals already, no code to check: no line
        // needs scaling (the common case, and every line of an already booked ledger).
        let allScaled = !checkCodes && ledger.postingScales & ~(1 << UInt64(decimals)) == 0
        var unscaled: [Int] = []
        var foreignEntries: [Int] = []
        // The files of an already booked ledger (the forecast books it again with its
        // projection): their lines are in minor units, a foreign line's home amount set.
        let scaledFiles = ledger.scaledFiles
        if !allScaled {
            for (number, entry) in ledger.entries.enumerated() {
                if Int(entry.location.file) < scaledFiles { continue }
                var good = true
                var hasForeign = false
                var need = EntryRulesNeed()
                for line in entry.postings {
                    let posting = ledger.postings[line]
                    // The common case: written with the currency's decimals (or left out), in
                    // the home currency (no code or price, on an account kept in it).
                    if !posting.hasCodeOrPrice, noneKept, Int(posting.amountScale) == decimals || posting.isInferred {
                        need.addHome(isInferred: posting.isInferred, isAccount: scaler.kinds.isAccount(posting.target.id))
                        continue
                    }
                    var foreign: ForeignLine?
                    if Int(posting.amountScale) != decimals && posting.amountLocation != nil || scaler.mayBeForeign(posting) {
                        if !scaler.scale(line: line, of: &ledger) { good = false }
                        foreign = scaler.lastForeign
                        hasForeign = hasForeign || foreign != nil
                    }
                    need.add(foreign, isInferred: posting.isInferred, isAccount: scaler.kinds.isAccount(posting.target.id))
                }
                if !good {
                    unscaled.append(number)
                } else if hasForeign, everyEntry || need.isNeeded {
                    // Its place once the entries before it left out are gone.
                    foreignEntries.append(number - unscaled.count)
                }
            }
        }
        ledger.postingScales = ledger.postingScales == 0 ? 0 : 1 << UInt64(decimals)
        if !unscaled.isEmpty {
            let dropped = Set(unscaled)
            ledger.entries = ledger.entries.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        }
        return foreignEntries
    }

    /// A schedule's template lines, likewise: one that cannot be scaled leaves the schedule out.
    private static func scaleSchedules(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        guard !ledger.schedules.isEmpty else { return }
        var kept: [Schedule] = []
        for schedule in ledger.schedules {
            var good = true
            for line in schedule.postings where !scaler.scale(line: line, of: &ledger, foreignAllowed: false) { good = false }
            if good { kept.append(schedule) }
        }
        ledger.schedules = kept
    }

    /// Directives: one that cannot be scaled is left out.
    private static func scaleDirectives(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        let scaledFiles = ledger.scaledFiles
        let scales = ledger.amountScales
        func scaleAll<Item>(_ items: inout [Item], _ amount: WritableKeyPath<Item, Located<Money>>) {
            guard !items.isEmpty else { return }
            items = items.compactMap { item in
                var item = item
                let written = item[keyPath: amount]
                if Int(written.location.file) < scaledFiles { return item }
                let scale = Int(scales[written.location] ?? 0)
                guard let value = scaler.scaled(written.value, scale: scale, at: written.location) else { return nil }
                item[keyPath: amount].value = value
                return item
            }
        }
        scaleOpenings(&ledger, &scaler)
        scaleAssertions(&ledger, &scaler)
        scaleAll(&ledger.budgets, \.amount)
        scaleAll(&ledger.earmarks, \.amount)
        scaleAll(&ledger.allowances, \.amount)
        scaleAll(&ledger.goals, \.target)
        scaleAll(&ledger.goalMoves, \.amount)
        scaleAll(&ledger.incomes, \.amount)
        scaleAll(&ledger.subscriptions, \.amount)
        scaleAll(&ledger.snapshotAssertions, \.amount)
    }

    /// Openings and corrections: one in another currency (a code written, or its account kept
    /// in one) is worth its price written (`@ RATE`, `@@ TOTAL`) or its amount at the `rate`
    /// line in effect on its date, as a split line is (`convertForeign`); one that cannot be
    /// scaled or has no rate is left out.
    private static func scaleOpenings(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        guard !ledger.openings.isEmpty || !ledger.corrections.isEmpty else { return }
        var rateDiagnostics: [Diagnostic] = []
        let rates = RateTable(ledger, home: scaler.currency, &rateDiagnostics)
        var foreign: [SourceLocation: ForeignAmount] = [:]
        ledger.openings = ledger.openings.compactMap { opening in
            var opening = opening
            guard let home = scaleAccountAmount(opening.amount, of: opening.account, on: opening.date, at: opening.location, ledger, rates,
                                                &scaler, &foreign) else { return nil }
            opening.amount.value = home
            return opening
        }
        ledger.corrections = ledger.corrections.compactMap { correction in
            var correction = correction
            guard let home = scaleAccountAmount(correction.amount, of: correction.account, on: correction.date, at: correction.location, ledger,
                                                rates, &scaler, &foreign) else { return nil }
            correction.amount.value = home
            return correction
        }
        ledger.foreignDirectives.merge(foreign) { _, new in new }
    }

    /// An opening's or a correction's amount in the home currency (as it was, when its file
    /// was scaled before), its native amount kept in `foreign` by `location` when it is in
    /// another currency; nil after reporting why it has none.
    private static func scaleAccountAmount(_ written: Located<Money>, of account: NameRef, on date: CivilDate, at location: SourceLocation,
                                           _ ledger: Ledger, _ rates: RateTable, _ scaler: inout Scaler,
                                           _ foreign: inout [SourceLocation: ForeignAmount]) -> Money? {
        if Int(written.location.file) < ledger.scaledFiles { return written.value }
        let scale = Int(ledger.amountScales[written.location] ?? 0)
        guard let currency = scaler.lineCurrency(account, written.location) else { return nil }
        guard let currency else {
            return scaler.scaled(written.value, scale: scale, at: written.location, in: scaler.currency, named: scaler.declared)
        }
        guard let native = scaler.scaled(written.value, scale: scale, at: written.location, in: currency) else { return nil }
        let home = scaler.currency
        do throws(MoneyOverflow) {
            if let price = scaler.prices[written.location] {
                if let code = scaler.amountCodes[price.value.location], code.value != home.code {
                    scaler.diagnostics.append(Diagnostic(.secondCurrency(code.value, ledgerCurrency: home.code), at: code.location))
                    return nil
                }
                foreign[location] = ForeignAmount(currency: currency, native: native, rate: .written)
                return try Booker.home(of: native, in: currency, price: price, home: home)
            }
            guard let index = rates.rate(currency.code, on: date) else {
                scaler.diagnostics.append(Diagnostic(.missingRate(code: currency.code, date: date, home: home.code), at: written.location))
                return nil
            }
            foreign[location] = ForeignAmount(currency: currency, native: native, rate: .rateLine(Int32(index)))
            return try Money.converted(native, decimals: currency.decimals, rate: rates.rates[index].rate.value, homeDecimals: home.decimals)
        } catch {
            foreign[location] = nil
            scaler.diagnostics.append(Diagnostic(.sumOverflow(what: "this amount in \(home.code)", currency: home), at: written.location))
            return nil
        }
    }

    /// `balance` lines: one on an account kept in another currency is in that currency (what
    /// the bank's statement shows), compared with the account's own running balance
    /// (`RunningTotals`); any other is in the home currency.
    private static func scaleAssertions(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        guard !ledger.balanceAssertions.isEmpty else { return }
        let scales = ledger.amountScales
        let scaledFiles = ledger.scaledFiles
        ledger.balanceAssertions = ledger.balanceAssertions.compactMap { assertion in
            var assertion = assertion
            let written = assertion.amount
            if Int(written.location.file) < scaledFiles { return assertion }
            let scale = Int(scales[written.location] ?? 0)
            guard let currency = scaler.lineCurrency(assertion.account, written.location) else { return nil }
            guard let value = scaler.scaled(written.value, scale: scale, at: written.location, in: currency ?? scaler.currency,
                                            named: currency != nil || scaler.declared) else { return nil }
            assertion.amount.value = value
            return assertion
        }
    }
}
