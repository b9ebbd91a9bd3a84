/// Exchange differences (grammar.md, "Several currencies"): money in another currency moved
/// at another value than it was booked at.
extension Booker {
    /// Each account kept in another currency holds an amount in that currency and its booked
    /// home value: the home amounts of its lines and opening balance, in date order. When an
    /// entry with lines in two or more currencies (a transfer between currencies) takes money
    /// out of such an account, the money moved is worth its share of the booked value
    /// (`Money.share`: the holding's home value × the amount moved ÷ the amount held). A line
    /// whose home amount (its price, or the rate of the day) differs from that share takes the
    /// share, and the difference goes to the exchange category in a line booking adds to the
    /// entry (`Posting.made`): a gain is negative, as income is. Without a `category NAME
    /// exchange`, the lines go to `Exchange` with an `exchange-undeclared` warning at the first.
    ///
    /// Money taken out beyond what the account holds, out of a holding whose home value is
    /// zero or of the other sign, and every line of an entry in one currency keep the home
    /// amount their price or rate gives.
    static func bookExchangeDifferences(_ ledger: inout Ledger, _ items: inout [Journal.Item], home: Currency, _ diagnostics: inout [Diagnostic]) {
        guard !ledger.foreignAmounts.isEmpty || !ledger.foreignDirectives.isEmpty else { return }
        var keptIn: [Int32: String] = [:]
        for account in ledger.accounts {
            if let code = account.currency?.value, code != home.code { keptIn[account.name.id] = code }
        }
        guard !keptIn.isEmpty else { return }
        var walk = ExchangeWalk(ledger: Ledger(), keptIn: keptIn, home: home, rates: ledger.rates)
        // The walk holds the ledger while it books (held twice, its lists were copied).
        swap(&walk.ledger, &ledger)
        var booked: [Journal.Item] = []
        booked.reserveCapacity(items.count)
        for item in items {
            walk.revalue(through: item.date, into: &booked)
            walk.book(item)
            booked.append(item)
        }
        walk.revalue(through: nil, into: &booked)
        swap(&walk.ledger, &ledger)
        guard let first = walk.first else { return }
        items = booked
        let category = exchangeCategory(&ledger, firstLocation: first.location)
        if !category.declared {
            diagnostics.append(Diagnostic(.exchangeUndeclared(category: ledger.names[category.name.id], difference: first.amount,
                                                              code: first.code, home: home, revalued: first.revalued),
                                          at: first.location))
        }
        for line in walk.exchangeLines { ledger.postings[line].target.id = category.name.id }
        addLines(&ledger, walk.differences, to: category.name.id, scale: home.decimals)
    }

    /// The accounts kept in other currencies, walked in date order: what each holds, the
    /// exchange differences and the revaluations found.
    private struct ExchangeWalk {
        var ledger: Ledger
        let keptIn: [Int32: String]
        let home: Currency
        /// Each account's amount in its currency (that currency, once a line gave it) and its
        /// booked value.
        var holdings: [Int32: (native: Money, home: Money, currency: Currency?)] = [:]
        /// Each difference: its entry, the line it comes after, its amount.
        var differences: [(entry: Int, after: Int, amount: Money)] = []
        /// The exchange lines of the revaluation entries (their category set at the end).
        var exchangeLines: [Int] = []
        /// The first difference or revaluation, for the warning when no exchange category is declared.
        var first: (location: SourceLocation, code: String, amount: Money, revalued: Bool)?
        /// The rate lines of kept currencies in date order, the later of two on one date last,
        /// and how many have been applied.
        let rates: [Int]
        var applied = 0

        init(ledger: Ledger, keptIn: [Int32: String], home: Currency, rates: [ExchangeRate]) {
            self.ledger = ledger
            self.keptIn = keptIn
            self.home = home
            let codes = Set(keptIn.values)
            self.rates = InEffect.ordered(rates.map(\.date)).filter { codes.contains(rates[$0].code.value) }
        }

