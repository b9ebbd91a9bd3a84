/// `flourish report forecast`: the ledger carried day by day into the future (`Projection`),
/// each day's balances and buckets from the bucket engine, the first day the bucket rule would
/// break or an account would go below zero, and what is safe to spend today.
public struct ForecastReport: Sendable {
    public struct Day: Sendable {
        public var snapshot: BucketSnapshot
        /// The expected lines of the day.
        public var events: [Projection.Event]
    }

    /// The first day something would go wrong, what, and what brought it there.
    public struct Break: Sendable {
        public var date: CivilDate
        public var shortfalls: [Shortfall]
        /// What changed between the report date and the break that lowered the figures that
        /// break, the largest first.
        public var causes: [Cause]
    }

    /// A figure below zero, and how far.
    public enum Shortfall: Sendable, Equatable {
        case mainSavings(Money)
        case goal(String, Money)
        case account(String, Money)
    }

    /// What lowered a figure between the report date and the break: the expected lines of one
    /// name (a bill, an earmark, the allowance), net of what was set aside for them, or more
    /// set aside for something (a goal, an envelope, next month's bills).
    public struct Cause: Sendable, Equatable {
        public enum Kind: String, Sendable { case expected, setAside = "set-aside" }
        public var kind: Kind
        public var what: String
        /// `expected`: the change it made (negative); `set-aside`: how much more was set aside.
        public var amount: Money
        /// `expected`: how many expected lines.
        public var count: Int
        /// `expected`: how much more was set aside for it besides (already in `amount`).
        public var setAside: Money
        /// `file:line` of the ledger line it comes from.
        public var place: String?

        /// What it did to the figure: negative.
        var effect: Money { kind == .expected ? amount : (amount.negated ?? .zero) }
    }

