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
        /// The text, in lower case (as the field is compared): made once, when the rules are read.
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

/// A statement row as rules read it: its fields trimmed and in lower case, made once for the
/// row (not once a rule), so matching a row against every rule costs the comparisons alone.
struct RuleSubject {
    let description: String
    let fields: [String]
    let amount: Money
    let header: [String]
    let decimals: Int
    /// The patterns' steps left for the statement (`Pattern.statementSteps`).
    var steps: Int
    /// The description in lower case, as compared (most conditions read it).
    private let loweredDescription: [UInt8]
    /// Other fields in lower case, made when first asked.
    private var lowered: [Field: [UInt8]] = [:]

    enum Field: Hashable {
        case description, column(Int), header(String)
    }

    init(description: String, fields: [String], amount: Money, header: [String], decimals: Int, steps: Int) {
        self.steps = steps
        self.description = description
        self.fields = fields
        self.amount = amount
        self.header = header
        self.decimals = decimals
        loweredDescription = Array(description.lowercased().utf8)
    }

    /// A field's text as written (trimmed).
    func text(_ field: ImportRule.Field) -> String {
        switch field {
        case .description: return description
        case .column(let number): return number - 1 < fields.count ? fields[number - 1].trimmingBlanks : ""
        case .header(let name):
            let index = header.firstIndex { $0.trimmingBlanks.lowercased() == name.lowercased() }
            return index.map { $0 < fields.count ? fields[$0].trimmingBlanks : "" } ?? ""
        }
    }

    /// A field's text in lower case, as UTF-8.
    mutating func lowered(_ field: ImportRule.Field) -> [UInt8] {
        let key: Field
        switch field {
        case .description: return loweredDescription
        case .column(let number): key = .column(number)
        case .header(let name): key = .header(name)
        }
        if let known = lowered[key] { return known }
        let made = Array(text(field).lowercased().utf8)
        lowered[key] = made
        return made
    }
}

extension ImportRule {
    /// Whether a row meets the conditions; the captured groups of the first pattern that matched.
    func matches(_ row: inout RuleSubject) -> (Bool, [String]) {
        func money(_ text: String) -> Money? {
            guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(text.utf8))), value.scale <= row.decimals,
                  let minor = NumberSyntax.minorUnits(value, decimals: row.decimals) else { return nil }
            return Money(minorUnits: minor)
        }
        var captures: [String] = []
        var anyMet = false
        var allMet = true
        let amount = row.amount
        for condition in conditions {
            var met: Bool
            switch condition.test {
            case .contains(let needle): met = Self.occurs(needle, in: row.lowered(condition.field))
            case .equals(let value): met = row.lowered(condition.field).elementsEqual(value.utf8)
            case .pattern(let pattern):
                if let groups = pattern.match(row.text(condition.field), steps: &row.steps) {
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
            anyMet = anyMet || met
            allMet = allMet && met
        }
        return ((any ? anyMet : allMet) && !conditions.isEmpty, captures)
    }

    /// Whether `needle` occurs in `text`, byte for byte (an empty needle occurs everywhere).
    static func occurs(_ needle: String, in text: [UInt8]) -> Bool {
        needle.withView { wanted in
            text.withView { bytes in
                guard let first = wanted.first else { return true }
                guard bytes.count >= wanted.count else { return false }
                var at = 0
                let last = bytes.count - wanted.count
                while at <= last {
                    if bytes[at] == first {
                        var same = 1
                        while same < wanted.count && bytes[at + same] == wanted[same] { same += 1 }
                        if same == wanted.count { return true }
                    }
                    at += 1
                }
                return false
            }
        }
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
