/// The files of a ledger being converted: the main file and what it includes, read once each
/// and only from inside the main file's folder (and `--allow-include` folders), as `check`
/// reads a Flourish ledger's includes.
struct ForeignSources {
    let confinement: LedgerLoader.Confinement
    private var seen: Set<String> = []

    init(root: String, allowed: [String]) {
        confinement = LedgerLoader.Confinement(roots: [root], allowed: allowed)
    }

    /// The text of `written`, a path relative to the folder of `including` (or the current
    /// folder), with the path to show for it; or why it cannot be read.
    mutating func read(_ written: String, from including: String?) -> Result<(shown: String, lines: [Substring]), ForeignReadFailure> {
        let shown = written.hasPrefix("/") || including == nil ? written : FileSystem.directory(of: including!) + written
        let absolute = FileSystem.absolute(shown)
        guard confinement.contains(absolute), confinement.contains(FileSystem.canonicalPath(absolute) ?? absolute) else {
            return .failure(.outside(shown))
        }
        guard seen.insert(FileSystem.canonicalPath(absolute) ?? absolute).inserted else { return .failure(.again(shown)) }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(shown) } catch { return .failure(.unreadable(shown, error.reason)) }
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        return .success((shown, text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }))
    }
}

enum ForeignReadFailure: Error {
    case outside(String)
    case again(String)
    case unreadable(String, String)

    var message: String {
        switch self {
        case .outside(let path): return "include of '\(path)', outside the ledger's folder (use --allow-include)"
        case .again(let path): return "include of '\(path)', read already"
        case .unreadable(let path, let reason): return "include of '\(path)': \(reason)"
        }
    }
}
