/// `flourish report subscriptions`: each subscription's cost per month and year, its next due
/// date after the report date, and whether its last expected charge is in the ledger.
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
    }

    /// How far from the due date a charge may be dated and still count.
    public static let matchWindowDays = 3

    public var asOf: CivilDate
    public var lines: [Line]
    public var totalMonthly: Money
    public var totalYearly: Money

    /// The due date after `date` for a subscription that was due on `anchor` (monthly and
    /// yearly ones keep the anchor's day, clamped to short months).
    static func step(_ date: CivilDate, by frequency: Subscription.Frequency, anchor: CivilDate, times: Int) -> CivilDate {
        switch frequency {
        case .weekly: return anchor.adding(days: 7 * times)
        case .monthly: return CivilDate.clamped(year: anchor.year, month: anchor.month + times, day: anchor.day) ?? date
        case .yearly: return CivilDate.clamped(year: anchor.year + times, month: anchor.month, day: anchor.day) ?? date
        }
    }

    public static func make(_ context: ReportContext) throws(MoneyOverflow) -> SubscriptionsReport {
        let ledger = context.ledger
        var lines: [Line] = []
        var totalMonthly = Money.zero
        var totalYearly = Money.zero
        for subscription in ledger.subscriptions {
            let anchor = subscription.nextDue.value
            var times = 0
            var due = anchor
            var last: CivilDate?
            while due < context.asOf && times < 100_000 {
                last = due
                times += 1
                due = step(due, by: subscription.frequency, anchor: anchor, times: times)
            }
            let price = subscription.amount.value
            let monthly: Money, yearly: Money
            do throws(MoneyOverflow) {
                switch subscription.frequency {
                case .weekly: monthly = try price.scaled(by: 52, over: 12); yearly = try price * 52
                case .monthly: monthly = price; yearly = try price * 12
                case .yearly: monthly = try price.dividedRounded(by: 12); yearly = price
                }
                totalMonthly = try totalMonthly + monthly
                totalYearly = try totalYearly + yearly
            } catch {
                throw MoneyOverflow(at: subscription.amount.location)
            }
            var paid: CivilDate?
            if let last {
                let window = last.adding(days: -matchWindowDays)...last.adding(days: matchWindowDays)
                paid = ledger.entries.first { entry in
                    guard window.contains(entry.date) else { return false }
                    let lines = ledger.postings[entry.postings]
                    let fromAccount = lines.contains { $0.target.id == subscription.account.id && $0.amount == price.negated }
                    let inCategory = subscription.category.map { category in lines.contains { $0.target.id == category.id } } ?? true
                    return fromAccount && inCategory
                }?.date
            }
            lines.append(Line(name: context.name(subscription.name.id), amount: subscription.amount.value,
                              frequency: subscription.frequency, account: context.name(subscription.account.id),
                              category: subscription.category.map { context.name($0.id) }, nextDue: due,
                              monthlyCost: monthly, yearlyCost: yearly,
                              lastExpected: last, lastPaid: paid))
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
            else { charge = .text("missing") }
            table.rows.append([.text(line.name), .money(line.amount), .text(line.frequency.rawValue), .text(line.account),
                               .date(line.nextDue), .money(line.monthlyCost), .money(line.yearlyCost),
                               line.lastExpected.map(ReportDocument.Cell.date) ?? .empty, charge])
        }
        table.totals = [[.text("Total"), .empty, .empty, .empty, .empty, .money(totalMonthly), .money(totalYearly), .empty, .empty]]
        document.tables = [table]
        return document
    }
}
