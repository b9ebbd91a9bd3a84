/// Divides the real money of a ledger into buckets, day by day (grammar.md, "Buckets").
///
/// One pass over the ledger's dated lines in date order. At the end of every day it hands
/// a `BucketSnapshot` to the caller; the bucket rule, the snapshot report and the logs are
/// all built on that one stream.
public struct BucketEngine {
    private let journal: Journal
    private let ledger: Ledger
    private let index: NameIndex
    /// Per name id: is it an on-budget, a reserve, an off-budget account? (Arrays, not sets:
    /// they are consulted for every split line.)
    private let onBudget: [Bool]
    private let reserve: [Bool]
    private let offBudget: [Bool]
    /// Budgeting directives in the order the engine applies them.
    private let events: [Event]
    /// Per name id: the category's parent (`Food` for `Food:Dining`), or -1.
    private let parent: [Int32]
    /// Per category that ever rolls over: its budget lines, by date.
    private let rolloverBudgets: [Int32: [Budget]]
    /// Every change of the daily allowance, in the order applied: a later change in the same
    /// budgeting month sets the rate of the days from its date on.
    private let allowanceChanges: [(date: CivilDate, amount: Money)]
    /// Makes every day's snapshot in full, every list of it, none from the day before's (tests
    /// compare the two).
    var makesEveryDayInFull = false
    /// The first and last dates of the ledger's dated lines (entries and dated directives).
    public var dateRange: ClosedRange<CivilDate>? { journal.dateRange }

    /// A dated budgeting directive. Within a day, settings (allowance, earmark) come first,
    /// then the journal's items of the day (opening balances, entries, corrections), then goal
    /// moves: all of these only add to the day's figures, so their order within the day does
    /// not change the day's snapshot.
    private struct Event {
        enum Kind {
            case allowance(Int), earmark(Int), move(Int), budget(Int)

            var phase: Int {
                switch self {
                case .allowance, .earmark, .budget: return 0
                case .move: return 1
                }
            }

            /// On one date and phase: the kinds in a fixed order, and each kind's lines in
            /// reading order (their index in the ledger's list) — the tie-break of `InEffect`.
            var order: (Int, Int) {
                switch self {
                case .allowance(let i): return (0, i)
                case .earmark(let i): return (1, i)
                case .budget(let i): return (2, i)
                case .move(let i): return (3, i)
                }
            }
        }

        var date: CivilDate
        var kind: Kind
        var location: SourceLocation
    }

    public init(_ journal: Journal) {
        self.journal = journal
        let ledger = journal.ledger
        self.ledger = ledger
        index = journal.index
        let count = ledger.names.names.count
        var reserve = [Bool](repeating: false, count: count)
        var offBudget = [Bool](repeating: false, count: count)
        for account in ledger.accounts {
            let id = Int(account.name.id)
            if account.isOffBudget { offBudget[id] = true }
            if account.isReserve && !account.isOffBudget { reserve[id] = true }
        }
        self.onBudget = journal.onBudget
        self.reserve = reserve
        self.offBudget = offBudget
        var events: [Event] = []
        for (i, item) in ledger.allowances.enumerated() { events.append(Event(date: item.date, kind: .allowance(i), location: item.location)) }
        for (i, item) in ledger.earmarks.enumerated() { events.append(Event(date: item.date, kind: .earmark(i), location: item.location)) }
        for (i, item) in ledger.goalMoves.enumerated() { events.append(Event(date: item.date, kind: .move(i), location: item.location)) }
        // The budgets of categories that roll over: a budget dated within a month acts on its date.
        let rollingCategories = Set(ledger.budgets.filter { ledger.rollsOver($0) }.map(\.category.id))
        for (i, item) in ledger.budgets.enumerated() where rollingCategories.contains(item.category.id) {
            events.append(Event(date: item.date, kind: .budget(i), location: item.location))
        }
        events.sort { ($0.date, $0.kind.phase, $0.kind.order.0, $0.kind.order.1) < ($1.date, $1.kind.phase, $1.kind.order.0, $1.kind.order.1) }
        self.events = events
        allowanceChanges = events.compactMap { event in
            guard case .allowance(let i) = event.kind else { return nil }
            return (event.date, ledger.allowances[i].amount.value)
        }
        parent = journal.parent
        var start: CivilDate?
        func earliest(_ date: CivilDate?) { if let date, start.map({ date < $0 }) ?? true { start = date } }
        earliest(ledger.allowances.map(\.date).min())
        earliest(ledger.earmarks.map(\.date).min())
        earliest(ledger.goalMoves.map(\.date).min())
        earliest(ledger.goals.map(\.date).min())
        // Every budget line of a category that has a rollover one, in `InEffect`'s order.
        var rolling: [Int32: [Budget]] = [:]
        for id in rollingCategories { rolling[id] = (journal.inEffect.budgets[id] ?? []).map { ledger.budgets[$0] } }
        rolloverBudgets = rolling
        // An envelope is funded from its budget's date.
        earliest(ledger.budgets.filter { ledger.rollsOver($0) && $0.amount.value > .zero }.map(\.date).min())
        ruleStart = start
    }

