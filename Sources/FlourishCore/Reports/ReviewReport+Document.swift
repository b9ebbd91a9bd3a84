extension ReviewReport {
    public var document: ReportDocument {
        typealias Cell = ReportDocument.Cell
        var document = ReportDocument(kind: "review", title: "Monthly review of \(month) (\(month.first) to \(month.last)), as of \(asOf): \(status.rawValue)",
                                      from: month.first, to: month.last)
        var summary = ReportDocument.Table(id: "summary", title: "Summary", columns: [
            .init("figure", "Figure"), .init("value", "Value", numeric: true),
        ])
        summary.rows = [
            [.text("Income"), .money(income)],
            [.text("Expected income"), expectedIncome.map(Cell.money) ?? .empty],
            [.text("Expenses"), .money(expenses)],
            [.text("Net"), .money(net)],
            [.text("Savings rate"), savingsRate.map(Cell.percent) ?? .empty],
            [.text("Savings target"), savingsTarget.map(Cell.percent) ?? .empty],
        ]
        var shares = ReportDocument.Table(id: "categories", title: "Where the money went", columns: [
            .init("category", "Category"), .init("spent", "Spent", numeric: true), .init("share", "Share", numeric: true),
            .init("bar", "Share of spending"),
        ])
        shares.rows = categories.map { [.text($0.category), .money($0.spent), $0.share.map(Cell.percent) ?? .empty,
                                        $0.share.map(Cell.progress) ?? .empty] }
        shares.totals = [[.text("Total"), .money(expenses), .empty, .empty]]
        var budgets = ReportDocument.Table(id: "budget", title: "Budgets", columns: [
            .init("category", "Category"), .init("budget", "Budget", numeric: true), .init("spent", "Spent", numeric: true),
            .init("used", "Used", numeric: true), .init("status", "Status"),
        ])
        budgets.rows = budget.lines.filter { $0.budget != nil }.map {
            [.text($0.category), $0.budget.map(Cell.money) ?? .empty, .money($0.spent),
             $0.usedBasisPoints.map(Cell.percent) ?? .empty, .text($0.status.rawValue)]
        }
        budgets.totals = [[.text("Budgeted"), .money(budget.totalBudget), .money(budget.budgetedSpent), .empty, .empty],
                          [.text("Unbudgeted"), .empty, .money(budget.unbudgetedSpent), .empty, .empty]]
        var columns: [ReportDocument.Column] = [.init("category", "Category")]
        for (i, compared) in months.enumerated() {
            columns.append(.init("month\(i + 1)", compared.description, numeric: true))
        }
        columns += [.init("change", "Change", numeric: true), .init("changePercent", "Change %", numeric: true)]
        var trend = ReportDocument.Table(id: "monthOverMonth", title: "Month over month", columns: columns)
        trend.rows = monthOverMonth.map { line in
            [.text(line.category)] + line.amounts.map(Cell.money) + [.money(line.change), line.changePercent.map(Cell.percent) ?? .empty]
        }
        var bills = ReportDocument.Table(id: "earmarks", title: "Earmarked bills", columns: [
            .init("category", "Bill"), .init("amount", "Earmarked", numeric: true), .init("dueDay", "Due day", numeric: true),
            .init("paid", "Paid", numeric: true), .init("status", "Status"),
        ])
        bills.rows = earmarks.map {
            [.text($0.category), .money($0.amount), $0.dueDay.map(Cell.integer) ?? .empty,
             $0.paid.map(Cell.money) ?? .empty, .text($0.paid == nil ? "unpaid" : "paid")]
        }
        var projection = ReportDocument.Table(id: "projection", title: "Projection to the month's end", columns: [
            .init("figure", "Figure"), .init("value", "Value", numeric: true),
        ])
        projection.rows = [
            [.text("Days elapsed"), .integer(daysElapsed)],
            [.text("Days in the month"), .integer(daysInMonth)],
            [.text("Spent so far"), .money(expenses)],
            [.text("Projected spending"), .money(projectedSpending)],
            [.text("Income"), .money(incomeBasis)],
            [.text("Projected savings"), .money(projectedSavings)],
            [.text("Savings target"), .money(targetSavings)],
            [.text("Status"), .text(status.rawValue)],
        ]
        var daily = ReportDocument.Table(id: "daily", title: "Each day against the daily income", columns: [
            .init("date", "Date"), .init("spent", "Spent", numeric: true),
            .init("dailyIncome", "Daily income", numeric: true), .init("net", "Net", numeric: true),
        ])
        daily.rows = days.map { [.date($0.date), .money($0.spent), .money($0.dailyIncome), .money($0.net)] }
        document.tables = [summary, shares, budgets, trend, bills, projection, daily]
        document.notes = [(id: "insights", title: "Insights", lines: insights)]
        document.sparklines = [(title: "Spending each day, \(month.first) to \(asOf)",
                                values: days.map(\.spent.minorUnits))]
        return document
    }
}
