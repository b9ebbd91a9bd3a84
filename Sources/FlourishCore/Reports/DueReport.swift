/// `flourish due`: the occurrences of schedules and subscriptions due through a date and paid
/// by no recorded entry (grammar.md, section 8), oldest first.
public struct DueReport: Sendable {
    public struct Row: Sendable {
        public var due: CivilDate
        public var name: String
        /// The size of one occurrence: the sum of its positive lines.
        public var amount: Money
        /// Days from the due date to the report's date (0: due that day).
        public var daysLate: Int
        /// Index into `Journal.plans`.
        public var plan: Int
    }

    public var through: CivilDate
    public var rows: [Row]
    public var currency: Currency

    /// Occurrences from the ledger's first dated line (or the plan's first date) through
    /// `through`, not recorded; `only` keeps the plans with those names.
    public static func make(_ journal: Journal, through: CivilDate, only: [String] = []) -> DueReport {
        var rows: [Row] = []
        if let start = journal.dateRange?.lowerBound, start <= through {
            for occurrence in journal.occurrences(in: start...through) where occurrence.entry == nil {
                let plan = journal.plans[occurrence.plan]
                guard only.isEmpty || only.contains(plan.name) else { continue }
                rows.append(Row(due: occurrence.due, name: plan.name, amount: plan.size,
                                daysLate: occurrence.due.days(until: through), plan: occurrence.plan))
            }
        }
        return DueReport(through: through, rows: rows, currency: journal.currency)
    }
}