    /// True when the ledger sets anything aside, so that the bucket rule applies.
    public var hasBudget: Bool { ruleStart != nil }

    /// A bill of a budgeting month: an occurrence of a schedule or subscription that spends,
    /// set aside from its month's first day (or the plan's start) until the entry that pays it.
    struct Bill {
        var name: String
        var due: CivilDate
        var month: BudgetMonth
        var since: CivilDate
        var amount: Money
        /// The date of the recorded entry that pays it.
        var paidOn: CivilDate?
        var paid: Money?
        var location: SourceLocation
    }

    /// The bills due in the months of `range`, and per entry the categories in which its lines
    /// pay a bill (not the daily allowance). A plan whose category, or a parent of it, has an
    /// earmark or a rollover budget is left to the earmark or the envelope.
    func bills(through end: CivilDate, from start: CivilDate) -> (bills: [Bill], payments: [Int: [Int32]]) {
        guard !journal.plans.isEmpty else { return ([], [:]) }
        var earmarked = Set<Int32>()
        for earmark in ledger.earmarks where earmark.amount.value > .zero { earmarked.insert(earmark.category.id) }
        earmarked.formUnion(rolloverBudgets.keys)  // an envelope pays its category's bills too
        func covered(_ category: Int32) -> Bool {
            var id = category
            while id >= 0 {
                if earmarked.contains(id) { return true }
                id = parent[Int(id)]
            }
            return false
        }
        let first = BudgetMonth(containing: start, startDay: ledger.monthStartDay).first
        let last = BudgetMonth(containing: end, startDay: ledger.monthStartDay).last
        var bills: [Bill] = []
        var payments: [Int: [Int32]] = [:]
        for occurrence in journal.occurrences(in: first...last) {
            let plan = journal.plans[occurrence.plan]
            guard plan.expense > .zero, !plan.categories.contains(where: covered) else { continue }
            var paid: Money?
            var paidOn: CivilDate?
            if let entry = occurrence.entry {
                payments[entry, default: []] += plan.categories
                let lines = ledger.postings[ledger.entries[entry].postings].filter { plan.categories.contains($0.target.id) }
                paid = try? Money.sum(lines.map(\.amount))
                paidOn = ledger.entries[entry].date
            }
            bills.append(Bill(name: plan.name, due: occurrence.due,
                              month: BudgetMonth(containing: occurrence.due, startDay: ledger.monthStartDay),
                              since: plan.since, amount: plan.expense, paidOn: paidOn, paid: paid, location: plan.location))
        }
        return (bills, payments)
    }

    /// The first day the bucket rule applies: the date of the ledger's first `allowance`,
    /// `earmark`, `goal`, `move` or rollover `budget` (grammar.md, section 8). Nil when
    /// nothing is set aside.
    public let ruleStart: CivilDate?

    /// What happened while running: the first figure that overflowed, if one did.
    public struct Outcome {
        public var overflow: Overflow?
        public var log = BucketLog()

        /// The outcome, or the overflow as the error every report and `check` give for it:
        /// no figure of a run that overflowed is shown.
        public func checked() throws(MoneyOverflow) -> Outcome {
            if let overflow { throw overflow.error }
            return self
        }
    }

    /// A bucket figure too large to compute exactly: which, on what day, and the line that
    /// pushed it over.
    public struct Overflow: Sendable {
        public var what: String
        public var date: CivilDate
        public var location: SourceLocation

        /// "the money earmarked for bills on 2026-11-01", at the line that pushed it over.
        public var error: MoneyOverflow { MoneyOverflow(at: location, what: "\(what) on \(date)") }
    }

