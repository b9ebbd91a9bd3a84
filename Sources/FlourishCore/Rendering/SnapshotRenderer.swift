/// Renders a `SnapshotReport` as Drip's snapshot text, or as JSON.
public enum SnapshotRenderer {
    public static func text(_ report: SnapshotReport, display: DisplayLocale? = nil) -> String {
        let s = report.snapshot
        let money = MoneyFormat(report.currency, display: display)
        var out = "Snapshot at the end of \(s.date) (budgeting month \(s.month): \(s.month.first) to \(s.month.last))\n\n"
        out += "Remaining Daily Allowance (today): \(money.text(s.remainingToday))\n\n"
        out += "Actual Funds:\n"
        for account in s.accounts {
            out += "• \(account.name)\(account.isReserve ? " (reserve)" : ""): \(money.text(account.balance))\n"
        }
        out += "• Total: \(money.text(s.funds))\n"
        for change in s.exchangeRates {
            out += "  exchange rate: \(change.account) \(money.text(change.amount)) (\(change.rate))\n"
        }
        out += "\n"
        out += "Buckets (must equal Actual Funds):\n"
        out += "• Set-aside (Allowances): \(money.text(s.allowanceSetAside)) (includes today)\n"
        out += "• Set-aside (Monthly): \(money.text(s.monthlySetAside))\n"
        for earmark in s.earmarks {
            var line = "  – \(earmark.category): \(money.text(earmark.setAside))"
            if let paid = earmark.paid { line += " (paid \(money.text(paid)))" }
            else if let due = earmark.dueDay { line += " (due on day \(due))" }
            out += line + "\n"
        }
        for bill in s.bills {
            var line = "  – \(bill.name): \(money.text(bill.setAside))"
            if bill.isPaid { line += " (paid \(money.text(bill.paid ?? bill.amount)))" } else { line += " (due \(bill.due))" }
            out += line + "\n"
        }
        out += "• Custom Buckets (Goals): \(money.text(s.goalsTotal))\n"
        for goal in s.goals {
            out += "  – \(goal.name): \(money.text(goal.balance)) of \(money.text(goal.target))\n"
        }
        if !s.envelopes.isEmpty {
            out += "• Envelopes (Rollover Budgets): \(money.text(s.envelopesTotal))\n"
            for envelope in s.envelopes {
                out += "  – \(envelope.category): \(money.text(envelope.available)) (carried in \(money.text(envelope.carriedIn)), budget \(money.text(envelope.budget)), spent \(money.text(envelope.spent)))\n"
            }
        }
        if !s.people.isEmpty {
            out += "• Owed to People: \(money.text(s.owedToPeople))\n"
            for debt in s.people where debt.owed > .zero {
                out += "  – \(debt.person): \(money.text(debt.owed))\n"
            }
        }
        out += "• Main Savings (Buffer): \(money.text(s.mainSavings))\n"
        out += "• Total: \(money.text(s.funds))\n"
        if let quote = report.quote { out += "\n" + DocumentRenderer.quoteText(quote) + "\n" }
        return out
    }

    public static func json(_ report: SnapshotReport) -> String {
        let s = report.snapshot
        let money = MoneyFormat(report.currency)
        let accounts: [JSONValue] = s.accounts.map {
            .object([("name", .string($0.name)), ("kind", .string($0.kind.rawValue)), ("reserve", .bool($0.isReserve)),
                     ("balance", money.json($0.balance))])
        }
        let earmarks: [JSONValue] = s.earmarks.map {
            .object([("category", .string($0.category)), ("amount", money.json($0.amount)),
                     ("dueDay", $0.dueDay.map { .integer($0) } ?? .null),
                     ("paid", $0.paid.map(money.json) ?? .null), ("setAside", money.json($0.setAside))])
        }
        let goals: [JSONValue] = s.goals.map {
            .object([("name", .string($0.name)), ("balance", money.json($0.balance)), ("target", money.json($0.target)),
                     ("deadline", $0.deadline.map { .string($0.description) } ?? .null)])
        }
        let document = JSONValue.object([
            ("date", .string(s.date.description)),
            ("month", .object([("name", .string(s.month.description)), ("first", .string(s.month.first.description)),
                               ("last", .string(s.month.last.description))])),
            ("currency", .string(money.currency.code)),
            ("dailyAllowance", money.json(s.dailyAllowance)),
            ("allowanceSpentToday", money.json(s.allowanceSpentToday)),
            ("remainingAllowanceToday", money.json(s.remainingToday)),
            ("daysAfterToday", .integer(s.daysAfterToday)),
            ("funds", .object([("accounts", .array(accounts)), ("total", money.json(s.funds)),
                               ("exchangeRates", .array(s.exchangeRates.map {
                                   .object([("account", .string($0.account)), ("amount", money.json($0.amount)), ("rate", .string($0.rate))])
                               }))])),
            ("buckets", .object([
                ("allowance", money.json(s.allowanceSetAside)),
                ("monthly", .object([("total", money.json(s.monthlySetAside)), ("items", .array(earmarks)),
                                     ("bills", .array(s.bills.map { bill in
                                         .object([("name", .string(bill.name)), ("due", .string(bill.due.description)),
                                                  ("amount", money.json(bill.amount)), ("paid", bill.paid.map(money.json) ?? .null),
                                                  ("setAside", money.json(bill.setAside))])
                                     }))])),
                ("goals", .object([("total", money.json(s.goalsTotal)), ("items", .array(goals))])),
                ("envelopes", .object([("total", money.json(s.envelopesTotal)), ("items", .array(s.envelopes.map {
                    .object([("category", .string($0.category)), ("carriedIn", money.json($0.carriedIn)), ("budget", money.json($0.budget)),
                             ("spent", money.json($0.spent)), ("available", money.json($0.available)), ("setAside", money.json($0.setAside))])
                }))])),
                ("owedToPeople", .object([("total", money.json(s.owedToPeople)), ("items", .array(s.people.filter { $0.owed > .zero }.map {
                    .object([("person", .string($0.person)), ("owed", money.json($0.owed))])
                }))])),
                ("mainSavings", money.json(s.mainSavings)),
                ("total", money.json(s.funds)),
            ])),
        ])
        return document.rendered()
    }
}
