/// The figures reports show, each summed here and nowhere else. Booking checked every running
/// total, so sums from the ledger's start cannot overflow; sums over a period can only in
/// contrived ledgers, and then throw with the line that pushed them over.
extension Journal {
    /// Per name id: the balance of each account and person, and the all-time total of each
    /// category (parents include their sub-categories), at the end of `date`.
    /// With a `filter`, only the lines it keeps are summed.
    ///
    /// Without a filter, each name's figure is booking's kept running total after its last
    /// line through `date` (`lineBalances`), a parent category's with its sub-categories' added.
    public func balances(through date: CivilDate, filter: LineFilter? = nil) throws(MoneyOverflow) -> [Money] {
        var balances = [Money](repeating: .zero, count: ledger.names.names.count)
        if filter == nil, let kept = lineBalances {
            var line = 0
            for index in 0..<end(through: date) {
                forEachLine(of: items[index]) { target, _, _ in
                    balances[Int(target)] = kept[line]
                    line += 1
                }
            }
            let own = balances
            for id in own.indices where own[id] != .zero {
                var ancestor = parent[id]
                while ancestor >= 0 {
                    balances[Int(ancestor)] = try balances[Int(ancestor)] + own[id]
                    ancestor = parent[Int(ancestor)]
                }
            }
            return balances
        }
        var touched = [Bool](repeating: false, count: balances.count)
        try accumulate(items[0..<end(through: date)], into: &balances, touched: &touched, rollUp: true, filter: filter) { _ in true }
        return balances
    }

    /// Per name id: each category's total over the entries dated within `range` (expenses
    /// positive, income negative), parents including their sub-categories.
    /// With `rollUp` false, each category's own lines only.
    public func categoryTotals(in range: ClosedRange<CivilDate>, rollUp: Bool = true, filter: LineFilter? = nil) throws(MoneyOverflow) -> CategoryTotals {
        var totals = [Money](repeating: .zero, count: ledger.names.names.count)
        var touched = [Bool](repeating: false, count: totals.count)
        try accumulate(items(in: range), into: &totals, touched: &touched, rollUp: rollUp, filter: filter) { kind in
            kind == .category || kind == .incomeCategory
        }
        return CategoryTotals(totals: totals, touched: touched.indices.filter { touched[$0] }.map { Int32($0) })
    }

    /// Which lines a figure counts (a report's query): whole items, then single lines.
    public struct LineFilter {
        public var item: (Item) -> Bool
        public var line: (_ target: Int32, _ amount: Money) -> Bool
        /// Whether the filter keeps every line of the names it keeps (it asks nothing else).
        let keepsWholeNames: Bool

        public init(item: @escaping (Item) -> Bool, line: @escaping (_ target: Int32, _ amount: Money) -> Bool) {
            self.item = item
            self.line = line
            keepsWholeNames = false
        }

        /// Every line of the names `keeps` keeps.
        public init(names keeps: @escaping (_ target: Int32) -> Bool) {
            item = { _ in true }
            line = { target, _ in keeps(target) }
            keepsWholeNames = true
        }
    }

    /// Each category's total over a period, and which categories had lines in it.
    public struct CategoryTotals: Sendable {
        var totals: [Money]
        /// Categories with lines in the period (or sub-categories with lines), by id.
        public var touched: [Int32]

        public subscript(id: Int32) -> Money { totals[Int(id)] }
    }

    /// What was spent in expense categories on each day of `range`, one figure a day.
    public func spendingByDay(in range: ClosedRange<CivilDate>) throws(MoneyOverflow) -> [Money] {
        var days = [Money](repeating: .zero, count: range.lowerBound.days(until: range.upperBound) + 1)
        for item in items(in: range) {
            let day = range.lowerBound.days(until: item.date)
            var failure: MoneyOverflow?
            forEachLine(of: item) { target, amount, location in
                guard failure == nil, index.kind(of: target) == .category else { return }
                do { days[day] = try days[day] + amount } catch { failure = MoneyOverflow(at: location) }
            }
            if let failure { throw failure }
        }
        return days
    }

    /// Total spending (expense categories) within `range`.
    public func spending(in range: ClosedRange<CivilDate>) throws(MoneyOverflow) -> Money {
        try Money.sum(spendingByDay(in: range))
    }

    /// Adds the lines of `items` whose target's kind passes `keep` to `totals`, rolling
    /// categories up into their parents.
    private func accumulate(_ items: ArraySlice<Item>, into totals: inout [Money], touched: inout [Bool], rollUp: Bool,
                            filter: LineFilter?, keep: (NameIndex.Kind) -> Bool) throws(MoneyOverflow) {
        var failure: MoneyOverflow?
        for item in items {
            if let filter, !filter.item(item) { continue }
            forEachLine(of: item) { target, amount, location in
                guard failure == nil, let kind = index.kind(of: target), keep(kind) else { return }
                if let filter, !filter.line(target, amount) { return }
                do throws(MoneyOverflow) {
                    var id = target
                    totals[Int(id)] = try totals[Int(id)] + amount
                    touched[Int(id)] = true
                    while rollUp && parent[Int(id)] >= 0 {
                        id = parent[Int(id)]
                        totals[Int(id)] = try totals[Int(id)] + amount
                        touched[Int(id)] = true
                    }
                } catch {
                    failure = MoneyOverflow(at: location)
                }
            }
            if let failure { throw failure }
        }
    }

