/// `flourish lsp`: a Language Server Protocol server as a library type fed by bytes (JSON-RPC
/// 2.0 with Content-Length framing). It keeps the open buffers, re-checks a buffer (with its
/// includes, from open buffers first, then the disk) on every change and publishes the problems
/// `check` finds, the bucket rule included; it completes declared names and keywords, shows a
/// name's kind and balance on hover, goes to a name's declaration and formats a document.
/// References, rename, symbols and inlay hints are in `LanguageServer+Navigation.swift`, quick
/// fixes in `LanguageServer+CodeActions.swift`.
public final class LanguageServer {
    var framing = MessageFraming()
    /// Whether part of a message has arrived and the rest is awaited.
    var isWaitingForMore: Bool { framing.isWaiting }
    var documents: [String: [UInt8]] = [:] {
        didSet {
            // The checked ledgers are stale; completion may still read them (`lastView`).
            for (root, result) in results { lastResults[root] = result }
            results.removeAll()
            generation += 1
        }
    }
    /// Counts the changes to `documents`: a check started before one is stale when it ends.
    private var generation = 0
    /// Where the lines of each open document start, kept as it changes (found when first asked).
    private var documentLines: [String: DocumentLines] = [:]
    /// The last checked ledger of each main file, kept after a change made it stale: what a
    /// completion typed during a burst of changes is answered from, without a check.
    private var lastResults: [String: Validator.Result] = [:]
    /// The documents changed or opened in this batch of messages, in order: each is checked
    /// once, after the batch (a burst of keystrokes is one check, not one a keystroke).
    private var pending: [String] = []
    /// Files parsed for the last check, reused while their bytes stay the same.
    private let parseCache = ParseCache()
    /// How many files the server has parsed to check ledgers (files unchanged since the last
    /// check are not parsed again).
    var parseCount: Int { parseCache.parsedCount }
    /// The checked ledger of each open document read as a main file, until a buffer changes.
    private var results: [String: Validator.Result] = [:]
    /// The files (paths as `key` writes them) of each main file's ledger when it was last checked.
    private var members: [String: Set<String>] = [:]
    /// The workspace's folders, from `initialize`: the only places the server reads files
    /// from. A ledger in them may include files from anywhere in them (by the include rules);
    /// their `.flourish` files are the main files an included file is checked with when no
    /// open document includes it. A buffer outside them is checked alone, including nothing.
    private var workspaceFolders: [String] = []
    /// The rules a file must pass to be read from disk: inside a workspace folder (judged again
    /// after resolving symbolic links), not hidden, a ledger by name.
    private var workspace = LedgerLoader.Confinement(roots: [], allowed: [])
    /// The `.flourish` files directly in the workspace's folders (URIs), listed once: at most
    /// `scanFiles` of them, none larger than `scanBytes`, none whose real file lies outside.
    private lazy var workspaceFiles: [String] = workspaceFolders.flatMap { root in
        FileSystem.files(in: root, endingWith: ".flourish").map { LedgerLoader.normalise(root + "/" + $0) }
            .filter { path in self.mayRead(path) && FileSystem.size(path).map { $0 <= Self.scanBytes } == true }
    }.prefix(Self.scanFiles).map(Self.uri)
    /// The workspace scan's bounds: the files of the folders' tops it looks at, and the
    /// largest it reads (docs/architecture.md).
    static let scanFiles = 64
    static let scanBytes = 8 << 20
    /// The files each workspace file includes (paths as `key` writes them), found from their
    /// include lines alone, until a file changes.
    private var includedBy: [String: Set<String>] = [:]
    /// The workspace's main ledger when the client or the project names it (the
    /// `mainFile` initialization option, or a `flourish.main` file at the top of a workspace
    /// folder holding its path): every file it includes is checked as part of it.
    private var mainFile: String?
    private var initialized = false
    private var shuttingDown = false
    /// Whether the client asked the server to shut down.
    public var isShutDown: Bool { shuttingDown }
    /// Set once `exit` arrives: the process ends with this status (0 after `shutdown`).
    public private(set) var exitStatus: Int32?

    /// The date completion offers as today (the clock is read only for that).
    private let today: () -> CivilDate

    /// Whether more of the client's messages are waiting to be read (`flourish lsp` asks its
    /// standard input): a check of pending changes is abandoned when they are, since they most
    /// likely hold a newer change (the next keystroke) and the check would be stale at once.
    public var newInputWaiting: () -> Bool = { false }
    /// Where the replies made so far go before a check of pending changes starts (`flourish
    /// lsp` writes them to standard output): a completion typed during a burst is answered
    /// while the changes before it are still to be checked, not after. Without it, `receive`
    /// returns every reply and the problems in the same bytes, in the same order.
    public var send: (([UInt8]) -> Void)?
    /// While the check at the end of a batch runs (`flourish lsp`: on another thread), what has
    /// arrived from the client within the milliseconds given (empty: nothing; nil: the input
    /// ended). Changes are applied and completions answered at once; any other message waits,
    /// with all after it, for the check to end (`held`). Without it, checks are made on the
    /// server's own thread and nothing is read during them.
    public var awaitInput: ((Int32) -> [UInt8]?)?
    /// Messages that arrived during a check and wait for it, in order: the next `receive`
    /// takes them first.
    var held: [Result<JSONValue, JSONParser.Failure>] = []
    /// Set while the check at the end of a batch is made: only then is input read during it.
    private var servesWhileChecking = false
    /// Messages held during a check, and changes not yet checked (one came in during a check):
    /// `flourish lsp` hands the server an empty read for them (for the changes, when no more
    /// input waits), so that they are not left until the client sends more.
    public var hasHeldMessages: Bool { !held.isEmpty }
    public var hasUncheckedChanges: Bool { !pending.isEmpty }
    /// How many batches in a row abandoned their check: after `maximumAbandoned` the check is
    /// made even with input waiting, so that problems still show while typing goes on.
    private var abandonedInARow = 0
    static let maximumAbandoned = 3
    /// Set while the checks of pending changes are made: a check abandoned (its files parsed,
    /// newer input waiting) sets `abandoned`.
    var mayAbandon = false
    private var abandoned = false

    public init(today: @escaping () -> CivilDate = SystemClock.today) {
        self.today = today
    }