    public var from: CivilDate
    public var until: CivilDate
    public var days: [Day]
    /// What is below zero on the report date already (main savings, a goal, an account other
    /// than a credit card): not counted as a break.
    public var alreadyBelow: [Shortfall]
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
        let alreadyBelow = days.first.map { shortfalls($0.snapshot, credit: credit) } ?? []
        var firstBreak: Break?
        for day in days where day.snapshot.date > from {
            // Only what goes below zero after the report date: a figure below zero already is
            // not a break the forecast found (`alreadyBelow`).
            let new = shortfalls(day.snapshot, credit: credit).filter { shortfall in !alreadyBelow.contains { same($0, shortfall) } }
            guard !new.isEmpty, let start = days.first else { continue }
            let between = days.filter { $0.snapshot.date > from && $0.snapshot.date <= day.snapshot.date }.flatMap(\.events)
            let causes: [Cause]
            do {
                causes = try Self.causes(of: new, from: start.snapshot, to: day.snapshot, events: between, place: place) { kind in
                    place(source(kind, on: day.snapshot.date, projected))
                }
            } catch {
                // A sum past 64 bits: said, as the engine's overflow is, at the day's first expected line.
                let at = between.last { $0.date == day.snapshot.date }?.source ?? between.first?.source ?? SourceLocation(file: 0, range: 0..<0)
                return (nil, [Diagnostic(.sumOverflow(what: error.what ?? "what brought the forecast's break", currency: projected.currency), at: at)],
                        ledger.files)
            }
            firstBreak = Break(date: day.snapshot.date, shortfalls: new, causes: causes)
            break
        }
        var safe = Money.zero
        if let today = days.first {
            var lowest = (try? today.snapshot.remainingToday + today.snapshot.mainSavings) ?? today.snapshot.mainSavings
            for day in days.dropFirst() { lowest = min(lowest, day.snapshot.mainSavings) }
            safe = max(.zero, lowest)
        }
        let report = ForecastReport(from: from, until: until, days: days, alreadyBelow: alreadyBelow, firstBreak: firstBreak,
                                    safeToSpendToday: safe, currency: projected.currency)
        return (report, [], ledger.files)
    }

    /// What is below zero on a day: main savings, goals, and accounts other than credit cards.
    static func shortfalls(_ s: BucketSnapshot, credit: Set<String>) -> [Shortfall] {
        var found: [Shortfall] = []
        if s.mainSavings < .zero { found.append(.mainSavings(s.mainSavings)) }
        for goal in s.goals where goal.balance < .zero { found.append(.goal(goal.name, goal.balance)) }
        for account in s.accounts where account.balance < .zero && !credit.contains(account.name) {
            found.append(.account(account.name, account.balance))
        }
        return found
    }

    /// Whether two shortfalls are of the same figure.
    static func same(_ a: Shortfall, _ b: Shortfall) -> Bool {
        switch (a, b) {
        case (.mainSavings, .mainSavings): return true
        case (.goal(let x, _), .goal(let y, _)), (.account(let x, _), .account(let y, _)): return x == y
        default: return false
        }
    }

    /// The most causes a break names.
    static let mostCauses = 5

    /// What lowered the breaking figures between the report date (`start`) and the break
    /// (`end`), the expected lines in between given.
    ///
    /// Main savings (and a goal, which is paid out of it) move by the expected lines less the
    /// change in what is set aside: a bill paid from what was set aside for it does not lower
    /// it, more set aside does. So each thing's part is its expected lines' sum less the growth
    /// of its set-aside; what lowered main savings has a negative part. An account moves by
    /// the expected lines through it alone. The parts are exact: main savings' parts add up to
    /// its change (with the expected income, which raises it).
    static func causes(of shortfalls: [Shortfall], from start: BucketSnapshot, to end: BucketSnapshot, events: [Projection.Event],
                       place: (SourceLocation?) -> String?,
                       setAsidePlace: (BucketSnapshot.SetAside.Kind) -> String?) throws(MoneyOverflow) -> [Cause] {
        func setAside(_ snapshot: BucketSnapshot) throws(MoneyOverflow) -> [BucketSnapshot.SetAside.Kind: (what: String, amount: Money)] {
            var items: [BucketSnapshot.SetAside.Kind: (what: String, amount: Money)] = [:]
            for item in snapshot.setAsides {
                let what = item.kind == .allowance ? "the allowance set aside" : item.kind.name
                items[item.kind, default: (what, .zero)].amount = try items[item.kind, default: (what, .zero)].amount + item.amount
            }
            return items
        }
        var found: [Cause] = []
        func add(_ cause: Cause) {
            guard !found.contains(where: { $0.what == cause.what }) else { return }
            found.append(cause)
        }
        // The expected lines by name, in order of first appearance.
        func grouped(_ events: [Projection.Event], amount: (Projection.Event) throws(MoneyOverflow) -> Money) throws(MoneyOverflow)
            -> [(first: Projection.Event, sum: Money, count: Int)] {
            var order: [String] = []
            var groups: [String: (first: Projection.Event, sum: Money, count: Int)] = [:]
            for event in events {
                if let group = groups[event.what] {
                    groups[event.what] = (group.first, try group.sum + amount(event), group.count + 1)
                } else {
                    order.append(event.what)
                    groups[event.what] = (event, try amount(event), 1)
                }
            }
            return order.compactMap { groups[$0] }
        }
        if shortfalls.contains(where: { if case .account = $0 { return false } else { return true } }) {
            let before = try setAside(start)
            let after = try setAside(end)
            var growth: [BucketSnapshot.SetAside.Kind: Money] = [:]
            for kind in Set(before.keys).union(after.keys) {
                growth[kind] = try (after[kind]?.amount ?? .zero) - (before[kind]?.amount ?? .zero)
            }
            var parts: [Cause] = []
            for group in try grouped(events, amount: { $0.amount }) {
                let grew = group.first.paysFrom.flatMap { growth.removeValue(forKey: $0) } ?? .zero
                let part = try group.sum - grew
                guard part < .zero else { continue }
                parts.append(Cause(kind: .expected, what: group.first.what, amount: part, count: group.count, setAside: max(.zero, grew),
                                   place: place(group.first.source)))
            }
            for (kind, grew) in growth where grew > .zero {
                parts.append(Cause(kind: .setAside, what: after[kind]?.what ?? kind.name, amount: grew, count: 0, setAside: grew,
                                   place: setAsidePlace(kind)))
            }
            // The largest first: what lowered main savings most.
            for cause in parts.sorted(by: { ($0.effect, $0.what) < ($1.effect, $1.what) }) {
                add(cause)
            }
        }
        for case .account(let name, _) in shortfalls {
            let through = events.filter { $0.moves.contains { $0.account == name } }
            let parts = try grouped(through) { event throws(MoneyOverflow) in
                var sum = Money.zero
                for move in event.moves where move.account == name { sum = try sum + move.amount }
                return sum
            }
            for group in parts.filter({ $0.sum < .zero }).sorted(by: { ($0.sum, $0.first.what) < ($1.sum, $1.first.what) }) {
                add(Cause(kind: .expected, what: group.first.what, amount: group.sum, count: group.count, setAside: .zero,
                          place: place(group.first.source)))
            }
        }
        return Array(found.prefix(mostCauses))
    }

    /// The ledger line a set-aside comes from (the latest in effect on the day).
    private static func source(_ kind: BucketSnapshot.SetAside.Kind, on date: CivilDate, _ journal: Journal) -> SourceLocation? {
        let ledger = journal.ledger
        switch kind {
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
