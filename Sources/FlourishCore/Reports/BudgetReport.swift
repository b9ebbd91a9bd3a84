/// `flourish report budget`: each budgeted category's budget, spending and what is left in one
/// budgeting month, and the spending no budget covers — so the rows add up to all spending.
public struct BudgetReport: Sendable {
    public enum Status: String, Sendable {
        /// Under 90% of the budget.
        case ok
        /// 90% of the budget or more.
        case near
        /// More than the budget.
        case over
        /// Spending in a category without a budget.
        case unbudgeted
    }

    public struct Line: Sendable {
        public var category: String
        public var budget: Money?
        /// Spending in the category and its sub-categories that have no budget of their own.
        public var spent: Money
        /// What is left of what the month had (`limit`; negative when over).
        public var remaining: Money?
        /// Spent, as a share of what the month had: the same measure as `status` and the bar.
        public var usedBasisPoints: Int? { limit.flatMap { Money.basisPoints(spent, of: $0) } }
        public var status: Status
        /// A rollover budget's envelope: what the month carried in from the months before, and
        /// what is available (carried in + budget − spent), from the bucket engine.
        public var carriedIn: Money?
        public var available: Money?

        /// What the month had to spend: the budget, and for a rollover budget what was carried
        /// in besides (grammar.md, section 8: an envelope's spending is measured against both).
        public var limit: Money? {
            guard let budget else { return nil }
            guard let carriedIn else { return budget }
            return (try? carriedIn + budget) ?? budget
        }
    }

    public var month: BudgetMonth
    public var lines: [Line]
    public var totalBudget: Money
    public var budgetedSpent: Money
    public var unbudgetedSpent: Money
    public var totalSpent: Money
    /// What is left of the budgets in all (of what each month had, for rollover budgets).
    public var totalRemaining: Money
    /// What the budgeted categories had in all: their budgets, and what envelopes carried in.
    public var totalLimit: Money = .zero
    /// Budgeted spending as a share of `totalLimit`.
    public var totalUsedBasisPoints: Int? { Money.basisPoints(budgetedSpent, of: totalLimit) }

    /// Near-the-limit threshold: 90% of the budget.
    public static let nearBasisPoints = 9_000

    /// The query's words, shown in the title (empty: every category).
    public var subject = ""

