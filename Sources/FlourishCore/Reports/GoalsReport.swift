/// `flourish report goals`: each goal's progress, and what it needs each month to be reached
/// by its deadline.
public struct GoalsReport: Sendable {
    public enum Schedule: String, Sendable {
        case reached
        case onSchedule = "on schedule"
        case behind
        case missed
        case noDeadline = "no deadline"
    }

    public struct Line: Sendable {
        public var name: String
        public var target: Money
        public var saved: Money
        public var deadline: CivilDate?
        /// Budgeting months from the report's month through the deadline's, both included.
        public var monthsLeft: Int?
        /// What is still missing, spread evenly over the months left (rounded up to the cent).
        public var monthlyNeeded: Money?
        /// Where a steady pace from the goal's start to its deadline would be today.
        public var expectedByNow: Money?
        public var schedule: Schedule
        public var percent: Int? { Money.basisPoints(saved, of: target) }
    }

    public var asOf: CivilDate
    public var lines: [Line]

    /// `snapshot` may be given when the caller already has the one at the report date.
    public static func make(_ context: ReportContext, snapshot known: BucketSnapshot? = nil) throws(MoneyOverflow) -> GoalsReport {
        let ledger = context.ledger
        let snapshot = known?.date == context.asOf ? known : try BucketEngine(context.journal).snapshot(at: context.asOf)
        var lines: [Line] = []
        var seen = Set<Int32>()
        for goal in ledger.goals where seen.insert(goal.name.id).inserted {
            let name = context.name(goal.name.id)
            let saved = snapshot?.goals.first { $0.name == name }?.balance ?? .zero
            let target = goal.target.value
            let missing: Money
            do { missing = max(.zero, try target - saved) } catch { throw MoneyOverflow(at: goal.target.location) }
            var line = Line(name: name, target: target, saved: saved, deadline: goal.deadline?.value, monthsLeft: nil,
                            monthlyNeeded: nil, expectedByNow: nil, schedule: .noDeadline)
            if let deadline = goal.deadline?.value {
                let now = context.month(containing: context.asOf)
                let end = context.month(containing: deadline)
                let months = max(0, (end.year * 12 + end.month) - (now.year * 12 + now.month) + 1)
                line.monthsLeft = months
                if months > 0 { line.monthlyNeeded = try missing.dividedRoundingUp(by: months) }
                let total = goal.date.days(until: deadline)
                let elapsed = min(max(0, goal.date.days(until: context.asOf)), total)
                if total > 0 {
                    line.expectedByNow = try blaming(goal.target.location, "the goal \(name) expected by now") { () throws(MoneyOverflow) in
                        try target.scaled(by: elapsed, over: total)
                    }
                }
                if missing == .zero { line.schedule = .reached }
                else if context.asOf > deadline { line.schedule = .missed }
                else if saved >= (line.expectedByNow ?? .zero) { line.schedule = .onSchedule }
                else { line.schedule = .behind }
            } else if missing == .zero {
                line.schedule = .reached
            }
            lines.append(line)
        }
        return GoalsReport(asOf: context.asOf, lines: lines)
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "goals", title: "Goals at \(asOf)", from: nil, to: asOf)
        var table = ReportDocument.Table(id: "goals", title: "Goals", columns: [
            .init("goal", "Goal"), .init("target", "Target", numeric: true), .init("saved", "Saved", numeric: true),
            .init("percent", "Done", numeric: true), .init("progress", "Progress"), .init("deadline", "Deadline"),
            .init("monthsLeft", "Months left", numeric: true), .init("monthlyNeeded", "Needed a month", numeric: true),
            .init("expectedByNow", "Expected by now", numeric: true), .init("schedule", "Schedule"),
        ])
        for line in lines {
            table.rows.append([.text(line.name), .money(line.target), .money(line.saved),
                               line.percent.map(ReportDocument.Cell.percent) ?? .empty,
                               line.percent.map(ReportDocument.Cell.progress) ?? .empty,
                               line.deadline.map(ReportDocument.Cell.date) ?? .empty,
                               line.monthsLeft.map(ReportDocument.Cell.integer) ?? .empty,
                               line.monthlyNeeded.map(ReportDocument.Cell.money) ?? .empty,
                               line.expectedByNow.map(ReportDocument.Cell.money) ?? .empty,
                               .text(line.schedule.rawValue)])
        }
        document.tables = [table]
        return document
    }
}
