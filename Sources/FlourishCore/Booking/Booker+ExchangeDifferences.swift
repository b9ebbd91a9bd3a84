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
    static func bookExchangeDifferences(_ ledger: inout Ledger, _ items: [Journal.Item], home: Currency, _ diagnostics: inout [Diagnostic]) {
        guard !ledger.foreignAmounts.isEmpty else { return }
        var keptIn: [Int32: String] = [:]
        for account in ledger.accounts {
            if let code = account.currency?.value, code != home.code { keptIn[account.name.id] = code }
        }
        guard !keptIn.isEmpty else { return }
        var holdings: [Int32: (native: Money, home: Money)] = [:]
        // Each entry's difference, by entry, after the line it comes from (the last such line).
        var differences: [(entry: Int, after: Int, amount: Money)] = []
        var first: (line: Int, code: String)?
        func hold(_ account: Int32, native: Money, home: Money) {
            let held = holdings[account] ?? (.zero, .zero)
            guard let sum = try? (native: held.native + native, home: held.home + home) else { return }
            holdings[account] = sum
        }
        for item in items {
            switch item.kind {
            case .opening(let i):
                let opening = ledger.openings[i]
                guard keptIn[opening.account.id] != nil, let foreign = ledger.foreignOpenings[opening.location] else { continue }
                hold(opening.account.id, native: foreign.native, home: opening.amount.value)
            case .entry(let i):
                let lines = ledger.entries[i].postings
                guard lines.contains(where: { keptIn[ledger.postings[$0].target.id] != nil }) else { continue }
                let codes = Set(lines.map { ledger.foreignAmounts[$0]?.currency.code ?? home.code })
                var difference = Money.zero
                var last = -1
                for line in lines {
                    let account = ledger.postings[line].target.id
                    guard let code = keptIn[account], let foreign = ledger.foreignAmounts[line], foreign.currency.code == code else { continue }
                    var homeAmount = ledger.postings[line].amount
                    if codes.count > 1, let held = holdings[account], let booked = share(moving: foreign.native, from: held),
                       booked != homeAmount, let sum = try? difference + (homeAmount - booked) {
                        difference = sum
                        homeAmount = booked
                        ledger.postings[line].amount = booked
                        last = line
                        if first == nil { first = (line, code) }
                    }
                    hold(account, native: foreign.native, home: homeAmount)
                }
                if last >= 0, difference != .zero { differences.append((i, last, difference)) }
            case .correction:
                break
            }
        }
        guard !differences.isEmpty, let first else { return }
        let category = exchangeCategory(&ledger, firstLine: first.line)
        if !category.declared {
            diagnostics.append(Diagnostic(.exchangeUndeclared(category: ledger.names[category.name.id], difference: differences[0].amount,
                                                              code: first.code, home: home),
                                          at: ledger.postings[first.line].target.location))
        }
        addLines(&ledger, differences, to: category.name.id, scale: home.decimals)
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
    private static func exchangeCategory(_ ledger: inout Ledger, firstLine: Int) -> (name: NameRef, declared: Bool) {
        if let declared = ledger.categories.first(where: \.isExchange) { return (declared.name, true) }
        let location = ledger.postings[firstLine].target.location
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
        ledger.foreignAmounts = Dictionary(uniqueKeysWithValues: ledger.foreignAmounts.map { (moved[$0.key], $0.value) })
        ledger.postingGoals = Dictionary(uniqueKeysWithValues: ledger.postingGoals.map { (moved[$0.key], $0.value) })
    }
}
