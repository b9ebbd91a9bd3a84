/// `flourish report forecast`: the ledger carried day by day into the future (`Projection`),
/// each day's balances and buckets from the bucket engine, the first day the bucket rule would
/// break or an account would go below zero, and what is safe to spend today.
public struct ForecastReport: Sendable {
    public struct Day: Sendable {
        public var snapshot: BucketSnapshot
        /// The expected lines of the day.
        public var events: [Projection.Event]
    }

    /// The first day something would go wrong, what, and the lines behind it.
    public struct Break: Sendable {
        public var date: CivilDate
        public var what: String
        /// The day's expected lines, then the biggest set-asides of that day.
        public var causes: [Cause]
    }

    public struct Cause: Sendable {
        public var text: String
        /// `file:line` of the ledger line it comes from.
        public var place: String?
    }

    public var from: CivilDate
    public var until: CivilDate
    public var days: [Day]
    public var firstBreak: Break?
    /// The most that could be spent today without breaking the rule on any day through
    /// `until`: what is left of today's allowance plus the lowest main savings ahead.
    public var safeToSpendToday: Money
    public var currency: Currency

    /// From the report date (a day the ledger has) through `until`; nil when the projection
    /// cannot be booked (an overflow, reported in `diagnostics`).
    public static func make(_ journal: Journal, from: CivilDate, until: CivilDate) -> (report: ForecastReport?, diagnostics: [Diagnostic]) {
        let projection = Projection.make(journal, after: from, through: until)
        guard projection.diagnostics.isEmpty else { return (nil, projection.diagnostics) }
        let projected = projection.journal
        var days: [Day] = []
        let byDate = Dictionary(grouping: projection.events, by: \.date)
        BucketEngine(projected).run(through: until) { snapshot, _ in
            guard snapshot.date >= from else { return }
            days.append(Day(snapshot: snapshot, events: byDate[snapshot.date] ?? []))
        }
        let ledger = projected.ledger
        func place(_ location: SourceLocation?) -> String? {
            guard let location, Int(location.file) < ledger.files.count else { return nil }
            let file = ledger.files[Int(location.file)]
            return "\(file.path):\(file.line(containing: Int(location.start)).number)"
        }
        let money = MoneyFormat(journal.currency)
        let credit = Set(ledger.accounts.filter { $0.kind == .credit }.map { ledger.names[$0.name.id] })
        var firstBreak: Break?
        for day in days where day.snapshot.date > from {
            let s = day.snapshot
            var what: [String] = []
            if s.mainSavings < .zero { what.append("main savings would be \(money.text(s.mainSavings))") }
            for goal in s.goals where goal.balance < .zero { what.append("goal \(goal.name) would be \(money.text(goal.balance))") }
            for account in s.accounts where account.balance < .zero && !credit.contains(account.name) {
                what.append("\(account.name) would be \(money.text(account.balance))")
            }
            guard !what.isEmpty else { continue }
            var causes = day.events.map { Cause(text: "\($0.what) \(money.text($0.amount))", place: place($0.source)) }
            causes += setAsides(s, projected).prefix(3).map { Cause(text: "\($0.what) \(money.text($0.amount)) set aside", place: place($0.source)) }
            firstBreak = Break(date: s.date, what: what.joined(separator: "; "), causes: causes)
            break
        }
        var safe = Money.zero
        if let today = days.first {
            var lowest = (try? today.snapshot.remainingToday + today.snapshot.mainSavings) ?? today.snapshot.mainSavings
            for day in days.dropFirst() { lowest = min(lowest, day.snapshot.mainSavings) }
            safe = max(.zero, lowest)
        }
        let report = ForecastReport(from: from, until: until, days: days, firstBreak: firstBreak, safeToSpendToday: safe,
                                    currency: journal.currency)
        return (report, [])
    }

    /// The set-asides of a day, biggest first, with the line each comes from.
    private static func setAsides(_ s: BucketSnapshot, _ journal: Journal) -> [(what: String, amount: Money, source: SourceLocation?)] {
        let ledger = journal.ledger
        var items: [(what: String, amount: Money, source: SourceLocation?)] = []
        let allowance = ledger.allowances.last { $0.date <= s.date }
        items.append(("the allowance for the rest of the month", s.allowanceSetAside, allowance?.location))
        for earmark in s.earmarks where earmark.setAside > .zero {
            let line = ledger.earmarks.last { ledger.names[$0.category.id] == earmark.category && $0.date <= s.date }
            items.append(("earmark \(earmark.category)", earmark.setAside, line?.location))
        }
        for bill in s.bills where bill.setAside > .zero {
            items.append(("bill \(bill.name) due \(bill.due)", bill.setAside, journal.plans.first { $0.name == bill.name }?.location))
        }
        for goal in s.goals where goal.balance > .zero {
            items.append(("goal \(goal.name)", goal.balance, ledger.goals.first { ledger.names[$0.name.id] == goal.name }?.location))
        }
        return items.filter { $0.amount > .zero }.enumerated()
            .sorted { ($1.element.amount, $0.offset) < ($0.element.amount, $1.offset) }.map(\.element)
    }
}
