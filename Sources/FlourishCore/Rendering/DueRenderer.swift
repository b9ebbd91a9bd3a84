/// Renders a `DueReport` as a text table or JSON.
public enum DueRenderer {
    public static func text(_ report: DueReport, display: DisplayLocale? = nil) -> String {
        guard !report.rows.isEmpty else { return "Nothing is due through \(report.through) that is not recorded.\n" }
        let money = MoneyFormat(report.currency, display: display)
        // Where some occurrence is not all set aside (a bill shared with a person, a transfer),
        // the set-aside part has a column: the bucket snapshot shows that part.
        let shared = report.rows.contains { $0.setAside != $0.amount }
        var table = TextTable([("Due", .left), ("Name", .left), ("Amount", .right)] + (shared ? [("Set aside", .right)] : []) + [("Late", .left)])
        for row in report.rows {
            let late = row.daysLate == 0 ? "due that day" : row.daysLate == 1 ? "1 day" : "\(row.daysLate) days"
            table.add([row.due.description, row.name, money.text(row.amount)] + (shared ? [money.text(row.setAside)] : []) + [late])
        }
        var text = "Due through \(report.through), not recorded:\n\n" + table.rendered()
        if shared {
            text += "\nSet aside: the part in expense categories, which the budget holds until it is paid; the rest is paid for people or moved between accounts.\n"
        }
        for left in report.notListed {
            let count = left.count == 1 ? "1 earlier occurrence" : "\(left.count) earlier occurrences"
            text += "\nNot listed: \(count) of \(left.name), from \(left.first) to \(left.last) (--all lists them)."
        }
        return report.notListed.isEmpty ? text : text + "\n"
    }

    public static func json(_ report: DueReport) -> String {
        let money = MoneyFormat(report.currency)
        return JSONValue.object([
            ("through", .string(report.through.description)),
            ("currency", .string(report.currency.code)),
            ("due", .array(report.rows.map { row in
                .object([("date", .string(row.due.description)), ("name", .string(row.name)),
                         ("amount", money.json(row.amount)),
                         ("setAside", money.json(row.setAside)), ("daysLate", .integer(row.daysLate))])
            })),
            ("notListed", .array(report.notListed.map { left in
                .object([("name", .string(left.name)), ("count", .integer(left.count)),
                         ("from", .string(left.first.description)), ("to", .string(left.last.description))])
            })),
        ]).rendered()
    }
}
