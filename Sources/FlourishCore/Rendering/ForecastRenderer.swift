/// Renders a `ForecastReport`: text, CSV, JSON, and an HTML page with a chart of the balances
/// and main savings, the breaking day marked.
public enum ForecastRenderer {
    static let expected = "schedules and subscriptions not recorded yet, earmarks on their due days, expected income, and the daily allowance spent in full"

    /// The events of a day worth naming in a table (the allowance is spent every day).
    static func named(_ day: ForecastReport.Day) -> String {
        day.events.filter { $0.what != "the daily allowance" }.map(\.what).joined(separator: ", ")
    }

    static func verdict(_ report: ForecastReport, _ money: MoneyFormat) -> [String] {
        guard let broken = report.firstBreak else {
            return ["The bucket rule holds on every day through \(report.until), and no account goes below zero."]
        }
        return ["First break: \(broken.date): \(broken.shortfalls.map { shortfall($0, money) }.joined(separator: "; "))."]
            + broken.causes.map { "  - " + cause($0, money) + ($0.place.map { " (\($0))" } ?? "") }
    }

    static func shortfall(_ shortfall: ForecastReport.Shortfall, _ money: MoneyFormat) -> String {
        switch shortfall {
        case .mainSavings(let amount): return "main savings would be \(money.text(amount))"
        case .goal(let name, let amount): return "goal \(name) would be \(money.text(amount))"
        case .account(let name, let amount): return "\(name) would be \(money.text(amount))"
        }
    }

    static func cause(_ cause: ForecastReport.Cause, _ money: MoneyFormat) -> String {
        switch cause.kind {
        case .expected: return "\(cause.what) \(money.text(cause.amount))"
        case .setAside: return "\(cause.what) \(money.text(cause.amount)) set aside"
        }
    }

    /// Whether any day has envelopes (rollover budgets): then they have a column.
    static func hasEnvelopes(_ report: ForecastReport) -> Bool { report.days.contains { !$0.snapshot.envelopes.isEmpty } }

    /// The buckets of a day, in the columns' order.
    static func buckets(_ s: BucketSnapshot, envelopes: Bool) -> [Money] {
        [s.funds, s.allowanceSetAside, s.monthlySetAside, s.goalsTotal] + (envelopes ? [s.envelopesTotal] : []) + [s.owedToPeople, s.mainSavings]
    }

