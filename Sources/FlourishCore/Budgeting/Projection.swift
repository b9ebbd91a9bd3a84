/// The ledger carried into the future (grammar.md, section 8, "Forecast"): the expected lines
/// from the day after a date through a last day, written as entries of a ledger file of their
/// own and booked with the ledger, so that the one bucket engine divides the projected money
/// exactly as it divides the recorded money.
///
/// Expected are: every occurrence of a schedule or subscription not recorded yet; each
/// month's earmarks, paid on their due day (unless a schedule or subscription pays that
/// category that month); the expected income, on each budgeting month's first day, when no
/// schedule brings income; and the daily allowance, spent in full every day. Money the forecast
/// spends or receives without an account of its own goes through the first on-budget checking
/// account (or the first on-budget account).
public struct Projection: Sendable {
    /// One expected line, and the ledger line it comes from.
    public struct Event: Sendable {
        public var date: CivilDate
        public var what: String
        /// Positive: money in; negative: money out.
        public var amount: Money
        public var source: SourceLocation?
        /// What it moves in each on-budget account, by the account's name.
        public var moves: [Move] = []
        /// The set-aside that holds money for it, if any: what it pays out of is then not new
        /// spending for main savings (a bill, an earmark, the allowance).
        public var paysFrom: BucketSnapshot.SetAside.Kind?
    }

    /// Money an expected line moves in one on-budget account.
    public struct Move: Sendable, Equatable {
        public var account: String
        public var amount: Money
    }

    /// The ledger with the expected entries, booked.
    public var journal: Journal
    public var events: [Event]
    /// Problems booking the projection found (an overflow): the forecast is then not made.
    public var diagnostics: [Diagnostic]

    /// Names the forecast gives the lines it adds, in categories of their own when the ledger
    /// has none to use.
    static let allowanceCategory = "Daily allowance (forecast)"
    static let incomeCategory = "Expected income (forecast)"
    static let billCategory = "Bills (forecast)"

    public static func make(_ journal: consuming Journal, after start: CivilDate, through end: CivilDate) -> Projection {
        let ledger = journal.ledger
        let account = ledger.accounts.first { journal.onBudget[Int($0.name.id)] && $0.kind == .checking }
            ?? ledger.accounts.first { journal.onBudget[Int($0.name.id)] }
        guard let account, start < end else { return Projection(journal: journal, events: [], diagnostics: []) }
        var writer = Writer(journal: copy journal, account: ledger.names[account.name.id])
        let first = start.adding(days: 1)
        let billed = writer.plans(in: first...end)
        writer.earmarks(after: start, through: end, billed: billed)
        writer.income(in: first...end)
        writer.allowance(in: first...end)

        // Booked with the ledger: the projection parsed as one more file and added to the
        // booked ledger (its own files are not read again), then all of it booked once more.
        let generated = Parser.parse(SourceFile(path: "(forecast)", text: writer.text), fileIndex: ledger.files.count)
        let events = writer.events.sorted { $0.date < $1.date }
        // The journal given goes first: its ledger's long lists are then held only here, and
        // grow by the projection's lines instead of being copied whole beside the originals.
        _ = consume writer
        _ = consume journal
        let booked = Booker.book(LedgerLoader.extended(consume ledger, with: generated))
        let problems = (generated.diagnostics + booked.diagnostics).filter { $0.severity == .error }
        return Projection(journal: booked.journal, events: events, diagnostics: problems)
    }

    /// The projection's text and events, written kind by kind.
    private struct Writer {
        let journal: Journal
        /// The account that pays and receives, as written, and its name.
        let paying: String
        let account: String
        var events: [Event] = []
        var text = "category \(StringLiteral.name(allowanceCategory))\ncategory \(StringLiteral.name(billCategory))\n"
            + "category \(StringLiteral.name(incomeCategory)) income\n"

        init(journal: Journal, account: String) {
            self.journal = journal
            self.account = account
            paying = StringLiteral.name(account)
        }

        mutating func entry(_ date: CivilDate, _ description: String, _ lines: [(String, Money)]) {
            text += "\(date) \(StringLiteral.description(description))\n"
            for (target, value) in lines { text += "  \(target)  \(value.formatted(decimals: journal.currency.decimals, grouping: false))\n" }
        }