    /// Takes bytes read from the client; returns the bytes to send back (framed messages).
    ///
    /// The messages that have arrived whole are answered in order; a request that a
    /// `$/cancelRequest` among them cancels is answered with `RequestCancelled` instead
    /// (requests are answered one at a time, so only one still waiting can be cancelled).
    public func receive(_ bytes: [UInt8]) -> [UInt8] {
        let messages = held + framing.receive(bytes).map(Self.parsed)
        held = []
        var cancelled = Set<String>()
        for case .success(let message) in messages where message["method"]?.stringValue == "$/cancelRequest" {
            if let id = message["params"]?["id"] { cancelled.insert(id.compact()) }
        }
        var out: [UInt8] = []
        for message in messages {
            let replies: [JSONValue]
            switch message {
            case .failure(let error):
                replies = [Self.error(id: .null, code: -32700, "parse error: \(error.message)")]
            case .success(let message):
                if let id = message["id"], message["method"] != nil, cancelled.contains(id.compact()) {
                    replies = [Self.error(id: id, code: -32800, "the request was cancelled")]
                } else {
                    // A request that reads the ledger as it now stands has the changes before
                    // it checked first (once for all of them); a completion is answered from
                    // the last check at once.
                    if message["id"] != nil, let method = message["method"]?.stringValue, method != "textDocument/completion" {
                        publishPending(into: &out)
                    }
                    replies = handle(message)
                }
            }
            for reply in replies { Self.appendFramed(reply, to: &out) }
        }
        servesWhileChecking = awaitInput != nil
        publishPending(into: &out)
        servesWhileChecking = false
        return out
    }

    /// A framed item as a message, or why it is not one.
    static func parsed(_ item: MessageFraming.Item) -> Result<JSONValue, JSONParser.Failure> {
        switch item {
        case .message(let body):
            do throws(JSONParser.Failure) { return .success(try JSONParser.parse(body)) } catch { return .failure(error) }
        case .rejected(let reason):
            return .failure(JSONParser.Failure(message: "not a message: " + reason))
        }
    }

    /// The problems of each document changed since the last were published, each checked once
    /// with every change made to it.
    private func publishPending(into out: inout [UInt8]) {
        let uris = pending.filter { documents[$0] != nil }
        pending.removeAll()
        if !uris.isEmpty, let send, !out.isEmpty {
            send(out)
            out.removeAll()
        }
        mayAbandon = abandonedInARow < Self.maximumAbandoned
        defer { mayAbandon = false }
        for (index, uri) in uris.enumerated() {
            // Newer messages waiting, before the check or after its files were parsed: the
            // documents left are checked with them, in the next batch.
            abandoned = mayAbandon && newInputWaiting()
            let replies = abandoned ? [] : diagnostics(for: uri)
            if abandoned {
                abandonedInARow += 1
                // (A change that came in during the check may have named a document again.)
                let waiting = Array(uris[index...])
                pending = waiting + pending.filter { !waiting.contains($0) }
                return
            }
            for reply in replies { Self.appendFramed(reply, to: &out) }
        }
        abandonedInARow = 0
    }

    /// The first message's body at the start of `bytes` and how many bytes it took, when a
    /// whole one has arrived (`MessageFraming`): for reading the server's own replies.
    static func frame(_ bytes: ArraySlice<UInt8>) -> ([UInt8], Int)? {
        guard case .message(let body, let consumed) = MessageFraming.next(bytes) else { return nil }
        return (body, consumed)
    }

    static func frame(_ bytes: [UInt8]) -> ([UInt8], Int)? { frame(bytes[...]) }

    static func framed(_ message: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        appendFramed(message, to: &out)
        return out
    }

    /// `message` framed, appended to `out`: its length counted first, then its body written
    /// straight after the header (a formatted document's edit is megabytes: made apart and
    /// copied, the first such reply faulted in 6 MB more of new memory).
    static func appendFramed(_ message: JSONValue, to out: inout [UInt8]) {
        let count = message.compactCount
        let header = "Content-Length: \(count)\r\n\r\n".utf8
        out.makeRoom(for: header.count + count)
        out.append(contentsOf: header)
        message.writeCompact(to: &out)
    }

    // MARK: Messages