    /// With a query, only the lines it keeps count as spending and only the categories it
    /// chooses are listed; with `depth`, deeper categories are added into their ancestor at
    /// that many levels (budgets, spending and envelopes summed).
    ///
    /// Rollover budgets read the bucket engine's snapshot at the month's report date
    /// (`snapshotDate(of:in:)`); a caller that has run the engine already passes it as `snapshot`.
    public static func make(_ context: ReportContext, month: BudgetMonth, query: ReportQuery? = nil, depth: Int? = nil,
                            snapshot known: BucketSnapshot? = nil) throws(MoneyOverflow) -> BudgetReport {
        let journal = context.journal
        let ledger = context.ledger
        let budgeted = context.budgetedCategories(in: month).filter { query?.chooses($0) ?? true }
        var isBudgeted = [Bool](repeating: false, count: journal.parent.count)
        for id in budgeted { isBudgeted[Int(id)] = true }
        var spent: [Int32: Money] = [:]
        var unbudgeted: [Int32: Money] = [:]
        let totals = try journal.categoryTotals(in: month.first...month.last, rollUp: false, filter: query?.filter)
        for id in totals.touched where context.isExpense(id) {
            // The nearest budgeted category at or above this one takes the spending.
            if let owner = journal.ancestry(id).reversed().first(where: { isBudgeted[Int($0)] }) {
                spent[owner] = try blaming(context.declaration(of: id), "the spending of \(context.name(owner)) in \(month)") {
                    () throws(MoneyOverflow) in try (spent[owner] ?? .zero) + totals[id]
                }
            } else {
                unbudgeted[id] = totals[id]
            }
        }
        // Rollover budgets: their envelopes as the bucket engine keeps them, at the end of the
        // month or on the report date within it.
        var envelopes: [String: BucketSnapshot.EnvelopeStatus] = [:]
        if hasRollover(ledger) {
            let date = snapshotDate(of: month, asOf: context.asOf)
            if let snapshot = known?.date == date ? known : try BucketEngine(journal).snapshot(at: date) {
                for envelope in snapshot.envelopes { envelopes[envelope.category] = envelope }
            }
        }
        var lines: [Line] = []
        var totalBudget = Money.zero
        var totalLimit = Money.zero
        var budgetedSpent = Money.zero
        for id in budgeted {
            let budget = context.budget(for: id, in: month) ?? .zero
            let used = spent[id] ?? .zero
            // A rollover budget is measured against what the month had: carried in + budget.
            let status = Self.status(spent: used, budget: budget, carriedIn: envelopes[context.name(id)]?.carriedIn)
            try blaming(context.journal.budget(for: id, in: month)?.amount.location, "the total budget of \(month)") { () throws(MoneyOverflow) in
                let envelope = envelopes[context.name(id)]
                let limit = try envelope.map { envelope throws(MoneyOverflow) in try envelope.carriedIn + budget } ?? budget
                lines.append(Line(category: context.name(id), budget: budget, spent: used, remaining: try limit - used, status: status,
                                  carriedIn: envelope?.carriedIn, available: envelope?.available))
                totalBudget = try totalBudget + budget
                totalLimit = try totalLimit + limit
                budgetedSpent = try budgetedSpent + used
            }
        }
        var unbudgetedTotal = Money.zero
        for (id, amount) in unbudgeted.sorted(by: { context.name($0.key) < context.name($1.key) }) where amount != .zero {
            lines.append(Line(category: context.name(id), budget: nil, spent: amount, remaining: nil, status: .unbudgeted))
            unbudgetedTotal = try blaming(context.declaration(of: id), "the spending of \(month)") { () throws(MoneyOverflow) in
                try unbudgetedTotal + amount
            }
        }
        let (totalSpent, totalRemaining) = try blaming(ledger.budgets.last?.amount.location, "the total budget of \(month)") {
            () throws(MoneyOverflow) in (try budgetedSpent + unbudgetedTotal, try totalLimit - budgetedSpent)
        }
        if let depth { lines = try rolledUp(lines, depth: depth, journal) }
        return BudgetReport(month: month, lines: lines, totalBudget: totalBudget, budgetedSpent: budgetedSpent,
                            unbudgetedSpent: unbudgetedTotal, totalSpent: totalSpent, totalRemaining: totalRemaining,
                            totalLimit: totalLimit, subject: query?.summary ?? "")
    }

    /// Whether any budget is an envelope, whose figures come from the bucket engine.
    static func hasRollover(_ ledger: Ledger) -> Bool { ledger.budgets.contains { ledger.rollsOver($0) } }

    /// The day whose envelopes a month's report shows: the report date within the month, or
    /// the month's end.
    static func snapshotDate(of month: BudgetMonth, asOf: CivilDate) -> CivilDate { max(month.first, min(asOf, month.last)) }

    /// How a budget line stands: a rollover budget is measured against what the month had,
    /// carried in + budget.
    static func status(spent: Money, budget: Money?, carriedIn: Money?) -> Status {
        guard let budget else { return .unbudgeted }
        let limit = carriedIn.flatMap { try? $0 + budget } ?? budget
        if spent > limit { return .over }
        if let share = Money.basisPoints(spent, of: limit), share >= nearBasisPoints { return .near }
        return .ok
    }

