/// Reads a ledger's files, following `include` lines depth-first, into one `Ledger`.
///
/// Includes are followed with an explicit stack rather than recursion, so a chain of
/// a thousand includes needs no deep call stack.
public enum LedgerLoader {
    /// The ledger and every problem found while reading it.
    public struct Result: Sendable {
        public var ledger: Ledger
        public var diagnostics: [Diagnostic]
    }

    /// Reads the files named on the command line. Throws only when one of them cannot be read.
    public static func load(paths: [String]) throws(FileSystem.Failure) -> Result {
        var sources: [SourceFile] = []
        for path in paths {
            sources.append(SourceFile(path: path, bytes: try FileSystem.read(path)))
        }
        return load(sources: sources)
    }

    /// Parses already-read root files and the files they include. An included file whose path
    /// (as `normalise` writes it) is in `overlay` is read from there instead of the disk, even
    /// when it does not exist on disk: an editor's unsaved buffers.
    public static func load(sources: [SourceFile], overlay: [String: [UInt8]] = [:]) -> Result {
        var session = ParseSession()
        /// Canonical path → where it was first read (nil for a root file).
        var seen: [String: SourceLocation?] = [:]

        struct Frame {
            var parser: Parser
            var canonical: String
        }

        // Room for the entries and lines the files likely hold, so the arrays grow without
        // copying (measured: about 60 bytes an entry, 23 a split line).
        let size = sources.reduce(0) { $0 + $1.bytes.count }
        session.ledger.entries.reserveCapacity(size / 60)
        session.ledger.postings.reserveCapacity(size / 23)
        for source in sources {
            let canonical = FileSystem.canonicalPath(source.path) ?? source.path
            if seen[canonical] != nil { continue }
            seen[canonical] = .some(nil)
            let index = session.ledger.files.count
            session.ledger.files.append(source)
            // The file being read, and the files waiting for it (each stopped at an include).
            var current = Frame(parser: Parser(file: source, fileIndex: index), canonical: canonical)
            var waiting: [Frame] = []
            while true {
                if current.parser.isAtEnd {
                    current.parser.finishEntry(&session)
                    guard let includer = waiting.popLast() else { break }
                    current = includer
                    continue
                }
                guard case .include(let path, let location)? = current.parser.parseLines(&session) else { continue }
                let includer = current.parser.file.path
                let shown = path.hasPrefix("/") ? path : FileSystem.directory(of: includer) + path
                var include = Include(path: path, location: location, file: nil)
                defer { session.ledger.includes.append(include) }
                let buffer = overlay[normalise(shown)]
                guard let included = buffer != nil ? normalise(shown) : FileSystem.canonicalPath(shown) else {
                    let reason = (try? FileSystem.read(shown)).map { _ in "cannot resolve the path" } ?? readFailure(shown)
                    session.report(.includeNotFound(path, reason: reason), at: location)
                    continue
                }
                let open = waiting + [current]
                if let cycleStart = open.firstIndex(where: { $0.canonical == included }) {
                    let chain = open[cycleStart...].map(\.parser.file.path) + [open[cycleStart].parser.file.path]
                    session.report(.includeCycle(chain), at: location)
                    continue
                }
                if let first = seen[included] {
                    let notes = first.map { [Diagnostic.Note(message: "first included here", location: $0)] } ?? []
                    session.report(.duplicateInclude(path), at: location, notes: notes)
                    continue
                }
                let bytes: [UInt8]
                do throws(FileSystem.Failure) {
                    if let buffer { bytes = buffer } else { bytes = try FileSystem.read(shown) }
                } catch {
                    session.report(.includeNotFound(path, reason: error.reason), at: location)
                    continue
                }
                seen[included] = .some(location)
                let index = session.ledger.files.count
                session.ledger.files.append(SourceFile(path: normalise(shown), bytes: bytes))
                include.file = index
                waiting.append(current)
                current = Frame(parser: Parser(file: session.ledger.files[index], fileIndex: index), canonical: included)
            }
        }
        return Result(ledger: session.ledger, diagnostics: session.diagnostics)
    }

    private static func readFailure(_ path: String) -> String {
        do {
            _ = try FileSystem.read(path)
            return "cannot read it"
        } catch {
            return error.reason
        }
    }

    /// `a/./b/../c` → `a/c`, for paths shown in messages.
    static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }
}
