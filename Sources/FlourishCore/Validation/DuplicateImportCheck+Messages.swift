/// The problems `DuplicateImportCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var duplicateImportMessage: String? {
        switch self {
        case .duplicateImport(let key):
            return "the bank row `import:\(Self.shown(key))` is imported twice"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var duplicateImportHint: String? {
        switch self {
        case .duplicateImport:
            return "delete one of the two entries (a statement imported on two branches and merged, or imported twice, gives both)"
        default:
            return nil
        }
    }
}
