/// Every kind of problem Flourish reports, with its stable id, message and hint.
///
/// This is the one place where diagnostic text is made.
public enum Problem: Sendable, Equatable {
    // Reading
    case invalidUTF8(byte: UInt8)
    case controlCharacter(byte: UInt8)
    case unexpectedLineStart(found: String)
    case unknownDirective(String, suggestion: String?)
    case orphanLine
    case expected(String, found: String?)
    case unterminatedString
    case unexpectedText(String, hint: String?)
    case invalidDate(String, reason: String?)
    case invalidAmount(String)
    /// The currency is nil while parsing: the ledger's is filled in when the files are linked.
    case amountOverflow(String, currency: Currency?)
    case tooManyDecimals(String, decimals: Int, currency: String)
    case invalidCurrency(String)
    case secondCurrency(String, ledgerCurrency: String)
    case amountBeforeCurrency
    case outOfRange(what: String, value: String, allowed: String)
    case unknownWord(what: String, word: String, allowed: [String], suggestion: String?)
    case invalidName(String, reason: String)
    case missingReason
    case emptyEntry(lines: Int)
    // Includes
    case includeNotFound(String, reason: String)
    case includeOutside(String)
    /// A file the include rules keep out though it lies in the ledger's tree: a hidden file or
    /// folder (`.git/config`, `.env`), or a name that is not a ledger's (`*.flourish`, for
    /// import rules `*.rules`).
    case includeRefused(String, hidden: Bool, kind: String)
    /// An included file that does not read as one from its first line on: named, never shown.
    case includeNotReadable(String, kind: String)
    case includeCycle([String])
    case duplicateInclude(String)
    // Meaning
    case unknownName(String, expected: String, suggestion: String?, declaration: String)
    case wrongKind(String, actual: String, expected: String, directive: String)
    case duplicateDeclaration(String, kind: String)
    case unbalancedEntry(sum: Money, currency: Currency)
    case multipleMissingAmounts(count: Int)
    case balanceAssertionFailed(account: String, date: CivilDate, expected: Money, actual: Money, currency: Currency)
    case sumOverflow(what: String, currency: Currency)
    case usedBeforeOpening(account: String, used: CivilDate, opened: CivilDate)
    /// A date more than `Booker.plausibleYears` from the middle of the ledger's dates.
    case implausibleDate(CivilDate, around: CivilDate)
    /// A schedule's or subscription's occurrences due more than the grace days ago and not recorded.
    case notRecorded(name: String, count: Int, oldest: CivilDate, daysLate: Int)
    case deadlineBeforeStart(goal: String)
    // Buckets
    case overcommitted(date: CivilDate, shortfall: Money, funds: Money, days: Int, through: CivilDate, biggest: [SetAside], currency: Currency)
    case goalOverdrawn(goal: String, date: CivilDate, by: Money, currency: Currency)
    case snapshotMismatch(bucket: String, date: CivilDate, expected: Money, actual: Money, currency: Currency)
    /// The rest of a long run of one kind of problem, counted instead of listed.
    case more(id: String, count: Int, severity: Diagnostic.Severity)
    // Import
    case unknownRule(String, suggestion: String?)
    case missingRule(String)
    case importColumns(needed: Int, found: Int)
    case importField(what: String, value: String, expected: String)
    /// The rules' patterns took more than their steps for a statement (`Pattern.statementSteps`).
    case patternWork(limit: Int)

    /// A broken bucket rule (not a broken ledger): `add` and `report` still work, since adding
    /// money is how such a ledger is mended.
    public var isBucketRule: Bool {
        switch self {
        case .overcommitted, .goalOverdrawn, .snapshotMismatch: return true
        default: return false
        }
    }

    public var severity: Diagnostic.Severity {
        switch self {
        case .usedBeforeOpening, .notRecorded: return .warning
        case .more(_, _, let severity): return severity
        default: return .error
        }
    }

