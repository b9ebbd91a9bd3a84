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

    public var owedToYou: Money { Money(minorUnits: balances.reduce(0) { $0 &+ max(0, $1.amount.minorUnits) }) }
    public var youOwe: Money { Money(minorUnits: balances.reduce(0) { $0 &- min(0, $1.amount.minorUnits) }) }

    public static func make(_ context: ReportContext, settle: Bool) -> PeopleReport {
        let ledger = context.ledger
        var running: [Int32: Int64] = [:]
        var since: [Int32: CivilDate] = [:]
        context.forEachEntry(in: CivilDate(year: 1, month: 1, day: 1)!...context.asOf) { entry in
            for posting in ledger.postings[entry.postings] where context.isPerson(posting.target.id) {
                let id = posting.target.id
                let before = running[id] ?? 0
                let after = before &+ posting.amount.minorUnits
                running[id] = after
                if after == 0 { since[id] = nil }
                else if before == 0 || (before > 0) != (after > 0) { since[id] = entry.date }
            }
        }
        var seen = Set<Int32>()
        let balances = ledger.people.filter { seen.insert($0.name.id).inserted }.map { person in
            Balance(person: context.name(person.name.id), amount: Money(minorUnits: running[person.name.id] ?? 0),
                    since: since[person.name.id])
        }
        return PeopleReport(asOf: context.asOf, balances: balances, transfers: settle ? settlement(balances) : nil)
    }

    /// Greedy settlement: the largest debtor pays the largest creditor, until all are even.
    /// "You" take part like everyone else, so a friend who owes you may pay a friend you owe.
    /// Each step settles at least one person, so there are fewer transfers than people with a
    /// balance; greedy is not always the minimum, but it is for the common cases here.
    static func settlement(_ balances: [Balance]) -> [Transfer] {
        var net: [(String, Int64)] = balances.map { ($0.person, $0.amount.minorUnits) }.filter { $0.1 != 0 }
        let yourNet = -net.reduce(Int64(0)) { $0 &+ $1.1 }
        if yourNet != 0 { net.append((you, yourNet)) }
        var transfers: [Transfer] = []
        // Positive net = owes (a debtor), negative = is owed (a creditor).
        while let debtor = net.indices.filter({ net[$0].1 > 0 }).max(by: { (net[$0].1, net[$1].0) < (net[$1].1, net[$0].0) }),
              let creditor = net.indices.filter({ net[$0].1 < 0 }).min(by: { (net[$0].1, net[$0].0) < (net[$1].1, net[$1].0) }) {
            let amount = min(net[debtor].1, -net[creditor].1)
            transfers.append(Transfer(from: net[debtor].0, to: net[creditor].0, amount: Money(minorUnits: amount)))
            net[debtor].1 -= amount
            net[creditor].1 += amount
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
