/// Renders a `ForecastReport`: text, CSV, JSON, and an HTML page with a chart of the balances
/// and main savings, the breaking day marked.
public enum ForecastRenderer {
    static let expected = "schedules and subscriptions not recorded yet, earmarks on their due days, expected income, and the daily allowance spent in full"

    /// The events of a day worth naming in a table (the allowance is spent every day).
    static func named(_ day: ForecastReport.Day) -> [String] {
        day.events.filter { $0.paysFrom != .allowance }.map(\.what)
    }

    /// What the verdict says: what is below zero on the report date already, then the first
    /// break and what brought it there, or that the rule holds.
    static func verdict(_ report: ForecastReport, _ money: MoneyFormat) -> [String] {
        var lines: [String] = []
        if !report.alreadyBelow.isEmpty {
            lines.append("Below zero on \(report.from) already: \(report.alreadyBelow.map { shortfall($0, money, now: true) }.joined(separator: "; ")).")
        }
        guard let broken = report.firstBreak else {
            return lines + ["The bucket rule holds on every day through \(report.until), and no account goes below zero"
                            + (report.alreadyBelow.isEmpty ? "." : " that was not already.")]
        }
        lines.append("First break: \(broken.date): \(broken.shortfalls.map { shortfall($0, money) }.joined(separator: "; ")).")
        if !broken.causes.isEmpty { lines.append("What brought it there since \(report.from), the largest first:") }
        return lines + broken.causes.map { "  - " + cause($0, money) + ($0.place.map { " (\($0))" } ?? "") }
    }

    static func shortfall(_ shortfall: ForecastReport.Shortfall, _ money: MoneyFormat, now: Bool = false) -> String {
        let verb = now ? "is" : "would be"
        switch shortfall {
        case .mainSavings(let amount): return "main savings \(verb) \(money.text(amount))"
        case .goal(let name, let amount): return "goal \(name) \(verb) \(money.text(amount))"
        case .account(let name, let amount): return "\(name) \(verb) \(money.text(amount))"
        }
    }

    static func cause(_ cause: ForecastReport.Cause, _ money: MoneyFormat) -> String {
        switch cause.kind {
        case .expected:
            guard cause.setAside > .zero else { return "\(cause.what) \(money.text(cause.amount))" + (cause.count > 1 ? ", \(cause.count) times" : "") }
            // Paid out, and more set aside besides: the two parts.
            let out = (try? cause.amount + cause.setAside) ?? cause.amount
            return "\(cause.what) \(money.text(cause.amount)) (\(money.text(out)) out in \(cause.count) line\(cause.count == 1 ? "" : "s"), "
                + "\(money.text(cause.setAside)) more set aside)"
        case .setAside: return "\(cause.what) \(money.text(cause.amount)) more set aside"
        }
    }

    /// The widest the text report is.
    static let textWidth = 100
    /// The longest forecast shown a row a day; a longer one has a row a week.
    static let dailyRows = 35

    /// The rows of the text table: every day of a short forecast; of a long one, the report
    /// date, every seventh day after it, the first break and the last day. Each with the
    /// expected lines since the row before (the allowance left out: it is every day's).
    static func rows(_ report: ForecastReport) -> (rows: [(day: ForecastReport.Day, expected: [String])], weekly: Bool) {
        let weekly = report.days.count > dailyRows
        var rows: [(day: ForecastReport.Day, expected: [String])] = []
        var since: [String] = []
        for (index, day) in report.days.enumerated() {
            for name in named(day) where !since.contains(name) { since.append(name) }
            let shown = !weekly || index % 7 == 0 || index == report.days.count - 1 || day.snapshot.date == report.firstBreak?.date
            guard shown else { continue }
            rows.append((day, since))
            since = []
        }
        return (rows, weekly)
    }

    /// The accounts the chart and the text table show beside funds and main savings: those
    /// that break.
    static func drivers(_ report: ForecastReport) -> [String] {
        report.firstBreak?.shortfalls.compactMap { if case .account(let name, _) = $0 { return name } else { return nil } } ?? []
    }

