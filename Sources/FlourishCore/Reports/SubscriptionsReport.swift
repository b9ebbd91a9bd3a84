/// `flourish report subscriptions`: each subscription's cost per month and year, its next due
/// date on or after the report date, and the entry that paid its last due date before it.
public struct SubscriptionsReport: Sendable {
    public struct Line: Sendable {
        public var name: String
        public var amount: Money
        public var frequency: Subscription.Frequency
        public var account: String
        public var category: String?
        /// The first due date on or after the report date.
        public var nextDue: CivilDate
        public var monthlyCost: Money
        public var yearlyCost: Money
        /// The last due date before the report date, if one has passed.
        public var lastExpected: CivilDate?
        /// The date of the entry that paid it, if found.
        public var lastPaid: CivilDate?
        /// Not paid, and due more than `overdue-days` ago: what `check` warns about.
        public var isOverdue: Bool
    }

    public var asOf: CivilDate
    public var lines: [Line]
    public var totalMonthly: Money
    public var totalYearly: Money

    /// Each subscription as the plan booking made of it: its occurrences and the entries that
    /// pay them are the ones `check`, `due` and `record` see (`Journal.standing(ofPlan:on:)`).
    public static func make(_ context: ReportContext) throws(MoneyOverflow) -> SubscriptionsReport {
        let journal = context.journal
        let ledger = context.ledger
        var lines: [Line] = []
        var totalMonthly = Money.zero
        var totalYearly = Money.zero
        for (number, plan) in journal.plans.enumerated() {
            guard case .subscription(let i) = plan.source else { continue }
            let subscription = ledger.subscriptions[i]
            let price = subscription.amount.value
            let monthly: Money, yearly: Money
            do throws(MoneyOverflow) {
                switch subscription.frequency {
                case .weekly: monthly = try Money.monthlyShare(ofWeekly: price); yearly = try price * 52
                case .monthly: monthly = price; yearly = try price * 12
                case .yearly: monthly = try Money.monthlyShare(ofYearly: price); yearly = price
                }
                totalMonthly = try totalMonthly + monthly
                totalYearly = try totalYearly + yearly
            } catch {
                throw MoneyOverflow(at: subscription.amount.location)
            }
            let standing = journal.standing(ofPlan: number, on: context.asOf)
            lines.append(Line(name: context.name(subscription.name.id), amount: price,
                              frequency: subscription.frequency, account: context.name(subscription.account.id),
                              category: subscription.category.map { context.name($0.id) },
                              nextDue: standing.next ?? subscription.nextDue.value,
                              monthlyCost: monthly, yearlyCost: yearly,
                              lastExpected: standing.last?.due,
                              lastPaid: standing.last?.entry.map { ledger.entries[$0].date },
                              isOverdue: standing.isOverdue))
        }
        return SubscriptionsReport(asOf: context.asOf, lines: lines, totalMonthly: totalMonthly, totalYearly: totalYearly)
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "subscriptions", title: "Subscriptions at \(asOf)", from: nil, to: asOf)
        var table = ReportDocument.Table(id: "subscriptions", title: "Subscriptions", columns: [
            .init("name", "Name"), .init("amount", "Price", numeric: true), .init("frequency", "Every"),
            .init("account", "Paid from"), .init("nextDue", "Next due"), .init("monthly", "Per month", numeric: true),
            .init("yearly", "Per year", numeric: true), .init("lastExpected", "Last due"), .init("lastCharge", "Last charge"),
        ])
        for line in lines {
            let charge: ReportDocument.Cell
            if line.lastExpected == nil { charge = .text("not due yet") }
            else if let paid = line.lastPaid { charge = .date(paid) }
            else if line.isOverdue { charge = .text("missing") }
            else { charge = .text("not yet") }
            table.rows.append([.text(line.name), .money(line.amount), .text(line.frequency.rawValue), .text(line.account),
                               .date(line.nextDue), .money(line.monthlyCost), .money(line.yearlyCost),
                               line.lastExpected.map(ReportDocument.Cell.date) ?? .empty, charge])
        }
        table.totals = [[.text("Total"), .empty, .empty, .empty, .empty, .money(totalMonthly), .money(totalYearly), .empty, .empty]]
        document.tables = [table]
        return document
    }
}
