/// The problems `DuplicateEntryCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var duplicateEntryMessage: String? {
        switch self {
        case .duplicateEntry(let date):
            return "this entry looks recorded twice: the entry of \(date) has the same description and lines"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var duplicateEntryHint: String? {
        switch self {
        case .duplicateEntry:
            return "delete one (a merge that kept both copies, or a statement imported twice); if both happened, tell them apart with a tag such as `#again`"
        default:
            return nil
        }
    }
}
