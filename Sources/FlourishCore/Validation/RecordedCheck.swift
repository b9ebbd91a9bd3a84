extension Check {
    /// Schedules and subscriptions are recorded: an occurrence due more than `overdue-days`
    /// (default 3) before the last day checked, and paid by no recorded entry, draws a
    /// warning — one per plan, naming the oldest. Occurrences before the ledger's first dated
    /// line are not looked for.
    static let recorded = Check(name: "recorded", needsValidLedger: true, withOptions: { journal, options in
        guard !journal.plans.isEmpty, let range = journal.dateRange else { return [] }
        let end = options.asOf ?? range.upperBound
        let grace = journal.ledger.overdueGrace
        let last = end.adding(days: -grace - 1)
        guard range.lowerBound <= last else { return [] }
        var missing: [Int: (count: Int, oldest: CivilDate)] = [:]
        for occurrence in journal.occurrences(in: range.lowerBound...last) where occurrence.entry == nil {
            let seen = missing[occurrence.plan]
            missing[occurrence.plan] = ((seen?.count ?? 0) + 1, seen?.oldest ?? occurrence.due)
        }
        return missing.sorted { $0.key < $1.key }.map { number, found in
            let (count, oldest) = found
            let plan = journal.plans[number]
            return Diagnostic(.notRecorded(name: plan.name, count: count, oldest: oldest, daysLate: oldest.days(until: end)),
                              at: plan.location)
        }
    })
}