    /// A stable kebab-case identifier, for tools and for `--format json`.
    public var id: String {
        switch self {
        case .invalidUTF8: return "invalid-utf8"
        case .controlCharacter: return "control-character"
        case .unexpectedLineStart: return "unexpected-line-start"
        case .unknownDirective: return "unknown-directive"
        case .orphanLine: return "orphan-line"
        case .expected: return "syntax"
        case .unterminatedString: return "unterminated-string"
        case .unexpectedText: return "unexpected-text"
        case .invalidDate: return "invalid-date"
        case .invalidAmount: return "invalid-amount"
        case .amountOverflow: return "amount-overflow"
        case .tooManyDecimals: return "too-many-decimals"
        case .invalidCurrency: return "invalid-currency"
        case .secondCurrency: return "second-currency"
        case .amountBeforeCurrency: return "amount-before-currency"
        case .outOfRange: return "out-of-range"
        case .unknownWord: return "unknown-word"
        case .invalidName: return "invalid-name"
        case .missingReason: return "missing-reason"
        case .emptyEntry: return "empty-entry"
        case .includeNotFound: return "include-not-found"
        case .includeOutside: return "include-outside"
        case .implausibleDate: return "implausible-date"
        case .includeRefused: return "include-refused"
        case .includeNotReadable: return "include-not-a-ledger"
        case .includeCycle: return "include-cycle"
        case .duplicateInclude: return "duplicate-include"
        case .unknownName: return "unknown-name"
        case .wrongKind: return "wrong-kind"
        case .duplicateDeclaration: return "duplicate-declaration"
        case .unbalancedEntry: return "unbalanced-entry"
        case .multipleMissingAmounts: return "multiple-missing-amounts"
        case .balanceAssertionFailed: return "balance-assertion"
        case .sumOverflow: return "sum-overflow"
        case .usedBeforeOpening: return "used-before-opening"
        case .notRecorded: return "not-recorded"
        case .deadlineBeforeStart: return "deadline-before-start"
        case .overcommitted: return "overcommitted"
        case .goalOverdrawn: return "goal-overdrawn"
        case .snapshotMismatch: return "snapshot-assertion"
        case .more(let id, _, _): return id
        case .unknownRule: return "unknown-rule"
        case .missingRule: return "missing-rule"
        case .importColumns: return "import-columns"
        case .importField: return "import-field"
        case .patternWork: return "pattern-work"
        }
    }

