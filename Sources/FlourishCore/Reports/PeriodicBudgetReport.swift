/// `flourish report budget --monthly` (or `--quarterly`, `--yearly`, or a period longer than
/// a month): what each category spent in each column, against the sum of its monthly budgets
/// over the whole period. Every figure comes from the budget report of each budgeting month
/// in the period (whole months: budgets are monthly).
public struct PeriodicBudgetReport: Sendable {
    public struct Line: Sendable {
        public var category: String
        /// Spending in each column.
        public var spent: [Money]
        /// The monthly budgets of the months in the period, added up (nil: never budgeted).
        public var budget: Money?
        public var totalSpent: Money
        public var remaining: Money?
        public var status: BudgetReport.Status
        public var usedBasisPoints: Int? { budget.flatMap { Money.basisPoints(totalSpent, of: $0) } }
    }

    public var columns: PeriodColumns
    public var lines: [Line]
    /// All spending in each column.
    public var spent: [Money]
    public var totalBudget: Money
    public var budgetedSpent: Money
    public var totalSpent: Money
    public var totalRemaining: Money
    public var subject: String

    public static func make(_ context: ReportContext, columns: PeriodColumns, query: ReportQuery?, depth: Int?) throws(MoneyOverflow) -> PeriodicBudgetReport {
        var lines: [Line] = []
        var position: [String: Int] = [:]
        var spent: [Money] = []
        var totalBudget = Money.zero, budgetedSpent = Money.zero, totalSpent = Money.zero
        // Envelopes: every month's from one run of the engine.
        let snapshots = BudgetReport.hasRollover(context.ledger)
            ? try BucketEngine(context.journal).snapshots(at: columns.columns.flatMap(\.months).map { BudgetReport.snapshotDate(of: $0, asOf: context.asOf) })
            : [:]
        for (index, column) in columns.columns.enumerated() {
            var columnSpent = Money.zero
            for month in column.months {
                let part = ReportContext(journal: context.journal, from: month.first, to: month.last,
                                         asOf: max(month.first, min(month.last, context.asOf)))
                let report = try BudgetReport.make(part, month: month, query: query, depth: depth,
                                                   snapshot: snapshots[BudgetReport.snapshotDate(of: month, asOf: context.asOf)])
                try blaming(nil, "the spending of \(column.label)") { () throws(MoneyOverflow) in
                    columnSpent = try columnSpent + report.totalSpent
                    totalBudget = try totalBudget + report.totalBudget
                    budgetedSpent = try budgetedSpent + report.budgetedSpent
                    totalSpent = try totalSpent + report.totalSpent
                    for line in report.lines {
                        let at = position[line.category] ?? lines.count
                        if at == lines.count {
                            position[line.category] = at
                            lines.append(Line(category: line.category, spent: Array(repeating: .zero, count: columns.columns.count),
                                              budget: nil, totalSpent: .zero, remaining: nil, status: .unbudgeted))
                        }
                        lines[at].spent[index] = try lines[at].spent[index] + line.spent
                        lines[at].totalSpent = try lines[at].totalSpent + line.spent
                        if let budget = line.budget { lines[at].budget = try (lines[at].budget ?? .zero) + budget }
                    }
                }
            }
            spent.append(columnSpent)
        }
        for at in lines.indices {
            let line = lines[at]
            lines[at].remaining = try line.budget.map { budget throws(MoneyOverflow) in try budget - line.totalSpent }
            lines[at].status = BudgetReport.status(spent: line.totalSpent, budget: line.budget, carriedIn: nil)
        }
        // Budgeted categories first (in the order they were met), then the unbudgeted ones by name.
        lines = lines.filter { $0.budget != nil } + lines.filter { $0.budget == nil }.sorted { $0.category < $1.category }
        return PeriodicBudgetReport(columns: columns, lines: lines, spent: spent, totalBudget: totalBudget,
                                    budgetedSpent: budgetedSpent, totalSpent: totalSpent,
                                    totalRemaining: try totalBudget - budgetedSpent, subject: query?.summary ?? "")
    }

    public var document: ReportDocument {
        let first = columns.columns.first?.months.first?.first ?? .earliest
        let last = columns.columns.last?.months.last?.last ?? .latest
        var document = ReportDocument(kind: "budget", title: "Budget \(columns.interval == nil ? "" : columns.title + " ")from \(first) to \(last)"
                                          + (subject.isEmpty ? "" : "; matching \(subject)"),
                                      from: first, to: last)
        let labels = columns.columns.map(\.label)
        var table = ReportDocument.Table(id: "categories", title: "Spent in each period against the budgets of all its months",
                                         columns: [.init("category", "Category")] + labels.map { .init($0, $0, numeric: true) } + [
                                             .init("spent", "Spent", numeric: true), .init("budget", "Budget", numeric: true),
                                             .init("remaining", "Remaining", numeric: true), .init("used", "Used", numeric: true),
                                             .init("status", "Status"),
                                         ])
        for line in lines {
            table.rows.append([.text(line.category)] + line.spent.map(ReportDocument.Cell.money) + [
                .money(line.totalSpent), line.budget.map(ReportDocument.Cell.money) ?? .empty,
                line.remaining.map(ReportDocument.Cell.money) ?? .empty,
                line.usedBasisPoints.map(ReportDocument.Cell.percent) ?? .empty,
                .text(line.status == .ok ? "" : line.status.rawValue),
            ])
        }
        let used = Money.basisPoints(budgetedSpent, of: totalBudget)
        table.totals = [
            [.text("All spending")] + spent.map(ReportDocument.Cell.money) + [.money(totalSpent), .empty, .empty, .empty, .empty],
            [.text("Budgeted")] + spent.map { _ in .empty } + [.money(budgetedSpent), .money(totalBudget), .money(totalRemaining),
                                                                used.map(ReportDocument.Cell.percent) ?? .empty, .empty],
        ]
        document.tables = [table]
        return document
    }
}
