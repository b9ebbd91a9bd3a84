/// `flourish report review`: the monthly review — income against spending, where the money
/// went, how the budgets did, the month against the months before, the bills, a projection to
/// the month's end, each day against the daily income, and insights drawn from those numbers.
public struct ReviewReport: Sendable {
    /// Investr's projection status. With P the spending projected to the month's end, I the
    /// income (expected, else received) and T the savings target:
    /// over budget when P > I; at risk when I − P < I × T; on track otherwise.
    /// For a month wholly before the ledger's first date or after its last, no projection is
    /// made: "before the ledger" or "no data yet".
    public enum Status: String, Sendable {
        case beforeLedger = "before the ledger"
        case noDataYet = "no data yet"
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
        /// This month against the month before.
        public var change: Money
        public var changePercent: Int? {
            guard amounts.count >= 2 else { return nil }
            return Money.basisPoints(change, of: amounts[amounts.count - 2])
        }
    }

    public struct Day: Sendable {
        public var date: CivilDate
        public var spent: Money
        public var dailyIncome: Money
        public var net: Money
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
    /// Spending of each compared month, oldest first (the month-over-month table's totals).
    public var monthTotals: [Money]
    /// Days of the month (through the review's date) whose spending against the daily
    /// allowance went over it, from the bucket engine's log.
    public var daysOverAllowance: [BucketLog.Day]
    /// What those days took from main savings in all.
    public var overAllowanceTotal: Money
    /// Where the month lies against the ledger's dates.
    public var coverage: Coverage
    public var insights: [ReportDocument.Sentence]

    public enum Coverage: Sendable {
        case covered
        /// The month ends before the ledger's first date.
        case beforeStart(CivilDate)
        /// The month begins after the ledger's last date.
        case afterEnd(CivilDate)
    }

    public var net: Money
    public var savingsRate: Int? { Money.basisPoints(net, of: income) }
    /// The income the projection and the daily view use: expected if declared, else received.
    public var incomeBasis: Money { expectedIncome ?? income }

    /// How many months the month-over-month table shows.
    public static let comparedMonths = 3