    public static func text(_ report: ForecastReport, display: DisplayLocale? = nil) -> String {
        let money = MoneyFormat(report.currency, display: display)
        var out = "Forecast from \(report.from) to \(report.until)\n"
        out += TextTable.wrapped("Expected: \(expected).", width: textWidth) + "\n\n"
        out += "Safe to spend today: \(money.text(report.safeToSpendToday))\n\n"
        out += verdict(report, money).joined(separator: "\n") + "\n\n"
        let (rows, weekly) = rows(report)
        // Funds, what is set aside, main savings, and the accounts that break; the rest of the
        // line names the expected lines (CSV and JSON have every account and bucket, every day).
        var accounts = drivers(report)
        let titles = ["Date", "Funds", "Set aside", "Main savings"] + accounts
        // Each row's figures, and each column's width (its title's or its widest figure's),
        // worked out once; the accounts that break are dropped from the last while the line is
        // too wide for the expected lines to have room.
        let cells = rows.map { row -> [String] in
            let s = row.day.snapshot
            let setAside = (try? s.funds - s.mainSavings) ?? .zero
            return [s.date.description, money.text(s.funds), money.text(setAside), money.text(s.mainSavings)]
                + accounts.map { name in money.text(s.accounts.first { $0.name == name }?.balance ?? .zero) }
        }
        var widths = titles.indices.map { column in cells.map { TextTable.width($0[column]) }.reduce(TextTable.width(titles[column]), max) + 2 }
        while !accounts.isEmpty && widths.reduce(0, +) > textWidth - 12 {
            accounts.removeLast()
            widths.removeLast()
        }
        let room = max(8, textWidth - widths.reduce(0, +))
        var table = TextTable([("Date", .left), ("Funds", .right), ("Set aside", .right), ("Main savings", .right)]
                              + accounts.map { ($0, .right) } + [("Expected", .left)])
        for (row, figures) in zip(rows, cells) {
            table.add(Array(figures.prefix(4 + accounts.count)) + [TextTable.fitted(row.expected.joined(separator: ", "), width: room)])
        }
        if weekly { out += "Every seventh day from \(report.from), the break and the last day (--format csv: every day):\n" }
        return out + table.rendered()
    }

    /// Whether any day has envelopes (rollover budgets): then they have a column.
    static func hasEnvelopes(_ report: ForecastReport) -> Bool { report.days.contains { !$0.snapshot.envelopes.isEmpty } }

    /// The buckets of a day, in the columns' order.
    static func buckets(_ s: BucketSnapshot, envelopes: Bool) -> [Money] {
        [s.funds, s.allowanceSetAside, s.monthlySetAside, s.goalsTotal] + (envelopes ? [s.envelopesTotal] : []) + [s.owedToPeople, s.mainSavings]
    }

    public static func csv(_ report: ForecastReport) -> String {
        let money = MoneyFormat(report.currency)
        let accounts = report.days.first?.snapshot.accounts.map(\.name) ?? []
        let envelopes = hasEnvelopes(report)
        var lines: [[String]] = [["date"] + accounts.map(DocumentRenderer.csvText)
                                 + ["funds", "allowance", "monthly", "goals"] + (envelopes ? ["envelopes"] : [])
                                 + ["owed", "main_savings", "expected"]]
        for day in report.days {
            let s = day.snapshot
            lines.append([s.date.description] + s.accounts.map { money.plain($0.balance) }
                         + buckets(s, envelopes: envelopes).map(money.plain) + [DocumentRenderer.csvText(named(day).joined(separator: ", "))])
        }
        return lines.map { $0.map(DocumentRenderer.csvField).joined(separator: ",") + "\r\n" }.joined()
    }

    public static func json(_ report: ForecastReport) -> String {
        let money = MoneyFormat(report.currency)
        func shortfalls(_ list: [ForecastReport.Shortfall]) -> JSONValue {
            .array(list.map { shortfall in
                switch shortfall {
                case .mainSavings(let amount): return .object([("kind", .string("main-savings")), ("name", .null), ("amount", money.json(amount))])
                case .goal(let name, let amount): return .object([("kind", .string("goal")), ("name", .string(name)), ("amount", money.json(amount))])
                case .account(let name, let amount): return .object([("kind", .string("account")), ("name", .string(name)), ("amount", money.json(amount))])
                }
            })
        }
        let broken: JSONValue = report.firstBreak.map { broken in
            .object([("date", .string(broken.date.description)),
                     ("shortfalls", shortfalls(broken.shortfalls)),
                     ("causes", .array(broken.causes.map {
                         .object([("kind", .string($0.kind.rawValue)), ("what", .string($0.what)), ("amount", money.json($0.amount)),
                                  ("lines", .integer($0.count)), ("setAside", money.json($0.setAside)),
                                  ("place", $0.place.map(JSONValue.string) ?? .null)])
                     }))])
        } ?? .null
        return JSONValue.object([
            ("from", .string(report.from.description)),
            ("until", .string(report.until.description)),
            ("currency", .string(report.currency.code)),
            ("safeToSpendToday", money.json(report.safeToSpendToday)),
            ("alreadyBelow", shortfalls(report.alreadyBelow)),
            ("firstBreak", broken),
            ("days", .array(report.days.map { day in
                let s = day.snapshot
                return .object([
                    ("date", .string(s.date.description)),
                    ("accounts", .array(s.accounts.map { .object([("name", .string($0.name)), ("balance", money.json($0.balance))]) })),
                    ("funds", money.json(s.funds)),
                    ("buckets", .object([("allowance", money.json(s.allowanceSetAside)), ("monthly", money.json(s.monthlySetAside)),
                                         ("goals", money.json(s.goalsTotal)), ("envelopes", money.json(s.envelopesTotal)),
                                         ("owed", money.json(s.owedToPeople)),
                                         ("mainSavings", money.json(s.mainSavings))])),
                    ("expected", .array(day.events.map { .object([("what", .string($0.what)), ("amount", money.json($0.amount))]) })),
                ])
            })),
        ]).rendered()
    }

