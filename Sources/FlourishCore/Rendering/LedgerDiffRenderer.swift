/// `flourish diff` as text, Markdown (a pull request's summary) and JSON (docs/git.md).
public enum LedgerDiffRenderer {
    // MARK: Text

    public static func text(_ diff: LedgerDiff, display: DisplayLocale? = nil) -> String {
        let money = MoneyFormat(diff.currency, display: display)
        var out = "Changes: " + summary(diff.items) + "\n"
        for change in diff.items {
            let mark = change.change == .added ? "+" : change.change == .deleted ? "-" : "~"
            let title = (change.after ?? change.before ?? "").split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            out += "  \(mark) \(change.file):\(change.line)  \(title)\n"
            if change.change == .edited, let before = change.before, let after = change.after {
                let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for line in old where !new.contains(line) { out += "      - \(line)\n" }
                for line in new where !old.contains(line) { out += "      + \(line)\n" }
            }
        }
        for note in diff.notes { out += "\nNote: \(note)\n" }
        guard let asOf = diff.asOf else { return out }
        if diff.figures.isEmpty && diff.budget.isEmpty {
            return out + "\nNo figure moved (as of \(asOf)).\n"
        }
        if !diff.figures.isEmpty {
            out += "\nWhat it does to the money (as of \(asOf)):\n"
            var table = TextTable([("", .left), ("before", .right), ("after", .right), ("change", .right)])
            for figure in diff.figures {
                table.add([name(figure), figure.before.map(money.text) ?? "-", figure.after.map(money.text) ?? "-",
                           figure.change.map { signed($0, money) } ?? "overflow"])
            }
            out += indented(table.rendered())
        }
        if !diff.budget.isEmpty {
            out += "\nBudgets this month:\n"
            var table = TextTable([("", .left), ("before", .right), ("after", .right)])
            for line in diff.budget {
                table.add([line.category, line.before.map { side($0, money) } ?? "-", line.after.map { side($0, money) } ?? "-"])
            }
            out += indented(table.rendered())
        }
        return out
    }

    // MARK: Markdown

    /// A heading line that says it all ("12 entries added · main savings −€240.00 · Food over
    /// budget (108%) · Sam now owes you €31.75"), then the changes and the figures as tables.
    public static func markdown(_ diff: LedgerDiff, display: DisplayLocale? = nil) -> String {
        let money = MoneyFormat(diff.currency, display: display)
        var headline = [summary(diff.items)]
        for figure in diff.figures {
            guard let change = figure.change else { continue }
            switch figure.section {
            case .mainSavings: headline.append("main savings \(signed(change, money))")
            case .person:
                let now = figure.after ?? .zero
                if now > .zero { headline.append("\(figure.name) now owes you \(money.text(now))") }
                else if now < .zero { headline.append("you now owe \(figure.name) \(money.text(now.negated ?? .zero))") }
                else { headline.append("\(figure.name) is settled") }
            default: break
            }
        }
        for line in diff.budget where line.after?.status == "over" && line.before?.status != "over" {
            headline.append("\(line.category) over budget" + (line.after?.usedBasisPoints.map { " (\(DocumentRenderer.percentText($0)))" } ?? ""))
        }
        var out = "### Flourish: " + escape(headline.joined(separator: " · ")) + "\n"
        if !diff.items.isEmpty {
            out += "\n| | where | item |\n|---|---|---|\n"
            for change in diff.items {
                let title = (change.after ?? change.before ?? "").split(separator: "\n").first.map(String.init) ?? ""
                out += "| \(change.change.rawValue) | `\(code(change.file)):\(change.line)` | \(escape(title)) |\n"
            }
        }
        for note in diff.notes { out += "\n> \(escape(note))\n" }
        if let asOf = diff.asOf, !diff.figures.isEmpty {
            out += "\n**The money** (as of \(asOf))\n\n| | before | after | change |\n|---|---:|---:|---:|\n"
            for figure in diff.figures {
                out += "| \(escape(name(figure))) | \(figure.before.map(money.text) ?? "–") | \(figure.after.map(money.text) ?? "–") | "
                    + "\(figure.change.map { signed($0, money) } ?? "overflow") |\n"
            }
        }
        if !diff.budget.isEmpty {
            out += "\n**Budgets this month**\n\n| category | before | after |\n|---|---:|---:|\n"
            for line in diff.budget {
                out += "| \(escape(line.category)) | \(line.before.map { side($0, money) } ?? "–") | \(line.after.map { side($0, money) } ?? "–") |\n"
            }
        }
        return out
    }

