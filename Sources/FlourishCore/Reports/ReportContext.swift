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
    public func isAccount(_ id: Int32) -> Bool { index.isAccount(id) }
    public func isPerson(_ id: Int32) -> Bool { index.kind(of: id) == .person }

    /// The monthly budget of a category in a month (`Journal.budget(for:in:)`).
    public func budget(for category: Int32, in month: BudgetMonth) -> Money? {
        journal.budget(for: category, in: month)?.amount.value
    }

    /// Where a category is declared (for a parent, the first of its sub-categories).
    public func declaration(of category: Int32) -> SourceLocation? {
        ledger.categories.first { journal.ancestry($0.name.id).contains(category) }?.location
    }

    /// Categories with a budget in `month` (a budget of 0 ends one), by name.
    public func budgetedCategories(in month: BudgetMonth) -> [Int32] { journal.budgetedCategories(in: month) }

    /// The expected income of a month (`Journal.monthlyIncome(in:)`).
    public func expectedIncome(in month: BudgetMonth) throws(MoneyOverflow) -> Money? { try journal.monthlyIncome(in: month) }

    /// The savings target in effect in a month, in basis points.
    public func savingsTarget(in month: BudgetMonth) -> Int? { journal.savingsTarget(in: month)?.basisPoints.value }
}
