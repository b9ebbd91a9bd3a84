/// What every report needs: the booked journal, the period and the report date.
public struct ReportContext: Sendable {
    public let journal: Journal
    /// The days reported on.
    public let from: CivilDate
    public let to: CivilDate
    /// "Today" for the report: the end of the period, or the ledger's last date if earlier.
    public let asOf: CivilDate

    public init(journal: Journal, from: CivilDate, to: CivilDate, asOf: CivilDate) {
        self.journal = journal
        self.from = from
        self.to = to
        self.asOf = asOf
    }

    public var ledger: Ledger { journal.ledger }
    public var index: NameIndex { journal.index }

    /// The budgeting month containing `date`.
    public func month(containing date: CivilDate) -> BudgetMonth { journal.month(containing: date) }

    public func name(_ id: Int32) -> String { journal.name(id) }

    public func isExpense(_ id: Int32) -> Bool { index.kind(of: id) == .category }
    public func isIncome(_ id: Int32) -> Bool { index.kind(of: id) == .incomeCategory }
    public func isAccount(_ id: Int32) -> Bool { index.kind(of: id) == .account }
    public func isPerson(_ id: Int32) -> Bool { index.kind(of: id) == .person }

    /// The monthly budget of a category in a month: the latest `budget` dated in or before it.
    public func budget(for category: Int32, in month: BudgetMonth) -> Money? {
        budgetLine(for: category, in: month)?.amount.value
    }

    /// The `budget` line in effect for a category in a month.
    public func budgetLine(for category: Int32, in month: BudgetMonth) -> Budget? {
        ledger.budgets.filter { $0.category.id == category && $0.date <= month.last }.max { $0.date < $1.date }
    }

    /// Where a category is declared (for a parent, the first of its sub-categories).
    public func declaration(of category: Int32) -> SourceLocation? {
        ledger.categories.first { journal.ancestry($0.name.id).contains(category) }?.location
    }

    /// Categories with a budget in `month` (a budget of 0 ends one), by name.
    public func budgetedCategories(in month: BudgetMonth) -> [Int32] {
        var latest: [Int32: Budget] = [:]
        for budget in ledger.budgets where budget.date <= month.last {
            if let current = latest[budget.category.id], current.date > budget.date { continue }
            latest[budget.category.id] = budget
        }
        return latest.filter { $0.value.amount.value > .zero }.keys.sorted { name($0) < name($1) }
    }

    /// The expected income of a month (a yearly figure counts one twelfth, rounded to the cent).
    public func expectedIncome(in month: BudgetMonth) throws(MoneyOverflow) -> Money? {
        guard let income = ledger.incomes.filter({ $0.date <= month.last }).max(by: { $0.date < $1.date }) else { return nil }
        switch income.period {
        case .monthly: return income.amount.value
        case .yearly: return try income.amount.value.dividedRounded(by: 12)
        }
    }

    /// The savings target in effect in a month, in basis points.
    public func savingsTarget(in month: BudgetMonth) -> Int? {
        ledger.savingsTargets.filter { $0.date <= month.last }.max { $0.date < $1.date }?.basisPoints.value
    }
}