    public static func make(_ context: ReportContext, month: BudgetMonth) throws(MoneyOverflow) -> ReviewReport {
        let journal = context.journal
        let asOf = min(max(context.asOf, month.first), month.last)
        let range = month.first...month.last
        let totals = try journal.categoryTotals(in: range)
        let (income, expenses, categories) = try incomeAndSpending(context, month, totals)
        let (months, monthOverMonth, monthTotals) = try compared(context, month, totals)

        // Projection to the month's end: spending at this pace for the whole month; an overflow
        // is blamed on the month's largest expense line.
        let daysInMonth = month.first.days(until: month.last) + 1
        let daysElapsed = month.first.days(until: asOf) + 1
        let largest = largestExpense(context, from: month.first, through: asOf)
        func blamed(_ what: String) -> MoneyOverflow { MoneyOverflow(at: largest, what: "\(what) of \(month)") }
        let projected: Money
        do { projected = try expenses.scaled(by: daysInMonth, over: max(1, daysElapsed)) } catch { throw blamed("the projected spending") }
        let incomeLine = context.journal.expectedIncome(in: month)?.amount.location
        let expected = try blaming(incomeLine, "the expected income of \(month)") { () throws(MoneyOverflow) in
            try context.expectedIncome(in: month)
        }
        let basis = expected ?? income
        let target = context.savingsTarget(in: month)
        let targetSavings = try blaming(incomeLine, "the savings target of \(month)") { () throws(MoneyOverflow) in
            try basis.scaled(by: target ?? 0, over: 10_000)
        }
        let projectedSavings: Money
        do { projectedSavings = try basis - projected } catch { throw blamed("the projected savings") }
        let coverage: Coverage
        if let span = journal.dateRange, month.last < span.lowerBound { coverage = .beforeStart(span.lowerBound) }
        else if let span = journal.dateRange, month.first > span.upperBound { coverage = .afterEnd(span.upperBound) }
        else { coverage = .covered }
        let status: Status
        switch coverage {
        case .covered: status = projectedSavings < .zero ? .overBudget : projectedSavings < targetSavings ? .atRisk : .onTrack
        case .beforeStart: status = .beforeLedger
        case .afterEnd: status = .noDataYet
        }

        // Each day against the daily income.
        let dailyIncome = try blaming(incomeLine, "the daily income of \(month)") { () throws(MoneyOverflow) in
            try basis.dividedRounded(by: daysInMonth)
        }
        var days: [Day] = []
        var day = month.first
        let daily = if case .beforeStart = coverage { [Money]() } else { try journal.spendingByDay(in: month.first...asOf) }
        for spent in daily {
            let net = try blaming(largest, "the net of \(day)") { () throws(MoneyOverflow) in try dailyIncome - spent }
            days.append(Day(date: day, spent: spent, dailyIncome: dailyIncome, net: net))
            day = day.adding(days: 1)
        }

        // One run of the engine gives the log (days over the allowance) and the snapshot the
        // budget's envelopes and the goals read.
        var snapshot: BucketSnapshot?
        let log = try BucketEngine(journal).run(through: asOf, recordLog: true, logFrom: month.first, everyDay: false) { day, _ in
            if day.date == asOf { snapshot = day }
        }.checked().log
        let budget = try BudgetReport.make(context, month: month, snapshot: snapshot)
        let overDays = log.days.filter { range.contains($0.date) && $0.fromSavings > .zero }
        let goals = try GoalsReport.make(context, snapshot: snapshot)
        var report = ReviewReport(month: month, asOf: asOf, income: income, expenses: expenses,
                                  expectedIncome: expected, savingsTarget: target, categories: categories, budget: budget,
                                  months: months, monthOverMonth: monthOverMonth, snapshot: snapshot,
                                  daysElapsed: daysElapsed, daysInMonth: daysInMonth, projectedSpending: projected,
                                  projectedSavings: projectedSavings, targetSavings: targetSavings, status: status,
                                  days: days, monthTotals: monthTotals, daysOverAllowance: overDays,
                                  overAllowanceTotal: try blaming(largest, "the spending over the allowance in \(month)") {
                                      () throws(MoneyOverflow) in try Money.sum(overDays.map(\.fromSavings))
                                  }, coverage: coverage,
                                  insights: [], net: try blaming(largest, "the net of \(month)") {
                                      () throws(MoneyOverflow) in try income - expenses
                                  })
        report.insights = report.makeInsights(goals: goals)
        return report
    }

    /// The month's income and spending, and each top-level category's share of the spending,
    /// largest first.
    private static func incomeAndSpending(_ context: ReportContext, _ month: BudgetMonth, _ totals: Journal.CategoryTotals)
        throws(MoneyOverflow) -> (income: Money, expenses: Money, categories: [CategoryShare]) {
        var income = Money.zero
        var expenses = Money.zero
        var topLevel: [(id: Int32, spent: Money)] = []
        for id in totals.touched where context.journal.parent[Int(id)] < 0 {
            let isIncome = context.isIncome(id)
            try blaming(context.declaration(of: id), isIncome ? "the income of \(month)" : "the spending of \(month)") {
                () throws(MoneyOverflow) in
                if isIncome { income = try income - totals[id] } else { expenses = try expenses + totals[id] }
            }
            if isIncome { continue }
            if totals[id] != .zero { topLevel.append((id, totals[id])) }
        }
        let categories = topLevel.map { (name: context.name($0.id), spent: $0.spent) }
            .sorted { ($1.spent, $0.name) < ($0.spent, $1.name) }
            .map { CategoryShare(category: $0.name, spent: $0.spent, share: Money.basisPoints($0.spent, of: expenses)) }
        return (income, expenses, categories)
    }

