/// The problems `DuplicateDeclarationCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var duplicateMessage: String? {
        switch self {
        case .duplicateDeclaration(let name, let kind):
            return "\(kind) `\(Self.shown(name))` is declared more than once"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var duplicateHint: String? {
        switch self {
        case .duplicateDeclaration:
            return "remove or rename one of them"
        default:
            return nil
        }
    }
}
