/// The problems `CloseCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var closeMessage: String? {
        switch self {
        case .usedAfterClose(let account, let used, let closed):
            return "`\(Self.shown(account))` is used on \(used), after it was closed on \(closed)"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var closeHint: String? {
        switch self {
        case .usedAfterClose:
            return "book the entry on another account, or date the `close` line after it"
        default:
            return nil
        }
    }
}