    /// Runs from the first dated line through `end`, calling `visit` with each day's snapshot
    /// and the location of the last line applied so far. With `recordLog`, the log keeps the
    /// days, reserve movements and corrections from `logFrom` on (all when nil), so its size is
    /// bounded by the period asked for.
    @discardableResult
    ///
    /// With `everyDay` false the engine leaps over days on which nothing happens (no dated
    /// line, no day of the log asked for): between them the buckets change only at a month's
    /// start, which the leap applies. `visit` then sees the days with activity and `end`, so a
    /// snapshot far in the future costs what its ledger's lines cost, not a visit per day.
    /// `stops` (in date order) are days `visit` sees even when it leaps.
    public func run(through end: CivilDate, recordLog: Bool = false, logFrom: CivilDate? = nil, everyDay: Bool = true,
                    stops: [CivilDate] = [], visit: (BucketSnapshot, SourceLocation?) -> Void) -> Outcome {
        var outcome = Outcome()
        guard let start = dateRange?.lowerBound, start <= end else { return outcome }
        var state = State(ledger: ledger, onBudget: onBudget)
        (state.bills, state.billPayments) = bills(through: end, from: start)
        if !state.billPayments.isEmpty {
            state.paysBill = [Bool](repeating: false, count: ledger.entries.count)
            for entry in state.billPayments.keys { state.paysBill[entry] = true }
        }
        var next = 0
        var nextItem = 0
        var nextStop = 0
        let items = journal.items
        var lastLocation: SourceLocation?
        var day = start
        var month = BudgetMonth(containing: day, startDay: ledger.monthStartDay)
        fundEnvelopes(&state, month)
        // The day's snapshot, made from the day before's: only the lists whose figures changed
        // are made again (on a day when nothing happens, none: only the daily figures move).
        var snapshot = BucketSnapshot(date: start, month: month)
        func note(_ location: SourceLocation) {
            if lastLocation.map({ $0 < location }) ?? true { lastLocation = location }
        }
        while day <= end {
            if !everyDay {
                var leap = end
                if next < events.count { leap = min(leap, events[next].date) }
                if nextItem < items.count { leap = min(leap, items[nextItem].date) }
                if recordLog { leap = min(leap, max(day, logFrom ?? day)) }
                while nextStop < stops.count && stops[nextStop] < day { nextStop += 1 }
                if nextStop < stops.count { leap = min(leap, stops[nextStop]) }
                if leap > day { day = leap }
            }
            if !month.contains(day) {
                // Each month passed funds the envelopes, even one leapt over.
                repeat {
                    month = month.next
                    fundEnvelopes(&state, month)
                } while !month.contains(day) && month.first < day
                if !month.contains(day) { month = BudgetMonth(containing: day, startDay: ledger.monthStartDay) }
                state.startMonth()
            }
            state.spentToday = .zero
            if !state.revaluedToday.isEmpty { state.revaluedToday.removeAll() }
            while next < events.count && events[next].date == day && events[next].kind.phase == 0 {
                apply(events[next], to: &state)
                note(events[next].location)
                next += 1
            }
            // Movements are recorded from the log's first day (before it they would be dropped).
            let recording = recordLog && (logFrom.map { day >= $0 } ?? true)
            while nextItem < items.count && items[nextItem].date == day {
                let item = items[nextItem]
                let location = item.location(in: ledger)
                state.current = location
                switch item.kind {
                case .entry(let i): applyEntry(i, to: &state, log: &outcome.log, recording: recording)
                case .opening(let i): applyOpening(ledger.openings[i], to: &state, log: &outcome.log, recording: recording)
                case .correction(let i): applyCorrection(ledger.corrections[i], to: &state, log: &outcome.log, recording: recording)
                }
                note(location)
                nextItem += 1
            }
            while next < events.count && events[next].date == day {
                apply(events[next], to: &state)
                note(events[next].location)
                next += 1
            }
            state.snapshot(&snapshot, date: day, month: month, ledger: ledger, allowanceChanges: allowanceChanges,
                           inFull: makesEveryDayInFull)
            if outcome.overflow == nil, let overflow = state.overflow {
                outcome.overflow = Overflow(what: overflow.what, date: day, location: overflow.location)
            }
            // The allowance log starts with the first `allowance` line: before it (or in a
            // ledger without one) no day can go over an allowance.
            if recordLog && state.allowanceLocation != nil && (logFrom.map { day >= $0 } ?? true)
                && (snapshot.dailyAllowance > .zero || snapshot.allowanceSpentToday != .zero) {
                let over = max(.zero, (try? snapshot.allowanceSpentToday - snapshot.dailyAllowance) ?? .zero)
                outcome.log.days.append(.init(date: day, allowance: snapshot.dailyAllowance,
                                              spent: snapshot.allowanceSpentToday, toSavings: snapshot.remainingToday,
                                              fromSavings: over))
            }
            visit(snapshot, lastLocation)
            guard day < CivilDate.latest else { break }
            day = day.adding(days: 1)
        }
        return outcome
    }