    func handle(_ message: JSONValue) -> [JSONValue] {
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            return id.map { [Self.error(id: $0, code: -32600, "a request needs a method")] } ?? []
        }
        let params = message["params"] ?? .null
        if method == "exit" {
            exitStatus = shuttingDown ? 0 : 1
            return []
        }
        guard let id else { return notification(method, params) }
        if !initialized && method != "initialize" {
            return [Self.error(id: id, code: -32002, "the server is not initialized")]
        }
        if shuttingDown { return [Self.error(id: id, code: -32600, "the server is shutting down")] }
        // Only open buffers and files in the workspace folders are read.
        if let uri = params["textDocument"]?["uri"]?.stringValue, documents[uri] == nil, !mayRead(Self.path(uri)) {
            return [Self.error(id: id, code: -32602, "\(Problem.shown(uri)) is not open and not a ledger in the workspace folders; the server reads nothing else")]
        }
        switch method {
        case "initialize":
            initialized = true
            let folders = params["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
            let root = params["rootUri"]?.stringValue.map(Self.path) ?? params["rootPath"]?.stringValue
            workspaceFolders = (folders.isEmpty ? root.map { [$0] } ?? [] : folders.map(Self.path))
                .filter { $0.hasPrefix("/") }.map(LedgerLoader.normalise)
            workspace = LedgerLoader.Confinement(roots: [], allowed: workspaceFolders)
            mainFile = namedMainFile(params["initializationOptions"]?["mainFile"]?.stringValue)
            return [Self.result(id: id, .object([
                ("capabilities", .object([
                    ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .integer(2))])),
                    ("completionProvider", .object([("triggerCharacters", .array([.string(":")]))])),
                    ("hoverProvider", .bool(true)),
                    ("definitionProvider", .bool(true)),
                    ("documentFormattingProvider", .bool(true)),
                    ("documentRangeFormattingProvider", .bool(true)),
                    ("referencesProvider", .bool(true)),
                    ("renameProvider", .bool(true)),
                    ("documentSymbolProvider", .bool(true)),
                    ("inlayHintProvider", .bool(true)),
                    ("codeActionProvider", .bool(true)),
                    ("foldingRangeProvider", .bool(true)),
                    ("documentLinkProvider", .object([("resolveProvider", .bool(false))])),
                    ("semanticTokensProvider", .object([
                        ("legend", .object([("tokenTypes", .array(Self.semanticTokenTypes.map { .string($0) })),
                                            ("tokenModifiers", .array(Self.semanticTokenModifiers.map { .string($0) }))])),
                        ("full", .bool(true)), ("range", .bool(true)),
                    ])),
                    ("workspaceSymbolProvider", .bool(true)),
                ])),
                ("serverInfo", .object([("name", .string("flourish")), ("version", .string(HelpText.version))])),
            ]))]
        case "shutdown":
            shuttingDown = true
            return [Self.result(id: id, .null)]
        case "textDocument/completion":
            return [Self.result(id: id, completion(params))]
        case "textDocument/hover":
            return [Self.result(id: id, hover(params))]
        case "textDocument/definition":
            return [Self.result(id: id, definition(params))]
        case "textDocument/formatting":
            return [Self.result(id: id, formatting(params))]
        case "textDocument/rangeFormatting":
            return [Self.result(id: id, rangeFormatting(params))]
        case "textDocument/references":
            return [Self.result(id: id, references(params))]
        case "textDocument/rename":
            return [rename(id: id, params)]
        case "textDocument/documentSymbol":
            return [Self.result(id: id, documentSymbols(params))]
        case "textDocument/inlayHint":
            return [Self.result(id: id, inlayHints(params))]
        case "textDocument/codeAction":
            return [Self.result(id: id, codeActions(params))]
        case "textDocument/foldingRange":
            return [Self.result(id: id, foldingRanges(params))]
        case "textDocument/documentLink":
            return [Self.result(id: id, documentLinks(params))]
        case "textDocument/semanticTokens/full", "textDocument/semanticTokens/range":
            return [Self.result(id: id, semanticTokens(params))]
        case "workspace/symbol":
            return [Self.result(id: id, workspaceSymbols(params))]
        default:
            return [Self.error(id: id, code: -32601, "method not found: \(method)")]
        }
    }

    private func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        guard initialized else { return [] }
        guard let document = params["textDocument"], let uri = document["uri"]?.stringValue else {
            workspaceNotification(method)
            return []
        }
        switch method {
        case "textDocument/didOpen":
            documents[uri] = Array((document["text"]?.stringValue ?? "").utf8)
            documentLines[uri] = nil
            includedBy.removeAll()
        case "textDocument/didChange":
            // Incremental sync: each change replaces a range (in the text as the changes before
            // it left it); a change without a range holds the whole text.
            // Taken out while it changes, so the edit is made in place rather than on a copy.
            guard var bytes = documents.removeValue(forKey: uri) else { return [] }
            var lines = documentLines.removeValue(forKey: uri) ?? DocumentLines(bytes)
            for change in params["contentChanges"]?.arrayValue ?? [] {
                let text = Array((change["text"]?.stringValue ?? "").utf8)
                if let range = change["range"] {
                    guard let start = Self.offset(range["start"], bytes, lines), let end = Self.offset(range["end"], bytes, lines),
                          start <= end else { continue }
                    bytes.replaceSubrange(start..<end, with: text)
                    lines.replace(start..<end, with: text)
                } else {
                    bytes = text
                    lines = DocumentLines(bytes)
                }
            }
            documents[uri] = bytes
            documentLines[uri] = lines
        case "textDocument/didClose":
            documents[uri] = nil
            documentLines[uri] = nil
            includedBy.removeAll()
            members[uri] = nil
            lastResults[uri] = nil
            pending.removeAll { $0 == uri }
            parseCache.keep(only: members.values.reduce(into: Set(documents.keys.map(Self.key))) { $0.formUnion($1) })
            return [Self.publish(uri, [])]
        default:
            return []
        }
        if !pending.contains(uri) { pending.append(uri) }
        return []
    }

    /// A notification that isn't about one document.
    private func workspaceNotification(_ method: String) {
        // A file on disk changed (one not open in the editor): read it again on the next check.
        if method == "workspace/didChangeWatchedFiles" {
            results.removeAll()
            includedBy.removeAll()
        }
    }

    static func result(id: JSONValue, _ value: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", value)])
    }

    static func error(id: JSONValue, code: Int, _ message: String) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .integer(code)), ("message", .string(message))]))])
    }

    static func publish(_ uri: String, _ diagnostics: [JSONValue]) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                 ("params", .object([("uri", .string(uri)), ("diagnostics", .array(diagnostics))]))])
    }

    // MARK: The ledger behind a document

    /// `file:///a/b.flourish` → `/a/b.flourish` (percent escapes decoded).
    static func path(_ uri: String) -> String {
        var text = uri.hasPrefix("file://") ? String(uri.dropFirst(7)) : uri
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        text = String(decoding: bytes, as: UTF8.self)
        return text
    }

    /// A file's URI: every byte of its path but the unreserved ones and `/` percent-encoded
    /// (RFC 3986; a `#` or `%` left as it is would end the path or start an escape in the
    /// client's reading), as editors write them.
    static func uri(_ path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// A document as the server sees it: the checked ledger it belongs to (read from the open
    /// main file that includes it, else from the document itself) and its place among the files.
    struct View {
        let result: Validator.Result
        /// The document's index among the ledger's files.
        let file: UInt32
        var journal: Journal { result.journal }
        var ledger: Ledger { result.journal.ledger }
        var source: SourceFile { ledger.files[Int(file)] }
    }

    /// A path as the loader writes included files' paths, to compare documents with them.
    static func key(_ uri: String) -> String { LedgerLoader.normalise(path(uri)) }

    /// The open document whose ledger includes this one (by the last check), else a file of
    /// the workspace's folder whose ledger includes it, else the document itself.
    /// A workspace file is found to include the document from include lines alone (its own
    /// and its includes'), without checking it: opening a file never checks its neighbours.
    func root(of uri: String) -> String {
        let key = Self.key(uri)
        if let mainFile, Self.key(mainFile) == key || includes(mainFile).contains(key) { return mainFile }
        if let open = members.keys.sorted().first(where: { $0 != uri && documents[$0] != nil && members[$0]?.contains(key) == true }) {
            return open
        }
        for candidate in workspaceFiles where Self.key(candidate) != key && documents[candidate] == nil {
            if includes(candidate).contains(key) { return candidate }
        }
        return uri
    }

    /// The main ledger's URI: `option` (a path relative to the first workspace folder, or an
    /// absolute one), else the first line of a `flourish.main` file at the top of a workspace
    /// folder; nil when neither names a ledger the server may read.
    private func namedMainFile(_ option: String?) -> String? {
        var named: [(String, String)] = []
        if let option, let folder = workspaceFolders.first { named.append((folder, option)) }
        for folder in workspaceFolders {
            let setting = folder + "/flourish.main"
            // Not a ledger, so not by the include rules: read only where it really is in the
            // folder (a link out of it is not followed), and only if small.
            guard let real = FileSystem.canonicalPath(setting), real.hasPrefix(folder + "/") || FileSystem.canonicalPath(folder).map({ real.hasPrefix($0 + "/") }) == true,
                  FileSystem.size(setting).map({ $0 <= 4096 }) == true, let bytes = try? FileSystem.read(setting) else { continue }
            let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map {
                String($0.drop(while: blank).reversed().drop(while: blank).reversed())
            }
            if let line, !line.isEmpty { named.append((folder, line)) }
        }
        for (folder, path) in named {
            let absolute = LedgerLoader.normalise(path.hasPrefix("/") ? path : folder + "/" + path)
            if absolute.hasSuffix(".flourish"), mayRead(absolute) { return Self.uri(absolute) }
        }
        return nil
    }

    /// The files a workspace file includes, directly or through others, by their include
    /// lines (read from open buffers first, then from disk where the include rules allow).
    private func includes(_ uri: String) -> Set<String> {
        if let known = includedBy[uri] { return known }
        var found: Set<String> = []
        var pending = [Self.path(uri)]
        let overlay = Dictionary(documents.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        while let path = pending.popLast(), found.count < Self.scanFiles {
            let key = LedgerLoader.normalise(path)
            guard let bytes = overlay[key] ?? (mayRead(key) && FileSystem.size(key).map { $0 <= Self.scanBytes } == true ? try? FileSystem.read(key) : nil) else { continue }
            for request in Parser.includes(of: SourceFile(path: key, bytes: bytes), fileIndex: 0).includes {
                let included = LedgerLoader.normalise(request.path.hasPrefix("/") ? request.path : FileSystem.directory(of: key) + request.path)
                if found.insert(included).inserted { pending.append(included) }
            }
        }
        includedBy[uri] = found
        return found
    }

    /// Whether a file may be read from disk: in a workspace folder, by the include rules.
    func mayRead(_ path: String) -> Bool {
        let absolute = LedgerLoader.normalise(path)
        guard absolute.hasPrefix("/"), workspace.contains(absolute) else { return false }
        return FileSystem.canonicalPath(absolute).map(workspace.contains) ?? true
    }

    /// The document read as a main file, its includes read from open buffers first; parsed
    /// again only where a file's bytes changed, checked again only after a buffer changed.
    func result(_ root: String) -> Validator.Result? {
        if let result = results[root] { return result }
        // An open document, or a main file of the workspace read from the disk.
        let path = Self.path(root)
        let inWorkspace = mayRead(path)
        guard let bytes = documents[root] ?? (inWorkspace ? try? FileSystem.read(path) : nil) else { return nil }
        var overlay: [String: [UInt8]] = [:]
        for (other, text) in documents where other != root { overlay[Self.key(other)] = text }
        let job = BackgroundCheck(path: path, bytes: bytes, overlay: overlay,
                                  includeFolders: inWorkspace ? workspaceFolders : [], cache: parseCache)
        let checkedGeneration = generation
        let checked: Validator.Result?
        if servesWhileChecking, let awaitInput {
            checked = checkServing(job, awaitInput)
        } else {
            // Parsed (the files kept in the cache), not yet checked: given up if newer input waits.
            checked = job.run(abandonedAfterParsing: { self.mayAbandon && self.newInputWaiting() })
        }
        guard let result = checked else {
            abandoned = true
            return nil
        }
        // Current unless a change came in while it was made: then it is what completion reads
        // until the next check.
        if generation == checkedGeneration { results[root] = result } else { lastResults[root] = result }
        members[root] = Set(result.journal.ledger.files.map { LedgerLoader.normalise($0.path) })
        return result
    }

    /// The ledger a document belongs to, and where it is in it.
    func validated(_ uri: String) -> View? {
        let key = Self.key(uri)
        for root in [root(of: uri), uri] {
            guard let result = result(root) else { continue }
            if let index = result.journal.ledger.files.firstIndex(where: { LedgerLoader.normalise($0.path) == key }) {
                return View(result: result, file: UInt32(index))
            }
        }
        return nil
    }

    /// The ledger a document belongs to as last checked, even if a change has made it stale
    /// (names, dates): a completion is answered at once, never after a check. Checked now only
    /// when it never was.
    func lastView(_ uri: String, checkingIfNone: Bool = true) -> View? {
        let key = Self.key(uri)
        for root in [root(of: uri), uri] {
            guard let result = results[root] ?? lastResults[root] else { continue }
            if let index = result.journal.ledger.files.firstIndex(where: { LedgerLoader.normalise($0.path) == key }) {
                return View(result: result, file: UInt32(index))
            }
        }
        return checkingIfNone ? validated(uri) : nil
    }

    /// The URI to send for one of a ledger's files: the open document's own, else a file URI.
    func uri(ofFile index: Int, _ ledger: Ledger) -> String {
        let key = LedgerLoader.normalise(ledger.files[index].path)
        return documents.keys.sorted().first { Self.key($0) == key } ?? Self.uri(ledger.files[index].path)
    }

    /// Problems per file of the ledger the document belongs to, published for each (an empty
    /// list clears old ones).
    private func diagnostics(for uri: String) -> [JSONValue] {
        guard let validated = result(root(of: uri)) else { return [] }
        let files = validated.journal.ledger.files
        var byFile = [[JSONValue]](repeating: [], count: files.count)
        for diagnostic in validated.diagnostics {
            let file = Int(diagnostic.location.file)
            guard file < files.count else { continue }
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: " + hint }
            byFile[file].append(.object([
                ("range", Self.range(diagnostic.location, files)),
                ("severity", .integer(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
                ("code", .string(diagnostic.id)),
                ("source", .string("flourish")),
                ("message", .string(message)),
                ("relatedInformation", .array(diagnostic.notes.map { note in
                    .object([("location", .object([("uri", .string(Self.uri(files[Int(note.location.file)].path))),
                                                   ("range", Self.range(note.location, files))])),
                             ("message", .string(note.message))])
                })),
            ]))
        }
        return files.indices.map { index in
            Self.publish(self.uri(ofFile: index, validated.journal.ledger), byFile[index])
        }
    }

    /// A byte range as LSP's lines and UTF-16 characters.
    static func range(_ location: SourceLocation, _ files: [SourceFile]) -> JSONValue {
        let file = files[Int(location.file)]
        return .object([("start", position(Int(location.start), file)), ("end", position(Int(location.end), file))])
    }

    static func position(_ offset: Int, _ file: SourceFile) -> JSONValue {
        let clamped = min(max(0, offset), file.bytes.count)
        let (line, start) = file.line(containing: clamped)
        return .object([("line", .integer(line - 1)), ("character", .integer(utf16Units(file.bytes, start..<clamped)))])
    }

    /// UTF-16 units of the UTF-8 text in `range` (LSP's characters): one for each character,
    /// two for one of four bytes (beyond the Basic Multilingual Plane).
    static func utf16Units<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>) -> Int where Bytes.Index == Int {
        var count = 0
        for at in range where bytes[at] & 0xC0 != 0x80 { count += bytes[at] >= 0xF0 ? 2 : 1 }
        return count
    }

    /// The byte offset of an LSP position in a document.
    static func offset(_ position: JSONValue?, _ bytes: [UInt8]) -> Int? {
        offset(position, in: SourceFile(path: "", bytes: bytes))
    }

    /// The byte offset of an LSP position in an open document whose lines are `lines`.
    static func offset(_ position: JSONValue?, _ bytes: [UInt8], _ lines: DocumentLines) -> Int? {
        guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        return lines.offset(line: line, character: character, in: bytes)
    }

    /// The lines of open document `uri` (found once per text, kept as it changes).
    func lines(of uri: String) -> DocumentLines? {
        if let lines = documentLines[uri] { return lines }
        guard let bytes = documents[uri] else { return nil }
        let lines = DocumentLines(bytes)
        documentLines[uri] = lines
        return lines
    }

    /// The byte offset of an LSP position in a file (its lines found once, kept by the file).
    static func offset(_ position: JSONValue?, in file: SourceFile) -> Int? {
        guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        let bytes = file.bytes
        let starts = file.lineStarts
        guard line < starts.count else { return bytes.count }
        let start = starts[line]
        return offset(character: character, intoLineAt: start, file.text(file.lineRange(startingAt: start)))
    }

    /// The offset `character` UTF-16 units into the line at `start` whose text is `line` (a
    /// character past its end: its end).
    static func offset(character: Int, intoLineAt start: Int, _ line: String) -> Int {
        var units = 0
        var offset = start
        for scalar in line.unicodeScalars {
            if units >= character { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }

    /// The name written at an offset (a bare word or a quoted string), unquoted.
    static func name(at offset: Int, _ bytes: [UInt8]) -> String? {
        let file = SourceFile(path: "", bytes: bytes)
        let (_, start) = file.line(containing: offset)
        let range = file.lineRange(startingAt: start)
        let scalars = Array(file.text(range).unicodeScalars)
        var column = 0
        var position = start
        while column < scalars.count && position < offset { position += scalars[column].utf8.count; column += 1 }
        // A quoted name around the cursor.
        let quotes = scalars.indices.filter { scalars[$0] == "\"" }
        for pair in stride(from: 0, to: quotes.count - 1, by: 2) where quotes[pair] <= column && column <= quotes[pair + 1] {
            return StringLiteral.unquote(String(String.UnicodeScalarView(scalars[quotes[pair]...quotes[pair + 1]])))
        }
        func isName(_ scalar: Unicode.Scalar) -> Bool { scalar != " " && scalar != "\t" && scalar != ";" && scalar != "\"" }
        var low = min(column, scalars.count)
        var high = low
        while low > 0 && isName(scalars[low - 1]) { low -= 1 }
        while high < scalars.count && isName(scalars[high]) { high += 1 }
        guard low < high else { return nil }
        return String(String.UnicodeScalarView(scalars[low..<high]))
    }

    // MARK: Features

    private func completion(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri], let lines = lines(of: uri),
              let offset = Self.offset(params["position"], bytes, lines) else { return .array([]) }
        let start = lines.lineStart(containing: offset)
        let before = String(decoding: bytes[start..<offset], as: UTF8.self)
        // What comes before the name being typed (a quoted name may hold blanks).
        let context = Self.completionContext(String(before.dropLast(Self.typedName(before).count)))
        var items: [JSONValue] = []
        let view = lastView(uri)
        let journal = view?.journal
        if context.atLineStart {
            // The directives, the date of the entry before the cursor, and today.
            for keyword in Keyword.allCases {
                items.append(.object([("label", .string(keyword.rawValue)), ("kind", .integer(14)), ("sortText", .string("1" + keyword.rawValue))]))
            }
            let previous = view.flatMap { view in view.ledger.entries.last { $0.location.file == view.file && Int($0.location.start) < start }?.date }
            for (date, detail) in [(previous, "the entry before"), (today(), "today")] {
                guard let date else { continue }
                items.append(.object([("label", .string(date.description)), ("kind", .integer(12)), ("detail", .string(detail)),
                                      ("sortText", .string("0" + detail))]))
            }
        }
        // The name being typed, from its first character (an opening quote included) to the
        // cursor: replaced whole, so a quoted name is never quoted twice, and filtered by what
        // was typed as the client shows it.
        let typed = Self.typedName(before)
        let line = params["position"]?["line"] ?? .integer(0)
        let replaced = JSONValue.object([
            ("start", .object([("line", line), ("character", .integer(String(before.dropLast(typed.count)).utf16.count))])),
            ("end", .object([("line", line), ("character", .integer(before.utf16.count))])),
        ])
        // The fixed words the place takes: a locale after `display`, a recurrence after a
        // schedule's name, a unit after `every N`, an option's name and value, a frequency.
        for (rank, word) in Self.fixedWords(String(before.dropLast(typed.count))).enumerated() {
            items.append(.object([("label", .string(word)), ("kind", .integer(14)), ("filterText", .string(word)),
                                  ("textEdit", .object([("range", replaced), ("newText", .string(word))])),
                                  ("sortText", .string("2" + String(repeating: "0", count: 3 - min(3, String(rank).count)) + String(rank)))]))
        }
        if let journal, typed.hasPrefix("#"), Self.isDateLine(before) {
            // After the description: the ledger's tags, most used first.
            var uses: [Int32: Int] = [:]
            for tag in journal.ledger.entryTags { uses[tag.id, default: 0] += 1 }
            let ranked = uses.sorted { ($1.value, journal.ledger.names[$0.key]) < ($0.value, journal.ledger.names[$1.key]) }
            for (rank, (id, _)) in ranked.enumerated() where "#" + journal.ledger.names[id] != typed {
                let tag = "#" + journal.ledger.names[id]
                let padded = String(repeating: "0", count: 5 - min(5, String(rank).count)) + String(rank)
                items.append(.object([("label", .string(tag)), ("kind", .integer(20)), ("detail", .string("tag")), ("filterText", .string(tag)),
                                      ("textEdit", .object([("range", replaced), ("newText", .string(tag))])), ("sortText", .string(padded))]))
            }
        }
        if let journal, let typedDescription = Self.typedDescription(before) {
            // Not the entry being typed (as the last check read it).
            let file = view?.file
            items += descriptionItems(journal, typed: typedDescription, before: before, line: line) { entry in
                entry.location.file == file.map { Int($0) } ?? -1 && Int(entry.location.start) == start
            }
        }
        if let journal, !context.kinds.isEmpty {
            // Names of the kinds the place takes, most used first.
            var uses = [Int](repeating: 0, count: journal.ledger.names.names.count)
            for posting in journal.ledger.postings { uses[Int(posting.target.id)] += 1 }
            // Goals are a namespace of their own.
            let isGoal = context.kinds == [.goal]
            let declared = isGoal ? journal.index.goalNames : journal.index.names(of: context.kinds)
            let ranked = declared.compactMap { name in journal.ledger.names.id(of: name).map { (name, uses[Int($0)], isGoal ? .goal : journal.index.kind(of: $0)) } }
                .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
            for (rank, (name, _, kind)) in ranked.enumerated() {
                let padded = String(repeating: "0", count: 5 - min(5, String(rank).count)) + String(rank)
                let symbol = kind == .account ? 6 : kind == .person ? 18 : kind == .goal ? 21 : 12
                let written = StringLiteral.name(name)
                items.append(.object([("label", .string(name)), ("kind", .integer(symbol)),
                                      ("detail", .string(kind?.noun ?? "")), ("insertText", .string(written)),
                                      ("filterText", .string(typed.hasPrefix("\"") ? written : name)),
                                      ("textEdit", .object([("range", replaced), ("newText", .string(written))])),
                                      ("sortText", .string(padded))]))
            }
        }
        return .array(items)
    }

    /// What may be written where the cursor is, from the words before it on its line.
    /// On an entry's date line after its date (and status mark): the description typed so far.
    static func typedDescription(_ before: String) -> Substring? {
        guard isDateLine(before) else { return nil }
        var rest = before.unicodeScalars.dropFirst(11)
        if let mark = rest.first, mark == "*" || mark == "!", rest.dropFirst().first == " " { rest = rest.dropFirst(2) }
        let text = Substring(rest)
        guard !text.contains("#"), !text.contains(";") else { return nil }  // tags or a comment: past the description
        return text
    }

    /// Whether the line begins with a date and a blank (an entry's date line).
    static func isDateLine(_ before: String) -> Bool {
        let scalars = Array(before.unicodeScalars.prefix(11))
        return scalars.count == 11 && scalars[10] == " "
            && scalars[0..<10].enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 ? $0.element == "-" : ("0"..."9").contains($0.element) }
    }

    /// The descriptions of the ledger's entries, most recent first, each filling in the whole
    /// entry from the last one with it: its lines, with their amounts as written (the one left
    /// out left out).
    func descriptionItems(_ journal: Journal, typed: Substring, before: String, line: JSONValue, skipping typing: (Entry) -> Bool) -> [JSONValue] {
        let ledger = journal.ledger
        let range = JSONValue.object([
            ("start", .object([("line", line), ("character", .integer(String(before.dropLast(typed.count)).utf16.count))])),
            ("end", .object([("line", line), ("character", .integer(before.utf16.count))])),
        ])
        var seen = Set<String>()
        var items: [JSONValue] = []
        for item in journal.items.reversed() {
            guard case .entry(let number) = item.kind, items.count < 100 else { continue }
            let entry = ledger.entries[number]
            guard !typing(entry) else { continue }
            let description = ledger.description(of: entry)
            guard !description.isEmpty, seen.insert(description).inserted else { continue }
            var text = StringLiteral.description(description)
            for index in entry.postings where !ledger.postings[index].isMade {
                let posting = ledger.postings[index]
                text += "\n  " + StringLiteral.name(ledger.names[posting.target.id])
                if let amount = posting.amountLocation { text += "  " + ledger.files[Int(amount.file)].text(amount.range) }
            }
            let rank = String(items.count)
            items.append(.object([("label", .string(description)), ("kind", .integer(1)), ("detail", .string("as on \(entry.date)")),
                                  ("filterText", .string(description)),
                                  ("textEdit", .object([("range", range), ("newText", .string(text))])),
                                  ("sortText", .string(String(repeating: "0", count: 5 - min(5, rank.count)) + rank))]))
        }
        return items
    }

    /// The name being typed at the end of `before`: from an opening quote not yet closed, else
    /// from the last blank.
    static func typedName(_ before: String) -> Substring {
        var open: String.Index?
        var index = before.startIndex
        while index < before.endIndex {
            if before[index] == "\"" { open = open == nil ? index : nil }
            index = before.index(after: index)
        }
        if let open { return before[open...] }
        let start = before.lastIndex(where: { $0 == " " || $0 == "\t" }).map { before.index(after: $0) } ?? before.startIndex
        return before[start...]
    }

    /// The fixed words that may come next on a directive line whose finished words are
    /// `before` (grammar.md section 5).
    static func fixedWords(_ before: String) -> [String] {
        guard let first = before.first, first != " ", first != "\t" else { return [] }
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let keyword = words.first else { return [] }
        switch (keyword, words.count) {
        case ("display", 1): return DisplayLocale.allCases.map(\.rawValue)
        case ("option", 1): return OptionName.allCases.map(\.rawValue)
        case ("option", 2) where words[1] == OptionName.rollover.rawValue: return OnOffWord.allCases.map(\.rawValue)
        case ("schedule", 3): return ScheduleFrequencyWord.allCases.map(\.rawValue)
        case ("subscription", 4): return Subscription.Frequency.allCases.map(\.rawValue)
        case ("income", 3): return ExpectedIncome.Period.allCases.map(\.rawValue)
        default: break
        }
        if keyword == "schedule", words.count >= 5, words[words.count - 2] == ScheduleFrequencyWord.every.rawValue {
            return ScheduleUnitWord.allCases.map(\.rawValue)
        }
        return []
    }

    static func completionContext(_ before: String) -> (atLineStart: Bool, kinds: [NameIndex.Kind]) {
        let indented = before.first == " " || before.first == "\t"
        // The words already finished (the one being typed is not counted).
        var words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if !(before.last == " " || before.last == "\t"), !words.isEmpty { words.removeLast() }
        let targets: [NameIndex.Kind] = [.account, .category, .incomeCategory, .person]
        if indented {
            if words.isEmpty { return (false, targets) }
            return (false, words.last == "goal" ? [.goal] : [])
        }
        guard let keyword = words.first else { return (true, []) }
        switch (keyword, words.count) {
        case ("opening", 2), ("balance", 2), ("correction", 2): return (false, [.account])
        case ("budget", 2), ("earmark", 2): return (false, [.category])
        case ("move", 4) where words[3] == "to" || words[3] == "from": return (false, [.goal])
        default: break
        }
        switch (keyword, words.last) {
        case ("subscription", "from"): return (false, [.account])
        case ("subscription", "category"): return (false, [.category])
        case ("snapshot", "goal"): return (false, [.goal])
        default: return (false, [])
        }
    }

    /// On a name: its kind, where it is declared, and its balance (account, person) or the
    /// month's spending and budget (category) as of the line's date. On an entry's date: that
    /// day's buckets. On a line whose amount is left out: the amount.
    private func hover(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri],
              let offset = Self.offset(params["position"], bytes), let word = Self.name(at: offset, bytes),
              let view = validated(uri), let end = view.journal.dateRange?.upperBound else { return .null }
        let journal = view.journal
        let ledger = journal.ledger
        let money = MoneyFormat(ledger.currency, display: ledger.display)
        // The date of the entry the cursor is in, else the ledger's last date.
        let entry = ledger.entries.last { entry in
            guard entry.location.file == view.file, Int(entry.location.start) <= offset else { return false }
            let lines = ledger.postings[entry.postings].filter { $0.target.location.file == view.file }
            let last = lines.map { Int(($0.amountLocation ?? $0.target.location).end) }.max() ?? Int(entry.location.end)
            return offset <= max(last, Int(entry.location.end))
        }
        // On a dated line that names an account (`balance`, `opening`, `correction`): its date.
        func on(_ location: SourceLocation) -> Bool { location.file == view.file && location.range.contains(offset) }
        let dated = ledger.balanceAssertions.first { on($0.location) }?.date ?? ledger.openings.first { on($0.location) }?.date
            ?? ledger.corrections.first { on($0.location) }?.date
        let date = entry.map(\.date) ?? dated ?? end
        var text: String
        if let entry, offset < Int(entry.location.start) + 10 {
            // An entry's date: the buckets at the end of that day.
            guard let snapshot = (try? BucketEngine(journal).snapshot(at: date)) ?? nil else { return .null }
            text = "**\(date)** — the buckets at the end of the day\n\n"
                + "funds \(money.text(snapshot.funds)) · allowance set aside \(money.text(snapshot.allowanceSetAside))"
                + " · monthly \(money.text(snapshot.monthlySetAside)) · goals \(money.text(snapshot.goalsTotal))"
                + (snapshot.envelopes.isEmpty ? "" : " · envelopes \(money.text(snapshot.envelopesTotal))")
                + (snapshot.people.isEmpty ? "" : " · owed to people \(money.text(snapshot.owedToPeople))")
                + " · main savings \(money.text(snapshot.mainSavings))"
        } else {
            // Goals are names of their own (a goal may share a category's name).
            guard let id = ledger.names.id(of: word),
                  let kind = journal.index.kind(of: id) ?? (journal.index.goalNames.contains(word) ? .goal : nil) else { return .null }
            text = "**\(word)** — \(kind.noun)"
            if let declared = Self.declaredNames(ledger).first(where: { $0.id == id }) {
                let file = ledger.files[Int(declared.location.file)]
                let where_ = declared.location.file == view.file ? "line \(file.line(containing: Int(declared.location.start)).number)"
                    : "\(file.path):\(file.line(containing: Int(declared.location.start)).number)"
                text += ", declared at \(where_)"
            }
            if let balances = try? journal.balances(through: date) {
                switch kind {
                case .account:
                    // An account kept in another currency: its own balance, and its home value.
                    let home = money.text(balances[Int(id)])
                    if let own = journal.ownBalances(through: date)[id] {
                        let shown = own.balance.map { DocumentRenderer.foreignText($0, own.currency, display: ledger.display) } ?? "too large"
                        text += "\n\nbalance at the end of \(date): \(shown) (\(home))"
                    } else {
                        text += "\n\nbalance at the end of \(date): \(home)"
                    }
                case .person:
                    let amount = balances[Int(id)]
                    text += "\n\n" + (amount > .zero ? "owes you \(money.text(amount))" : amount < .zero ? "you owe \(money.text((try? -amount) ?? amount))" : "settled")
                        + " at the end of \(date)"
                case .category, .incomeCategory:
                    let month = journal.month(containing: date)
                    if let totals = try? journal.categoryTotals(in: month.first...date) {
                        text += "\n\n\(month) to \(date): \(money.text(totals[id]))"
                        let context = ReportContext(journal: journal, from: month.first, to: month.last, asOf: date)
                        if let line = (try? BudgetReport.make(context, month: month))?.lines.first(where: { $0.category == word }), let budget = line.budget {
                            text += " of a \(money.text(budget)) budget"
                        }
                    }
                case .goal:
                    // What the goal bucket holds that day, of its target.
                    if let snapshot = (try? BucketEngine(journal).snapshot(at: date)) ?? nil,
                       let goal = snapshot.goals.first(where: { $0.name == word }) {
                        text += "\n\nsaved \(money.text(goal.balance)) of \(money.text(goal.target)) at the end of \(date)"
                            + (goal.deadline.map { ", by \($0)" } ?? "")
                    }
                }
            }
        }
        // On a split line whose amount is left out: the amount booking filled in.
        if let line = ledger.postings.indices.first(where: { line in
            let posting = ledger.postings[line]
            return posting.isInferred && posting.target.location.file == view.file && posting.target.location.range.contains(offset)
        }) {
            text += "\n\namount left out on this line: \(Self.lineAmount(line, ledger, money))"
        }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(text))]))])
    }

    private func definition(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri],
              let offset = Self.offset(params["position"], bytes), let name = Self.name(at: offset, bytes),
              let journal = validated(uri)?.journal, let id = journal.ledger.names.id(of: name) else { return .null }
        let ledger = journal.ledger
        guard let declaration = Self.declaredNames(ledger).first(where: { $0.id == id }) else { return .null }
        let target = self.uri(ofFile: Int(declaration.location.file), ledger)
        return .object([("uri", .string(target)), ("range", Self.range(declaration.location, ledger.files))])
    }

    private func formatting(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri], let lines = lines(of: uri) else { return .array([]) }
        let file = SourceFile(path: Self.path(uri), bytes: bytes)
        guard let canonical = Formatter.format(file).bytes, !canonical.sameBytes(as: bytes) else { return .array([]) }
        return .array(Self.lineEdits(from: bytes, to: canonical, lines))
    }

    /// The edits that turn `old` into `new`: a run of changed lines each when both have as many
    /// lines and at most half of them change (`fmt` keeps lines where they are: a formatted
    /// history of 100,000 entries is sent as the lines that changed), else one edit of the
    /// whole document (a file indented its own way throughout: the runs would say more than
    /// the text itself).
    static func lineEdits(from old: [UInt8], to new: [UInt8], _ lines: DocumentLines) -> [JSONValue] {
        func edit(_ start: Int, _ end: Int, _ text: ArraySlice<UInt8>) -> JSONValue {
            // The new text written as a JSON string straight from its bytes.
            var newText: [UInt8] = []
            text.withView { JSONValue.appendQuoted($0, to: &newText) }
            return .object([("range", .object([("start", lines.position(start, in: old)), ("end", lines.position(end, in: old))])),
                            ("newText", .written(newText))])
        }
        guard let runs = changedLines(from: old, to: new, oldStarts: lines.starts) else { return [edit(0, old.count, new[...])] }
        return runs.map { edit($0.old.lowerBound, $0.old.upperBound, new[$0.new]) }
    }

    /// The runs of lines that differ between `old` (whose line starts are `oldStarts`) and
    /// `new`, as byte ranges in each, when both have as many lines and at most half of them
    /// differ; else nil. A line is its bytes up to and with its line feed (a text that ends
    /// with one has no line after it). One walk over both texts, given up as soon as more
    /// than half the lines differ.
    static func changedLines(from old: [UInt8], to new: [UInt8], oldStarts: [Int]) -> [(old: Range<Int>, new: Range<Int>)]? {
        let count = oldStarts.last == old.count ? oldStarts.count - 1 : oldStarts.count
        var runs: [(old: Range<Int>, new: Range<Int>)] = []
        var changed = 0
        var newStart = 0
        return old.withView { old in
            new.withView { new -> [(old: Range<Int>, new: Range<Int>)]? in
                for line in 0..<count {
                    // A line of `old` with none left in `new`: not as many lines.
                    guard newStart < new.count else { return nil }
                    let newEnd = new.firstIndex(of: UInt8(ascii: "\n"), from: newStart, to: new.count).map { $0 + 1 } ?? new.count
                    let oldRange = oldStarts[line]..<(line + 1 < oldStarts.count ? oldStarts[line + 1] : old.count)
                    let newRange = newStart..<newEnd
                    newStart = newEnd
                    if old.part(oldRange) == new.part(newRange) { continue }
                    changed += 1
                    guard changed * 2 <= count else { return nil }
                    if let last = runs.last, last.old.upperBound == oldRange.lowerBound {
                        runs[runs.count - 1] = (last.old.lowerBound..<oldRange.upperBound, last.new.lowerBound..<newRange.upperBound)
                    } else {
                        runs.append((oldRange, newRange))
                    }
                }
                // Lines of `new` left over: not as many lines.
                return newStart == new.count ? runs : nil
            }
        }
    }

    /// The canonical form of the lines a range touches, widened to whole entries.
    private func rangeFormatting(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri],
              let start = Self.offset(params["range"]?["start"], bytes), let end = Self.offset(params["range"]?["end"], bytes),
              start <= end else { return .array([]) }
        let file = SourceFile(path: Self.path(uri), bytes: bytes)
        let first = file.line(containing: start).number - 1
        // A range ending at the start of a line doesn't take that line.
        let endLine = file.line(containing: end)
        let last = max(first, endLine.number - 1 - (end == endLine.start && end > start ? 1 : 0))
        guard let (lines, text) = Formatter.formatLines(file, first...last) else { return .array([]) }
        let starts = file.lineStarts
        let to = lines.upperBound < starts.count ? starts[lines.upperBound] : bytes.count
        return .array([.object([
            ("range", .object([("start", Self.position(starts[lines.lowerBound], file)), ("end", Self.position(to, file))])),
            ("newText", .string(text)),
        ])])
    }
}
