/// Every kind of problem Flourish reports, with its stable id, message and hint.
///
/// The kinds and their ids are listed here; each kind's words (message and hint) live beside
/// the code that finds it (`Syntax/Problem+Reading.swift`, `Validation/BucketCheck+Messages.swift`,
/// …), one file per check, and are read here. A diagnostic's text is made nowhere else.
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
    /// A conflict block a merge left (`<<<<<<<` … `>>>>>>>`); `unterminated` when it has no end.
    case mergeConflict(unterminated: Bool)
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
    /// Two entries carry one import key: one bank row imported twice.
    case duplicateImport(key: String)
    /// The date of the earlier entry this one repeats.
    case duplicateEntry(date: String)
    case unbalancedEntry(sum: Money, currency: Currency)
    case multipleMissingAmounts(count: Int)
    case balanceAssertionFailed(account: String, date: CivilDate, expected: Money, actual: Money, currency: Currency)
    /// A `close` line for an account that is not at zero at the end of its date.
    case closedWithBalance(account: String, date: CivilDate, balance: Money, currency: Currency)
    /// A line on an account after its `close` line's date.
    case usedAfterClose(account: String, used: CivilDate, closed: CivilDate)
    case sumOverflow(what: String, currency: Currency)
    case usedBeforeOpening(account: String, used: CivilDate, opened: CivilDate)
    /// An entry dated more than a year after every other.
    case dateFarAhead(date: CivilDate, latestOther: CivilDate)
    /// A line that puts money into an income category from an account.
    case incomeSign(category: String)
    /// A credit account opened with a positive balance.
    case creditOpenedWithMoney(account: String, amount: Money, currency: Currency)
    /// A date more than `Booker.plausibleYears` from the middle of the ledger's dates.
    case implausibleDate(CivilDate, around: CivilDate)
    /// A line in another currency with no rate written and no `rate` line on or before its day.
    case missingRate(code: String, date: CivilDate, home: String)
    /// A line on an account kept in one currency written in another.
    case accountCurrency(account: String, kept: String, written: String)
    /// A left-out amount on an account kept in another currency, in an entry whose lines are
    /// not all in that currency.
    case foreignLeftOut(account: String, kept: String)
    /// An entry whose lines are all in one other currency and balance in it, but whose home
    /// amounts, at the rates written, do not.
    case ratesDiffer(code: String, difference: Money, home: Currency)
    /// An exchange difference booked to a category no `category NAME exchange` declares.
    /// `revalued`: the first was a revaluation at a rate line, not money moved.
    case exchangeUndeclared(category: String, difference: Money, code: String, home: Currency, revalued: Bool)
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
    /// A statement's row dated more than ten years from the ledger's dates: imported, but
    /// worth a look (a misread year).
    case importDateFar(value: String, from: Int, to: Int)
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
        case .usedBeforeOpening, .notRecorded, .duplicateEntry, .exchangeUndeclared, .dateFarAhead, .incomeSign, .creditOpenedWithMoney, .importDateFar:
            return .warning
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
        case .mergeConflict: return "merge-conflict"
        case .includeNotFound: return "include-not-found"
        case .includeOutside: return "include-outside"
        case .implausibleDate: return "implausible-date"
        case .missingRate: return "missing-rate"
        case .accountCurrency: return "account-currency"
        case .foreignLeftOut: return "foreign-left-out"
        case .ratesDiffer: return "rates-differ"
        case .exchangeUndeclared: return "exchange-undeclared"
        case .includeRefused: return "include-refused"
        case .includeNotReadable: return "include-not-a-ledger"
        case .includeCycle: return "include-cycle"
        case .duplicateInclude: return "duplicate-include"
        case .unknownName: return "unknown-name"
        case .wrongKind: return "wrong-kind"
        case .duplicateDeclaration: return "duplicate-declaration"
        case .duplicateImport: return "duplicate-import"
        case .duplicateEntry: return "duplicate-entry"
        case .unbalancedEntry: return "unbalanced-entry"
        case .multipleMissingAmounts: return "multiple-missing-amounts"
        case .balanceAssertionFailed: return "balance-assertion"
        case .closedWithBalance: return "close-not-zero"
        case .usedAfterClose: return "used-after-close"
        case .sumOverflow: return "sum-overflow"
        case .usedBeforeOpening: return "used-before-opening"
        case .dateFarAhead: return "date-far-ahead"
        case .incomeSign: return "income-sign"
        case .creditOpenedWithMoney: return "credit-opened-with-money"
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
        case .importDateFar: return "import-date-far"
        case .patternWork: return "pattern-work"
        }
    }

    public var message: String {
        if case .more(let id, let count, let severity) = self {
            let grouped = Money(minorUnits: Int64(count)).formatted(decimals: 0)
            return "… and \(grouped) more `\(id)` \(severity.rawValue)\(count == 1 ? "" : "s") like the ones above"
        }
        // Each check words its own problems (the files beside the checks).
        let worded: [String?] = [
            readingMessage,
            includeMessage,
            bookingMessage,
            referenceMessage,
            duplicateMessage,
            duplicateImportMessage,
            duplicateEntryMessage,
            balancingMessage,
            assertionMessage,
            openingMessage,
            closeMessage,
            slipMessage,
            recordedMessage,
            directiveValueMessage,
            bucketMessage,
            importMessage,
        ]
        return worded.lazy.compactMap { $0 }.first ?? id
    }

    /// What the user can do about it, when there is something useful to say.
    public var hint: String? {
        if case .more = self { return "fix the first ones; the rest often follow from them" }
        let worded: [String?] = [
            readingHint,
            includeHint,
            bookingHint,
            referenceHint,
            duplicateHint,
            duplicateImportHint,
            duplicateEntryHint,
            balancingHint,
            assertionHint,
            openingHint,
            closeHint,
            slipHint,
            recordedHint,
            directiveValueHint,
            bucketHint,
            importHint,
        ]
        return worded.lazy.compactMap { $0 }.first
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

    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