        mutating func hold(_ account: Int32, native: Money, home: Money, in currency: Currency?) {
            let held = holdings[account] ?? (.zero, .zero, nil)
            guard let sum = try? (native: held.native + native, home: held.home + home) else { return }
            holdings[account] = (sum.native, sum.home, held.currency ?? currency)
        }

        mutating func book(_ item: Journal.Item) {
            switch item.kind {
            case .opening(let i):
                let opening = ledger.openings[i]
                guard keptIn[opening.account.id] != nil, let foreign = ledger.foreignDirectives[opening.location] else { return }
                hold(opening.account.id, native: foreign.native, home: opening.amount.value, in: foreign.currency)
            case .entry(let i):
                bookEntry(i)
            case .correction(let i):
                let correction = ledger.corrections[i]
                guard keptIn[correction.account.id] != nil, let foreign = ledger.foreignDirectives[correction.location] else { return }
                hold(correction.account.id, native: foreign.native, home: correction.amount.value, in: foreign.currency)
            }
        }

        private mutating func bookEntry(_ i: Int) {
            let lines = ledger.entries[i].postings
            guard lines.contains(where: { keptIn[ledger.postings[$0].target.id] != nil }) else { return }
            let codes = Set(lines.map { ledger.foreignAmounts[$0]?.currency.code ?? home.code })
            var difference = Money.zero
            var last = -1
            for line in lines {
                let account = ledger.postings[line].target.id
                guard let code = keptIn[account], let foreign = ledger.foreignAmounts[line], foreign.currency.code == code else { continue }
                var homeAmount = ledger.postings[line].amount
                if codes.count > 1, let held = holdings[account], let booked = share(moving: foreign.native, from: (held.native, held.home)),
                   booked != homeAmount, let sum = try? difference + (homeAmount - booked) {
                    difference = sum
                    homeAmount = booked
                    ledger.postings[line].amount = booked
                    last = line
                    if first == nil { first = (ledger.postings[line].target.location, code, sum, false) }
                }
                hold(account, native: foreign.native, home: homeAmount, in: foreign.currency)
            }
            if last >= 0, difference != .zero { differences.append((i, last, difference)) }
        }

        /// Applies the rate lines dated on or before `day` (every one left when nil): each
        /// account kept in the rate's currency is worth what it holds at the rate, rounded
        /// once; a change is an entry on the rate's date (placed before that day's items),
        /// described by the rate line, between the accounts and the exchange category.
        mutating func revalue(through day: CivilDate?, into items: inout [Journal.Item]) {
            while applied < rates.count, day.map({ ledger.rates[rates[applied]].date <= $0 }) ?? true {
                let index = rates[applied]
                applied += 1
                // The later of two lines for one code on one date is the one in effect.
                let rate = ledger.rates[index]
                if applied < rates.count, ledger.rates[rates[applied]].date == rate.date, ledger.rates[rates[applied]].code.value == rate.code.value {
                    continue
                }
                var changes: [(account: Int32, change: Money)] = []
                for account in keptIn.keys.sorted(by: { ledger.names[$0] < ledger.names[$1] }) where keptIn[account] == rate.code.value {
                    guard let held = holdings[account], let currency = held.currency,
                          let worth = try? Money.converted(held.native, decimals: currency.decimals, rate: rate.rate.value, homeDecimals: home.decimals),
                          let change = try? worth - held.home, change != .zero else { continue }
                    holdings[account] = (held.native, worth, currency)
                    changes.append((account, change))
                }
                guard !changes.isEmpty, let total = try? Money.sum(changes.map(\.change)), let exchange = try? -total else { continue }
                let start = ledger.postings.count
                for (account, change) in changes {
                    ledger.postings.append(.made(target: NameRef(id: account, location: rate.location), amount: change, scale: home.decimals))
                }
                exchangeLines.append(ledger.postings.count)
                ledger.postings.append(.made(target: NameRef(id: -1, location: rate.location), amount: exchange, scale: home.decimals))
                ledger.revaluations[ledger.entries.count] = index
                ledger.entries.append(Entry(date: rate.date, status: .unmarked, descriptionLocation: rate.location, tagRange: 0..<0,
                                            postings: start..<ledger.postings.count, location: rate.location))
                items.append(Journal.Item(date: rate.date, kind: .entry(ledger.entries.count - 1)))
                if first == nil { first = (rate.location, rate.code.value, exchange, true) }
            }
        }
    }