    /// How a running balance runs.
    public enum Running: Sendable {
        /// Each line's name its own (an account's or a person's balance, a category's total),
        /// shown under its ancestor at `depth` when given (the ancestor's total of the lines
        /// below it).
        case perName(depth: Int?)
        /// One balance over all the lines kept (a register of several names), each line shown
        /// under its ancestor at `depth` when given.
        case overAll(depth: Int?)
    }

    /// The running balances, summed here and nowhere else: each line of the items through
    /// `date` in date order (with `filter`, the lines it keeps), given to `body` with its
    /// item's index, the name it is shown under, its amount, the balance it leaves and where
    /// it is written (an entry's line: its name; an opening or a correction: its line).
    ///
    /// Each name's own balance (`.perName` without a depth, every line of a name kept) is
    /// booking's running total, kept (`lineBalances`); a balance over several names, or over
    /// the lines a query keeps, is summed here.
    public func forEachRunningLine(through date: CivilDate, filter: LineFilter? = nil, running: Running,
                                   _ body: (_ item: Int, _ shown: Int32, _ amount: Money, _ balance: Money, _ location: SourceLocation) -> Void) throws(MoneyOverflow) {
        if case .perName(nil) = running, filter?.keepsWholeNames ?? true, let kept = lineBalances {
            var line = 0
            for index in 0..<end(through: date) {
                forEachLine(of: items[index]) { target, amount, location in
                    defer { line += 1 }
                    if let filter, !filter.line(target, amount) { return }
                    body(index, target, amount, kept[line], location)
                }
            }
            return
        }
        var overAll = Money.zero
        var byName: [Money]
        if case .perName = running { byName = [Money](repeating: .zero, count: ledger.names.names.count) } else { byName = [] }
        for index in 0..<end(through: date) {
            let item = items[index]
            if let filter, !filter.item(item) { continue }
            var failure: MoneyOverflow?
            forEachLine(of: item) { target, amount, location in
                guard failure == nil else { return }
                if let filter, !filter.line(target, amount) { return }
                do throws(MoneyOverflow) {
                    switch running {
                    case .perName(let depth):
                        let shown = depth.map { ancestor(of: target, atDepth: $0 - 1) } ?? target
                        byName[Int(shown)] = try byName[Int(shown)] + amount
                        body(index, shown, amount, byName[Int(shown)], location)
                    case .overAll(let depth):
                        overAll = try overAll + amount
                        body(index, depth.map { ancestor(of: target, atDepth: $0 - 1) } ?? target, amount, overAll, location)
                    }
                } catch {
                    failure = MoneyOverflow(at: location)
                }
            }
            if let failure { throw failure }
        }
    }

    /// The own balance at the end of `date` of each account kept in another currency
    /// (`account Revolut checking USD`), in that currency: booking's sum of its lines' own
    /// amounts (`RunningTotals.OwnBalances`, which its `balance` lines are compared with); nil
    /// for one whose sum overflows.
    public func ownBalances(through date: CivilDate) -> [Int32: (currency: Currency, balance: Money?)] {
        var own = RunningTotals.OwnBalances(ledger, home: currency, active: true)
        guard !own.currency.isEmpty else { return [:] }
        for index in 0..<end(through: date) { own.add(items[index], ledger) }
        var result: [Int32: (currency: Currency, balance: Money?)] = [:]
        for (account, currency) in own.currency { result[account] = (currency, own.balances[account] ?? .some(.zero)) }
        return result
    }

    /// Each line in another currency (`Ledger.foreignAmounts`, `.foreignDirectives`) by where
    /// `forEachLine` says it is written: for a report that shows a line's own amount.
    /// The rate of `code` in effect on `day` (the latest `rate` line on or before it, the later
    /// of two on one date: `InEffect`'s rule), as written.
    func rate(of code: String, on day: CivilDate) -> NumberSyntax.Decimal? {
        let lines = ledger.rates.indices.filter { ledger.rates[$0].code.value == code }
        let order = InEffect.ordered(lines.map { ledger.rates[$0].date }).map { lines[$0] }
        return InEffect.latest(order, onOrBefore: day) { ledger.rates[$0].date }.map { ledger.rates[$0].rate.value }
    }

    /// The decimals of `code`: a `commodity` line's, or its standard ones.
    public func decimals(of code: String) -> Int {
        ledger.commodities.last { $0.value.code == code }?.value.decimals ?? Currency.standardDecimals(for: code)
    }

    public var foreignLinesByLocation: [SourceLocation: ForeignAmount] {
        var byLocation = ledger.foreignDirectives
        for (line, foreign) in ledger.foreignAmounts { byLocation[ledger.postings[line].target.location] = foreign }
        return byLocation
    }

    /// Where the largest expense line dated within `range` is written (the first of equals),
    /// or nil when there is none.
    public func largestExpenseLine(in range: ClosedRange<CivilDate>) -> SourceLocation? {
        var largest: (amount: Money, location: SourceLocation)?
        for item in items(in: range) {
            forEachLine(of: item) { target, amount, location in
                if index.kind(of: target) == .category, amount > (largest?.amount ?? .zero) { largest = (amount, location) }
            }
        }
        return largest?.location
    }
}
