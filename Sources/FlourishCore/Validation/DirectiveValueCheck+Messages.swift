/// The problems `DirectiveValueCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var directiveValueMessage: String? {
        switch self {
        case .deadlineBeforeStart(let goal):
            return "goal `\(Self.shown(goal))` has a deadline before its start date"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var directiveValueHint: String? {
        switch self {
        case .deadlineBeforeStart:
            return "the `by` date must come after the goal's date"
        default:
            return nil
        }
    }
}