    static func html(_ report: ForecastReport, display: DisplayLocale? = nil, shell: HTMLPage.Shell? = nil) -> String {
        let money = MoneyFormat(report.currency, display: display)
        var page = HTMLPage(title: "Forecast from \(report.from) to \(report.until)", shell: shell)
        page.append("<h1>Forecast</h1>\n<p class=\"subtitle\">\(HTMLPage.prose("\(report.from) to \(report.until): \(expected)"))</p>\n")
        var figures = "<dl class=\"figures\">\n"
        figures += "<div><dt>Safe to spend today</dt><dd>\(HTMLPage.escape(money.text(report.safeToSpendToday)))</dd></div>\n"
        figures += "<div><dt>First break</dt><dd class=\"\(report.firstBreak == nil ? "ok" : "over")\">\(report.firstBreak.map { "\($0.date)" } ?? "none")</dd></div>\n"
        figures += "</dl>\n"
        let verdict = verdict(report, money)
        for line in verdict where !line.hasPrefix("  - ") { figures += "<p>\(HTMLPage.prose(line))</p>\n" }
        let causes = verdict.filter { $0.hasPrefix("  - ") }
        if !causes.isEmpty {
            figures += "<ul>\n" + causes.map { "<li>\(HTMLPage.prose(String($0.dropFirst(4))))</li>\n" }.joined() + "</ul>\n"
        }
        page.section("summary", "At a glance", figures)
        let labels = report.days.map(\.snapshot.date.description)
        var series: [(name: String, values: [Money])] = [("Main savings", report.days.map(\.snapshot.mainSavings)),
                                                         ("Funds", report.days.map(\.snapshot.funds))]
        // Funds and main savings, and the accounts that break: a few lines, each told apart by
        // its dashes as well as its colour.
        for name in drivers(report).prefix(SVGChart.mostSeries - series.count) {
            series.append((name, report.days.map { day in day.snapshot.accounts.first { $0.name == name }?.balance ?? .zero }))
        }
        let mark = report.firstBreak.flatMap { broken in report.days.firstIndex { $0.snapshot.date == broken.date }.map { ($0, "breaks \(broken.date)") } }
        let description = "Main savings from \(money.text(report.days.first?.snapshot.mainSavings ?? .zero)) to \(money.text(report.days.last?.snapshot.mainSavings ?? .zero))"
            + (report.firstBreak.map { "; the bucket rule breaks on \($0.date)" } ?? "; the bucket rule holds throughout")
        page.section("chart", "Balances and main savings", SVGChart.series(id: "forecast", title: "Balances and main savings, day by day",
                                                                          description: description, labels: labels, series: series, mark: mark,
                                                                          format: money.text))
        let rows = report.days.filter { !named($0).isEmpty || $0.snapshot.date == report.firstBreak?.date }.map { day in
            [day.snapshot.date.description, HTMLPage.escape(named(day).joined(separator: ", ")), HTMLPage.escape(money.text(day.snapshot.funds)),
             HTMLPage.escape(money.text(day.snapshot.mainSavings))]
        }
        page.section("days", "Days with expected lines", HTMLPage.table(caption: "Besides the daily allowance", header: ["Date", "Expected", "Funds", "Main savings"],
                                                                        rows: rows, numeric: [2, 3]))
        return page.rendered
    }
}