    // MARK: JSON

    public static func json(_ diff: LedgerDiff) -> String {
        let money = MoneyFormat(diff.currency)
        func amount(_ value: Money?) -> JSONValue { value.map(money.json) ?? .null }
        func side(_ side: LedgerDiff.BudgetChange.Side?) -> JSONValue {
            guard let side else { return .null }
            return .object([("spent", money.json(side.spent)), ("budget", amount(side.limit)),
                            ("used_percent", side.usedBasisPoints.map { .string(percent($0)) } ?? .null), ("status", .string(side.status))])
        }
        let value = JSONValue.object([
            ("as_of", diff.asOf.map { .string($0.description) } ?? .null),
            ("currency", diff.currency.map { .string($0.code) } ?? .null),
            ("items", .array(diff.items.map { change in
                .object([("change", .string(change.change.rawValue)), ("kind", .string(change.kind)), ("file", .string(change.file)),
                         ("line", .integer(change.line)), ("before", change.before.map(JSONValue.string) ?? .null),
                         ("after", change.after.map(JSONValue.string) ?? .null)])
            })),
            ("figures", .array(diff.figures.map { figure in
                .object([("section", .string(figure.section.rawValue)), ("name", .string(figure.name)), ("before", amount(figure.before)),
                         ("after", amount(figure.after)), ("change", amount(figure.change))])
            })),
            ("budget", .array(diff.budget.map { line in
                .object([("category", .string(line.category)), ("before", side(line.before)), ("after", side(line.after))])
            })),
            ("notes", .array(diff.notes.map(JSONValue.string))),
        ])
        return value.rendered() + "\n"
    }

    // MARK: Pieces

    /// "2 entries added, 1 edited, 1 directive deleted"; "nothing" when no item changed.
    static func summary(_ items: [LedgerDiff.ItemChange]) -> String {
        var parts: [String] = []
        for kind in ["entry", "directive", "comment"] {
            let plural = kind == "entry" ? "entries" : kind + "s"
            var words: [String] = []
            for change in [LedgerDiff.Change.added, .edited, .deleted] {
                let count = items.filter { $0.kind == kind && $0.change == change }.count
                if count > 0 { words.append(words.isEmpty ? "\(counted(count, kind, plural)) \(change.rawValue)" : "\(count) \(change.rawValue)") }
            }
            if !words.isEmpty { parts.append(words.joined(separator: ", ")) }
        }
        return parts.isEmpty ? "no item changed" : parts.joined(separator: "; ")
    }

    private static func name(_ figure: LedgerDiff.Figure) -> String {
        switch figure.section {
        case .account: return figure.name
        case .person: return "\(figure.name) (person)"
        case .funds, .mainSavings: return figure.name
        case .bucket: return "set aside: \(figure.name)"
        case .goal: return "goal \(figure.name)"
        }
    }

    /// `+€12.00`, `-€3.50`: a change always shows its sign.
    private static func signed(_ change: Money, _ money: MoneyFormat) -> String {
        change > .zero ? "+" + money.text(change) : money.text(change)
    }

    private static func side(_ side: LedgerDiff.BudgetChange.Side, _ money: MoneyFormat) -> String {
        let used = side.usedBasisPoints.map { DocumentRenderer.percentText($0) + " " } ?? ""
        let limit = side.limit.map { " of " + money.text($0) } ?? ""
        return "\(used)\(side.status) (\(money.text(side.spent))\(limit))"
    }

    private static func percent(_ basisPoints: Int) -> String {
        Money(minorUnits: Int64(basisPoints)).formatted(decimals: 2, grouping: false)
    }

    /// Text in a Markdown table cell: `|` and markup characters escaped, line breaks made spaces.
    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|", "\\", "*", "_", "`", "[", "]", "<", ">", "#", "!": out += "\\" + String(character)
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// Text inside a Markdown code span: backticks and line breaks left out.
    private static func code(_ text: String) -> String {
        String(text.filter { $0 != "`" && $0 != "\n" && $0 != "\r" && $0 != "|" })
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }
}
