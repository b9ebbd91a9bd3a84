/// The files of a ledger being converted: the main file and what it includes, read once each
/// and only from inside the main file's folder (and `--allow-include` folders), as `check`
/// reads a Flourish ledger's includes.
struct ForeignSources {
    let confinement: LedgerLoader.Confinement
    private var seen: Set<String> = []

    init(root: String, allowed: [String]) {
        // Other tools name their files as they like; hidden files are refused all the same.
        confinement = LedgerLoader.Confinement(roots: [root], allowed: allowed, suffix: nil)
    }

    /// The text of `written`, a path relative to the folder of `including` (or the current
    /// folder), with the path to show for it; or why it cannot be read.
    mutating func read(_ written: String, from including: String?) -> Result<(shown: String, lines: [Substring]), ForeignReadFailure> {
        let shown = written.hasPrefix("/") || including == nil ? written : FileSystem.directory(of: including!) + written
        let absolute = FileSystem.absolute(shown)
        for path in [absolute, FileSystem.canonicalPath(absolute) ?? absolute] {
            switch confinement.judge(path) {
            case .allowed: continue
            case .hidden: return .failure(.hidden(shown))
            case .outside, .notNamed: return .failure(.outside(shown))
            }
        }
        guard seen.insert(FileSystem.canonicalPath(absolute) ?? absolute).inserted else { return .failure(.again(shown)) }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(shown) } catch { return .failure(.unreadable(shown, error.reason)) }
        return .success((shown, Self.lines(bytes)))
    }

    /// A file's lines: UTF-8 (a byte order mark dropped, bytes that are not UTF-8 replaced),
    /// split at line feeds, a carriage return before one dropped, and every other control
    /// character but a tab made a space — a ledger cannot hold them, in a name or anywhere.
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        // Split on the bytes: in Swift a CR LF pair is one Character, which is not "\n".
        return body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { raw in
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            let text = String(decoding: line, as: UTF8.self)
            guard text.unicodeScalars.contains(where: { $0 != "\t" && ControlCharacter.isUnsafe($0) }) else { return Substring(text) }
            return Substring(String(String.UnicodeScalarView(text.unicodeScalars.map { $0 != "\t" && ControlCharacter.isUnsafe($0) ? " " : $0 })))
        }
    }
}

enum ForeignReadFailure: Error {
    case outside(String)
    case hidden(String)
    case again(String)
    case unreadable(String, String)

    var message: String {
        switch self {
        case .outside(let path): return "include of '\(path)', outside the ledger's folder (use --allow-include)"
        case .hidden(let path): return "include of '\(path)', a hidden file or in a hidden folder (.git, .env…), not read"
        case .again(let path): return "include of '\(path)', read already"
        case .unreadable(let path, let reason): return "include of '\(path)': \(reason)"
        }
    }
}