    /// Lines deeper than `depth` levels added into their ancestor at that depth, in the order
    /// each group first appears. The totals do not change.
    static func rolledUp(_ lines: [Line], depth: Int, _ journal: Journal) throws(MoneyOverflow) -> [Line] {
        var merged: [Line] = []
        var position: [String: Int] = [:]
        func sum(_ a: Money?, _ b: Money?) throws(MoneyOverflow) -> Money? {
            guard let a else { return b }
            guard let b else { return a }
            return try a + b
        }
        for line in lines {
            var name = line.category
            if let id = journal.ledger.names.id(of: line.category) {
                name = journal.name(journal.ancestor(of: id, atDepth: depth - 1))
            }
            guard let at = position[name] else {
                position[name] = merged.count
                var renamed = line
                renamed.category = name
                merged.append(renamed)
                continue
            }
            var group = merged[at]
            group.budget = try sum(group.budget, line.budget)
            group.spent = try group.spent + line.spent
            group.remaining = try sum(group.remaining, line.remaining)
            group.carriedIn = try sum(group.carriedIn, line.carriedIn)
            group.available = try sum(group.available, line.available)
            group.status = status(spent: group.spent, budget: group.budget, carriedIn: group.carriedIn)
            merged[at] = group
        }
        return merged
    }

    /// The budget lines that need attention, as sentences.
    public var alerts: [ReportDocument.Sentence] {
        lines.filter { $0.status == .over || $0.status == .near }.map { line in
            let used = ReportDocument.Sentence.Part.value("used", .percent(line.usedBasisPoints ?? 0))
            return line.status == .over
                ? .init("over-budget", [.value("category", .text(line.category)), .words(" is over budget: "), used, .words(" of its budget used")])
                : .init("near-budget", [.value("category", .text(line.category)), .words(" is near its budget: "), used, .words(" used")])
        }
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "budget", title: "Budget for \(month) (\(month.first) to \(month.last))"
                                          + (subject.isEmpty ? "" : "; matching \(subject)"),
                                      from: month.first, to: month.last)
        // With rollover budgets, two more columns: carried in and available.
        let rolls = lines.contains { $0.carriedIn != nil }
        var columns: [ReportDocument.Column] = [.init("category", "Category"), .init("budget", "Budget", numeric: true)]
        if rolls { columns.append(.init("carried_in", "Carried in", numeric: true)) }
        columns += [.init("spent", "Spent", numeric: true), .init("remaining", "Remaining", numeric: true)]
        if rolls { columns.append(.init("available", "Available", numeric: true)) }
        columns += [.init("used", "Used", numeric: true), .init("progress", "Progress"), .init("status", "Status")]
        var table = ReportDocument.Table(id: "categories", title: "Categories", columns: columns)
        func row(_ cells: [ReportDocument.Cell], carriedIn: ReportDocument.Cell, available: ReportDocument.Cell) -> [ReportDocument.Cell] {
            guard rolls else { return cells }
            return Array(cells[0..<2]) + [carriedIn] + Array(cells[2..<4]) + [available] + Array(cells[4...])
        }
        for line in lines {
            table.rows.append(row([.text(line.category), line.budget.map(ReportDocument.Cell.money) ?? .empty, .money(line.spent),
                                   line.remaining.map(ReportDocument.Cell.money) ?? .empty,
                                   line.usedBasisPoints.map(ReportDocument.Cell.percent) ?? .empty,
                                   line.usedBasisPoints.map(ReportDocument.Cell.progress) ?? .empty,
                                   .text(line.status == .ok ? "" : line.status.rawValue)],
                                  carriedIn: line.carriedIn.map(ReportDocument.Cell.money) ?? .empty,
                                  available: line.available.map(ReportDocument.Cell.money) ?? .empty))
        }
        let remaining = totalRemaining
        let used = totalUsedBasisPoints
        table.totals = [
            row([.text("Budgeted"), .money(totalBudget), .money(budgetedSpent), .money(remaining),
                 used.map(ReportDocument.Cell.percent) ?? .empty, used.map(ReportDocument.Cell.progress) ?? .empty, .empty],
                carriedIn: .empty, available: .empty),
            row([.text("Unbudgeted"), .empty, .money(unbudgetedSpent), .empty, .empty, .empty, .empty], carriedIn: .empty, available: .empty),
            row([.text("All spending"), .empty, .money(totalSpent), .empty, .empty, .empty, .empty], carriedIn: .empty, available: .empty),
        ]
        document.tables = [table]
        document.notes = [(id: "alerts", title: "Alerts", lines: alerts)]
        return document
    }
}