    /// The snapshot at the end of `date`.
    /// Throws when a figure overflowed on the way (`Outcome.checked`).
    public func snapshot(at date: CivilDate) throws(MoneyOverflow) -> BucketSnapshot? {
        try snapshots(at: [date])[date]
    }

    /// The snapshots at the end of each of `dates`, from one run.
    /// Throws when a figure overflowed on the way (`Outcome.checked`).
    public func snapshots(at dates: [CivilDate]) throws(MoneyOverflow) -> [CivilDate: BucketSnapshot] {
        let stops = Array(Set(dates)).sorted()
        guard let last = stops.last else { return [:] }
        var result: [CivilDate: BucketSnapshot] = [:]
        var wanted = 0
        _ = try run(through: last, everyDay: false, stops: stops) { snapshot, _ in
            while wanted < stops.count && stops[wanted] < snapshot.date { wanted += 1 }
            if wanted < stops.count && stops[wanted] == snapshot.date { result[snapshot.date] = snapshot }
        }.checked()
        return result
    }

    private func apply(_ event: Event, to state: inout State) {
        switch event.kind {
        case .budget(let i):
            // A budget dated within the month: it sets this month's envelope from its date.
            let budget = ledger.budgets[i]
            let category = budget.category.id
            guard let lines = rolloverBudgets[category],
                  lines.last(where: { $0.date <= event.date })?.location == budget.location else { return }
            guard let month = state.month else { return }
            setEnvelope(&state, category, budget, month: month)
        case .allowance(let i):
            state.allowance = ledger.allowances[i].amount.value
            state.allowanceLocation = ledger.allowances[i].amount.location
        case .earmark(let i):
            let earmark = ledger.earmarks[i]
            state.setEarmark(earmark.category.id, amount: earmark.amount.value, dueDay: earmark.dueDay?.value,
                             location: earmark.amount.location)
        case .move(let i):
            let move = ledger.goalMoves[i]
            state.current = move.location
            let signed = move.direction == .to ? move.amount.value : (move.amount.value.negated ?? .zero)
            state.addToGoal(move.goal.id, signed, name: "goal `\(ledger.names[move.goal.id])`")
        }
    }

    private func applyOpening(_ opening: OpeningBalance, to state: inout State, log: inout BucketLog, recording: Bool) {
        guard onBudget[Int(opening.account.id)] else { return }
        state.change(opening.account.id, by: opening.amount.value)
        if recording && reserve[Int(opening.account.id)] {
            log.reserve.append(.init(date: opening.date, account: ledger.names[opening.account.id],
                                     description: "opening balance", amount: opening.amount.value,
                                     balance: state.balance(opening.account.id)))
        }
    }

    private func applyCorrection(_ correction: Correction, to state: inout State, log: inout BucketLog, recording: Bool) {
        if onBudget[Int(correction.account.id)] { state.change(correction.account.id, by: correction.amount.value) }
        if recording {
            log.corrections.append(.init(date: correction.date, account: ledger.names[correction.account.id],
                                         amount: correction.amount.value, reason: correction.reason.value))
        }
    }