    public static func text(_ report: ForecastReport, display: DisplayLocale? = nil) -> String {
        let money = MoneyFormat(report.currency, display: display)
        var out = "Forecast from \(report.from) to \(report.until)\n"
        out += "Expected: \(expected).\n\n"
        out += "Safe to spend today: \(money.text(report.safeToSpendToday))\n\n"
        out += verdict(report, money).joined(separator: "\n") + "\n\n"
        let accounts = report.days.first?.snapshot.accounts.map(\.name) ?? []
        var columns: [(String, TextTable.Alignment)] = [("Date", .left)]
        columns += accounts.map { ($0, .right) }
        let envelopes = hasEnvelopes(report)
        columns += [("Funds", .right), ("Allowance", .right), ("Monthly", .right), ("Goals", .right)]
        if envelopes { columns.append(("Envelopes", .right)) }
        columns += [("Owed", .right), ("Main savings", .right), ("Expected", .left)]
        var table = TextTable(columns)
        for day in report.days {
            let s = day.snapshot
            table.add([s.date.description] + s.accounts.map { money.text($0.balance) }
                      + buckets(s, envelopes: envelopes).map(money.text) + [named(day)])
        }
        return out + table.rendered()
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
                         + buckets(s, envelopes: envelopes).map(money.plain) + [DocumentRenderer.csvText(named(day))])
        }
        return lines.map { $0.map(DocumentRenderer.csvField).joined(separator: ",") + "\r\n" }.joined()
    }

    public static func json(_ report: ForecastReport) -> String {
        let money = MoneyFormat(report.currency)
        let broken: JSONValue = report.firstBreak.map { broken in
            .object([("date", .string(broken.date.description)),
                     ("shortfalls", .array(broken.shortfalls.map { shortfall in
                         switch shortfall {
                         case .mainSavings(let amount): return .object([("kind", .string("main-savings")), ("name", .null), ("amount", money.json(amount))])
                         case .goal(let name, let amount): return .object([("kind", .string("goal")), ("name", .string(name)), ("amount", money.json(amount))])
                         case .account(let name, let amount): return .object([("kind", .string("account")), ("name", .string(name)), ("amount", money.json(amount))])
                         }
                     })),
                     ("causes", .array(broken.causes.map {
                         .object([("kind", .string($0.kind.rawValue)), ("what", .string($0.what)), ("amount", money.json($0.amount)),
                                  ("place", $0.place.map(JSONValue.string) ?? .null)])
                     }))])
        } ?? .null
        return JSONValue.object([
            ("from", .string(report.from.description)),
            ("until", .string(report.until.description)),
            ("currency", .string(report.currency.code)),
            ("safeToSpendToday", money.json(report.safeToSpendToday)),
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
        page.append("<h1>Forecast</h1>\n<p class=\"subtitle\">\(report.from) to \(report.until): \(HTMLPage.escape(expected))</p>\n")
        var figures = "<dl class=\"figures\">\n"
        figures += "<div><dt>Safe to spend today</dt><dd>\(HTMLPage.escape(money.text(report.safeToSpendToday)))</dd></div>\n"
        figures += "<div><dt>First break</dt><dd class=\"\(report.firstBreak == nil ? "ok" : "over")\">\(report.firstBreak.map { "\($0.date)" } ?? "none")</dd></div>\n"
        figures += "</dl>\n"
        let verdict = verdict(report, money)
        figures += "<p>\(HTMLPage.escape(verdict[0]))</p>\n"
        if verdict.count > 1 {
            figures += "<ul>\n" + verdict.dropFirst().map { "<li>\(HTMLPage.escape(String($0.dropFirst(4))))</li>\n" }.joined() + "</ul>\n"
        }
        page.section("summary", "At a glance", figures)
        let labels = report.days.map(\.snapshot.date.description)
        var series: [(name: String, values: [Money])] = [("Main savings", report.days.map(\.snapshot.mainSavings)),
                                                         ("Funds", report.days.map(\.snapshot.funds))]
        let accounts = report.days.first?.snapshot.accounts.map(\.name) ?? []
        for (index, name) in accounts.enumerated() {
            series.append((name, report.days.map { $0.snapshot.accounts.indices.contains(index) ? $0.snapshot.accounts[index].balance : .zero }))
        }
        let mark = report.firstBreak.flatMap { broken in report.days.firstIndex { $0.snapshot.date == broken.date }.map { ($0, "breaks \(broken.date)") } }
        let description = "Main savings from \(money.text(report.days.first?.snapshot.mainSavings ?? .zero)) to \(money.text(report.days.last?.snapshot.mainSavings ?? .zero))"
            + (report.firstBreak.map { "; the bucket rule breaks on \($0.date)" } ?? "; the bucket rule holds throughout")
        page.section("chart", "Balances and main savings", SVGChart.series(id: "forecast", title: "Balances and main savings, day by day",
                                                                          description: description, labels: labels, series: series, mark: mark,
                                                                          format: money.text))
        let rows = report.days.filter { !named($0).isEmpty || $0.snapshot.date == report.firstBreak?.date }.map { day in
            [day.snapshot.date.description, HTMLPage.escape(named(day)), HTMLPage.escape(money.text(day.snapshot.funds)),
             HTMLPage.escape(money.text(day.snapshot.mainSavings))]
        }
        page.section("days", "Days with expected lines", HTMLPage.table(caption: "Besides the daily allowance", header: ["Date", "Expected", "Funds", "Main savings"],
                                                                        rows: rows, numeric: [2, 3]))
        return page.rendered
    }
}
