/// The problems `RecordedCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var recordedMessage: String? {
        switch self {
        case .notRecorded(let name, let count, let oldest, let daysLate):
            let late = daysLate == 1 ? "1 day" : "\(daysLate) days"
            if count == 1 { return "`\(Self.shown(name))` was due on \(oldest), \(late) ago, and is not recorded" }
            return "\(count) occurrences of `\(Self.shown(name))` are not recorded, the oldest due on \(oldest), \(late) ago"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var recordedHint: String? {
        switch self {
        case .notRecorded(let name, _, _, _):
            return "record it with `flourish record --only \(StringLiteral.name(Self.shown(name)))`, or put its name in the description or comment of the entry that paid it"
        default:
            return nil
        }
    }
}