    /// An entry's lines: accounts change funds; expense lines pay an earmark, a goal or the
    /// daily allowance (less what reserve and off-budget accounts paid).
    private func applyEntry(_ number: Int, to state: inout State, log: inout BucketLog, recording: Bool) {
        let entry = ledger.entries[number]
        // The categories in which this entry pays a bill, if it pays one.
        let billCategories = state.paysBill.isEmpty || !state.paysBill[number] ? nil : state.billPayments[number]
        var allowanceSpending = Money.zero
        var paidOutside = Money.zero
        for line in entry.postings {
            let posting = ledger.postings[line]
            let id = posting.target.id
            if !ledger.postingGoals.isEmpty, let goal = ledger.postingGoals[line] {
                state.addToGoal(goal.id, posting.amount, negate: true, name: "goal `\(ledger.names[goal.id])`")
                continue
            }
            switch index.kind(of: id) {
            case .account?:
                let slot = Int(id)
                if onBudget[slot] { state.change(id, by: posting.amount) }
                if reserve[slot] || offBudget[slot] {
                    paidOutside = state.sum(paidOutside, posting.amount, negate: true, what: "the spending paid from reserves")
                }
                if recording && reserve[slot] {
                    log.reserve.append(.init(date: entry.date, account: ledger.names[id],
                                             description: ledger.description(of: entry), amount: posting.amount,
                                             balance: state.balance(id)))
                }
            case .person?:
                // What you owe a person (a negative balance) is set aside; what they owe you is not funds.
                state.changePerson(id, by: posting.amount)
            case .category?:
                if let earmarked = journal.earmarkPaid(byLineIn: id, on: entry.date) {
                    state.pay(earmarked, posting.amount)
                } else if let owner = envelope(id, state) {
                    // Out of the envelope, not the allowance; a refund goes back into it.
                    var envelope = state.envelopes[owner] ?? Envelope()
                    envelope.balance = state.sum(envelope.balance, posting.amount, negate: true, what: "the envelope of `\(ledger.names[owner])`")
                    envelope.spent = state.sum(envelope.spent, posting.amount, what: "the envelope of `\(ledger.names[owner])`")
                    state.envelopes[owner] = envelope
                } else if let billCategories, billCategories.contains(id) {
                    break  // paid from the bill's set-aside, not from the allowance
                } else {
                    allowanceSpending = state.sum(allowanceSpending, posting.amount, what: "the spending against the allowance")
                }
            default:
                break
            }
        }
        if !ledger.revaluations.isEmpty, let rate = ledger.revaluations[number] {
            let changes = revaluation(entry, rate: ledger.rates[rate])
            state.revaluedToday += changes
            if recording { log.exchangeRates += changes }
        }
        if allowanceSpending > .zero && paidOutside > .zero {
            allowanceSpending = state.sum(allowanceSpending, min(allowanceSpending, paidOutside), negate: true,
                                          what: "the spending against the allowance")
        }
        state.spentToday = state.sum(state.spentToday, allowanceSpending, what: "the spending against the allowance")
    }

    /// A revaluation entry's changes to on-budget accounts (booking adds it at a rate line:
    /// grammar.md, "Several currencies"), for the log and the day's snapshot.
    private func revaluation(_ entry: Entry, rate: ExchangeRate) -> [BucketLog.Revaluation] {
        let written = "\(rate.code.value) \(Money(minorUnits: rate.rate.value.mantissa).formatted(decimals: rate.rate.value.scale, grouping: false))"
        return entry.postings.filter { onBudget[Int(ledger.postings[$0].target.id)] }.map { line in
            let posting = ledger.postings[line]
            return BucketLog.Revaluation(date: entry.date, account: ledger.names[posting.target.id], amount: posting.amount, rate: written)
        }
    }

    /// At the start of a budgeting month: each rollover budget in effect adds its amount to its
    /// envelope, which carries in what was left (or overspent) before; a category whose budget
    /// no longer rolls over releases its envelope to main savings.
    private func fundEnvelopes(_ state: inout State, _ month: BudgetMonth) {
        state.month = month
        guard !rolloverBudgets.isEmpty else { return }
        for (category, budgets) in rolloverBudgets.sorted(by: { ledger.names[$0.key] < ledger.names[$1.key] }) {
            guard let budget = budgets.last(where: { $0.date <= month.first }) else { continue }
            setEnvelope(&state, category, budget, month: month)
        }
    }

    /// Puts a budget in charge of a category's envelope for `month`: the first time in the
    /// month it carries in the balance and adds the budget; a later budget in the same month
    /// changes the amount added; a budget that doesn't roll over releases the envelope.
    private func setEnvelope(_ state: inout State, _ category: Int32, _ budget: Budget, month: BudgetMonth) {
        let what = "the envelope of `\(ledger.names[category])`"
        guard ledger.rollsOver(budget) && budget.amount.value > .zero else {
            state.envelopes[category] = nil
            state.envelopeOrder.removeAll { $0 == category }
            return
        }
        var envelope = state.envelopes[category] ?? Envelope()
        if envelope.month == month.first {
            // Already funded this month: the new amount replaces the old.
            let change = state.sum(budget.amount.value, envelope.budget, negate: true, what: what, at: budget.amount.location)
            envelope.balance = state.sum(envelope.balance, change, what: what, at: budget.amount.location)
        } else {
            envelope.carriedIn = envelope.balance
            envelope.spent = .zero
            envelope.month = month.first
            envelope.balance = state.sum(envelope.balance, budget.amount.value, what: what, at: budget.amount.location)
        }
        envelope.budget = budget.amount.value
        if state.envelopes[category] == nil { state.envelopeOrder.append(category) }
        state.envelopes[category] = envelope
    }

    /// The envelope that spending in `id` comes out of: the category's or its nearest parent's.
    private func envelope(_ id: Int32, _ state: State) -> Int32? {
        guard !state.envelopes.isEmpty else { return nil }
        var category = id
        while category >= 0 {
            if state.envelopes[category] != nil { return category }
            category = parent[Int(category)]
        }
        return nil
    }

