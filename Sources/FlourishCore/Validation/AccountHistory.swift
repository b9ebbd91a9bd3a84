/// The dated changes to each account's balance: openings, corrections and split lines.
struct AccountHistory {
    struct Change {
        var date: CivilDate
        var amount: Money
        var location: SourceLocation
    }

    /// Changes per account name id, sorted by date (stable: file order within a day).
    private(set) var changes: [Int32: [Change]] = [:]

    init(_ ledger: Ledger, accounts: Set<Int32>) {
        for opening in ledger.openings where accounts.contains(opening.account.id) {
            changes[opening.account.id, default: []].append(Change(date: opening.date, amount: opening.amount.value, location: opening.location))
        }
        for correction in ledger.corrections where accounts.contains(correction.account.id) {
            changes[correction.account.id, default: []].append(Change(date: correction.date, amount: correction.amount.value, location: correction.location))
        }
        for entry in ledger.entries {
            for posting in ledger.postings[entry.postings] where accounts.contains(posting.target.id) {
                changes[posting.target.id, default: []].append(Change(date: entry.date, amount: posting.amount, location: posting.location))
            }
        }
        for key in changes.keys {
            changes[key] = changes[key]!.enumerated()
                .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
                .map(\.element)
        }
    }
}

extension Ledger {
    /// Name ids of the declared accounts.
    var accountIDs: Set<Int32> { Set(accounts.map(\.name.id)) }
}