    public var message: String {
        switch self {
        case .invalidUTF8(let byte):
            return "this line is not valid UTF-8 (byte 0x\(hex(byte)))"
        case .controlCharacter(let byte):
            return "unexpected control character 0x\(hex(byte))"
        case .unexpectedLineStart(let found):
            return "a line cannot start with `\(Self.shown(found))`"
        case .unknownDirective(let word, _):
            return "unknown directive `\(Self.shown(word))`"
        case .orphanLine:
            return "indented line does not belong to an entry"
        case .expected(let what, let found):
            if let found { return "expected \(what), found `\(Self.shown(found))`" }
            return "expected \(what) at end of line"
        case .unterminatedString:
            return "unterminated string: missing closing `\"`"
        case .unexpectedText(let text, _):
            return "unexpected `\(Self.shown(text))`"
        case .invalidDate(let text, let reason):
            if let reason { return "invalid date `\(Self.shown(text))`: \(reason)" }
            return "invalid date `\(Self.shown(text))`"
        case .invalidAmount(let text):
            return "`\(Self.shown(text))` is not an amount"
        case .amountOverflow(let text, _):
            return "amount `\(Self.shown(text))` is too large"
        case .tooManyDecimals(let text, let decimals, let currency):
            return "amount `\(Self.shown(text))` has more decimals than \(currency) allows (\(decimals))"
        case .invalidCurrency(let code):
            return "`\(Self.shown(code))` is not a currency code"
        case .secondCurrency(let code, let ledgerCurrency):
            return "second currency `\(Self.shown(code))`: this ledger's currency is \(ledgerCurrency), and format v1 allows one"
        case .amountBeforeCurrency:
            return "amount before the `currency` line"
        case .outOfRange(let what, let value, let allowed):
            return "\(what) must be \(allowed), found \(value)"
        case .unknownWord(let what, let word, _, _):
            return "unknown \(what) `\(Self.shown(word))`"
        case .invalidName(let name, let reason):
            return "invalid name `\(Self.shown(name))`: \(reason)"
        case .missingReason:
            return "correction without a reason"
        case .emptyEntry(let lines):
            return lines == 0 ? "entry has no split lines" : "entry has only one split line"
        case .includeNotFound(let path, let reason):
            return "cannot include `\(Self.shown(path))`: \(reason)"
        case .includeOutside(let path):
            return "`\(Self.shown(path))` is outside the ledger's folder; it was not read"
        case .implausibleDate(let date, let around):
            return "\(date) is more than \(Booker.plausibleYears) years from the ledger's other dates (around \(around))"
        case .includeRefused(let path, let hidden, let kind):
            return hidden ? "`\(Self.shown(path))` is a hidden file or lies in a hidden folder; it was not read"
                : "`\(Self.shown(path))` is not named as \(kind == "ledger" ? "a ledger (*.flourish)" : "an import rules file (*.rules)"); it was not read"
        case .includeNotReadable(let path, let kind):
            return "`\(Self.shown(path))` does not read as \(kind == "ledger" ? "a ledger" : "an import rules file") from its first line on; its lines are not shown"
        case .includeCycle(let chain):
            return "include cycle: " + chain.joined(separator: " → ")
        case .duplicateInclude(let path):
            return "`\(Self.shown(path))` is included more than once"
        case .unknownName(let name, let expected, _, _):
            return "unknown \(expected) `\(Self.shown(name))`"
        case .wrongKind(let name, let actual, let expected, let directive):
            return "`\(Self.shown(name))` is \(actual), but `\(directive)` needs \(expected)"
        case .duplicateDeclaration(let name, let kind):
            return "\(kind) `\(Self.shown(name))` is declared more than once"
        case .unbalancedEntry(let sum, let currency):
            return "entry does not balance: its lines sum to \(Self.amount(sum, currency))"
        case .multipleMissingAmounts(let count):
            return "\(count) lines leave their amount out; at most one may"
        case .balanceAssertionFailed(let account, let date, let expected, let actual, let currency):
            return "balance assertion failed for `\(Self.shown(account))` at the end of \(date): expected \(Self.amount(expected, currency)), "
                + "actual \(Self.amount(actual, currency)), difference \(Self.difference(actual, expected, currency))"
        case .sumOverflow(let what, _):
            return "\(what) is too large to compute exactly"
        case .notRecorded(let name, let count, let oldest, let daysLate):
            let late = daysLate == 1 ? "1 day" : "\(daysLate) days"
            if count == 1 { return "`\(Self.shown(name))` was due on \(oldest), \(late) ago, and is not recorded" }
            return "\(count) occurrences of `\(Self.shown(name))` are not recorded, the oldest due on \(oldest), \(late) ago"
        case .usedBeforeOpening(let account, let used, let opened):
            return "`\(Self.shown(account))` is used on \(used), before its opening balance on \(opened)"
        case .deadlineBeforeStart(let goal):
            return "goal `\(Self.shown(goal))` has a deadline before its start date"
        case .overcommitted(let date, let shortfall, let funds, let days, let through, _, let currency):
            let lasting = days > 1 ? " (for \(days) days, through \(through))" : ""
            // With nothing set aside, the shortfall is the funds below zero: say so.
            if (try? funds + shortfall) == .zero {
                return "main savings is below zero by \(Self.amount(shortfall, currency)) on \(date): the funds are \(Self.amount(funds, currency)) and nothing is set aside\(lasting)"
            }
            return "overcommitted by \(Self.amount(shortfall, currency)) on \(date): the set-asides exceed the funds of \(Self.amount(funds, currency))\(lasting)"
        case .goalOverdrawn(let goal, let date, let by, let currency):
            return "goal `\(Self.shown(goal))` is overdrawn by \(Self.amount(by, currency)) on \(date)"
        case .snapshotMismatch(let bucket, let date, let expected, let actual, let currency):
            return "snapshot assertion failed for \(bucket) at the end of \(date): expected \(Self.amount(expected, currency)), "
                + "actual \(Self.amount(actual, currency)), difference \(Self.difference(actual, expected, currency))"
        case .more(let id, let count, let severity):
            let grouped = Money(minorUnits: Int64(count)).formatted(decimals: 0)
            return "… and \(grouped) more `\(id)` \(severity.rawValue)\(count == 1 ? "" : "s") like the ones above"
        case .unknownRule(let word, _):
            return "unknown rule `\(Self.shown(word))`"
        case .missingRule(let rule):
            return "the rules have no `\(rule)` line"
        case .importColumns(let needed, let found):
            return "this row has \(found) \(found == 1 ? "column" : "columns"), the rules read column \(needed)"
        case .importField(let what, let value, let expected):
            return "\(what) `\(Self.shown(value))` is not \(expected)"
        case .patternWork(let limit):
            return "the rules' patterns took more than \(Money(minorUnits: Int64(limit)).formatted(decimals: 0)) steps on this statement; it was read up to this row"
        }
    }