    /// A rollover budget's money: set aside, carried from month to month.
    struct Envelope {
        var balance = Money.zero
        /// What the month began with, before its budget was added.
        var carriedIn = Money.zero
        var budget = Money.zero
        var spent = Money.zero
        /// The first day of the month it was last funded for.
        var month: CivilDate?
    }

    /// The lists of a snapshot, each made again only when its figures changed.
    struct StaleLists: OptionSet {
        let rawValue: UInt8
        static let accounts = StaleLists(rawValue: 1 << 0)
        static let earmarks = StaleLists(rawValue: 1 << 1)
        static let goals = StaleLists(rawValue: 1 << 2)
        static let people = StaleLists(rawValue: 1 << 3)
        static let envelopes = StaleLists(rawValue: 1 << 4)
        static let all: StaleLists = [.accounts, .earmarks, .goals, .people, .envelopes]
    }

    /// The running figures, in arrays indexed by name id. Every sum is checked: the first
    /// figure that overflows is noted with the line that pushed it over, and keeps its last value.
    private struct State {
        var balances: [Money] { didSet { stale.formUnion([.accounts, .people]) } }
        var funds = Money.zero
        var goals: [Money] { didSet { stale.insert(.goals) } }
        var allowance = Money.zero
        var allowanceLocation: SourceLocation?
        var spentToday = Money.zero
        /// What new exchange rates did to on-budget accounts today.
        var revaluedToday: [BucketLog.Revaluation] = []
        /// Earmark in effect per category (amount zero: none).
        var earmarks: [(amount: Money, dueDay: Int?, location: SourceLocation?)] { didSet { stale.insert(.earmarks) } }
        var earmarkOrder: [Int32] = [] { didSet { stale.insert(.earmarks) } }
        /// First payment this month of each earmarked category.
        var paid: [Money?] { didSet { stale.insert(.earmarks) } }
        var paidThisMonth: [Int32] = []
        /// The line being applied.
        var current: SourceLocation?
        /// The first figure that overflowed.
        var overflow: (what: String, location: SourceLocation)?
        let accountOrder: [Account]
        /// The day each closed account was closed (`close`): after it, it is no longer listed.
        let closedOn: [Int32: CivilDate]
        /// Declared people, in declaration order, once each, and their names.
        let people: [Int32]
        let peopleNames: [String]
        /// Each goal's first declaration, once per name, in declaration order.
        let goalOrder: [Goal]
        /// The allowance changes not yet applied (an index into the engine's list).
        var nextAllowanceChange = 0
        /// The bills of the run, by due date, and the first one whose month has not ended.
        var bills: [Bill] = []
        var firstOpenBill = 0
        var billPayments: [Int: [Int32]] = [:]
        /// Per entry: does it pay a bill? (An array, so that most entries cost no hashing.)
        var paysBill: [Bool] = []
        /// The budgeting month being run.
        var month: BudgetMonth?
        /// Rollover budgets' envelopes by category, and their order of first funding.
        var envelopes: [Int32: Envelope] = [:] { didSet { stale.insert(.envelopes) } }
        var envelopeOrder: [Int32] = [] { didSet { stale.insert(.envelopes) } }
        /// The snapshot's lists whose figures changed since the last snapshot was made (each
        /// other list, and its total, is the last snapshot's as it stands).
        var stale: StaleLists = .all
        /// The earmarks' part of the last snapshot's monthly set-aside (the rest is bills').
        var earmarksTotal = Money.zero

        init(ledger: Ledger, onBudget: [Bool]) {
            let count = ledger.names.names.count
            balances = [Money](repeating: .zero, count: count)
            goals = [Money](repeating: .zero, count: count)
            earmarks = [(amount: Money, dueDay: Int?, location: SourceLocation?)](repeating: (.zero, nil, nil), count: count)
            paid = [Money?](repeating: nil, count: count)
            var seen = Set<Int32>()
            accountOrder = ledger.accounts.filter { onBudget[Int($0.name.id)] && seen.insert($0.name.id).inserted }
            closedOn = Dictionary(ledger.closings.map { ($0.account.id, $0.date) }, uniquingKeysWith: min)
            var seenPeople = Set<Int32>()
            people = ledger.people.map(\.name.id).filter { seenPeople.insert($0).inserted }
            peopleNames = people.map { ledger.names[$0] }
            var seenGoals = Set<Int32>()
            goalOrder = ledger.goals.filter { seenGoals.insert($0.name.id).inserted }
        }

