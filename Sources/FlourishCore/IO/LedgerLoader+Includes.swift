/// Following a ledger's includes (grammar.md, `include`): the root files, then each file's
/// includes depth-first, every problem with an include reported.
extension LedgerLoader {
    /// Reads the root files and follows their includes, depth-first, each file read with
    /// `parse` (its includes are what is followed); every problem with an include reported.
    /// With `early`, the files a file includes are read and parsed by it on every core as soon
    /// as their include lines are known, each at the place it will have if the files before it
    /// include nothing; `complete` tells which files were parsed so, at their right place.
    /// The first files parsed early write their split lines and entries straight into
    /// `shared`, each into the stretch of its place (see `SharedLists`).
    /// Files are mapped, or copied when not `mapped`.
    static func follow(_ sources: [SourceFile], overlay: [String: [UInt8]], confinement: Confinement,
                       mapped: Bool = true, early: (@Sendable (SourceFile, Int, ParseSession.Stretches?) -> ParsedFile)? = nil,
                       parse: @escaping (SourceFile, Int) -> ParsedFile)
        -> (parsed: [ParsedFile], diagnostics: [Diagnostic], complete: [Bool], shared: SharedLists?) {
        var walk = IncludeWalk(overlay: overlay, confinement: confinement, mapped: mapped, early: early, parse: parse)
        for source in sources { walk.followRoot(source) }
        return (walk.parsed, walk.diagnostics, walk.complete, walk.shared)
    }

    /// A file whose includes are being followed, and the next one to follow.
    struct Frame {
        var file: Int
        var canonical: String
        var next = 0
    }

    /// What a file's include found ahead of time: its bytes, and with `early` its parse.
    struct Prefetched: Sendable {
        var bytes: Swift.Result<SourceBytes, FileSystem.Failure>
        var parsed: ParsedFile?
    }

    /// The state of following the includes: the files parsed so far, in their places, and
    /// what was read ahead.
    struct IncludeWalk {
        let overlay: [String: [UInt8]]
        let confinement: Confinement
        let mapped: Bool
        let early: (@Sendable (SourceFile, Int, ParseSession.Stretches?) -> ParsedFile)?
        let parse: (SourceFile, Int) -> ParsedFile
        var shared: SharedLists?
        var parsed: [ParsedFile] = []
        var complete: [Bool] = []
        var diagnostics: [Diagnostic] = []
        /// Canonical path → where it was first included (nil for a root file).
        var seen: [String: SourceLocation?] = [:]
        /// The files a file includes, read on every core at once as soon as its include lines
        /// are known (a ledger with one file a year reads them together), by their paths as
        /// shown. Only paths that pass both confinement tests are read, so nothing outside the
        /// tree is read early either.
        var prefetched: [String: Prefetched] = [:]

        init(overlay: [String: [UInt8]], confinement: Confinement, mapped: Bool,
             early: (@Sendable (SourceFile, Int, ParseSession.Stretches?) -> ParsedFile)?, parse: @escaping (SourceFile, Int) -> ParsedFile) {
            self.overlay = overlay
            self.confinement = confinement
            self.mapped = mapped
            self.early = early
            self.parse = parse
        }

        /// A root file, and everything it includes, depth-first.
        mutating func followRoot(_ source: SourceFile) {
            let canonical = FileSystem.canonicalPath(source.path) ?? source.path
            if seen[canonical] != nil { return }
            seen[canonical] = .some(nil)
            parsed.append(parse(source, parsed.count))
            complete.append(false)
            prefetch(parsed[parsed.count - 1])
            var open = [Frame(file: parsed.count - 1, canonical: canonical)]
            while var frame = open.popLast() {
                guard frame.next < parsed[frame.file].includes.count else { continue }
                let request = parsed[frame.file].includes[frame.next]
                frame.next += 1
                open.append(frame)
                if let (index, canonical) = include(request, from: frame.file, open: open) {
                    parsed[frame.file].includes[frame.next - 1].file = index
                    open.append(Frame(file: index, canonical: canonical))
                }
            }
        }

