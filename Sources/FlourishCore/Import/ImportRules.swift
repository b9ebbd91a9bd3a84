/// How to read one bank's CSV statement (grammar.md, "Import rules").
public struct ImportRules: Sendable {
    public enum DateFormat: String, CaseIterable, Sendable {
        case ymd = "YYYY-MM-DD"
        case dmySlash = "DD/MM/YYYY"
        case mdySlash = "MM/DD/YYYY"
        case dmyDot = "DD.MM.YYYY"
        case dmySlashShort = "DD/MM/YY"
        case mdySlashShort = "MM/DD/YY"
        case dmyDotShort = "DD.MM.YY"

        /// Formats with a two-digit year (00–69 are 2000–2069, 70–99 are 1970–1999).
        var shortYear: Bool { rawValue.hasSuffix("/YY") || rawValue.hasSuffix(".YY") }
    }

    public enum Amounts: Sendable {
        /// One signed column: money into the account is positive.
        case signed(column: Int)
        /// Money out in one column, money in in another (both written as positive numbers).
        case split(debit: Int, credit: Int)
    }

    public var account: String = ""
    public var skip = 0
    /// Rows to leave out at the end (a footer with totals).
    public var skipEnd = 0
    /// Leave out rows that do not read (a footer of another shape, a notice in the middle),
    /// listing them, instead of refusing the statement.
    public var skipUnreadable = false
    public var separator: UInt8 = UInt8(ascii: ",")
    public var dateColumn = 0
    public var dateFormat = DateFormat.ymd
    public var amounts: Amounts?
    public var negate = false
    public var decimalComma = false
    public var descriptionColumns: [Int] = []
    /// Columns named by their header (`date "Booking date" DD.MM.YY`): a column written as
    /// `-n` stands for the n-th of these until `resolvingHeader` finds it.
    var headerNames: [(name: String, location: SourceLocation)] = []

    /// The rules with header names replaced by column numbers, from the statement's first row;
    /// a name that row lacks is an error at the rules line.
    func resolvingHeader(_ header: [String]) -> (rules: ImportRules, diagnostics: [Diagnostic]) {
        guard !headerNames.isEmpty else { return (self, []) }
        var diagnostics: [Diagnostic] = []
        var numbers: [Int] = []
        for (name, location) in headerNames {
            if let index = header.firstIndex(where: { $0.trimmingBlanks.lowercased() == name.lowercased() }) {
                numbers.append(index + 1)
            } else {
                numbers.append(1)
                diagnostics.append(Diagnostic(.importField(what: "column", value: name,
                                                           expected: "in the statement's header row (" + header.map { $0.trimmingBlanks }.joined(separator: ", ") + ")"),
                                              at: location))
            }
        }
        func resolve(_ column: Int) -> Int { column < 0 ? numbers[-column - 1] : column }
        var resolved = self
        resolved.dateColumn = resolve(dateColumn)
        resolved.descriptionColumns = descriptionColumns.map(resolve)
        switch amounts {
        case .signed(let column)?: resolved.amounts = .signed(column: resolve(column))
        case .split(let debit, let credit)?: resolved.amounts = .split(debit: resolve(debit), credit: resolve(credit))
        case nil: break
        }
        resolved.balanceColumn = balanceColumn.map(resolve)
        resolved.fee = fee.map { (resolve($0.column), $0.category) }
        resolved.original = original.map { (resolve($0.amount), resolve($0.currency)) }
        resolved.headerNames = []
        return (resolved, diagnostics)
    }

    /// Rule blocks in file order (`match` lines among them); the first a row meets wins.
    var rules: [ImportRule] = []
    public var defaultCategory = ""
    /// The statement's text encoding.
    public var encoding = Encoding.utf8
    /// A column with the account's balance after each row: the statement's last balance
    /// becomes a `balance` assertion, so the import is checked against the bank's figure.
    public var balanceColumn: Int?
    /// A column with a fee charged on the row, and the category it goes to.
    public var fee: (column: Int, category: String)?
    /// Columns with what a row was in the currency it was paid in, and that currency's code
    /// (a card statement's "Local amount" and "Local currency"): a row in another currency
    /// than the ledger's keeps that amount on its line, with the statement's as its cost.
    public var original: (amount: Int, currency: Int)?

    public enum Encoding: String, CaseIterable, Sendable {
        case utf8 = "utf-8"
        case latin1
        case windows1252 = "windows-1252"
    }

    /// Finds the first rule a row meets. The rules whose one condition is that the description
    /// contains a text (`match "text"`, most of a rules file) are looked for all at once
    /// (`NeedleSet`); the others are asked one by one, only those before the first of those
    /// that matched.
    struct FirstRule {
        let rules: [ImportRule]
        let needles: NeedleSet
        /// The rules not found through `needles`, in order.
        let others: [Int]

        init(_ rules: ImportRules) {
            self.rules = rules.rules
            var needles: [(text: [UInt8], rank: Int)] = []
            var others: [Int] = []
            for (index, rule) in rules.rules.enumerated() {
                if !rule.any, rule.conditions.count == 1, case .contains(let text) = rule.conditions[0].test,
                   rule.conditions[0].field == .description {
                    needles.append((Array(text.utf8), index))
                } else {
                    others.append(index)
                }
            }
            self.needles = NeedleSet(needles)
            self.others = others
        }

        /// The first rule a row meets (its index), or nil when it falls to `default`, with the
        /// groups its pattern captured.
        /// `steps` are the patterns' steps left for the statement; when they run out the answer
        /// is not to be used (the statement is refused).
        func rule(description: String, fields: [String], amount: Money, header: [String], decimals: Int,
                  steps: inout Int) -> (index: Int?, captures: [String]) {
            var row = RuleSubject(description: description, fields: fields, amount: amount, header: header, decimals: decimals, steps: steps)
            defer { steps = row.steps }
            let found = needles.lowestRank(in: row.lowered(.description))
            for index in others {
                if let found, found < index { break }
                let (met, captures) = rules[index].matches(&row)
                if met { return (index, captures) }
            }
            return (found, [])
        }
    }

    /// The highest column the rules read (1-based).
    var columnsNeeded: Int {
        var columns = [dateColumn] + descriptionColumns + [balanceColumn, fee?.column, original?.amount, original?.currency].compactMap { $0 }
        switch amounts {
        case .signed(let column)?: columns.append(column)
        case .split(let debit, let credit)?: columns += [debit, credit]
        case nil: break
        }
        for rule in rules {
            for condition in rule.conditions { if case .column(let number) = condition.field { columns.append(number) } }
        }
        return columns.max() ?? 0
    }
}

/// The rules file's keywords.
enum ImportRuleKeyword: String, CaseIterable {
    case account, skip, separator, date, amount, debit, credit, negate, description, match
    case `default`
    case decimalComma = "decimal-comma"
    case skipEnd = "skip-end"
    case encoding, balance, fee, original
    case skipUnreadable = "skip-unreadable"
    case statement, include
    case `if`
}
