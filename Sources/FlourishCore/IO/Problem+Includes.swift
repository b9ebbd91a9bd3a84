/// The problems following `include` lines finds (`LedgerLoader`), worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var includeMessage: String? {
        switch self {
        case .includeNotFound(let path, let reason):
            return "cannot include `\(Self.shown(path))`: \(reason)"
        case .includeOutside(let path):
            return "`\(Self.shown(path))` is outside the ledger's folder; it was not read"
        case .includeRefused(let path, let hidden, let kind):
            return hidden ? "`\(Self.shown(path))` is a hidden file or lies in a hidden folder; it was not read"
                : "`\(Self.shown(path))` is not named as \(kind == "ledger" ? "a ledger (*.flourish)" : "an import rules file (*.rules)"); it was not read"
        case .includeNotReadable(let path, let kind):
            return "`\(Self.shown(path))` does not read as \(kind == "ledger" ? "a ledger" : "an import rules file") from its first line on; its lines are not shown"
        case .includeCycle(let chain):
            return "include cycle: " + chain.joined(separator: " → ")
        case .duplicateInclude(let path):
            return "`\(Self.shown(path))` is included more than once"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var includeHint: String? {
        switch self {
        case .includeNotFound:
            return "include paths are relative to the including file"
        case .includeOutside:
            return "a ledger includes files from its main file's folder and below; allow another folder with --allow-include DIR or FLOURISH_INCLUDE_PATH"
        case .includeRefused(_, let hidden, _):
            return (hidden ? "hidden files and folders (.git, .env, .ssh…) may hold secrets" : "other files may hold secrets")
                + "; name the file with --allow-include FILE to include it anyway"
        case .includeNotReadable(let path, let kind):
            return kind == "ledger" ? "check it on its own to see its lines: flourish check \(Self.shown(path))"
                : "a rules file's lines are rules (grammar.md, \"Import rules\"); open it to see what it holds"
        case .includeCycle:
            return "remove one of the `include` lines"
        case .duplicateInclude:
            return "include each file once; its entries would count twice"
        default:
            return nil
        }
    }
}
