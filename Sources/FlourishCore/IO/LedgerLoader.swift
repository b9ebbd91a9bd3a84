import Dispatch

/// Reads a ledger's files and links them into one `Ledger` (see docs/architecture.md).
///
/// Each file is parsed on its own (`Parser.parse`); its `include` lines are then followed in
/// order, depth-first, with an explicit stack rather than recursion, so a chain of a thousand
/// includes needs no deep call stack. Linking merges the parsed files into one ledger with one
/// name table, and checks what only the whole ledger can tell: one currency, declared before
/// the first amount in reading order.
public enum LedgerLoader {
    /// The ledger and every problem found while reading it.
    public struct Result: Sendable {
        public var ledger: Ledger
        public var diagnostics: [Diagnostic]

        /// The ledger, leaving an empty one behind: the caller then holds the only reference
        /// to its arrays, so booking changes them in place instead of copying them.
        public mutating func takeLedger() -> Ledger {
            let taken = ledger
            ledger = Ledger()
            return taken
        }
    }

    /// Reads the files named on the command line. Throws only when one of them cannot be read.
    /// `allowedIncludes` are folders, besides each main file's own, whose files may be included.
    public static func load(paths: [String], allowedIncludes: [String] = []) throws(FileSystem.Failure) -> Result {
        var sources: [SourceFile] = []
        for path in paths {
            sources.append(SourceFile(path: path, bytes: try FileSystem.readSource(path)))
        }
        return load(sources: sources, allowedIncludes: allowedIncludes)
    }

    /// Parses already-read root files and the files they include. An included file whose path
    /// (as `normalise` writes it) is in `overlay` is read from there instead of the disk, even
    /// when it does not exist on disk: an editor's unsaved buffers.
    ///
    /// Includes stay inside the ledger's tree: the folder of a main file and below, judged
    /// before reading and again after resolving symbolic links, or a folder in
    /// `allowedIncludes`. Anything else is an `include-outside` error that names the path but
    /// never reads the file (`check` runs on strangers' pull requests).
    ///
    /// With a `cache`, a file whose bytes and place in the reading order are those of the last
    /// load is not parsed again (the language server re-reads only what changed).
    ///
    /// With `includeFolders`, includes come from those folders (and below) only, not from the
    /// main files' folders: the language server's workspace folders, or none for a buffer
    /// outside them.
    public static func load(sources: [SourceFile], overlay: [String: [UInt8]] = [:], allowedIncludes: [String] = [],
                            includeFolders: [String]? = nil, cache: ParseCache? = nil) -> Result {
        let confinement = includeFolders.map { Confinement(roots: [], allowed: $0) }
            ?? Confinement(roots: sources.map(\.path), allowed: allowedIncludes)
        // Without a cache, a ledger of several files is read in two passes: its files are found
        // by their `include` lines alone, then parsed on every core at once. The includes the
        // full parse finds must be the ones the first pass followed, or the files are read
        // again one by one (they always are: the first pass reads include lines as parse does).
        // Files included together are read and parsed in full on every core during the first
        // pass, at the place in the list they will have if the files before them include
        // nothing (a ledger with one file a year); only a file whose place turns out otherwise
        // is parsed again.
        if cache == nil {
            let (followed, found, complete, shared) = follow(sources, overlay: overlay, confinement: confinement,
                                                             early: { parse($0, fileIndex: $1, into: $2) }) {
                Parser.includes(of: $0, fileIndex: $1)
            }
            // Moved, not copied: linking then holds the only reference to each file's lists.
            var parsed = consume followed
            if parsed.count > 1 {
                let again = parsed.indices.filter { !complete[$0] }
                let files = again.map { parsed[$0].file }
                let reparsed = Concurrent.map(again.count) { parse(files[$0], fileIndex: again[$0]) }
                var agree = true
                for (index, full) in zip(again, reparsed) {
                    let first = parsed[index].includes
                    agree = agree && full.includes.map(\.location) == first.map(\.location) && full.includes.map(\.path) == first.map(\.path)
                    parsed[index] = full
                    parsed[index].includes = first
                }
                if agree {
                    return finish(consume parsed, found, shared: shared)
                }
            }
        }
        // Files compared with a later read (the cache's) are copied: a mapping shows a file as
        // it is now, not as it was read.
        let (parsed, diagnostics, _, _) = follow(sources, overlay: overlay, confinement: confinement, mapped: cache == nil) { file, index in
            cache?.parse(file, fileIndex: index) ?? parse(file, fileIndex: index)
        }
        return finish(parsed, diagnostics)
    }

    /// Links parsed files into one ledger, with every problem found reading them.
    private static func finish(_ parsed: consuming [ParsedFile], _ found: [Diagnostic], shared: SharedLists? = nil) -> Result {
        var diagnostics = found
        var ledger = link(&parsed, shared: shared)
        diagnostics += parsed.flatMap(\.diagnostics)
        diagnostics += checkCurrency(&ledger, parsed)
        // Amounts too large to read are reported with the ledger's currency's limit.
        let currency = ledger.currency
        for index in diagnostics.indices {
            if case .amountOverflow(let text, nil) = diagnostics[index].problem {
                diagnostics[index].problem = .amountOverflow(text, currency: currency)
            }
        }
        return Result(ledger: ledger, diagnostics: diagnostics)
    }