    /// What the user can do about it, when there is something useful to say.
    public var hint: String? {
        switch self {
        case .invalidUTF8:
            return "save the file as UTF-8"
        case .controlCharacter:
            return "remove the character; only tabs and line breaks are allowed"
        case .unexpectedLineStart:
            return "start a line with a date (an entry), a keyword (a directive), `;` or `#` (a comment), or indent it (a split line)"
        case .unknownDirective(_, let suggestion):
            if let suggestion { return "did you mean `\(suggestion)`?" }
            return "directives are: " + Keyword.allCases.map(\.rawValue).joined(separator: ", ")
        case .orphanLine:
            return "split lines go right under an entry's date line; a blank line ends an entry"
        case .unterminatedString:
            return "close the string with `\"` on the same line"
        case .unexpectedText(_, let hint):
            return hint
        case .invalidDate(_, let reason):
            return reason == nil ? "write dates as YYYY-MM-DD, e.g. 2026-11-22" : nil
        case .invalidAmount:
            return "write amounts like 1234.56, -12 or 1,234.56"
        case .amountOverflow(_, let currency):
            return Self.limitHint(currency ?? Currency(code: "USD", decimals: 2))
        case .sumOverflow(_, let currency):
            return Self.limitHint(currency)
        case .tooManyDecimals(_, let decimals, let currency):
            return "round it to \(decimals) decimals, or declare `currency \(currency) N` with more"
        case .invalidCurrency:
            return "use a three-letter code such as USD or EUR"
        case .secondCurrency:
            return "convert the amount to the ledger's currency"
        case .amountBeforeCurrency:
            return "declare the currency at the top of the main file, e.g. `currency USD`"
        case .unknownWord(_, _, let allowed, let suggestion):
            if let suggestion { return "did you mean `\(suggestion)`?" }
            return "expected one of: " + allowed.joined(separator: ", ")
        case .invalidName:
            return "names are words like `Bank` or `Food:Dining`, or quoted strings"
        case .missingReason:
            return "say why the balance changed, e.g. `correction 2026-11-22 Bank 0.42 interest`"
        case .emptyEntry:
            return "an entry needs at least two split lines that sum to zero"
        case .includeNotFound:
            return "include paths are relative to the including file"
        case .includeOutside:
            return "a ledger includes files from its main file's folder and below; allow another folder with --allow-include DIR or FLOURISH_INCLUDE_PATH"
        case .implausibleDate:
            return "a date this far is most often a typo in the year; a ledger's dates lie within \(Booker.plausibleYears) years of one another"
        case .includeRefused(_, let hidden, _):
            return (hidden ? "hidden files and folders (.git, .env, .ssh…) may hold secrets" : "other files may hold secrets")
                + "; name the file with --allow-include FILE to include it anyway"
        case .includeNotReadable(let path, let kind):
            return kind == "ledger" ? "check it on its own to see its lines: flourish check \(Self.shown(path))"
                : "a rules file's lines are rules (grammar.md, \"Import rules\"); open it to see what it holds"
        case .includeCycle:
            return "remove one of the `include` lines"
        case .duplicateInclude:
            return "include each file once; its entries would count twice"
        case .unknownName(_, _, let suggestion, let declaration):
            if let suggestion { return "did you mean `\(suggestion)`?" }
            return "declare it: \(declaration)"
        case .wrongKind:
            return nil
        case .duplicateDeclaration:
            return "remove or rename one of them"
        case .unbalancedEntry(let sum, let currency):
            let negated = (try? -sum).map { Self.amount($0, currency) } ?? "the opposite amount"
            return "add a line of \(negated), or leave one amount out to balance the entry"
        case .multipleMissingAmounts:
            return "write the amounts of all lines but one"
        case .balanceAssertionFailed:
            return "record the missing entries, or add a `correction` with the reason"
        case .notRecorded(let name, _, _, _):
            return "record it with `flourish record --only \(StringLiteral.name(Self.shown(name)))`, or put its name in the description or comment of the entry that paid it"
        case .usedBeforeOpening:
            return "date the opening balance on or before the first entry that uses the account"
        case .deadlineBeforeStart:
            return "the `by` date must come after the goal's date"
        case .overcommitted(_, _, _, _, _, let biggest, let currency):
            if biggest.isEmpty { return "the accounts hold less than nothing: record the income or transfers that cover the spending" }
            return "the biggest set-asides are " + biggest.map { "\($0.what) \(Self.amount($0.amount, currency))" }.joined(separator: ", ")
                + "; lower them or add money"
        case .goalOverdrawn:
            return "move money into the goal before charging spending to it"
        case .snapshotMismatch:
            return "run `flourish report snapshot --date DATE` to see how the figure is made up"
        case .unknownRule(_, let suggestion):
            if let suggestion { return "did you mean `\(suggestion)`?" }
            return "rules are: " + ImportRuleKeyword.allCases.map(\.rawValue).joined(separator: ", ")
        case .missingRule(let rule):
            return "add a `\(rule)` line to the rules file"
        case .importColumns:
            return "check the `separator` rule and the column numbers; nothing was imported"
        case .importField:
            return "fix the row or the rules; nothing from this file was imported"
        case .patternWork:
            return "simplify the patterns that run on long fields (nested repetitions such as `(a|aa)*`), or import the statement in parts; nothing was imported"
        case .expected, .outOfRange:
            return nil
        case .more:
            return "fix the first ones; the rest often follow from them"
        }
    }