    /// Month over month, top-level categories, over the month and the ones before it (those
    /// before the ledger's first date left out: they would show as zero).
    private static func compared(_ context: ReportContext, _ month: BudgetMonth, _ totals: Journal.CategoryTotals)
        throws(MoneyOverflow) -> (months: [BudgetMonth], changes: [MonthOverMonth], totals: [Money]) {
        let journal = context.journal
        var months = [month]
        while months.count < comparedMonths, let first = months.first {
            let earlier = context.month(containing: first.first.adding(days: -1))
            guard let start = journal.dateRange?.lowerBound, earlier.last >= start, earlier != first else { break }
            months.insert(earlier, at: 0)
        }
        var perMonth: [[String: Money]] = []
        var monthTotals: [Money] = []
        for compared in months {
            let totals = compared == month ? totals : try journal.categoryTotals(in: compared.first...compared.last)
            var sums: [String: Money] = [:]
            var total = Money.zero
            for id in totals.touched where journal.parent[Int(id)] < 0 && context.isExpense(id) {
                sums[context.name(id)] = totals[id]
                total = try blaming(context.declaration(of: id), "the spending of \(compared)") { () throws(MoneyOverflow) in
                    try total + totals[id]
                }
            }
            perMonth.append(sums)
            monthTotals.append(total)
        }
        var changes: [MonthOverMonth] = []
        for name in Set(perMonth.flatMap(\.keys)).sorted() {
            let amounts = perMonth.map { $0[name] ?? .zero }
            guard amounts.contains(where: { $0 != .zero }) else { continue }
            let ledger = context.ledger
            let change = try blaming(ledger.categories.first { context.name($0.name.id) == name }?.location ?? ledger.categories.first?.location,
                                     "the change in \(name)'s spending") { () throws(MoneyOverflow) in
                try (amounts.last ?? .zero) - (amounts.dropLast().last ?? .zero)
            }
            changes.append(MonthOverMonth(category: name, amounts: amounts, change: change))
        }
        return (months, changes, monthTotals)
    }

    /// Where the largest expense line from `first` through `last` is written: an overflow in
    /// the month's projections is blamed on it.
    private static func largestExpense(_ context: ReportContext, from first: CivilDate, through last: CivilDate) -> SourceLocation? {
        context.journal.largestExpenseLine(in: first...last)
    }

    /// Plain-language observations, each quoting the numbers it rests on.
    func makeInsights(goals: GoalsReport) -> [ReportDocument.Sentence] {
        typealias Sentence = ReportDocument.Sentence
        var lines: [Sentence] = []
        switch coverage {
        case .beforeStart(let first):
            lines.append(Sentence("before-ledger", [.words("This month ends before the ledger's first date, "),
                                                    .value("firstDate", .date(first)), .words(": there is nothing to review.")]))
            return lines
        case .afterEnd(let last):
            lines.append(Sentence("no-data-yet", [.words("No data yet: the ledger's last date is "),
                                                  .value("lastDate", .date(last)), .words(".")]))
        case .covered:
            break
        }
        let previous = months.dropLast().last
        if let previous, let growth = monthOverMonth.max(by: { ($0.change, $1.category) < ($1.change, $0.category) }),
           growth.change > .zero {
            lines.append(Sentence("grew-most", [
                .value("category", .text(growth.category)), .words(" grew the most: "), .value("change", .money(growth.change)),
                .words(" more than in \(previous) ("), .value("before", .money(growth.amounts.dropLast().last ?? .zero)),
                .words(" → "), .value("after", .money(growth.amounts.last ?? .zero)), .words(")."),
            ]))
        }
        if !daysOverAllowance.isEmpty {
            let count = daysOverAllowance.count
            lines.append(Sentence("over-allowance", [
                .value("days", .integer(count)), .words(count == 1 ? " day went" : " days went"),
                .words(" over the daily allowance, by "), .value("total", .money(overAllowanceTotal)), .words(" in all."),
            ]))
        }
        for goal in goals.lines where goal.schedule == .behind || goal.schedule == .missed {
            lines.append(Sentence(goal.schedule == .missed ? "goal-missed" : "goal-behind", [
                .words("Goal "), .value("goal", .text(goal.name)),
                .words(goal.schedule == .missed ? " is past its deadline: " : " is behind schedule: "),
                .value("saved", .money(goal.saved)), .words(" saved, "),
                .value("expectedByNow", .money(goal.expectedByNow ?? .zero)), .words(" expected by now."),
            ]))
        }
        if let rate = savingsRate, let target = savingsTarget {
            lines.append(Sentence(rate >= target ? "savings-rate-met" : "savings-rate-short", [
                .words("The savings rate so far, "), .value("rate", .percent(rate)),
                .words(rate >= target ? ", meets the target of " : ", falls short of the target of "),
                .value("target", .percent(target)), .words("."),
            ]))
        }
        return lines
    }
}
