/// `flourish report review`: the monthly review — income against spending, where the money
/// went, how the budgets did, the month against the months before, the bills, a projection to
/// the month's end, each day against the daily income, and insights drawn from those numbers.
public struct ReviewReport: Sendable {
    /// Investr's projection status. With P the spending projected to the month's end, I the
    /// income (expected, else received) and T the savings target:
    /// over budget when P > I; at risk when I − P < I × T; on track otherwise.
    public enum Status: String, Sendable {
        case onTrack = "on track"
        case atRisk = "at risk"
        case overBudget = "over budget"
    }

    public struct CategoryShare: Sendable {
        public var category: String
        public var spent: Money
        public var share: Int?
    }

    public struct MonthOverMonth: Sendable {
        public var category: String
        /// Oldest first; the last is this month.
        public var amounts: [Money]
        public var change: Money { Money(minorUnits: (amounts.last?.minorUnits ?? 0) &- (amounts.dropLast().last?.minorUnits ?? 0)) }
        public var changePercent: Int? {
            guard amounts.count >= 2 else { return nil }
            return Arithmetic.basisPoints(change, of: amounts[amounts.count - 2])
        }
    }

    public struct Day: Sendable {
        public var date: CivilDate
        public var spent: Money
        public var dailyIncome: Money
        public var net: Money { Money(minorUnits: dailyIncome.minorUnits &- spent.minorUnits) }
    }

    public var month: BudgetMonth
    public var asOf: CivilDate
    public var income: Money
    public var expenses: Money
    public var expectedIncome: Money?
    public var savingsTarget: Int?
    public var categories: [CategoryShare]
    public var budget: BudgetReport
    /// The months compared, oldest first (this month last).
    public var months: [BudgetMonth]
    public var monthOverMonth: [MonthOverMonth]
    /// The buckets at the end of the review's date (nil before the ledger's first date).
    public var snapshot: BucketSnapshot?
    /// This month's earmarks, paid or not.
    public var earmarks: [BucketSnapshot.EarmarkStatus] { snapshot?.earmarks ?? [] }
    public var daysElapsed: Int
    public var daysInMonth: Int
    public var projectedSpending: Money
    public var projectedSavings: Money
    public var targetSavings: Money
    public var status: Status
    public var days: [Day]
    public var insights: [String]

    public var net: Money { Money(minorUnits: income.minorUnits &- expenses.minorUnits) }
    public var savingsRate: Int? { Arithmetic.basisPoints(net, of: income) }
    /// The income the projection and the daily view use: expected if declared, else received.
    public var incomeBasis: Money { expectedIncome ?? income }

    /// How many months the month-over-month table shows.
    public static let comparedMonths = 3