    /// The booked value of `native` taken out of a holding: its share of the home value, for
    /// money taken out (the other sign) and no more than is held, of a holding whose home value
    /// has its sign (a rate above zero); nil otherwise.
    private static func share(moving native: Money, from held: (native: Money, home: Money)) -> Money? {
        guard held.native != .zero, held.home != .zero, (held.native.minorUnits < 0) == (held.home.minorUnits < 0),
              (native.minorUnits < 0) != (held.native.minorUnits < 0),
              native.minorUnits.magnitude <= held.native.minorUnits.magnitude else { return nil }
        return try? Money.share(of: held.home, part: native, whole: held.native)
    }

    /// The exchange category: the first declared, or `Exchange` (declared here, at the line
    /// that made the first difference, when no category has that name).
    private static func exchangeCategory(_ ledger: inout Ledger, firstLocation location: SourceLocation) -> (name: NameRef, declared: Bool) {
        if let declared = ledger.categories.first(where: \.isExchange) { return (declared.name, true) }
        let id = ledger.names.intern("Exchange")
        let name = NameRef(id: id, location: location)
        if !ledger.categories.contains(where: { $0.name.id == id }) {
            ledger.categories.append(Category(name: name, isIncome: true, isExchange: true, location: location))
        }
        return (name, false)
    }

    /// Adds each difference as a line of its entry, after the line it comes from: the lines
    /// after it move up, and every list that names a line by its place follows them.
    private static func addLines(_ ledger: inout Ledger, _ differences: [(entry: Int, after: Int, amount: Money)], to category: Int32, scale: Int) {
        guard !differences.isEmpty else { return }
        let added = Dictionary(differences.map { ($0.after, $0.amount) }, uniquingKeysWith: { a, _ in a })
        var postings: [Posting] = []
        postings.reserveCapacity(ledger.postings.count + added.count)
        // Where each old line now stands (and one past the last).
        var moved = [Int](repeating: 0, count: ledger.postings.count + 1)
        let entryOf = Dictionary(differences.map { ($0.after, $0.entry) }, uniquingKeysWith: { a, _ in a })
        for (line, posting) in ledger.postings.enumerated() {
            moved[line] = postings.count
            postings.append(posting)
            if let amount = added[line], let entry = entryOf[line] {
                // Placed at the entry's date line: no written line shares its place.
                let target = NameRef(id: category, location: ledger.entries[entry].location)
                postings.append(.made(target: target, amount: amount, scale: scale))
            }
        }
        moved[ledger.postings.count] = postings.count
        func range(_ lines: Range<Int>) -> Range<Int> {
            guard !lines.isEmpty else { return moved[lines.lowerBound]..<moved[lines.lowerBound] }
            let last = lines.upperBound - 1
            return moved[lines.lowerBound]..<(moved[last] + (added[last] != nil ? 2 : 1))
        }
        for entry in ledger.entries.indices { ledger.entries[entry].postings = range(ledger.entries[entry].postings) }
        for schedule in ledger.schedules.indices { ledger.schedules[schedule].postings = range(ledger.schedules[schedule].postings) }
        ledger.postings = postings
        ledger.foreignAmounts = ledger.foreignAmounts.remapped { moved[$0] }
        ledger.postingGoals = Dictionary(uniqueKeysWithValues: ledger.postingGoals.map { (moved[$0.key], $0.value) })
    }
}
