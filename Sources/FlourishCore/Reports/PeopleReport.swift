/// `flourish report people`: who owes whom, from split lines with people and settlements; with
/// `--settle`, the transfers that settle everyone.
public struct PeopleReport: Sendable {
    public struct Balance: Sendable {
        public var person: String
        /// Positive: they owe you. Negative: you owe them.
        public var amount: Money
        /// The day the current debt began (the balance last left zero), when there is one.
        public var since: CivilDate?
    }

    public struct Transfer: Sendable, Equatable {
        public var from: String
        public var to: String
        public var amount: Money
    }

    public static let you = "you"

    public var asOf: CivilDate
    public var balances: [Balance]
    public var transfers: [Transfer]?

    public var owedToYou: Money
    public var youOwe: Money

    public static func make(_ context: ReportContext, settle: Bool) throws(MoneyOverflow) -> PeopleReport {
        let journal = context.journal
        let ledger = context.ledger
        let balancesNow = try journal.balances(through: context.asOf)
        // The day each current debt began: the last day its running balance left zero or
        // changed sign, read from booking's running balances (kept, exact).
        var since = [CivilDate?](repeating: nil, count: ledger.names.names.count)
        let people = Journal.LineFilter(names: context.isPerson)
        try journal.forEachRunningLine(through: context.asOf, filter: people, running: .perName(depth: nil)) { index, person, amount, after, _ in
            if after == .zero { since[Int(person)] = nil }
            else if after == amount || (after > .zero) != (amount < after) { since[Int(person)] = journal.items[index].date }
        }
        var seen = Set<Int32>()
        var balances: [Balance] = []
        var owedToYou = Money.zero
        var youOwe = Money.zero
        for person in ledger.people where seen.insert(person.name.id).inserted {
            let amount = balancesNow[Int(person.name.id)]
            balances.append(Balance(person: context.name(person.name.id), amount: amount, since: since[Int(person.name.id)]))
            do throws(MoneyOverflow) {
                if amount > .zero { owedToYou = try owedToYou + amount } else { youOwe = try youOwe - amount }
            } catch {
                throw MoneyOverflow(at: person.location)
            }
        }
        let transfers: [Transfer]?
        do { transfers = settle ? try settlement(balances) : nil } catch { throw MoneyOverflow(at: ledger.people.first?.location) }
        return PeopleReport(asOf: context.asOf, balances: balances, transfers: transfers, owedToYou: owedToYou, youOwe: youOwe)
    }

    /// Greedy settlement: the largest debtor pays the largest creditor, until all are even.
    /// "You" take part like everyone else, so a friend who owes you may pay a friend you owe.
    /// Each step settles at least one person, so there are fewer transfers than people with a
    /// balance; greedy is not always the minimum, but it is for the common cases here.
    static func settlement(_ balances: [Balance]) throws(MoneyOverflow) -> [Transfer] {
        var net: [(String, Money)] = balances.map { ($0.person, $0.amount) }.filter { $0.1 != .zero }
        let yourNet = try -Money.sum(net.map(\.1))
        if yourNet != .zero { net.append((you, yourNet)) }
        var transfers: [Transfer] = []
        // Positive net = owes (a debtor), negative = is owed (a creditor).
        while let debtor = net.indices.filter({ net[$0].1 > .zero }).max(by: { (net[$0].1, net[$1].0) < (net[$1].1, net[$0].0) }),
              let creditor = net.indices.filter({ net[$0].1 < .zero }).min(by: { (net[$0].1, net[$0].0) < (net[$1].1, net[$1].0) }) {
            let amount = min(net[debtor].1, try -net[creditor].1)
            transfers.append(Transfer(from: net[debtor].0, to: net[creditor].0, amount: amount))
            net[debtor].1 = try net[debtor].1 - amount
            net[creditor].1 = try net[creditor].1 + amount
        }
        return transfers
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "people", title: "People at the end of \(asOf)", from: nil, to: asOf)
        var table = ReportDocument.Table(id: "balances", title: "Balances", columns: [
            .init("person", "Person"), .init("balance", "Balance", numeric: true), .init("meaning", "Meaning"),
            .init("since", "Since"), .init("days", "Days", numeric: true),
        ])
        for balance in balances {
            let meaning = balance.amount > .zero ? "owes you" : balance.amount < .zero ? "you owe" : "settled"
            table.rows.append([.text(balance.person), .money(balance.amount), .text(meaning),
                               balance.since.map(ReportDocument.Cell.date) ?? .empty,
                               balance.since.map { .integer($0.days(until: asOf)) } ?? .empty])
        }
        table.totals = [[.text("Owed to you"), .money(owedToYou), .empty, .empty, .empty],
                        [.text("You owe"), .money(youOwe), .empty, .empty, .empty]]
        document.tables = [table]
        if let transfers {
            var settle = ReportDocument.Table(id: "settle", title: "To settle up", columns: [
                .init("from", "From"), .init("to", "To"), .init("amount", "Amount", numeric: true),
            ])
            for transfer in transfers {
                settle.rows.append([.text(transfer.from), .text(transfer.to), .money(transfer.amount)])
            }
            document.tables.append(settle)
        }
        return document
    }
}
