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
        public var remaining: Money? { budget.map { Money(minorUnits: $0.minorUnits &- spent.minorUnits) } }
        public var usedBasisPoints: Int? { budget.flatMap { Arithmetic.basisPoints(spent, of: $0) } }
        public var status: Status
    }

    public var month: BudgetMonth
    public var lines: [Line]
    public var totalBudget: Money
    public var budgetedSpent: Money
    public var unbudgetedSpent: Money
    public var totalSpent: Money { Money(minorUnits: budgetedSpent.minorUnits &+ unbudgetedSpent.minorUnits) }

    /// Near-the-limit threshold: 90% of the budget.
    public static let nearBasisPoints = 9_000

    public static func make(_ context: ReportContext, month: BudgetMonth) -> BudgetReport {
        let budgeted = context.budgetedCategories(in: month)
        let budgetedNames = Dictionary(uniqueKeysWithValues: budgeted.map { (context.name($0), $0) })
        var spent: [String: Money] = [:]
        var unbudgeted: [String: Money] = [:]
        for (id, amount) in context.categoryTotals(in: month.first...month.last) where context.isExpense(id) {
            let name = context.name(id)
            // The nearest budgeted category at or above this one takes the spending.
            if let owner = ReportContext.ancestry(name).reversed().first(where: { budgetedNames[$0] != nil }) {
                spent[owner] = Money(minorUnits: (spent[owner]?.minorUnits ?? 0) &+ amount.minorUnits)
            } else {
                unbudgeted[name] = Money(minorUnits: (unbudgeted[name]?.minorUnits ?? 0) &+ amount.minorUnits)
            }
        }
        var lines: [Line] = []
        var totalBudget: Int64 = 0
        var budgetedSpent: Int64 = 0
        for id in budgeted {
            let name = context.name(id)
            let budget = context.budget(for: id, in: month) ?? .zero
            let used = spent[name] ?? .zero
            let status: Status
            if used > budget { status = .over }
            else if let share = Arithmetic.basisPoints(used, of: budget), share >= nearBasisPoints { status = .near }
            else { status = .ok }
            lines.append(Line(category: name, budget: budget, spent: used, status: status))
            totalBudget &+= budget.minorUnits
            budgetedSpent &+= used.minorUnits
        }
        var unbudgetedTotal: Int64 = 0
        for (name, amount) in unbudgeted.sorted(by: { $0.key < $1.key }) where amount != .zero {
            lines.append(Line(category: name, budget: nil, spent: amount, status: .unbudgeted))
            unbudgetedTotal &+= amount.minorUnits
        }
        return BudgetReport(month: month, lines: lines, totalBudget: Money(minorUnits: totalBudget),
                            budgetedSpent: Money(minorUnits: budgetedSpent), unbudgetedSpent: Money(minorUnits: unbudgetedTotal))
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "budget", title: "Budget for \(month) (\(month.first) to \(month.last))",
                                      from: month.first, to: month.last)
        var table = ReportDocument.Table(id: "categories", title: "Categories", columns: [
            .init("category", "Category"), .init("budget", "Budget", numeric: true), .init("spent", "Spent", numeric: true),
            .init("remaining", "Remaining", numeric: true), .init("used", "Used", numeric: true),
            .init("progress", "Progress"), .init("status", "Status"),
        ])
        for line in lines {
            table.rows.append([.text(line.category), line.budget.map(ReportDocument.Cell.money) ?? .empty, .money(line.spent),
                               line.remaining.map(ReportDocument.Cell.money) ?? .empty,
                               line.usedBasisPoints.map(ReportDocument.Cell.percent) ?? .empty,
                               line.usedBasisPoints.map(ReportDocument.Cell.progress) ?? .empty,
                               .text(line.status == .ok ? "" : line.status.rawValue)])
        }
        let remaining = Money(minorUnits: totalBudget.minorUnits &- budgetedSpent.minorUnits)
        let used = Arithmetic.basisPoints(budgetedSpent, of: totalBudget)
        table.totals = [
            [.text("Budgeted"), .money(totalBudget), .money(budgetedSpent), .money(remaining),
             used.map(ReportDocument.Cell.percent) ?? .empty, used.map(ReportDocument.Cell.progress) ?? .empty, .empty],
            [.text("Unbudgeted"), .empty, .money(unbudgetedSpent), .empty, .empty, .empty, .empty],
            [.text("All spending"), .empty, .money(totalSpent), .empty, .empty, .empty, .empty],
        ]
        document.tables = [table]
        let alerts = lines.filter { $0.status == .over || $0.status == .near }.map { line -> String in
            let used = DocumentRenderer.percentText(line.usedBasisPoints ?? 0)
            return line.status == .over
                ? "\(line.category) is over budget: \(used) of its budget used"
                : "\(line.category) is near its budget: \(used) used"
        }
        document.notes = [(id: "alerts", title: "Alerts", lines: alerts)]
        return document
    }
}
