/// The problems `ReferenceCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var referenceMessage: String? {
        switch self {
        case .unknownName(let name, let expected, _, _):
            return "unknown \(expected) `\(Self.shown(name))`"
        case .wrongKind(let name, let actual, let expected, let directive):
            return "`\(Self.shown(name))` is \(actual), but `\(directive)` needs \(expected)"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var referenceHint: String? {
        switch self {
        case .unknownName(_, _, let suggestion, let declaration):
            if let suggestion { return "did you mean `\(suggestion)`?" }
            return "declare it: \(declaration)"
        case .wrongKind:
            return nil
        default:
            return nil
        }
    }
}
