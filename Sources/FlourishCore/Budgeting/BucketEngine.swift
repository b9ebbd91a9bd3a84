/// Divides the real money of a ledger into buckets, day by day (grammar.md, "Buckets").
///
/// One pass over the ledger's dated lines in date order. At the end of every day it hands
/// a `BucketSnapshot` to the caller; the bucket rule, the snapshot report and the logs are
/// all built on that one stream.
public struct BucketEngine {
    private let ledger: Ledger
    private let index: NameIndex
    private let onBudget: Set<Int32>
    private let reserve: Set<Int32>
    private let offBudget: Set<Int32>
    private let events: [Event]

    /// A dated line, in the order the engine applies them.
    private struct Event {
        enum Kind {
            case allowance(Int), earmark(Int), opening(Int), entry(Int), correction(Int), move(Int)

            /// Settings of the day come before the day's money moves.
            var phase: Int {
                switch self {
                case .allowance, .earmark, .opening: return 0
                default: return 1
                }
            }
        }

        var date: CivilDate
        var kind: Kind
        var location: SourceLocation
    }

    public init(_ ledger: Ledger) {
        self.ledger = ledger
        index = NameIndex(ledger)
        onBudget = Set(ledger.accounts.filter { !$0.isOffBudget }.map(\.name.id))
        reserve = Set(ledger.accounts.filter { $0.isReserve && !$0.isOffBudget }.map(\.name.id))
        offBudget = Set(ledger.accounts.filter(\.isOffBudget).map(\.name.id))
        var events: [Event] = []
        events.reserveCapacity(ledger.entries.count + 64)
        for (i, item) in ledger.allowances.enumerated() { events.append(Event(date: item.date, kind: .allowance(i), location: item.location)) }
        for (i, item) in ledger.earmarks.enumerated() { events.append(Event(date: item.date, kind: .earmark(i), location: item.location)) }
        for (i, item) in ledger.openings.enumerated() { events.append(Event(date: item.date, kind: .opening(i), location: item.location)) }
        for (i, item) in ledger.entries.enumerated() { events.append(Event(date: item.date, kind: .entry(i), location: item.location)) }
        for (i, item) in ledger.corrections.enumerated() { events.append(Event(date: item.date, kind: .correction(i), location: item.location)) }
        for (i, item) in ledger.goalMoves.enumerated() { events.append(Event(date: item.date, kind: .move(i), location: item.location)) }
        events.sort { ($0.date, $0.kind.phase, $0.location) < ($1.date, $1.kind.phase, $1.location) }
        self.events = events
    }

    /// True when the ledger sets anything aside, so that the bucket rule applies.
    public var hasBudget: Bool {
        !ledger.allowances.isEmpty || !ledger.earmarks.isEmpty || !ledger.goals.isEmpty || !ledger.goalMoves.isEmpty
    }

    /// The first and last dates of the ledger's dated lines (entries and dated directives).
    public var dateRange: ClosedRange<CivilDate>? {
        var dates = events.map(\.date)
        dates += ledger.balanceAssertions.map(\.date) + ledger.snapshotAssertions.map(\.date)
        dates += ledger.budgets.map(\.date) + ledger.goals.map(\.date) + ledger.incomes.map(\.date)
        dates += ledger.savingsTargets.map(\.date) + ledger.subscriptions.map(\.date)
        guard let first = dates.min(), let last = dates.max() else { return nil }
        return first...last
    }

    /// What happened while running: the day a sum overflowed, if one did.
    public struct Outcome {
        public var overflowDate: CivilDate?
        public var log = BucketLog()
    }

