/// The running totals booking checks at every line: each name's balance, each parent
/// category's total, the on-budget funds, the off-budget accounts, what people owe, all
/// spending and all income. The first overflow of each is reported where it happened; each
/// `balance` line is compared with its account's running balance at the end of its day; each
/// line's own total after it is kept (`Journal.lineBalances`), the running balance the
/// register and the people report show.
enum RunningTotals {
    /// What a pass over the journal found.
    struct Outcome: Sendable {
        var diagnostics: [Diagnostic]
        /// Each line's name's total after it — an account's or a person's balance, a
        /// category's own total — line by line in date order (`Journal.forEachLine` of each
        /// item); nil when a total overflowed or a line's name is of no kind.
        var lineBalances: [Money]?

        init(diagnostics: [Diagnostic], lineBalances: [Money]? = nil) {
            self.diagnostics = diagnostics
            self.lineBalances = lineBalances
        }
    }

    /// A total that is tracked for the whole ledger rather than per name.
    private enum Group: Int, CaseIterable {
        case funds, offBudget, people, expenses, income

        var what: String {
            switch self {
            case .funds: return "the total of the on-budget accounts"
            case .offBudget: return "the total of the off-budget accounts"
            case .people: return "the total of what people owe"
            case .expenses: return "the total spending"
            case .income: return "the total income"
            }
        }
    }

    /// One running total, and whether it has overflowed (then it is no longer added to).
    private struct Total {
        var sum = Money.zero
        var overflowed = false
    }

    /// Where a line of a name goes: its own total (and its parents', for a category) and one
    /// group's. Nil for a name that is none of these (the reference check reports it).
    private static func group(of id: Int, _ journal: Journal) -> Group? {
        switch journal.index.kind(of: Int32(id)) {
        case .account?: return journal.onBudget[id] ? .funds : .offBudget
        case .person?: return .people
        case .category?: return .expenses
        case .incomeCategory?: return .income
        default: return nil
        }
    }

    /// The totals being added to (each name's, then each group's) and what was found.
    private struct Tally {
        var totals: [Total]
        let currency: Currency
        /// Where an item that overflows a total is written.
        let journal: Journal
        var diagnostics: [Diagnostic] = []
        /// The line last blamed: one line that overflows several totals gets one diagnostic.
        var lastBlamed: SourceLocation?

        mutating func add(_ amount: Money, at slot: Int, _ item: Journal.Item, _ what: () -> String) {
            guard !totals[slot].overflowed else { return }
            do throws(MoneyOverflow) {
                totals[slot].sum = try totals[slot].sum + amount
            } catch {
                totals[slot].overflowed = true
                let location = item.location(in: journal.ledger)
                guard lastBlamed != location else { return }
                lastBlamed = location
                diagnostics.append(Diagnostic(.sumOverflow(what: what(), currency: currency), at: location))
            }
        }
    }

    /// Every line of the journal added to its totals, in date order; a diagnostic for the
    /// first overflow of each total, one per line that overflows several; each line's own
    /// total after it.
    /// With `assertions` false (booking alone, as the forecast books its projection), the
    /// `balance` lines are not compared. With `keepingBalances` false (a command that shows
    /// no figure, `check`), each line's total is checked but not kept.
    static func run(_ journal: Journal, assertions checkingAssertions: Bool = true, keepingBalances: Bool = true) -> Outcome {
        let count = journal.ledger.names.names.count
        let groups = (0..<count).map { group(of: $0, journal) }
        var tally = Tally(totals: [Total](repeating: Total(), count: count + Group.allCases.count),
                          currency: journal.currency, journal: journal)
        let ledger = journal.ledger
        var balances: [Money] = []
        var unkept = false
        if keepingBalances { balances.reserveCapacity(ledger.postings.count + ledger.openings.count + ledger.corrections.count) }
        // `balance DATE ACCOUNT AMOUNT` lines, compared with the account's running balance once
        // the walk has passed their date (the balance at the end of DATE).
        // A `close` line is a `balance` line of zero with words of its own (from `firstClosing` on).
        let assertions = checkingAssertions ? ledger.balanceAssertions + ledger.closings.map {
            BalanceAssertion(date: $0.date, account: $0.account, amount: Located(.zero, at: $0.location), location: $0.location)
        } : []
        let firstClosing = ledger.balanceAssertions.count
        let order = assertions.indices.sorted { (assertions[$0].date, $0) < (assertions[$1].date, $1) }
        var next = 0
        var failed: [Diagnostic] = []
        // Accounts kept in another currency: their own running balances, for their `balance`
        // lines (the home ones above stay what budgeting reads).
        var own = OwnBalances(ledger, home: tally.currency, active: !assertions.isEmpty)
        for item in journal.items {
            if next < order.count, assertions[order[next]].date < item.date {
                compare(assertions, order, &next, before: item.date, tally.totals, groups, ledger, tally.currency, own, firstClosing, into: &failed)
            }
            if own.isActive { own.add(item, ledger) }
            journal.forEachLine(of: item) { target, amount, _ in
                guard let group = groups[Int(target)] else {
                    // A name of no kind (the reference check reports it): no total to keep.
                    unkept = true
                    return
                }
                defer { if keepingBalances { balances.append(tally.totals[Int(target)].sum) } }
                switch group {
                case .funds, .offBudget:
                    tally.add(amount, at: Int(target), item) { "the balance of `\(journal.name(target))` on \(item.date)" }
                case .people:
                    tally.add(amount, at: Int(target), item) { "the balance with `\(journal.name(target))` on \(item.date)" }
                case .expenses, .income:
                    var id = target
                    while id >= 0 {
                        tally.add(amount, at: Int(id), item) { "the total of `\(journal.name(id))` on \(item.date)" }
                        id = journal.parent[Int(id)]
                    }
                }
                tally.add(amount, at: count + group.rawValue, item) { "\(group.what) on \(item.date)" }
            }
        }
        compare(assertions, order, &next, before: nil, tally.totals, groups, ledger, tally.currency, own, firstClosing, into: &failed)
        return Outcome(diagnostics: tally.diagnostics + failed, lineBalances: keepingBalances && tally.diagnostics.isEmpty && !unkept ? balances : nil)
    }

