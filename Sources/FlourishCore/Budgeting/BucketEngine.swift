/// Divides the real money of a ledger into buckets, day by day (grammar.md, "Buckets").
///
/// One pass over the ledger's dated lines in date order. At the end of every day it hands
/// a `BucketSnapshot` to the caller; the bucket rule, the snapshot report and the logs are
/// all built on that one stream.
public struct BucketEngine {
    private let ledger: Ledger
    private let index: NameIndex
    /// Per name id: is it an on-budget, a reserve, an off-budget account? (Arrays, not sets:
    /// they are consulted for every split line.)
    private let onBudget: [Bool]
    private let reserve: [Bool]
    private let offBudget: [Bool]
    /// Dated directives in the order the engine applies them.
    private let events: [Event]
    /// Entries in date order (file order within a day); nil when the file order already is.
    private let entryOrder: [Int]?
    /// The first and last dates of the ledger's dated lines (entries and dated directives).
    public let dateRange: ClosedRange<CivilDate>?

    /// A dated directive. Within a day, settings (allowance, earmark, opening) come first, then
    /// the day's entries, then corrections and moves: all of these only add to the day's
    /// figures, so their order within the day does not change the day's snapshot.
    private struct Event {
        enum Kind {
            case allowance(Int), earmark(Int), opening(Int), correction(Int), move(Int)