    /// Runs from the first dated line through `end`, calling `visit` with each day's snapshot
    /// and the location of the last line applied so far.
    @discardableResult
    public func run(through end: CivilDate, recordLog: Bool = false,
                    visit: (BucketSnapshot, SourceLocation?) -> Void) -> Outcome {
        var outcome = Outcome()
        guard let start = dateRange?.lowerBound, start <= end else { return outcome }
        var state = State(ledger: ledger, onBudget: onBudget)
        var next = 0
        var lastLocation: SourceLocation?
        var day = start
        var month = BudgetMonth(containing: day, startDay: ledger.monthStartDay)
        while day <= end {
            if !month.contains(day) {
                month = BudgetMonth(containing: day, startDay: ledger.monthStartDay)
                state.paid.removeAll()
            }
            state.spentToday = .zero
            while next < events.count && events[next].date == day {
                apply(events[next], to: &state, log: &outcome.log, recording: recordLog)
                lastLocation = events[next].location
                next += 1
            }
            let snapshot = state.snapshot(date: day, month: month, ledger: ledger)
            if state.overflowed && outcome.overflowDate == nil { outcome.overflowDate = day }
            if recordLog && (snapshot.dailyAllowance > .zero || snapshot.allowanceSpentToday != .zero) {
                let over = state.sum(snapshot.allowanceSpentToday, snapshot.dailyAllowance, negate: true)
                outcome.log.days.append(.init(date: day, allowance: snapshot.dailyAllowance,
                                              spent: snapshot.allowanceSpentToday, toSavings: snapshot.remainingToday,
                                              fromSavings: max(.zero, over)))
            }
            visit(snapshot, lastLocation)
            day = day.adding(days: 1)
        }
        return outcome
    }

    /// The snapshot at the end of `date`.
    public func snapshot(at date: CivilDate) -> BucketSnapshot? {
        var result: BucketSnapshot?
        run(through: date) { snapshot, _ in if snapshot.date == date { result = snapshot } }
        return result
    }

    private func apply(_ event: Event, to state: inout State, log: inout BucketLog, recording: Bool) {
        switch event.kind {
        case .allowance(let i):
            state.allowance = ledger.allowances[i].amount.value
        case .earmark(let i):
            let earmark = ledger.earmarks[i]
            if earmark.amount.value == .zero {
                state.earmarks.removeValue(forKey: earmark.category.id)
                state.earmarkOrder.removeAll { $0 == earmark.category.id }
            } else {
                if state.earmarks[earmark.category.id] == nil { state.earmarkOrder.append(earmark.category.id) }
                state.earmarks[earmark.category.id] = (earmark.amount.value, earmark.dueDay?.value)
            }
        case .opening(let i):
            let opening = ledger.openings[i]
            guard onBudget.contains(opening.account.id) else { return }
            state.change(opening.account.id, by: opening.amount.value)
            if recording && reserve.contains(opening.account.id) {
                log.reserve.append(.init(date: opening.date, account: ledger.names[opening.account.id],
                                                  description: "opening balance", amount: opening.amount.value,
                                                  balance: state.balances[opening.account.id] ?? .zero))
            }
        case .correction(let i):
            let correction = ledger.corrections[i]
            if onBudget.contains(correction.account.id) { state.change(correction.account.id, by: correction.amount.value) }
            if recording { log.corrections.append(.init(date: correction.date, account: ledger.names[correction.account.id],
                                                  amount: correction.amount.value, reason: correction.reason.value)) }
        case .move(let i):
            let move = ledger.goalMoves[i]
            let signed = move.direction == .to ? move.amount.value : (move.amount.value.negated ?? .zero)
            state.goals[move.goal.id] = state.sum(state.goals[move.goal.id] ?? .zero, signed)
        case .entry(let i):
            applyEntry(ledger.entries[i], to: &state, log: &log, recording: recording)
        }
    }

    /// An entry's lines: accounts change funds; expense lines pay an earmark, a goal or the
    /// daily allowance (less what reserve and off-budget accounts paid).
    private func applyEntry(_ entry: Entry, to state: inout State, log: inout BucketLog, recording: Bool) {
        var allowanceSpending = Money.zero
        var paidOutside = Money.zero
        for posting in ledger.postings[entry.postings] {
            let id = posting.target.id
            if let goal = posting.goal {
                state.goals[goal.id] = state.sum(state.goals[goal.id] ?? .zero, posting.amount, negate: true)
                continue
            }
            switch index.kind(of: id) {
            case .account?:
                if onBudget.contains(id) { state.change(id, by: posting.amount) }
                if reserve.contains(id) || offBudget.contains(id) {
                    paidOutside = state.sum(paidOutside, posting.amount, negate: true)
                }
                if recording && reserve.contains(id) {
                    log.reserve.append(.init(date: entry.date, account: ledger.names[id],
                                                      description: ledger.description(of: entry), amount: posting.amount,
                                                      balance: state.balances[id] ?? .zero))
                }
            case .category?:
                if state.earmarks[id] != nil {
                    if state.paid[id] == nil { state.paid[id] = posting.amount }
                } else {
                    allowanceSpending = state.sum(allowanceSpending, posting.amount)
                }
            default:
                break
            }
        }
        if allowanceSpending > .zero && paidOutside > .zero {
            allowanceSpending = state.sum(allowanceSpending, min(allowanceSpending, paidOutside), negate: true)
        }
        state.spentToday = state.sum(state.spentToday, allowanceSpending)
    }

