/// `flourish report balances --monthly` (or `--quarterly`, `--yearly`): the balances report
/// once per column — each account's balance at the column's end, each category's total over
/// it — and the categories' totals over the whole period.
public struct PeriodicBalancesReport: Sendable {
    public var columns: PeriodColumns
    /// The balances report of each column.
    public var reports: [BalancesReport]
    /// The balances report of the whole period: its category totals are the Total column.
    public var whole: BalancesReport

    public static func make(_ context: ReportContext, columns: PeriodColumns, query: ReportQuery?, depth: Int?) throws(MoneyOverflow) -> PeriodicBalancesReport {
        var reports: [BalancesReport] = []
        for column in columns.columns {
            let part = ReportContext(journal: context.journal, from: column.range.lowerBound, to: column.range.upperBound,
                                     asOf: min(column.range.upperBound, context.asOf))
            reports.append(try BalancesReport.make(part, query: query, depth: depth))
        }
        let whole = try BalancesReport.make(context, query: query, depth: depth)
        return PeriodicBalancesReport(columns: columns, reports: reports, whole: whole)
    }

    public var document: ReportDocument {
        let labels = columns.columns.map(\.label)
        var document = ReportDocument(kind: "balances", title: "Balances \(columns.title) from \(whole.from) to \(whole.to)"
                                          + (whole.subject.isEmpty ? "" : "; matching \(whole.subject)"),
                                      from: whole.from, to: whole.to)
        var accounts = ReportDocument.Table(id: "accounts", title: "Accounts at the end of each period",
                                            columns: [.init("account", "Account"), .init("kind", "Kind")]
                                                + labels.map { .init($0, $0, numeric: true) })
        let balances = reports.map { Dictionary($0.accounts.map { ($0.name, $0.balance) }, uniquingKeysWith: { first, _ in first }) }
        for line in whole.accounts {
            accounts.rows.append([.text(line.name), .text(line.kind.rawValue)] + balances.map { .money($0[line.name] ?? .zero) })
        }
        let sums: [(String, KeyPath<BalancesReport, Money>)] = [
            ("On-budget funds", \.funds), ("Off-budget", \.offBudget), ("Credit owed", \.creditOwed),
            ("People owe you", \.owedToYou), ("You owe people", \.youOwe), ("Net worth", \.netWorth),
        ]
        accounts.totals = sums.map { title, figure in [.text(title), .empty] + reports.map { .money($0[keyPath: figure]) } }
        func categories(_ id: String, _ title: String, _ lines: KeyPath<BalancesReport, [BalancesReport.CategoryLine]>,
                        total: KeyPath<BalancesReport, Money>) -> ReportDocument.Table {
            var table = ReportDocument.Table(id: id, title: title, columns: [.init("category", "Category")]
                                                 + labels.map { .init($0, $0, numeric: true) } + [.init("total", "Total", numeric: true)])
            let totals = reports.map { Dictionary($0[keyPath: lines].map { ($0.name, $0.total) }, uniquingKeysWith: { first, _ in first }) }
            for line in whole[keyPath: lines] {
                table.rows.append([.name(line.name, depth: line.depth)] + totals.map { .money($0[line.name] ?? .zero) } + [.money(line.total)])
            }
            table.totals = [[.text("Total")] + reports.map { .money($0[keyPath: total]) } + [.money(whole[keyPath: total])]]
            return table
        }
        document.tables = [
            accounts,
            categories("income", "Income", \.income, total: \.totalIncome),
            categories("expenses", "Expenses", \.expenses, total: \.totalExpenses),
        ]
        return document
    }
}