            var phase: Int {
                switch self {
                case .allowance, .earmark, .opening: return 0
                case .correction, .move: return 1
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
        let count = ledger.names.names.count
        var onBudget = [Bool](repeating: false, count: count)
        var reserve = [Bool](repeating: false, count: count)
        var offBudget = [Bool](repeating: false, count: count)
        for account in ledger.accounts {
            let id = Int(account.name.id)
            if account.isOffBudget { offBudget[id] = true } else { onBudget[id] = true }
            if account.isReserve && !account.isOffBudget { reserve[id] = true }
        }
        self.onBudget = onBudget
        self.reserve = reserve
        self.offBudget = offBudget
        var events: [Event] = []
        for (i, item) in ledger.allowances.enumerated() { events.append(Event(date: item.date, kind: .allowance(i), location: item.location)) }
        for (i, item) in ledger.earmarks.enumerated() { events.append(Event(date: item.date, kind: .earmark(i), location: item.location)) }
        for (i, item) in ledger.openings.enumerated() { events.append(Event(date: item.date, kind: .opening(i), location: item.location)) }
        for (i, item) in ledger.corrections.enumerated() { events.append(Event(date: item.date, kind: .correction(i), location: item.location)) }
        for (i, item) in ledger.goalMoves.enumerated() { events.append(Event(date: item.date, kind: .move(i), location: item.location)) }
        events.sort { ($0.date, $0.kind.phase, $0.location) < ($1.date, $1.kind.phase, $1.location) }
        self.events = events

        let entries = ledger.entries
        var sorted = true
        var first = entries.first?.date
        var last = entries.first?.date
        for i in entries.indices.dropFirst() {
            let date = entries[i].date
            if date < entries[i - 1].date { sorted = false }
            if date < first! { first = date }
            if date > last! { last = date }
        }
        entryOrder = sorted ? nil : entries.indices.sorted { (entries[$0].date, $0) < (entries[$1].date, $1) }
        var dates = events.map(\.date) + [first, last].compactMap { $0 }
        dates += ledger.balanceAssertions.map(\.date) + ledger.snapshotAssertions.map(\.date)
        dates += ledger.budgets.map(\.date) + ledger.goals.map(\.date) + ledger.incomes.map(\.date)
        dates += ledger.savingsTargets.map(\.date) + ledger.subscriptions.map(\.date)
        if let low = dates.min(), let high = dates.max() { dateRange = low...high } else { dateRange = nil }
    }

    /// True when the ledger sets anything aside, so that the bucket rule applies.
    public var hasBudget: Bool {
        !ledger.allowances.isEmpty || !ledger.earmarks.isEmpty || !ledger.goals.isEmpty || !ledger.goalMoves.isEmpty
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
        var nextEntry = 0
        var lastLocation: SourceLocation?
        var day = start
        var month = BudgetMonth(containing: day, startDay: ledger.monthStartDay)
        func note(_ location: SourceLocation) {
            if lastLocation.map({ $0 < location }) ?? true { lastLocation = location }
        }
        while day <= end {
            if !month.contains(day) {
                month = BudgetMonth(containing: day, startDay: ledger.monthStartDay)
                state.startMonth()
            }
            state.spentToday = .zero
            while next < events.count && events[next].date == day && events[next].kind.phase == 0 {
                apply(events[next], to: &state, log: &outcome.log, recording: recordLog)
                note(events[next].location)
                next += 1
            }
            while nextEntry < ledger.entries.count {
                let entry = ledger.entries[entryOrder?[nextEntry] ?? nextEntry]
                guard entry.date == day else { break }
                applyEntry(entry, to: &state, log: &outcome.log, recording: recordLog)
                note(entry.location)
                nextEntry += 1
            }
            while next < events.count && events[next].date == day {
                apply(events[next], to: &state, log: &outcome.log, recording: recordLog)
                note(events[next].location)
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
            guard day < CivilDate.latest else { break }
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
            state.setEarmark(earmark.category.id, amount: earmark.amount.value, dueDay: earmark.dueDay?.value)
        case .opening(let i):
            let opening = ledger.openings[i]
            guard onBudget[Int(opening.account.id)] else { return }
            state.change(opening.account.id, by: opening.amount.value)
            if recording && reserve[Int(opening.account.id)] {
                log.reserve.append(.init(date: opening.date, account: ledger.names[opening.account.id],
                                                  description: "opening balance", amount: opening.amount.value,
                                                  balance: state.balance(opening.account.id)))
            }
        case .correction(let i):
            let correction = ledger.corrections[i]
            if onBudget[Int(correction.account.id)] { state.change(correction.account.id, by: correction.amount.value) }
            if recording { log.corrections.append(.init(date: correction.date, account: ledger.names[correction.account.id],
                                                  amount: correction.amount.value, reason: correction.reason.value)) }
        case .move(let i):
            let move = ledger.goalMoves[i]
            let signed = move.direction == .to ? move.amount.value : (move.amount.value.negated ?? .zero)
            state.addToGoal(move.goal.id, signed)
        }
    }

    /// An entry's lines: accounts change funds; expense lines pay an earmark, a goal or the
    /// daily allowance (less what reserve and off-budget accounts paid).
    private func applyEntry(_ entry: Entry, to state: inout State, log: inout BucketLog, recording: Bool) {
        var allowanceSpending = Money.zero
        var paidOutside = Money.zero
        for line in entry.postings {
            let posting = ledger.postings[line]
            let id = posting.target.id
            if !ledger.postingGoals.isEmpty, let goal = ledger.postingGoals[line] {
                state.addToGoal(goal.id, posting.amount, negate: true)
                continue
            }
            switch index.kind(of: id) {
            case .account?:
                let slot = Int(id)
                if onBudget[slot] { state.change(id, by: posting.amount) }
                if reserve[slot] || offBudget[slot] {
                    paidOutside = state.sum(paidOutside, posting.amount, negate: true)
                }
                if recording && reserve[slot] {
                    log.reserve.append(.init(date: entry.date, account: ledger.names[id],
                                             description: ledger.description(of: entry), amount: posting.amount,
                                             balance: state.balance(id)))
                }
            case .category?:
                if state.isEarmarked(id) {
                    state.pay(id, posting.amount)
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

    /// The running figures, in arrays indexed by name id.
    private struct State {
        var balances: [Money]
        var funds = Money.zero
        var goals: [Money]
        var allowance = Money.zero
        var spentToday = Money.zero
        /// Earmark in effect per category (amount zero: none).
        var earmarks: [(amount: Money, dueDay: Int?)]
        var earmarkOrder: [Int32] = []
        /// First payment this month of each earmarked category.
        var paid: [Money?]
        var paidThisMonth: [Int32] = []
        var overflowed = false
        let accountOrder: [Account]

        init(ledger: Ledger, onBudget: [Bool]) {
            let count = ledger.names.names.count
            balances = [Money](repeating: .zero, count: count)
            goals = [Money](repeating: .zero, count: count)
            earmarks = [(amount: Money, dueDay: Int?)](repeating: (.zero, nil), count: count)
            paid = [Money?](repeating: nil, count: count)
            var seen = Set<Int32>()
            accountOrder = ledger.accounts.filter { onBudget[Int($0.name.id)] && seen.insert($0.name.id).inserted }
        }

        func balance(_ id: Int32) -> Money { balances[Int(id)] }

        func isEarmarked(_ id: Int32) -> Bool { earmarks[Int(id)].amount != .zero }

        mutating func setEarmark(_ id: Int32, amount: Money, dueDay: Int?) {
            earmarkOrder.removeAll { $0 == id }
            if amount != .zero { earmarkOrder.append(id) }
            earmarks[Int(id)] = (amount, dueDay)
        }

        /// A payment in an earmarked category: the first one this month settles the earmark.
        mutating func pay(_ id: Int32, _ amount: Money) {
            guard paid[Int(id)] == nil else { return }
            paid[Int(id)] = amount
            paidThisMonth.append(id)
        }

        mutating func startMonth() {
            for id in paidThisMonth { paid[Int(id)] = nil }
            paidThisMonth.removeAll()
        }

        mutating func addToGoal(_ id: Int32, _ amount: Money, negate: Bool = false) {
            goals[Int(id)] = sum(goals[Int(id)], amount, negate: negate)
        }

        /// a + b (or a − b), noting overflow instead of trapping or wrapping.
        mutating func sum(_ a: Money, _ b: Money, negate: Bool = false) -> Money {
            var (value, overflow) = b.minorUnits.multipliedReportingOverflow(by: negate ? -1 : 1)
            if !overflow { (value, overflow) = a.minorUnits.addingReportingOverflow(value) }
            if overflow { overflowed = true; return a }
            return Money(minorUnits: value)
        }

        mutating func change(_ account: Int32, by amount: Money) {
            balances[Int(account)] = sum(balances[Int(account)], amount)
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
                let earmark = earmarks[Int(id)]
                let status = BucketSnapshot.EarmarkStatus(category: ledger.names[id], amount: earmark.amount,
                                                          dueDay: earmark.dueDay, paid: paid[Int(id)])
                monthly = sum(monthly, status.setAside)
                earmarkList.append(status)
            }
            var goalList: [BucketSnapshot.GoalStatus] = []
            var goalsTotal = Money.zero
            var seenGoals = Set<Int32>()
            for goal in ledger.goals where seenGoals.insert(goal.name.id).inserted {
                let balance = goals[Int(goal.name.id)]
                goalsTotal = sum(goalsTotal, balance)
                goalList.append(.init(name: ledger.names[goal.name.id], balance: balance, target: goal.target.value,
                                      deadline: goal.deadline?.value))
            }
            var main = sum(funds, allowanceSetAside, negate: true)
            main = sum(main, monthly, negate: true)
            main = sum(main, goalsTotal, negate: true)
            let accounts = accountOrder.map {
                BucketSnapshot.AccountFunds(name: ledger.names[$0.name.id], kind: $0.kind, isReserve: $0.isReserve,
                                            balance: balances[Int($0.name.id)])
            }
            return BucketSnapshot(date: date, month: month, accounts: accounts, funds: funds, dailyAllowance: allowance,
                                  allowanceSpentToday: spentToday, remainingToday: remaining, daysAfterToday: daysAfter,
                                  allowanceSetAside: allowanceSetAside, earmarks: earmarkList, monthlySetAside: monthly,
                                  goals: goalList, goalsTotal: goalsTotal, mainSavings: main)
        }
    }
}
