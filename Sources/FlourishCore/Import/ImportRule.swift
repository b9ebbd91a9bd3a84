/// One rule block of an import rules file (grammar.md §9): conditions on a row and what to do
/// with a row that meets them. `match "text" CATEGORY` is the one-line form of
/// `if "text"` / `to CATEGORY`.
struct ImportRule: Sendable {
    /// Which field a condition reads.
    enum Field: Sendable, Equatable {
        /// The description, as the `description` columns give it.
        case description
        /// A column by number (1 is the first).
        case column(Int)
        /// A column by its name in the statement's header row.
        case header(String)
    }

    enum Test: Sendable {
        case contains(String)
        case equals(String)
        case pattern(Pattern)
        /// The row's amount (money into the account) against a number: `<`, `>`, `<=`, `>=`,
        /// or `..` with a second number (both included). Numbers are read in the ledger's decimals.
        case amount(op: String, bound: String, high: String?)
    }

    struct Condition: Sendable {
        var field: Field
        var test: Test
    }

    /// A split line's part of the row.
    enum Share: Sendable {
        /// Hundredths of a percent.
        case percent(Int)
        /// A fixed amount, as written (in the row's direction).
        case amount(String)
        /// What the other lines leave.
        case rest
    }

    var conditions: [Condition] = []
    /// True for `or` (any condition), false for `and` (all of them).
    var any = false
    /// Actions.
    var skip = false
    var target: String?
    var goal: String?
    var split: [(target: String, share: Share)] = []
    var description: String?
    var tags: [String] = []
    var status: Entry.Status?
    var comment: String?
    /// How dry runs name the rule: `match "coffee"`, `if (line 12)`.
    var display: String
    /// The rules file's line.
    var line: Int
}

extension ImportRule {
    /// Whether a row meets the conditions; the captured groups of the first pattern that matched.
    func matches(description: String, fields: [String], amount: Money, header: [String], decimals: Int) -> (Bool, [String]) {
        func money(_ text: String) -> Money? {
            guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(text.utf8))), value.scale <= decimals,
                  let minor = NumberSyntax.minorUnits(value, decimals: decimals) else { return nil }
            return Money(minorUnits: minor)
        }
        var captures: [String] = []
        var results: [Bool] = []
        for condition in conditions {
            let text: String
            switch condition.field {
            case .description: text = description
            case .column(let number): text = number - 1 < fields.count ? fields[number - 1].trimmingBlanks : ""
            case .header(let name):
                let index = header.firstIndex { $0.trimmingBlanks.lowercased() == name.lowercased() }
                text = index.map { $0 < fields.count ? fields[$0].trimmingBlanks : "" } ?? ""
            }
            var met: Bool
            switch condition.test {
            case .contains(let needle): met = text.lowercased().contains(needle.lowercased())
            case .equals(let value): met = text.lowercased() == value.lowercased()
            case .pattern(let pattern):
                if let groups = pattern.match(text) {
                    met = true
                    if captures.isEmpty { captures = groups }
                } else {
                    met = false
                }
            case .amount(let op, let bound, let high):
                guard let low = money(bound) else { met = false; break }
                switch op {
                case "<": met = amount < low
                case ">": met = amount > low
                case "<=": met = amount <= low
                case ">=": met = amount >= low
                default: met = money(high ?? "").map { amount >= low && amount <= $0 } ?? false
                }
            }
            results.append(met)
        }
        let met = any ? results.contains(true) : !results.contains(false)
        return (met && !conditions.isEmpty, captures)
    }

    /// `\1` … `\9` replaced by the captured groups.
    static func rewrite(_ template: String, _ captures: [String]) -> String {
        var out = ""
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\\", let next = scalars.next() {
                if let digit = Int(String(next)), digit >= 1, digit <= 9 {
                    out += digit < captures.count ? captures[digit] : ""
                } else {
                    out.unicodeScalars.append(next)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