        /// A person's balance: positive, they owe you; negative, you owe them.
        mutating func changePerson(_ person: Int32, by amount: Money) {
            balances[Int(person)] = sum(balances[Int(person)], amount, what: "what is owed between you and a person")
        }

        func balance(_ id: Int32) -> Money { balances[Int(id)] }

        func isEarmarked(_ id: Int32) -> Bool { earmarks[Int(id)].amount != .zero }

        mutating func setEarmark(_ id: Int32, amount: Money, dueDay: Int?, location: SourceLocation) {
            earmarkOrder.removeAll { $0 == id }
            if amount != .zero { earmarkOrder.append(id) }
            earmarks[Int(id)] = (amount, dueDay, location)
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

        mutating func addToGoal(_ id: Int32, _ amount: Money, negate: Bool = false, name: @autoclosure () -> String = "a goal") {
            goals[Int(id)] = sum(goals[Int(id)], amount, negate: negate, what: name())
        }

        /// Notes the first overflow: what overflowed and the line to blame (the one being
        /// applied unless another is named).
        mutating func fail(_ what: String, at location: SourceLocation? = nil) {
            guard overflow == nil else { return }
            let blamed = location ?? current ?? allowanceLocation ?? SourceLocation(file: 0, range: 0..<0)
            overflow = (what, blamed)
        }

        /// a + b (or a − b), noting an overflow instead of trapping or wrapping.
        mutating func sum(_ a: Money, _ b: Money, negate: Bool = false, what: @autoclosure () -> String,
                          at location: SourceLocation? = nil) -> Money {
            do throws(MoneyOverflow) {
                return negate ? try a - b : try a + b
            } catch {
                fail(what(), at: location)
                return a
            }
        }

        mutating func change(_ account: Int32, by amount: Money) {
            balances[Int(account)] = sum(balances[Int(account)], amount, what: "the balance of an account")
            funds = sum(funds, amount, what: "the total of the funds")
        }

        /// Today's allowance: what is left of it, the days of the month after today, and what
        /// stays set aside for the rest of the month (today's remainder and each day after
        /// today at the rate it will have: a change dated later this month counts from its date).
        mutating func allowanceFigures(date: CivilDate, month: BudgetMonth, allowanceChanges: [(date: CivilDate, amount: Money)])
            -> (remaining: Money, daysAfter: Int, setAside: Money) {
            let unspent = sum(allowance, spentToday, negate: true, what: "today's allowance")
            let remaining = min(allowance, max(.zero, unspent))
            let daysAfter = month.daysAfter(date)
            while nextAllowanceChange < allowanceChanges.count && allowanceChanges[nextAllowanceChange].date <= date {
                nextAllowanceChange += 1
            }
            var future = Money.zero
            do throws(MoneyOverflow) {
                var rate = allowance
                var from = date.adding(days: 1)
                var change = nextAllowanceChange
                while change < allowanceChanges.count && allowanceChanges[change].date <= month.last {
                    let next = allowanceChanges[change]
                    future = try future + rate * from.days(until: next.date)
                    rate = next.amount
                    from = next.date
                    change += 1
                }
                if from <= month.last { future = try future + rate * (from.days(until: month.last) + 1) }
            } catch {
                fail("the allowance set aside for the rest of the month", at: allowanceLocation)
            }
            let setAside = sum(remaining, future, what: "the allowance set aside for the rest of the month",
                               at: allowanceLocation)
            return (remaining, daysAfter, setAside)
        }

        /// The remainder: funds minus every set-aside.
        mutating func mainSavings(allowanceSetAside: Money, monthly: Money, goalsTotal: Money, owed: Money,
                                  envelopesTotal: Money) -> Money {
            var main = sum(funds, allowanceSetAside, negate: true, what: "main savings")
            main = sum(main, monthly, negate: true, what: "main savings")
            main = sum(main, goalsTotal, negate: true, what: "main savings")
            main = sum(main, owed, negate: true, what: "main savings")
            return sum(main, envelopesTotal, negate: true, what: "main savings")
        }

        /// The snapshot at the end of `date`, made from the last one in `snapshot`: its figures
        /// set, and of its lists only those whose figures changed made again (all of them
        /// `inFull`), in the storage they had.
        mutating func snapshot(_ snapshot: inout BucketSnapshot, date: CivilDate, month: BudgetMonth, ledger: Ledger,
                               allowanceChanges: [(date: CivilDate, amount: Money)], inFull: Bool) {
            if inFull { stale = .all }
            let allowanceToday = allowanceFigures(date: date, month: month, allowanceChanges: allowanceChanges)
            snapshot.bills.removeAll(keepingCapacity: true)
            var billsTotal = Money.zero
            while firstOpenBill < bills.count && bills[firstOpenBill].month.last < date { firstOpenBill += 1 }
            var index = firstOpenBill
            while index < bills.count && bills[index].month.first <= date {
                let bill = bills[index]
                index += 1
                guard bill.month.contains(date), bill.since <= date else { continue }
                let paid = bill.paidOn.map { $0 <= date } ?? false
                let status = BucketSnapshot.BillStatus(name: bill.name, due: bill.due, amount: bill.amount,
                                                       paid: paid ? bill.paid : nil, isPaid: paid)
                billsTotal = sum(billsTotal, status.setAside, what: "the money set aside for bills", at: bill.location)
                snapshot.bills.append(status)
            }
            if stale.contains(.earmarks) {
                snapshot.earmarks.removeAll(keepingCapacity: true)
                earmarksTotal = .zero
                for id in earmarkOrder {
                    let earmark = earmarks[Int(id)]
                    let status = BucketSnapshot.EarmarkStatus(category: ledger.names[id], amount: earmark.amount,
                                                              dueDay: earmark.dueDay, paid: paid[Int(id)])
                    earmarksTotal = sum(earmarksTotal, status.setAside, what: "the money earmarked for bills", at: earmark.location)
                    snapshot.earmarks.append(status)
                }
            }
            if stale.contains(.goals) {
                snapshot.goals.removeAll(keepingCapacity: true)
                snapshot.goalsTotal = .zero
                for goal in goalOrder {
                    let balance = goals[Int(goal.name.id)]
                    snapshot.goalsTotal = sum(snapshot.goalsTotal, balance, what: "the money in goals")
                    snapshot.goals.append(.init(name: ledger.names[goal.name.id], balance: balance, target: goal.target.value,
                                                deadline: goal.deadline?.value))
                }
            }
            if stale.contains(.people) {
                snapshot.people.removeAll(keepingCapacity: true)
                snapshot.owedToPeople = .zero
                for (index, person) in people.enumerated() {
                    let balance = balances[Int(person)]
                    let debt = balance < .zero ? (balance.negated ?? .zero) : .zero
                    snapshot.owedToPeople = sum(snapshot.owedToPeople, debt, what: "the money owed to people")
                    snapshot.people.append(.init(person: peopleNames[index], balance: balance))
                }
            }
            let monthly = sum(earmarksTotal, billsTotal, what: "the money set aside for bills")
            if stale.contains(.envelopes) {
                snapshot.envelopes.removeAll(keepingCapacity: true)
                snapshot.envelopesTotal = .zero
                for id in envelopeOrder {
                    guard let envelope = envelopes[id] else { continue }
                    let status = BucketSnapshot.EnvelopeStatus(category: ledger.names[id], budget: envelope.budget,
                                                               carriedIn: envelope.carriedIn, spent: envelope.spent,
                                                               available: envelope.balance)
                    snapshot.envelopesTotal = sum(snapshot.envelopesTotal, status.setAside, what: "the money in envelopes")
                    snapshot.envelopes.append(status)
                }
            }
            // With closed accounts, the list is made again each day: one leaves it the day after.
            if stale.contains(.accounts) || !closedOn.isEmpty {
                snapshot.accounts.removeAll(keepingCapacity: true)
                for account in accountOrder where !(closedOn[account.name.id].map { $0 < date } ?? false) {
                    snapshot.accounts.append(BucketSnapshot.AccountFunds(name: ledger.names[account.name.id], kind: account.kind,
                                                                         isReserve: account.isReserve,
                                                                         balance: balances[Int(account.name.id)]))
                }
            }
            stale = []
            snapshot.date = date
            snapshot.month = month
            snapshot.funds = funds
            snapshot.dailyAllowance = allowance
            snapshot.allowanceSpentToday = spentToday
            snapshot.exchangeRates = revaluedToday
            snapshot.remainingToday = allowanceToday.remaining
            snapshot.daysAfterToday = allowanceToday.daysAfter
            snapshot.allowanceSetAside = allowanceToday.setAside
            snapshot.monthlySetAside = monthly
            snapshot.mainSavings = mainSavings(allowanceSetAside: allowanceToday.setAside, monthly: monthly,
                                               goalsTotal: snapshot.goalsTotal, owed: snapshot.owedToPeople,
                                               envelopesTotal: snapshot.envelopesTotal)
        }
    }
}
