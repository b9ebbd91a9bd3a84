/// `flourish report balances`: every account's balance at the report date, what people owe,
/// and each category's total for the period, with sub-categories rolled up into parents.
public struct BalancesReport: Sendable {
    public struct AccountLine: Sendable {
        public var name: String
        public var kind: Account.Kind
        public var flags: [Account.Flag]
        public var balance: Money
        /// An account kept in another currency: its balance in that currency (nil when its
        /// sum overflows).
        public var own: (currency: Currency, balance: Money?)? = nil
    }

    public struct CategoryLine: Sendable {
        /// Full name; parents come before their children.
        public var name: String
        public var depth: Int
        /// Spending for expense categories, earnings (as a positive figure) for income ones.
        public var total: Money
    }

    public var asOf: CivilDate
    public var from: CivilDate
    public var to: CivilDate
    public var accounts: [AccountLine]
    public var funds: Money
    public var offBudget: Money
    /// What is owed on credit accounts, as a positive figure.
    public var creditOwed: Money
    public var owedToYou: Money
    public var youOwe: Money
    public var income: [CategoryLine]
    public var expenses: [CategoryLine]
    public var totalIncome: Money
    public var totalExpenses: Money

    /// Accounts plus what people owe you, minus what you owe them.
    public var netWorth: Money

    /// The query's words, shown in the title (empty: every line counts).
    public var subject = ""

    /// With a query, only the lines it keeps are summed and only the names it chooses are
    /// listed; with `depth`, categories deeper than that many levels are left to their parents.
    public static func make(_ context: ReportContext, query: ReportQuery? = nil, depth: Int? = nil) throws(MoneyOverflow) -> BalancesReport {
        let journal = context.journal
        let ledger = context.ledger
        let filter = query?.filter
        let chooses = { (id: Int32) in query?.chooses(id) ?? true }
        let balances = try journal.balances(through: context.asOf, filter: filter)
        // Own balances of accounts kept in other currencies (every line counts: not with a query).
        let own = filter == nil ? journal.ownBalances(through: context.asOf) : [:]
        var seen = Set<Int32>()
        var accounts: [AccountLine] = []
        var funds = Money.zero, offBudget = Money.zero, credit = Money.zero
        var owedToYou = Money.zero, youOwe = Money.zero
        // Booking checked the funds and the off-budget total; the rest are checked here.
        func add(_ total: inout Money, _ amount: Money, at location: SourceLocation) throws(MoneyOverflow) {
            do { total = try total + amount } catch { throw MoneyOverflow(at: location) }
        }
        // An account closed before the report date is left out (it is at zero: `close`).
        let closed = Set(ledger.closings.filter { $0.date < context.asOf }.map(\.account.id))
        for account in ledger.accounts where chooses(account.name.id) && !closed.contains(account.name.id) && seen.insert(account.name.id).inserted {
            let balance = balances[Int(account.name.id)]
            accounts.append(AccountLine(name: context.name(account.name.id), kind: account.kind, flags: account.flags, balance: balance,
                                        own: own[account.name.id]))
            try add(&funds, account.isOffBudget ? .zero : balance, at: account.location)
            try add(&offBudget, account.isOffBudget ? balance : .zero, at: account.location)
            if account.kind == .credit && balance < .zero { try add(&credit, try -balance, at: account.location) }
        }
        for person in ledger.people where chooses(person.name.id) && seen.insert(person.name.id).inserted {
            let balance = balances[Int(person.name.id)]
            if balance > .zero { try add(&owedToYou, balance, at: person.location) }
            else { try add(&youOwe, try -balance, at: person.location) }
        }
        let totals = try journal.categoryTotals(in: context.from...context.to, filter: filter)
        var income: [CategoryLine] = []
        var expenses: [CategoryLine] = []
        var totalIncome = Money.zero, totalExpenses = Money.zero
        for id in totals.touched {
            let isIncome = context.isIncome(id)
            let value = isIncome ? try -totals[id] : totals[id]
            let line = CategoryLine(name: context.name(id), depth: journal.depth(id), total: value)
            if line.depth < depth ?? Int.max {
                if isIncome { income.append(line) } else { expenses.append(line) }
            }
            if journal.parent[Int(id)] < 0 {
                if isIncome { totalIncome = try totalIncome + value } else { totalExpenses = try totalExpenses + value }
            }
        }
        func sorted(_ lines: [CategoryLine]) -> [CategoryLine] {
            lines.sorted { $0.name.split(separator: ":").lexicographicallyPrecedes($1.name.split(separator: ":")) }
        }
        let net = try funds + offBudget + owedToYou - youOwe
        return BalancesReport(asOf: context.asOf, from: context.from, to: context.to, accounts: accounts,
                              funds: funds, offBudget: offBudget, creditOwed: credit, owedToYou: owedToYou,
                              youOwe: youOwe, income: sorted(income), expenses: sorted(expenses),
                              totalIncome: totalIncome, totalExpenses: totalExpenses, netWorth: net,
                              subject: query?.summary ?? "")
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "balances", title: "Balances at the end of \(asOf); categories from \(from) to \(to)"
                                          + (subject.isEmpty ? "" : "; matching \(subject)"),
                                      from: from, to: to)
        // With an account kept in another currency, a column of each such account's own balance.
        let showsOwn = accounts.contains { $0.own != nil }
        var accountTable = ReportDocument.Table(id: "accounts", title: "Accounts", columns: [
            .init("account", "Account"), .init("kind", "Kind"), .init("flags", "Flags"), .init("balance", "Balance", numeric: true),
        ] + (showsOwn ? [.init("own", "Own balance", numeric: true)] : []))
        for line in accounts {
            var row: [ReportDocument.Cell] = [.text(line.name), .text(line.kind.rawValue),
                                              .text(line.flags.map(\.rawValue).joined(separator: " ")), .money(line.balance)]
            if showsOwn {
                if let own = line.own {
                    row.append(own.balance.map { .foreign($0, own.currency) } ?? .text("too large"))
                } else {
                    row.append(.empty)
                }
            }
            accountTable.rows.append(row)
        }
        let blank: [ReportDocument.Cell] = showsOwn ? [.empty] : []
        accountTable.totals = [
            [.text("On-budget funds"), .empty, .empty, .money(funds)] + blank,
            [.text("Off-budget"), .empty, .empty, .money(offBudget)] + blank,
            [.text("Credit owed"), .empty, .empty, .money(creditOwed)] + blank,
            [.text("People owe you"), .empty, .empty, .money(owedToYou)] + blank,
            [.text("You owe people"), .empty, .empty, .money(youOwe)] + blank,
            [.text("Net worth"), .empty, .empty, .money(netWorth)] + blank,
        ]
        func categoryTable(_ id: String, _ title: String, _ lines: [CategoryLine], total: Money) -> ReportDocument.Table {
            var table = ReportDocument.Table(id: id, title: title, columns: [
                .init("category", "Category"), .init("total", "Total", numeric: true),
            ])
            for line in lines {
                table.rows.append([.name(line.name, depth: line.depth), .money(line.total)])
            }
            table.totals = [[.text("Total"), .money(total)]]
            return table
        }
        document.tables = [
            accountTable,
            categoryTable("income", "Income", income, total: totalIncome),
            categoryTable("expenses", "Expenses", expenses, total: totalExpenses),
        ]
        return document
    }
}