        /// One include line: the file it names, resolved, confined, read and parsed at the next
        /// place, with its place and canonical path; nil (and a diagnostic) when it is refused,
        /// missing, a cycle, a duplicate or not a ledger.
        mutating func include(_ request: Include, from includer: Int, open: [Frame]) -> (Int, String)? {
            let path = request.path
            let location = request.location
            let shown = path.hasPrefix("/") ? path : FileSystem.directory(of: parsed[includer].file.path) + path
            // Judged on the path as written (so nothing outside is even looked at), then on
            // the file it resolves to (a symbolic link may point outside).
            if let problem = confinement.problem(FileSystem.absolute(shown), written: path, kind: "ledger") {
                diagnostics.append(Diagnostic(problem, at: location))
                return nil
            }
            let buffer = overlay[normalise(shown)]
            guard let included = buffer != nil ? normalise(shown) : FileSystem.canonicalPath(shown) else {
                let reason = (try? FileSystem.read(shown)).map { _ in "cannot resolve the path" } ?? readFailure(shown)
                diagnostics.append(Diagnostic(.includeNotFound(path, reason: reason), at: location))
                return nil
            }
            if buffer == nil, let problem = confinement.problem(included, written: path, kind: "ledger") {
                diagnostics.append(Diagnostic(problem, at: location))
                return nil
            }
            if let cycleStart = open.firstIndex(where: { $0.canonical == included }) {
                let chain = open[cycleStart...].map { parsed[$0.file].file.path } + [parsed[open[cycleStart].file].file.path]
                diagnostics.append(Diagnostic(.includeCycle(chain), at: location))
                return nil
            }
            if let first = seen[included] {
                let notes = first.map { [Diagnostic.Note(message: "first included here", location: $0)] } ?? []
                diagnostics.append(Diagnostic(.duplicateInclude(path), at: location, notes: notes))
                return nil
            }
            let bytes: SourceBytes
            var ready: ParsedFile?
            do throws(FileSystem.Failure) {
                if let buffer {
                    bytes = SourceBytes(buffer)
                } else if let early = prefetched.removeValue(forKey: shown) {
                    bytes = try early.bytes.get()
                    ready = early.parsed
                } else {
                    bytes = mapped ? try FileSystem.readSource(shown) : SourceBytes(try FileSystem.read(shown))
                }
            } catch {
                diagnostics.append(Diagnostic(.includeNotFound(path, reason: error.reason), at: location))
                return nil
            }
            if buffer == nil && !Parser.readsAsLedger(bytes) {
                diagnostics.append(Diagnostic(.includeNotReadable(path, kind: "ledger"), at: location))
                return nil
            }
            seen[included] = .some(location)
            let index = parsed.count
            if let ready, ready.index == index {
                parsed.append(ready)
                complete.append(true)
            } else {
                parsed.append(parse(SourceFile(path: normalise(shown), bytes: bytes), index))
                complete.append(false)
            }
            prefetch(parsed[index])
            return (index, included)
        }

        /// The files `file` includes, read (and with `early` parsed) on every core at once.
        mutating func prefetch(_ file: ParsedFile) {
            let includer = file.file.path
            // The k-th include of the file just added lands at `parsed.count + k` when the
            // includes before it are files that include nothing.
            let candidates = file.includes.enumerated().map { position, request in
                (shown: request.path.hasPrefix("/") ? request.path : FileSystem.directory(of: includer) + request.path,
                 place: parsed.count + position)
            }.filter { candidate in
                let shown = candidate.shown
                guard overlay[normalise(shown)] == nil, prefetched[shown] == nil,
                      confinement.contains(FileSystem.absolute(shown)),
                      let resolved = FileSystem.canonicalPath(shown) else { return false }
                return confinement.contains(resolved)
            }
            guard candidates.count > 1 else { return }
            // Read, and the lines that can hold split lines and entries counted, on every core.
            let counting = early != nil
            let read = Concurrent.map(candidates.count) { index -> (Swift.Result<SourceBytes, FileSystem.Failure>, LineStarts.Counts) in
                do throws(FileSystem.Failure) {
                    let bytes = try FileSystem.readSource(candidates[index].shown)
                    return (.success(bytes), counting ? bytes.withView(\.lineStartCounts) : LineStarts.Counts())
                } catch {
                    return (.failure(error), LineStarts.Counts())
                }
            }
            guard let early else {
                for (candidate, result) in zip(candidates, read) { prefetched[candidate.shown] = Prefetched(bytes: result.0, parsed: nil) }
                return
            }
            // The first time, the files read so far and these have stretches of shared lists,
            // in their places' order.
            let lists: SharedLists? = shared == nil && candidates.last?.place == parsed.count + candidates.count - 1
                ? SharedLists(rooms: parsed.map { $0.file.bytes.withView(\.lineStartCounts) } + read.map(\.1))
                : nil
            shared = shared ?? lists
            let found = SharedLists.withStretches(lists) { stretches in
                Concurrent.map(candidates.count) { index -> Prefetched in
                    let candidate = candidates[index]
                    guard case .success(let bytes) = read[index].0 else { return Prefetched(bytes: read[index].0, parsed: nil) }
                    let file = SourceFile(path: normalise(candidate.shown), bytes: bytes)
                    return Prefetched(bytes: .success(bytes), parsed: early(file, candidate.place, stretches?(candidate.place)))
                }
            }
            for (candidate, result) in zip(candidates, found) { prefetched[candidate.shown] = result }
        }
    }
}
