/// The one rule for which dated directive is in effect (grammar.md, section 5, "Which line is
/// in effect"): of the lines dated on or before a day, the latest; of lines on the same date,
/// the later in reading order. A monthly figure (a budget, an earmark, expected income, a
/// savings target) is the line in effect on the budgeting month's last day, so a line dated
/// within a month sets that whole month; the daily allowance is the line in effect that day.
///
/// Made once by booking: each kind of directive in that one order, per category where lines
/// are per category, so a lookup is a binary search.
public struct InEffect: Sendable {
    /// Indices into `Ledger.allowances`, `.incomes`, `.savingsTargets`, by date and then
    /// reading order.
    let allowances: [Int]
    let incomes: [Int]
    let savingsTargets: [Int]
    /// Per category id: indices into `Ledger.budgets` and `.earmarks` in the same order.
    let budgets: [Int32: [Int]]
    let earmarks: [Int32: [Int]]
    /// Per name id: whether any `earmark` line names it (most categories are never earmarked:
    /// the payment rule skips them without a lookup).
    let everEarmarked: [Bool]

    init(_ ledger: Ledger) {
        allowances = Self.ordered(ledger.allowances.map(\.date))
        incomes = Self.ordered(ledger.incomes.map(\.date))
        savingsTargets = Self.ordered(ledger.savingsTargets.map(\.date))
        budgets = Self.grouped(ledger.budgets.map { ($0.category.id, $0.date) })
        earmarks = Self.grouped(ledger.earmarks.map { ($0.category.id, $0.date) })
        var everEarmarked = [Bool](repeating: false, count: ledger.names.names.count)
        for earmark in ledger.earmarks where Int(earmark.category.id) < everEarmarked.count { everEarmarked[Int(earmark.category.id)] = true }
        self.everEarmarked = everEarmarked
    }

    /// The indices of `dates` by date, and on one date in the order given (reading order).
    static func ordered(_ dates: [CivilDate]) -> [Int] {
        dates.indices.sorted { (dates[$0], $0) < (dates[$1], $1) }
    }

    /// Per key, the indices of its lines in date order, and on one date in reading order.
    private static func grouped(_ lines: [(key: Int32, date: CivilDate)]) -> [Int32: [Int]] {
        var groups: [Int32: [Int]] = [:]
        for index in ordered(lines.map(\.date)) { groups[lines[index].key, default: []].append(index) }
        return groups
    }

    /// The last of `order` dated on or before `day` (binary search), or nil.
    static func latest(_ order: [Int], onOrBefore day: CivilDate, date: (Int) -> CivilDate) -> Int? {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if date(order[middle]) <= day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : order[low - 1]
    }
}

extension Journal {
    /// The `allowance` line in effect on `day`.
    public func allowance(on day: CivilDate) -> Allowance? {
        InEffect.latest(inEffect.allowances, onOrBefore: day) { ledger.allowances[$0].date }.map { ledger.allowances[$0] }
    }

    /// The `income` line in effect in `month`.
    public func expectedIncome(in month: BudgetMonth) -> ExpectedIncome? {
        InEffect.latest(inEffect.incomes, onOrBefore: month.last) { ledger.incomes[$0].date }.map { ledger.incomes[$0] }
    }

    /// The income expected in `month`: a monthly line's amount, or a yearly line's monthly
    /// share (`Money.monthlyShare(ofYearly:)`).
    public func monthlyIncome(in month: BudgetMonth) throws(MoneyOverflow) -> Money? {
        guard let income = expectedIncome(in: month) else { return nil }
        switch income.period {
        case .monthly: return income.amount.value
        case .yearly: return try Money.monthlyShare(ofYearly: income.amount.value)
        }
    }

    /// The `savings-target` line in effect in `month`.
    public func savingsTarget(in month: BudgetMonth) -> SavingsTarget? {
        InEffect.latest(inEffect.savingsTargets, onOrBefore: month.last) { ledger.savingsTargets[$0].date }.map { ledger.savingsTargets[$0] }
    }

    /// The `budget` line in effect for a category in `month` (an amount of 0 has ended it).
    public func budget(for category: Int32, in month: BudgetMonth) -> Budget? {
        budget(for: category, on: month.last)
    }

    /// The `budget` line in effect for a category on `day`.
    public func budget(for category: Int32, on day: CivilDate) -> Budget? {
        guard let order = inEffect.budgets[category] else { return nil }
        return InEffect.latest(order, onOrBefore: day) { ledger.budgets[$0].date }.map { ledger.budgets[$0] }
    }

    /// The `earmark` line in effect for a category in `month`.
    public func earmark(for category: Int32, in month: BudgetMonth) -> Earmark? {
        earmark(for: category, on: month.last)
    }

    /// The `earmark` line in effect for a category on `day`.
    public func earmark(for category: Int32, on day: CivilDate) -> Earmark? {
        guard let order = inEffect.earmarks[category] else { return nil }
        return InEffect.latest(order, onOrBefore: day) { ledger.earmarks[$0].date }.map { ledger.earmarks[$0] }
    }

    /// The earmarked category that a line in category `id` on `day` pays (grammar.md, "Earmarks"):
    /// the category itself or its nearest ancestor with an earmark other than zero in effect
    /// that day (an earmark on `Food` is paid by spending in `Food:Dining`, as budgets roll
    /// sub-categories up); nil when there is none. The one payment rule of earmarks: the bucket
    /// engine and the forecast's projection read it.
    public func earmarkPaid(byLineIn id: Int32, on day: CivilDate) -> Int32? {
        guard !ledger.earmarks.isEmpty else { return nil }
        var category = id
        while category >= 0 {
            if Int(category) < inEffect.everEarmarked.count, inEffect.everEarmarked[Int(category)],
               let earmark = earmark(for: category, on: day), earmark.amount.value != .zero {
                return category
            }
            category = parent[Int(category)]
        }
        return nil
    }

    /// The earmarked categories paid in `month` by the end of `date`: each by the first line in
    /// the month that pays it (`earmarkPaid(byLineIn:on:)`; a line charged to a goal pays none).
    public func earmarksPaid(in month: BudgetMonth, through date: CivilDate) -> Set<Int32> {
        var paid = Set<Int32>()
        guard !ledger.earmarks.isEmpty, month.first <= date else { return paid }
        for item in items(in: month.first...min(date, month.last)) {
            guard case .entry(let i) = item.kind else { continue }
            for line in ledger.entries[i].postings where ledger.postingGoals.isEmpty || ledger.postingGoals[line] == nil {
                let target = ledger.postings[line].target.id
                guard index.kind(of: target) == .category, let earmarked = earmarkPaid(byLineIn: target, on: item.date) else { continue }
                paid.insert(earmarked)
            }
        }
        return paid
    }

    /// The earmarks in effect on `day` above zero, one per category, in the order their
    /// categories were first earmarked.
    public func earmarks(on day: CivilDate) -> [Earmark] {
        inEffect.earmarks.values.sorted { $0.min()! < $1.min()! }.compactMap { order in
            InEffect.latest(order, onOrBefore: day) { ledger.earmarks[$0].date }.map { ledger.earmarks[$0] }
        }.filter { $0.amount.value > .zero }
    }

    /// The categories with a budget in effect in `month` above zero, by name.
    public func budgetedCategories(in month: BudgetMonth) -> [Int32] {
        inEffect.budgets.keys.filter { (budget(for: $0, in: month)?.amount.value ?? .zero) > .zero }.sorted { name($0) < name($1) }
    }
}