    /// Compares the `balance` lines dated before `date` (every one left, without a date), from
    /// `next` on in date order, with their accounts' running balances.
    private static func compare(_ assertions: [BalanceAssertion], _ order: [Int], _ next: inout Int, before date: CivilDate?,
                                _ totals: [Total], _ groups: [Group?], _ ledger: Ledger, _ currency: Currency,
                                _ own: OwnBalances, _ firstClosing: Int, into failed: inout [Diagnostic]) {
        while next < order.count {
            let assertion = assertions[order[next]]
            if let date, assertion.date >= date { return }
            next += 1
            let id = Int(assertion.account.id)
            // A name that is no account is the reference check's; an overflow is reported.
            guard id >= 0, id < groups.count, groups[id] != nil, !totals[id].overflowed else { continue }
            var actual = totals[id].sum
            var shown = currency
            if let kept = own.currency[assertion.account.id] {
                guard let balance = own.balances[assertion.account.id] ?? .some(.zero) else { continue }
                (actual, shown) = (balance, kept)
            }
            guard actual != assertion.amount.value else { continue }
            if order[next - 1] >= firstClosing {
                failed.append(Diagnostic(.closedWithBalance(account: ledger.names[assertion.account.id], date: assertion.date, balance: actual, currency: shown),
                                         at: assertion.location))
                continue
            }
            failed.append(Diagnostic(.balanceAssertionFailed(account: ledger.names[assertion.account.id], date: assertion.date,
                                                             expected: assertion.amount.value, actual: actual, currency: shown),
                                     at: assertion.amount.location))
        }
    }

    /// The own running balances of accounts kept in another currency (nil once one overflows:
    /// the home total's overflow is what is reported).
    struct OwnBalances {
        var currency: [Int32: Currency] = [:]
        var balances: [Int32: Money?] = [:]

        init(_ ledger: Ledger, home: Currency, active: Bool) {
            guard active else { return }
            for account in ledger.accounts {
                guard let code = account.currency?.value, code != home.code, currency[account.name.id] == nil else { continue }
                let declared = ledger.commodities.first { $0.value.code == code }?.value.decimals
                currency[account.name.id] = Currency(code: code, decimals: declared ?? Currency.standardDecimals(for: code))
            }
        }

        /// Whether any account is kept in another currency (else `add` has nothing to do).
        var isActive: Bool { !currency.isEmpty }

        mutating func add(_ item: Journal.Item, _ ledger: Ledger) {
            switch item.kind {
            case .entry(let i):
                for line in ledger.entries[i].postings {
                    let target = ledger.postings[line].target.id
                    if currency[target] != nil, let foreign = ledger.foreignAmounts[line] { add(foreign.native, to: target) }
                }
            case .opening(let i):
                let opening = ledger.openings[i]
                if currency[opening.account.id] != nil, let foreign = ledger.foreignDirectives[opening.location] {
                    add(foreign.native, to: opening.account.id)
                }
            case .correction(let i):
                let correction = ledger.corrections[i]
                if currency[correction.account.id] != nil, let foreign = ledger.foreignDirectives[correction.location] {
                    add(foreign.native, to: correction.account.id)
                }
            }
        }

        private mutating func add(_ amount: Money, to account: Int32) {
            guard let balance = balances[account] ?? .some(.zero) else { return }
            balances[account] = try? balance + amount
        }
    }
}
