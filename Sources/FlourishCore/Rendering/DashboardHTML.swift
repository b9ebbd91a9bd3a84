/// The dashboard as one self-contained HTML page.
enum DashboardHTML {
    static func render(_ dashboard: DashboardReport, currency: Currency?, display: DisplayLocale? = nil, shell: HTMLPage.Shell? = nil) -> String {
        let format = MoneyFormat(currency, display: display).text
        let sentences = DocumentRenderer(currency: currency, display: display)
        let s = dashboard.snapshot
        var page = HTMLPage(title: "Dashboard for \(dashboard.asOf)", shell: shell)
        page.append("<h1>Dashboard</h1>\n<p class=\"subtitle\">\(HTMLPage.prose("\(dashboard.asOf), budgeting month \(s.month)"))</p>\n")
        var figures = "<dl class=\"figures\">\n"
        for (name, value) in [("Funds", s.funds), ("Allowance set aside", s.allowanceSetAside), ("of which left today", s.remainingToday),
                              ("Main savings", s.mainSavings)] {
            figures += "<div><dt>\(name)</dt><dd>\(HTMLPage.escape(format(value)))</dd></div>\n"
        }
        figures += "</dl>\n"
        page.section("figures", "At a glance", figures)
        page.section("funds", "Funds", HTMLPage.table(
            caption: "On-budget accounts", header: ["Account", "Balance"],
            rows: s.accounts.map { [HTMLPage.escape($0.name), HTMLPage.escape(format($0.balance))] } + [["Total", HTMLPage.escape(format(s.funds))]],
            numeric: [1]))
        let buckets = SVGChart.bucketBars(s, format)
        page.section("buckets", "Buckets", SVGChart.bars(id: "buckets", title: "Buckets, totalling the funds of \(format(s.funds))",
                                                         description: buckets.map { "\($0.label) \($0.caption)" }.joined(separator: ", "), buckets))
        let lines = dashboard.budget.lines.filter { $0.budget != nil }
        if !lines.isEmpty {
            let bars = lines.map { line in
                SVGChart.Bar(label: line.category, value: line.spent,
                             caption: "\(format(line.spent)) of \(format(line.limit ?? .zero))" + (line.status == .over ? ", over" : line.status == .near ? ", near" : ""),
                             style: line.status == .over ? "over" : line.status == .near ? "near" : "ok", marker: line.limit)
            }
            page.section("budgets", "Budgets this month", SVGChart.bars(id: "budgets", title: "Budgets this month: spent against budget",
                                                                        description: lines.map { "\($0.category) \(format($0.spent)) of \(format($0.limit ?? .zero))" }.joined(separator: "; "), bars))
        }
        page.section("upcoming", "Due in the next \(DashboardReport.upcomingDays) days",
                     dashboard.upcoming.isEmpty ? "<p>Nothing is due.</p>\n" : HTMLPage.table(
                        caption: "Bills and subscriptions", header: ["Date", "What", "Amount"],
                        rows: dashboard.upcoming.map { [$0.date.description, HTMLPage.escape($0.what), HTMLPage.escape(format($0.amount))] }, numeric: [2]))
        let people = dashboard.people.balances.filter { $0.amount != .zero }
        page.section("people", "People", people.isEmpty ? "<p>Everyone is settled.</p>\n" : HTMLPage.table(
            caption: "Positive: they owe you", header: ["Person", "Balance"],
            rows: people.map { [HTMLPage.escape($0.person), HTMLPage.escape(format($0.amount))] }, numeric: [1]))
        page.section("actions", "To do", "<ul class=\"insights\">\n"
                     + (dashboard.actions.isEmpty ? ["Nothing needs doing."] : dashboard.actions.map(sentences.sentence))
                        .map { "<li>\(HTMLPage.prose($0))</li>\n" }.joined() + "</ul>\n")
        if let quote = dashboard.quote {
            page.closing = "<figure class=\"quote\"><blockquote><p>\(HTMLPage.escape(quote.text))</p></blockquote>"
                + "<figcaption>\(HTMLPage.escape(quote.source))</figcaption></figure>\n"
        }
        return page.rendered
    }
}
