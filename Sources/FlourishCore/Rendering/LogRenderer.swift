/// Renders a `LogReport` as text tables, or as JSON.
public enum LogRenderer {
    public static func text(_ report: LogReport, display: DisplayLocale? = nil) -> String {
        let money = MoneyFormat(report.currency, display: display)
        let log = report.log
        var out = "Logs from \(report.range.lowerBound) to \(report.range.upperBound)\n\n"
        out += "Daily allowance\n"
        if log.days.isEmpty {
            out += "  (no allowance and no spending)\n"
        } else {
            var table = TextTable([("Date", .left), ("Allowance", .right), ("Spent", .right),
                                   ("To savings", .right), ("From savings", .right)])
            for day in log.days {
                table.add([day.date.description, money.text(day.allowance), money.text(day.spent),
                           money.text(day.toSavings), money.text(day.fromSavings)])
            }
            out += table.rendered()
        }
        out += "\nCash reserve\n"
        if log.reserve.isEmpty {
            out += "  (no movements)\n"
        } else {
            var table = TextTable([("Date", .left), ("Account", .left), ("Amount", .right), ("Balance", .right), ("Description", .left)])
            for movement in log.reserve {
                table.add([movement.date.description, movement.account, money.text(movement.amount),
                           money.text(movement.balance), movement.description])
            }
            out += table.rendered()
        }
        out += "\nCorrections\n"
        if log.corrections.isEmpty {
            out += "  (none)\n"
        } else {
            var table = TextTable([("Date", .left), ("Account", .left), ("Amount", .right), ("Reason", .left)])
            for correction in log.corrections {
                table.add([correction.date.description, correction.account, money.text(correction.amount), correction.reason])
            }
            out += table.rendered()
        }
        // Only a ledger with accounts in other currencies has the section.
        if !log.exchangeRates.isEmpty {
            out += "\nExchange rates\n"
            var table = TextTable([("Date", .left), ("Account", .left), ("Change", .right), ("Rate", .left)])
            for change in log.exchangeRates {
                table.add([change.date.description, change.account, money.text(change.amount), change.rate])
            }
            out += table.rendered()
        }
        return out
    }

    public static func json(_ report: LogReport) -> String {
        let money = MoneyFormat(report.currency)
        let log = report.log
        let document = JSONValue.object([
            ("from", .string(report.range.lowerBound.description)),
            ("to", .string(report.range.upperBound.description)),
            ("currency", .string(money.currency.code)),
            ("days", .array(log.days.map {
                .object([("date", .string($0.date.description)), ("allowance", money.json($0.allowance)),
                         ("spent", money.json($0.spent)), ("toSavings", money.json($0.toSavings)),
                         ("fromSavings", money.json($0.fromSavings))])
            })),
            ("reserve", .array(log.reserve.map {
                .object([("date", .string($0.date.description)), ("account", .string($0.account)),
                         ("amount", money.json($0.amount)), ("balance", money.json($0.balance)),
                         ("description", .string($0.description))])
            })),
            ("corrections", .array(log.corrections.map {
                .object([("date", .string($0.date.description)), ("account", .string($0.account)),
                         ("amount", money.json($0.amount)), ("reason", .string($0.reason))])
            })),
            ("exchangeRates", .array(log.exchangeRates.map {
                .object([("date", .string($0.date.description)), ("account", .string($0.account)),
                         ("amount", money.json($0.amount)), ("rate", .string($0.rate))])
            })),
        ])
        return document.rendered()
    }
}
