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
        public var shortfalls: [Shortfall]
        /// The day's expected lines, then the biggest set-asides of that day.
        public var causes: [Cause]
    }

    /// A figure that would go below zero, and how far.
    public enum Shortfall: Sendable, Equatable {
        case mainSavings(Money)
        case goal(String, Money)
        case account(String, Money)
    }

    /// A line behind a break: an expected line of the day (`Projection.Event.what`) or a
    /// set-aside of the day (`BucketSnapshot.SetAside.what`), with its amount.
    public struct Cause: Sendable {
        public enum Kind: String, Sendable { case expected, setAside = "set-aside" }
        public var kind: Kind
        public var what: String
        public var amount: Money
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
    /// cannot be booked (an overflow, reported in `diagnostics`, whose places are in `files`).
    /// The journal is taken over: the projection extends its ledger in place.
    public static func make(_ journal: consuming Journal, from: CivilDate, until: CivilDate)
        -> (report: ForecastReport?, diagnostics: [Diagnostic], files: [SourceFile]) {
        let projection = Projection.make(journal, after: from, through: until)
        guard projection.diagnostics.isEmpty else { return (nil, projection.diagnostics, projection.journal.ledger.files) }
        let projected = projection.journal
        var days: [Day] = []
        let byDate = Dictionary(grouping: projection.events, by: \.date)
        let outcome = BucketEngine(projected).run(through: until) { snapshot, _ in
            guard snapshot.date >= from else { return }
            days.append(Day(snapshot: snapshot, events: byDate[snapshot.date] ?? []))
        }
        if let overflow = outcome.overflow {
            let error = overflow.error
            return (nil, [Diagnostic(.sumOverflow(what: error.what ?? overflow.what, currency: projected.currency), at: overflow.location)],
                    projected.ledger.files)
        }
        let ledger = projected.ledger
        func place(_ location: SourceLocation?) -> String? {
            guard let location, Int(location.file) < ledger.files.count else { return nil }
            let file = ledger.files[Int(location.file)]
            return "\(file.path):\(file.line(containing: Int(location.start)).number)"
        }
        let credit = Set(ledger.accounts.filter { $0.kind == .credit }.map { ledger.names[$0.name.id] })
        var firstBreak: Break?
        for day in days where day.snapshot.date > from {
            let s = day.snapshot
            var shortfalls: [Shortfall] = []
            if s.mainSavings < .zero { shortfalls.append(.mainSavings(s.mainSavings)) }
            for goal in s.goals where goal.balance < .zero { shortfalls.append(.goal(goal.name, goal.balance)) }
            for account in s.accounts where account.balance < .zero && !credit.contains(account.name) {
                shortfalls.append(.account(account.name, account.balance))
            }
            guard !shortfalls.isEmpty else { continue }
            var causes = day.events.map { Cause(kind: .expected, what: $0.what, amount: $0.amount, place: place($0.source)) }
            causes += s.setAsides.prefix(3).map {
                Cause(kind: .setAside, what: $0.what, amount: $0.amount, place: place(source($0, on: s.date, projected)))
            }
            firstBreak = Break(date: s.date, shortfalls: shortfalls, causes: causes)
            break
        }
        var safe = Money.zero
        if let today = days.first {
            var lowest = (try? today.snapshot.remainingToday + today.snapshot.mainSavings) ?? today.snapshot.mainSavings
            for day in days.dropFirst() { lowest = min(lowest, day.snapshot.mainSavings) }
            safe = max(.zero, lowest)
        }
        let report = ForecastReport(from: from, until: until, days: days, firstBreak: firstBreak, safeToSpendToday: safe,
                                    currency: projected.currency)
        return (report, [], ledger.files)
    }

    /// The ledger line a set-aside comes from (the latest in effect on the day).
    private static func source(_ item: BucketSnapshot.SetAside, on date: CivilDate, _ journal: Journal) -> SourceLocation? {
        let ledger = journal.ledger
        switch item.kind {
        case .allowance: return journal.allowance(on: date)?.location
        case .earmark(let name):
            return ledger.names.id(of: name).flatMap { journal.earmark(for: $0, on: date)?.location }
        case .bill(let name): return journal.plans.first { $0.name == name }?.location
        case .goal(let name): return ledger.goals.first { ledger.names[$0.name.id] == name }?.location
        case .envelope(let name): return ledger.names.id(of: name).flatMap { journal.budget(for: $0, on: date)?.location }
        case .debt(let name): return ledger.people.first { ledger.names[$0.name.id] == name }?.location
        }
    }
}
