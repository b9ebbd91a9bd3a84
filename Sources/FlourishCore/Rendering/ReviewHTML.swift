/// The monthly review as one self-contained HTML page with charts.
enum ReviewHTML {
    static func render(_ review: ReviewReport, currency: Currency?, display: DisplayLocale? = nil, shell: HTMLPage.Shell? = nil) -> String {
        let snapshot = review.snapshot
        let money = MoneyFormat(currency, display: display)
        let format = money.text
        let sentences = DocumentRenderer(currency: currency, display: display)
        var page = HTMLPage(title: "Monthly review of \(review.month)", shell: shell)
        let statusClass = review.status.rawValue.replacingAll(" ", with: "-")
        page.append("<h1>\(HTMLPage.prose("Monthly review of \(review.month)"))</h1>\n")
        page.append("<p class=\"subtitle\">\(HTMLPage.prose("\(review.month.first) to \(review.month.last), as of \(review.asOf) (day \(review.daysElapsed) of \(review.daysInMonth))"))</p>\n")
        page.append("<p class=\"status \(statusClass)\">Status: \(review.status.rawValue)</p>\n")

        page.section("figures", "Headline figures", headlineFigures(review, format))

        let categoryBars = review.categories.map {
            SVGChart.Bar(label: $0.category, value: $0.spent, caption: format($0.spent) + ($0.share.map { " (" + DocumentRenderer.percentText($0) + ")" } ?? ""))
        }
        page.section("categories", "Where the money went",
                     SVGChart.bars(id: "categories", title: "Spending by category in \(review.month)",
                                   description: review.categories.map { "\($0.category) \(format($0.spent))" }.joined(separator: ", "),
                                   categoryBars))

        var references: [(label: String, value: Money)] = []
        if let allowance = snapshot?.dailyAllowance, allowance > .zero { references.append(("daily allowance", allowance)) }
        if let daily = review.days.first?.dailyIncome, daily > .zero { references.append(("daily income", daily)) }
        let points = review.days.map { (label: $0.date.description, value: $0.spent) }
        // The same count as the insights: days whose spending against the allowance went over it.
        let over = review.daysOverAllowance.count
        let overText = snapshot.map { $0.dailyAllowance > .zero } == true
            ? "; \(counted(over, "day", "days")) over the daily allowance of \(format(snapshot?.dailyAllowance ?? .zero))" : ""
        page.section("daily", "Spending day by day",
                     SVGChart.line(id: "daily", title: "Daily spending in \(review.month)",
                                   description: "Spending on each of \(review.days.count) days" + overText,
                                   points: points, references: references, format: format))

        page.section("budgets", "Budgets", budgetBars(review, format))

        let totals = review.monthTotals
        let monthBars = zip(review.months, totals).map { SVGChart.Bar(label: $0.description, value: $1, caption: format($1)) }
        page.section("months", "Month over month",
                     SVGChart.bars(id: "months", title: review.months.count == 1 ? "Spending in \(review.month)" : "Spending in the last \(review.months.count) months",
                                   description: zip(review.months, totals).map { "\($0): \(format($1))" }.joined(separator: ", "), monthBars))

        if let snapshot {
            let bucketBars = SVGChart.bucketBars(snapshot, format)
            page.section("buckets", "Buckets on \(snapshot.date)",
                         SVGChart.bars(id: "buckets", title: "Buckets on \(snapshot.date), totalling the funds of \(format(snapshot.funds))",
                                       description: bucketBars.map { "\($0.label) \($0.caption)" }.joined(separator: ", "), bucketBars))
        }

        if !review.earmarks.isEmpty {
            page.section("bills", "Earmarked bills", HTMLPage.table(
                caption: "Bills of \(review.month)", header: ["Bill", "Earmarked", "Paid", "Status"],
                rows: review.earmarks.map { [HTMLPage.escape($0.category), HTMLPage.escape(format($0.amount)),
                                             HTMLPage.escape($0.paid.map(format) ?? "–"), $0.paid == nil ? "unpaid" : "paid"] },
                numeric: [1, 2]))
        }
        page.section("insights", "Insights",
                     "<ul class=\"insights\">\n" + review.insights.map { "<li>\(HTMLPage.prose(sentences.sentence($0)))</li>\n" }.joined() + "</ul>\n")
        return page.rendered
    }

    /// The headline figures as a list of terms.
    private static func headlineFigures(_ review: ReviewReport, _ format: (Money) -> String) -> String {
        var figures = "<dl class=\"figures\">\n"
        func figure(_ name: String, _ value: String) { figures += "<div><dt>\(HTMLPage.escape(name))</dt><dd>\(HTMLPage.escape(value))</dd></div>\n" }
        figure("Income", format(review.income))
        figure("Spending", format(review.expenses))
        figure("Net", format(review.net))
        figure("Savings rate", review.savingsRate.map(DocumentRenderer.percentText) ?? "–")
        if let expected = review.expectedIncome { figure("Expected income", format(expected)) }
        figure("Projected spending", format(review.projectedSpending))
        figure("Projected savings", format(review.projectedSavings))
        figure("Savings target", format(review.targetSavings) + (review.savingsTarget.map { " (" + DocumentRenderer.percentText($0) + ")" } ?? ""))
        figures += "</dl>\n"
        return figures
    }

    /// Each budget's spending against its limit, as bars.
    private static func budgetBars(_ review: ReviewReport, _ format: (Money) -> String) -> String {
        let budgetLines = review.budget.lines.filter { $0.budget != nil }
        let budgetBars = budgetLines.map { line -> SVGChart.Bar in
            let used = line.usedBasisPoints.map(DocumentRenderer.percentText) ?? "–"
            let style = line.status == .over ? "over" : line.status == .near ? "near" : "ok"
            let note = line.status == .over ? ", over" : line.status == .near ? ", near" : ""
            return SVGChart.Bar(label: line.category, value: line.spent, caption: "\(format(line.spent)) of \(format(line.limit ?? .zero)) (\(used)\(note))",
                                style: style, marker: line.limit)
        }
        guard !budgetBars.isEmpty else { return "<p>No budgets this month.</p>\n" }
        return SVGChart.bars(id: "budgets", title: "Budgets in \(review.month): spent against budget",
                             description: budgetLines.map { "\($0.category): \(format($0.spent)) of \(format($0.budget ?? .zero)), \($0.status.rawValue)" }.joined(separator: "; "),
                             budgetBars)
    }
}
