/// `flourish due`: the occurrences of schedules and subscriptions due through a date and paid
/// by no recorded entry (grammar.md, section 8), oldest first.
public struct DueReport: Sendable {
    public struct Row: Sendable {
        public var due: CivilDate
        public var name: String
        /// The size of one occurrence: the sum of its positive lines.
        public var amount: Money
        /// The part of it the budget sets aside until it is paid: its expense-category lines
        /// (`Plan.expense`; the bucket snapshot's bill). Less than `amount` when part is paid for
        /// a person or moved between accounts; zero for income.
        public var setAside: Money
        /// Days from the due date to the report's date (0: due that day).
        public var daysLate: Int
        /// Index into `Journal.plans`.
        public var plan: Int
    }

    /// The older occurrences of one plan left out of `rows` (see `make`'s `mostPerPlan`).
    public struct NotListed: Sendable {
        public var name: String
        public var count: Int
        public var first: CivilDate
        public var last: CivilDate
    }

    /// How many occurrences of one plan `due` lists unless asked for all of them: a daily
    /// schedule left unrecorded for decades would otherwise print a line a day.
    public static let listedPerPlan = 12

    public var through: CivilDate
    public var rows: [Row]
    /// Per plan, in the order of `Journal.plans`, the occurrences not in `rows`.
    public var notListed: [NotListed] = []
    public var currency: Currency

    /// Occurrences from the ledger's first dated line (or the plan's first date) through
    /// `through`, not recorded; `only` keeps the plans with those names. With `mostPerPlan`,
    /// only the latest that many of each plan are rows, and the older ones are counted in
    /// `notListed`.
    public static func make(_ journal: Journal, through: CivilDate, only: [String] = [], mostPerPlan: Int? = nil) -> DueReport {
        var rows: [Row] = []
        if let start = journal.dateRange?.lowerBound, start <= through {
            for occurrence in journal.occurrences(in: start...through) where occurrence.entry == nil {
                let plan = journal.plans[occurrence.plan]
                guard only.isEmpty || only.contains(plan.name) else { continue }
                rows.append(Row(due: occurrence.due, name: plan.name, amount: plan.size, setAside: plan.expense,
                                daysLate: occurrence.due.days(until: through), plan: occurrence.plan))
            }
        }
        var report = DueReport(through: through, rows: rows, currency: journal.currency)
        if let most = mostPerPlan { report.keepLatest(most, of: journal.plans.count) }
        return report
    }

    /// Keeps the latest `most` rows of each plan, in their order, and counts the rest.
    private mutating func keepLatest(_ most: Int, of plans: Int) {
        var remaining = [Int](repeating: 0, count: plans)
        for row in rows { remaining[row.plan] += 1 }
        var left: [NotListed?] = Array(repeating: nil, count: plans)
        rows = rows.filter { row in
            defer { remaining[row.plan] -= 1 }
            guard remaining[row.plan] > most else { return true }
            if left[row.plan] == nil {
                left[row.plan] = NotListed(name: row.name, count: 0, first: row.due, last: row.due)
            }
            left[row.plan]!.count += 1
            left[row.plan]!.last = row.due
            return false
        }
        notListed = left.compactMap { $0 }
    }
}