        /// Schedules and subscriptions: each occurrence not recorded yet. Returns, by month,
        /// the categories a plan pays and every category above them.
        mutating func plans(in days: ClosedRange<CivilDate>) -> [BudgetMonth: Set<Int32>] {
            let ledger = journal.ledger
            var billed: [BudgetMonth: Set<Int32>] = [:]
            for occurrence in journal.occurrences(in: days) where occurrence.entry == nil {
                let plan = journal.plans[occurrence.plan]
                var lines = plan.lines.map { (StringLiteral.name(ledger.names[$0.target]), $0.amount) }
                if case .subscription(let i) = plan.source, ledger.subscriptions[i].category == nil {
                    lines.append((StringLiteral.name(billCategory), plan.expense))
                }
                entry(occurrence.due, plan.name, lines)
                let month = journal.month(containing: occurrence.due)
                for category in plan.categories {
                    var up = category
                    while up >= 0, billed[month, default: []].insert(up).inserted { up = journal.parent[Int(up)] }
                }
                let onBudget = plan.lines.filter { journal.onBudget[Int($0.target)] }
                let change = onBudget.reduce(Money.zero) { (try? $0 + $1.amount) ?? $0 }
                events.append(Event(date: occurrence.due, what: plan.name, amount: change, source: plan.location,
                                    moves: onBudget.map { Move(account: ledger.names[$0.target], amount: $0.amount) },
                                    paysFrom: .bill(plan.name)))
            }
            return billed
        }

        /// Earmarks: paid on their due day (the month's last day without one), each month; not
        /// in a month a schedule or subscription pays the category (or one below it).
        mutating func earmarks(after start: CivilDate, through end: CivilDate, billed: [BudgetMonth: Set<Int32>]) {
            let ledger = journal.ledger
            let first = start.adding(days: 1)
            var month = journal.month(containing: first)
            // This month's earmarks paid already (the one payment rule, read without running the engine).
            let paid = journal.earmarksPaid(in: journal.month(containing: start), through: start)
            while month.first <= end {
                for earmark in journal.earmarks(on: max(month.first, first)) {
                    let category = earmark.category.id
                    var due = month.date(ofDay: earmark.dueDay?.value ?? 31)
                    if due > month.last { due = month.last }
                    if month.contains(start) {
                        // This month's: not if paid already; if its day has passed, tomorrow.
                        if paid.contains(category) { continue }
                        if due <= start { due = first }
                    }
                    guard due >= first, due <= end, billed[month]?.contains(category) != true else { continue }
                    let name = StringLiteral.name(ledger.names[category])
                    let value = earmark.amount.value
                    entry(due, "\(ledger.names[category]) (earmark)", [(name, value), (paying, value.negated ?? .zero)])
                    events.append(Event(date: due, what: "earmark \(ledger.names[category])", amount: value.negated ?? .zero,
                                        source: earmark.location, moves: [Move(account: account, amount: value.negated ?? .zero)],
                                        paysFrom: .earmark(ledger.names[category])))
                }
                month = month.next
            }
        }

        /// Expected income on each month's first day, when no schedule brings income.
        mutating func income(in days: ClosedRange<CivilDate>) {
            let scheduledIncome = journal.plans.contains { plan in plan.lines.contains { journal.index.kind(of: $0.target) == .incomeCategory } }
            guard !scheduledIncome else { return }
            var month = journal.month(containing: days.lowerBound)
            if month.first < days.lowerBound { month = month.next }
            while month.first <= days.upperBound {
                if let income = journal.expectedIncome(in: month),
                   let value = try? journal.monthlyIncome(in: month) {
                    entry(month.first, "Expected income", [(paying, value), (StringLiteral.name(incomeCategory), value.negated ?? .zero)])
                    events.append(Event(date: month.first, what: "expected income", amount: value, source: income.location,
                                        moves: [Move(account: account, amount: value)]))
                }
                month = month.next
            }
        }

        /// The daily allowance, spent in full each day.
        mutating func allowance(in days: ClosedRange<CivilDate>) {
            var day = days.lowerBound
            while day <= days.upperBound {
                if let allowance = journal.allowance(on: day), allowance.amount.value > .zero {
                    let value = allowance.amount.value
                    entry(day, "Daily allowance", [(StringLiteral.name(allowanceCategory), value), (paying, value.negated ?? .zero)])
                    events.append(Event(date: day, what: "the daily allowance", amount: value.negated ?? .zero, source: allowance.location,
                                        moves: [Move(account: account, amount: value.negated ?? .zero)], paysFrom: .allowance))
                }
                day = day.adding(days: 1)
            }
        }
    }
}
