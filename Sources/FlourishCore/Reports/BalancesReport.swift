/// `flourish report balances`: every account's balance at the report date, what people owe,
/// and each category's total for the period, with sub-categories rolled up into parents.
public struct BalancesReport: Sendable {
    public struct AccountLine: Sendable {
        public var name: String
        public var kind: Account.Kind
        public var flags: [Account.Flag]
        public var balance: Money
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
    public var netWorth: Money {
        Money(minorUnits: funds.minorUnits &+ offBudget.minorUnits &+ owedToYou.minorUnits &- youOwe.minorUnits)
    }

    public static func make(_ context: ReportContext) -> BalancesReport {
        let ledger = context.ledger
        let balances = context.balances(through: context.asOf)
        var seen = Set<Int32>()
        var accounts: [AccountLine] = []
        var funds: Int64 = 0, offBudget: Int64 = 0, credit: Int64 = 0
        for account in ledger.accounts where seen.insert(account.name.id).inserted {
            let balance = balances[account.name.id] ?? .zero
            accounts.append(AccountLine(name: context.name(account.name.id), kind: account.kind, flags: account.flags, balance: balance))
            if account.isOffBudget { offBudget &+= balance.minorUnits } else { funds &+= balance.minorUnits }
            if account.kind == .credit && balance < .zero { credit &-= balance.minorUnits }
        }
        var owedToYou: Int64 = 0, youOwe: Int64 = 0
        for person in ledger.people where seen.insert(person.name.id).inserted {
            let balance = balances[person.name.id]?.minorUnits ?? 0
            if balance > 0 { owedToYou &+= balance } else { youOwe &-= balance }
        }
        let totals = context.categoryTotals(in: context.from...context.to)
        var income: [String: Int64] = [:]
        var expenses: [String: Int64] = [:]
        var totalIncome: Int64 = 0, totalExpenses: Int64 = 0
        for (id, amount) in totals {
            let isIncome = context.isIncome(id)
            let value = isIncome ? -amount.minorUnits : amount.minorUnits
            for name in ReportContext.ancestry(context.name(id)) {
                if isIncome { income[name, default: 0] &+= value } else { expenses[name, default: 0] &+= value }
            }
            if isIncome { totalIncome &+= value } else { totalExpenses &+= value }
        }
        func lines(_ sums: [String: Int64]) -> [CategoryLine] {
            sums.sorted { $0.key.split(separator: ":").lexicographicallyPrecedes($1.key.split(separator: ":")) }
                .map { CategoryLine(name: $0.key, depth: $0.key.split(separator: ":").count - 1, total: Money(minorUnits: $0.value)) }
        }
        return BalancesReport(asOf: context.asOf, from: context.from, to: context.to, accounts: accounts,
                              funds: Money(minorUnits: funds), offBudget: Money(minorUnits: offBudget),
                              creditOwed: Money(minorUnits: credit), owedToYou: Money(minorUnits: owedToYou),
                              youOwe: Money(minorUnits: youOwe), income: lines(income), expenses: lines(expenses),
                              totalIncome: Money(minorUnits: totalIncome), totalExpenses: Money(minorUnits: totalExpenses))
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "balances", title: "Balances at the end of \(asOf); categories from \(from) to \(to)",
                                      from: from, to: to)
        var accountTable = ReportDocument.Table(id: "accounts", title: "Accounts", columns: [
            .init("account", "Account"), .init("kind", "Kind"), .init("flags", "Flags"), .init("balance", "Balance", numeric: true),
        ])
        for line in accounts {
            accountTable.rows.append([.text(line.name), .text(line.kind.rawValue),
                                      .text(line.flags.map(\.rawValue).joined(separator: " ")), .money(line.balance)])
        }
        accountTable.totals = [
            [.text("On-budget funds"), .empty, .empty, .money(funds)],
            [.text("Off-budget"), .empty, .empty, .money(offBudget)],
            [.text("Credit owed"), .empty, .empty, .money(creditOwed)],
            [.text("People owe you"), .empty, .empty, .money(owedToYou)],
            [.text("You owe people"), .empty, .empty, .money(youOwe)],
            [.text("Net worth"), .empty, .empty, .money(netWorth)],
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