    /// The running figures.
    private struct State {
        var balances: [Int32: Money] = [:]
        var funds = Money.zero
        var goals: [Int32: Money] = [:]
        var allowance = Money.zero
        var spentToday = Money.zero
        var earmarks: [Int32: (amount: Money, dueDay: Int?)] = [:]
        var earmarkOrder: [Int32] = []
        /// First payment this month of each earmarked category.
        var paid: [Int32: Money] = [:]
        var overflowed = false
        let accountOrder: [Account]

        init(ledger: Ledger, onBudget: Set<Int32>) {
            var seen = Set<Int32>()
            accountOrder = ledger.accounts.filter { onBudget.contains($0.name.id) && seen.insert($0.name.id).inserted }
        }

        /// a + b (or a − b), noting overflow instead of trapping or wrapping.
        mutating func sum(_ a: Money, _ b: Money, negate: Bool = false) -> Money {
            var (value, overflow) = b.minorUnits.multipliedReportingOverflow(by: negate ? -1 : 1)
            if !overflow { (value, overflow) = a.minorUnits.addingReportingOverflow(value) }
            if overflow { overflowed = true; return a }
            return Money(minorUnits: value)
        }

        mutating func change(_ account: Int32, by amount: Money) {
            balances[account] = sum(balances[account] ?? .zero, amount)
            funds = sum(funds, amount)
        }

        mutating func snapshot(date: CivilDate, month: BudgetMonth, ledger: Ledger) -> BucketSnapshot {
            let unspent = sum(allowance, spentToday, negate: true)
            let remaining = min(allowance, max(.zero, unspent))
            let daysAfter = month.daysAfter(date)
            let (future, overflow) = allowance.minorUnits.multipliedReportingOverflow(by: Int64(daysAfter))
            if overflow { overflowed = true }
            let allowanceSetAside = sum(remaining, Money(minorUnits: overflow ? 0 : future))
            var earmarkList: [BucketSnapshot.EarmarkStatus] = []
            var monthly = Money.zero
            for id in earmarkOrder {
                guard let earmark = earmarks[id] else { continue }
                let status = BucketSnapshot.EarmarkStatus(category: ledger.names[id], amount: earmark.amount,
                                                          dueDay: earmark.dueDay, paid: paid[id])
                monthly = sum(monthly, status.setAside)
                earmarkList.append(status)
            }
            var goalList: [BucketSnapshot.GoalStatus] = []
            var goalsTotal = Money.zero
            var seenGoals = Set<Int32>()
            for goal in ledger.goals where seenGoals.insert(goal.name.id).inserted {
                let balance = goals[goal.name.id] ?? .zero
                goalsTotal = sum(goalsTotal, balance)
                goalList.append(.init(name: ledger.names[goal.name.id], balance: balance, target: goal.target.value,
                                      deadline: goal.deadline?.value))
            }
            var main = sum(funds, allowanceSetAside, negate: true)
            main = sum(main, monthly, negate: true)
            main = sum(main, goalsTotal, negate: true)
            let accounts = accountOrder.map {
                BucketSnapshot.AccountFunds(name: ledger.names[$0.name.id], kind: $0.kind, isReserve: $0.isReserve,
                                            balance: balances[$0.name.id] ?? .zero)
            }
            return BucketSnapshot(date: date, month: month, accounts: accounts, funds: funds, dailyAllowance: allowance,
                                  allowanceSpentToday: spentToday, remainingToday: remaining, daysAfterToday: daysAfter,
                                  allowanceSetAside: allowanceSetAside, earmarks: earmarkList, monthlySetAside: monthly,
                                  goals: goalList, goalsTotal: goalsTotal, mainSavings: main)
        }
    }
}
