/// The problems the lexer and the parser find (`Parser`), worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var readingMessage: String? {
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
            return "`\(Self.shown(code))` where the home currency, \(ledgerCurrency), is needed"
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
        case .mergeConflict(let unterminated):
            return unterminated ? "merge conflict with no `>>>>>>>` line to end it" : "merge conflict: both sides changed this"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var readingHint: String? {
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
        case .tooManyDecimals(_, let decimals, let currency):
            return "round it to \(decimals) decimals, or declare `currency \(currency) N` with more"
        case .invalidCurrency:
            return "use a three-letter code such as USD or EUR"
        case .secondCurrency:
            return "the `currency` line, budgets, allowances, earmarks, goals and schedules are in the home currency; other currencies go on split lines and openings (declare one with `commodity CODE DECIMALS`)"
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
        case .mergeConflict:
            return "keep one side (or both) and delete the marker lines; until then the lines before `=======` (ours) are read"
        case .expected, .outOfRange:
            return nil
        default:
            return nil
        }
    }
}
