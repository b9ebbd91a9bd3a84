/// What every report needs: the ledger, what its names are, the period and the report date.
public struct ReportContext: Sendable {
    public let ledger: Ledger
    public let index: NameIndex
    /// The days reported on.
    public let from: CivilDate
    public let to: CivilDate
    /// "Today" for the report: the end of the period, or the ledger's last date if earlier.
    public let asOf: CivilDate

    public init(ledger: Ledger, from: CivilDate, to: CivilDate, asOf: CivilDate) {
        self.ledger = ledger
        self.index = NameIndex(ledger)
        self.from = from
        self.to = to
        self.asOf = asOf
    }

    /// The budgeting month containing `date`.
    public func month(containing date: CivilDate) -> BudgetMonth {
        BudgetMonth(containing: date, startDay: ledger.monthStartDay)
    }

    public func name(_ id: Int32) -> String { ledger.names[id] }

    public func isExpense(_ id: Int32) -> Bool { index.kind(of: id) == .category }
    public func isIncome(_ id: Int32) -> Bool { index.kind(of: id) == .incomeCategory }
    public func isAccount(_ id: Int32) -> Bool { index.kind(of: id) == .account }
    public func isPerson(_ id: Int32) -> Bool { index.kind(of: id) == .person }

    /// Calls `body` with every entry dated within `range`, in date order (file order within a day).
    public func forEachEntry(in range: ClosedRange<CivilDate>, _ body: (Entry) -> Void) {
        for entry in sortedEntries where range.contains(entry.date) { body(entry) }
    }

    /// The ledger's entries in date order.
    public var sortedEntries: [Entry] {
        ledger.entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }

    /// Signed totals of each category's lines within `range` (expenses positive, income negative).
    public func categoryTotals(in range: ClosedRange<CivilDate>) -> [Int32: Money] {
        var totals: [Int32: Money] = [:]
        for entry in ledger.entries where range.contains(entry.date) {
            for posting in ledger.postings[entry.postings] {
                let id = posting.target.id
                guard isExpense(id) || isIncome(id) else { continue }
                totals[id] = Money(minorUnits: (totals[id]?.minorUnits ?? 0) &+ posting.amount.minorUnits)
            }
        }
        return totals
    }

    /// Balances of accounts (and what people owe) at the end of `date`.
    public func balances(through date: CivilDate) -> [Int32: Money] {
        var balances: [Int32: Money] = [:]
        func add(_ id: Int32, _ amount: Money) {
            balances[id] = Money(minorUnits: (balances[id]?.minorUnits ?? 0) &+ amount.minorUnits)
        }
        for opening in ledger.openings where opening.date <= date { add(opening.account.id, opening.amount.value) }
        for correction in ledger.corrections where correction.date <= date { add(correction.account.id, correction.amount.value) }
        for entry in ledger.entries where entry.date <= date {
            for posting in ledger.postings[entry.postings] where isAccount(posting.target.id) || isPerson(posting.target.id) {
                add(posting.target.id, posting.amount)
            }
        }
        return balances
    }

    /// The monthly budget of a category in a month: the latest `budget` dated in or before it.
    public func budget(for category: Int32, in month: BudgetMonth) -> Money? {
        ledger.budgets.filter { $0.category.id == category && $0.date <= month.last }.max { $0.date < $1.date }?.amount.value
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
    public func expectedIncome(in month: BudgetMonth) -> Money? {
        guard let income = ledger.incomes.filter({ $0.date <= month.last }).max(by: { $0.date < $1.date }) else { return nil }
        switch income.period {
        case .monthly: return income.amount.value
        case .yearly: return Money(minorUnits: Arithmetic.divide(income.amount.value.minorUnits, 12))
        }
    }

    /// The savings target in effect in a month, in basis points.
    public func savingsTarget(in month: BudgetMonth) -> Int? {
        ledger.savingsTargets.filter { $0.date <= month.last }.max { $0.date < $1.date }?.basisPoints.value
    }

    /// `Food:Dining` → [`Food`, `Food:Dining`].
    public static func ancestry(_ name: String) -> [String] {
        var result: [String] = []
        var current = ""
        for part in name.split(separator: ":") {
            current = current.isEmpty ? String(part) : current + ":" + part
            result.append(current)
        }
        return result
    }
}

/// Integer arithmetic for reports: rounding division and shares in basis points.
public enum Arithmetic {
    /// a ÷ b rounded half away from zero (b > 0).
    public static func divide(_ a: Int64, _ b: Int64) -> Int64 {
        guard b != 0 else { return 0 }
        let q = a / b
        let r = a % b
        if abs(r) * 2 >= abs(b) { return q + (a < 0 ? -1 : 1) }
        return q
    }

    /// part ÷ whole in basis points (10000 = 100%), nil when the whole is zero.
    public static func basisPoints(_ part: Money, of whole: Money) -> Int? {
        guard whole.minorUnits != 0 else { return nil }
        let (scaled, overflow) = part.minorUnits.multipliedReportingOverflow(by: 10_000)
        if overflow { return part.minorUnits / whole.minorUnits > 0 ? Int.max : Int.min }
        return Int(divide(scaled, whole.minorUnits))
    }
}
