/// The problems reading import rules and statements finds (`ImportRules`, `Importer`), worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var importMessage: String? {
        switch self {
        case .unknownRule(let word, _):
            return "unknown rule `\(Self.shown(word))`"
        case .missingRule(let rule):
            return "the rules have no `\(rule)` line"
        case .importColumns(let needed, let found):
            return "this row has \(found) \(found == 1 ? "column" : "columns"), the rules read column \(needed)"
        case .importField(let what, let value, let expected):
            return "\(what) `\(Self.shown(value))` is not \(expected)"
        case .importDateFar(let value, let from, let to):
            return "date `\(Self.shown(value))` is more than ten years from the ledger's dates (\(from)–\(to))"
        case .patternWork(let limit):
            return "the rules' patterns took more than \(Money(minorUnits: Int64(limit)).formatted(decimals: 0)) steps on this statement; it was read up to this row"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var importHint: String? {
        switch self {
        case .unknownRule(_, let suggestion):
            if let suggestion { return "did you mean `\(suggestion)`?" }
            return "rules are: " + ImportRuleKeyword.allCases.map(\.rawValue).joined(separator: ", ")
        case .missingRule(let rule):
            return "add a `\(rule)` line to the rules file"
        case .importColumns:
            return "check the `separator` rule and the column numbers; nothing was imported"
        case .importField:
            return "fix the row or the rules; nothing from this file was imported"
        case .importDateFar:
            return "imported as read: if the year is wrong, check the rules' date format (YY or YYYY)"
        case .patternWork:
            return "simplify the patterns that run on long fields (nested repetitions such as `(a|aa)*`), or import the statement in parts; nothing was imported"
        default:
            return nil
        }
    }
}