    /// One of the largest set-asides named in an overcommitted hint.
    public struct SetAside: Sendable, Equatable {
        public var what: String
        public var amount: Money

        public init(_ what: String, _ amount: Money) {
            self.what = what
            self.amount = amount
        }
    }

    /// How much of an echoed piece of input a message shows: a 10 MB field is cut.
    static let shownLength = 60

    /// Input echoed in a message, cut to `shownLength` characters with `…`. (Control
    /// characters are made visible where the text is printed: `GuardedOutput`.)
    static func shown(_ text: String, limit: Int = shownLength) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(limit))) + "…"
    }

    /// The largest figure Flourish holds, in the ledger's currency.
    static func limitHint(_ currency: Currency) -> String {
        let limit = Money(minorUnits: .max).formatted(decimals: currency.decimals)
        return "amounts and their sums must stay within ±\(limit) \(currency.code), the largest figure Flourish holds exactly"
    }

    /// An amount as messages show it: `1,234.50` in the currency's decimals.
    static func amount(_ money: Money, _ currency: Currency) -> String {
        money.formatted(decimals: currency.decimals)
    }

    /// `actual − expected`, or "too large" when it does not fit.
    static func difference(_ actual: Money, _ expected: Money, _ currency: Currency) -> String {
        (try? actual - expected).map { amount($0, currency) } ?? "too large"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