    public static func make(_ context: ReportContext, month: BudgetMonth) -> ReviewReport {
        let ledger = context.ledger
        let asOf = min(max(context.asOf, month.first), month.last)
        let range = month.first...month.last
        var income: Int64 = 0
        var expenses: Int64 = 0
        var topLevel: [String: Int64] = [:]
        for (id, amount) in context.categoryTotals(in: range) {
            if context.isIncome(id) { income &-= amount.minorUnits; continue }
            expenses &+= amount.minorUnits
            topLevel[ReportContext.ancestry(context.name(id)).first ?? "", default: 0] &+= amount.minorUnits
        }
        let total = Money(minorUnits: expenses)
        let categories = topLevel.filter { $0.value != 0 }
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { CategoryShare(category: $0.key, spent: Money(minorUnits: $0.value),
                                 share: Arithmetic.basisPoints(Money(minorUnits: $0.value), of: total)) }

        // Month over month, top-level categories.
        var months = [month]
        while months.count < comparedMonths, let first = months.first {
            months.insert(context.month(containing: first.first.adding(days: -1)), at: 0)
        }
        var perMonth: [[String: Int64]] = []
        for compared in months {
            var sums: [String: Int64] = [:]
            for (id, amount) in context.categoryTotals(in: compared.first...compared.last) where context.isExpense(id) {
                sums[ReportContext.ancestry(context.name(id)).first ?? "", default: 0] &+= amount.minorUnits
            }
            perMonth.append(sums)
        }
        let names = Set(perMonth.flatMap(\.keys)).sorted()
        let monthOverMonth = names.map { name in
            MonthOverMonth(category: name, amounts: perMonth.map { Money(minorUnits: $0[name] ?? 0) })
        }.filter { $0.amounts.contains { $0 != .zero } }

        // Projection to the month's end.
        let daysInMonth = month.first.days(until: month.last) + 1
        let daysElapsed = month.first.days(until: asOf) + 1
        let projected = Money(minorUnits: Arithmetic.divide(expenses &* Int64(daysInMonth), Int64(max(1, daysElapsed))))
        let expected = context.expectedIncome(in: month)
        let basis = expected ?? Money(minorUnits: income)
        let target = context.savingsTarget(in: month)
        let targetSavings = Money(minorUnits: Arithmetic.divide(basis.minorUnits &* Int64(target ?? 0), 10_000))
        let projectedSavings = Money(minorUnits: basis.minorUnits &- projected.minorUnits)
        let status: Status = projectedSavings < .zero ? .overBudget : projectedSavings < targetSavings ? .atRisk : .onTrack

        // Each day against the daily income.
        let dailyIncome = Money(minorUnits: Arithmetic.divide(basis.minorUnits, Int64(daysInMonth)))
        var spentByDay: [CivilDate: Int64] = [:]
        for entry in ledger.entries where entry.date >= month.first && entry.date <= asOf {
            for posting in ledger.postings[entry.postings] where context.isExpense(posting.target.id) {
                spentByDay[entry.date, default: 0] &+= posting.amount.minorUnits
            }
        }
        var days: [Day] = []
        var day = month.first
        while day <= asOf {
            days.append(Day(date: day, spent: Money(minorUnits: spentByDay[day] ?? 0), dailyIncome: dailyIncome))
            day = day.adding(days: 1)
        }

        let budget = BudgetReport.make(context, month: month)
        // One run of the engine gives both the logs (days over the allowance) and the snapshot.
        var snapshot: BucketSnapshot?
        let log = BucketEngine(ledger).run(through: asOf, recordLog: true) { day, _ in
            if day.date == asOf { snapshot = day }
        }.log
        var report = ReviewReport(month: month, asOf: asOf, income: Money(minorUnits: income), expenses: total,
                                  expectedIncome: expected, savingsTarget: target, categories: categories, budget: budget,
                                  months: months, monthOverMonth: monthOverMonth, snapshot: snapshot,
                                  daysElapsed: daysElapsed, daysInMonth: daysInMonth, projectedSpending: projected,
                                  projectedSavings: projectedSavings, targetSavings: targetSavings, status: status,
                                  days: days, insights: [])
        let overDays = log.days.filter { range.contains($0.date) && $0.fromSavings > .zero }
        report.insights = insights(report, overDays: overDays, goals: GoalsReport.make(context, snapshot: snapshot), format: MoneyFormat(ledger.currency).text)
        return report
    }

    /// Plain-language observations, each quoting the numbers it rests on.
    static func insights(_ report: ReviewReport, overDays: [BucketLog.Day], goals: GoalsReport,
                         format: (Money) -> String) -> [String] {
        var lines: [String] = []
        let previous = report.months.dropLast().last
        if let previous, let growth = report.monthOverMonth.max(by: { ($0.change, $1.category) < ($1.change, $0.category) }),
           growth.change > .zero {
            lines.append("\(growth.category) grew the most: \(format(growth.change)) more than in \(previous) (\(format(growth.amounts.dropLast().last ?? .zero)) → \(format(growth.amounts.last ?? .zero))).")
        }
        if !overDays.isEmpty {
            let over = overDays.reduce(Int64(0)) { $0 &+ $1.fromSavings.minorUnits }
            lines.append("\(counted(overDays.count, "day went", "days went")) over the daily allowance, by \(format(Money(minorUnits: over))) in all.")
        }
        for goal in goals.lines where goal.schedule == .behind || goal.schedule == .missed {
            lines.append("Goal \(goal.name) is \(goal.schedule == .missed ? "past its deadline" : "behind schedule"): \(format(goal.saved)) saved, \(format(goal.expectedByNow ?? .zero)) expected by now.")
        }
        if let rate = report.savingsRate, let target = report.savingsTarget {
            let verdict = rate >= target ? "meets" : "falls short of"
            lines.append("The savings rate so far, \(DocumentRenderer.percentText(rate)), \(verdict) the target of \(DocumentRenderer.percentText(target)).")
        }
        return lines
    }
}