    /// What a ledger (or an import rules file) may include: files in the folder of a main file
    /// and below, or in an allowed folder and below, that are not hidden and not in a hidden
    /// folder below it (`.git/config`, `.env`, `.ssh/…`: where secrets live) and are named as
    /// ledgers (`suffix`); or files named one by one as allowed (`--allow-include FILE`).
    struct Confinement {
        enum Verdict: Equatable {
            case allowed, outside, hidden, notNamed
        }

        /// Absolute folders, each written both as given and with symbolic links resolved.
        let folders: [String]
        /// Files allowed by name, as given and resolved.
        let files: Set<String>
        /// How an included file's name ends (nil: any name).
        let suffix: String?

        init(roots: [String], allowed: [String], suffix: String? = ".flourish") {
            var folders: [String] = []
            var files: Set<String> = []
            for path in roots.map({ FileSystem.directory(of: FileSystem.absolute($0)) }) {
                folders.append(normalise(path))
            }
            for path in allowed.map(FileSystem.absolute) {
                if FileSystem.isRegularFile(path) {
                    files.insert(normalise(path))
                    if let resolved = FileSystem.canonicalPath(path) { files.insert(resolved) }
                } else {
                    folders.append(normalise(path + "/"))
                }
            }
            folders += folders.compactMap(FileSystem.canonicalPath)
            self.folders = folders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            self.files = files
            self.suffix = suffix
        }

        /// Whether an absolute, normalised path may be included, and if not why.
        func judge(_ path: String) -> Verdict {
            if files.contains(path) { return .allowed }
            // The deepest folder it lies in: an allowed folder inside a hidden one counts.
            guard let folder = folders.filter({ path.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { return .outside }
            if path.dropFirst(folder.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return .hidden }
            if let suffix, !path.hasSuffix(suffix) { return .notNamed }
            return .allowed
        }

        func contains(_ path: String) -> Bool { judge(path) == .allowed }

        /// The problem to report for a path that is not allowed; nil when it is.
        func problem(_ path: String, written: String, kind: String) -> Problem? {
            switch judge(path) {
            case .allowed: return nil
            case .outside: return .includeOutside(written)
            case .hidden: return .includeRefused(written, hidden: true, kind: kind)
            case .notNamed: return .includeRefused(written, hidden: false, kind: kind)
            }
        }
    }

    /// One currency, declared before the first amount in reading order (includes are read
    /// where they stand). Drops a second, different currency.
    private static func checkCurrency(_ ledger: inout Ledger, _ parsed: [ParsedFile]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let first = ledger.currencyDeclarations.first {
            ledger.currencyDeclarations.removeAll { declaration in
                guard declaration.value.code != first.value.code else { return false }
                diagnostics.append(Diagnostic(.secondCurrency(declaration.value.code, ledgerCurrency: first.value.code),
                                              at: declaration.location))
                return true
            }
        }
        if let amount = firstAmountBeforeCurrency(parsed) {
            diagnostics.append(Diagnostic(.amountBeforeCurrency, at: amount))
        }
        return diagnostics
    }

    /// The first amount in reading order when it comes before every `currency` line.
    private static func firstAmountBeforeCurrency(_ parsed: [ParsedFile]) -> SourceLocation? {
        enum Event { case amount(SourceLocation), currency, include(Int) }
        func events(_ file: ParsedFile) -> [Event] {
            var list: [(Int32, Event)] = []
            if let amount = file.firstAmount { list.append((amount.start, .amount(amount))) }
            if let currency = file.ledger.currencyDeclarations.first { list.append((currency.location.start, .currency)) }
            for include in file.includes { if let index = include.file { list.append((include.location.start, .include(index))) } }
            return list.sorted { $0.0 < $1.0 }.map(\.1)
        }
        // Depth-first over the root files and what they include, as they are read.
        var stack: [(events: [Event], next: Int)] = []
        for root in parsed.indices where !parsed.contains(where: { $0.includes.contains { $0.file == root } }) {
            stack.append((events(parsed[root]), 0))
            while var top = stack.popLast() {
                guard top.next < top.events.count else { continue }
                let event = top.events[top.next]
                top.next += 1
                stack.append(top)
                switch event {
                case .amount(let location): return location
                case .currency: return nil
                case .include(let index): stack.append((events(parsed[index]), 0))
                }
            }
        }
        return nil
    }

    static func readFailure(_ path: String) -> String {
        do {
            _ = try FileSystem.read(path)
            return "cannot read it"
        } catch {
            return error.reason
        }
    }

    /// A file parsed on the worker that calls, its mapped pages given back once it is read
    /// (`OSMemory.swift`).
    static func parse(_ file: SourceFile, fileIndex: Int, into stretches: ParseSession.Stretches? = nil) -> ParsedFile {
        let parsed = Parser.parse(file, fileIndex: fileIndex, into: stretches)
        MappedFiles.releasePages(of: file.bytes)
        return parsed
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
