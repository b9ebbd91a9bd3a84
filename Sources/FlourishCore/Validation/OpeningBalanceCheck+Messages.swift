/// The problems `OpeningBalanceCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var openingMessage: String? {
        switch self {
        case .usedBeforeOpening(let account, let used, let opened):
            return "`\(Self.shown(account))` is used on \(used), before its opening balance on \(opened)"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var openingHint: String? {
        switch self {
        case .usedBeforeOpening:
            return "date the opening balance on or before the first entry that uses the account"
        default:
            return nil
        }
    }
}
