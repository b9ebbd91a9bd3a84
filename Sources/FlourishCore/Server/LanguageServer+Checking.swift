import Dispatch

/// One check of a ledger for the language server: its files read and parsed (through the
/// server's parse cache), then booked and checked. Made on the server's thread (`run`), or on
/// another while the server goes on reading the client (`start`, `LanguageServer.checkServing`):
/// it holds its own copies of the buffers, and the server leaves the parse cache alone until
/// it is done.
final class BackgroundCheck: @unchecked Sendable {
    /// The main file's path and bytes (copied into a file of its own when the check starts,
    /// on its thread).
    private let path: String
    private let bytes: [UInt8]
    private let overlay: [String: [UInt8]]
    private let includeFolders: [String]
    private let cache: ParseCache
    /// Signalled once the result is written.
    private let finished = DispatchSemaphore(value: 0)
    private var result: Validator.Result?
    private var done = false
    /// Set from the server's thread: the check stops once its files are parsed.
    private let cancellation = DispatchQueue(label: "flourish.lsp.check")
    private var cancelled = false

    init(path: String, bytes: [UInt8], overlay: [String: [UInt8]], includeFolders: [String], cache: ParseCache) {
        (self.path, self.bytes, self.overlay, self.includeFolders, self.cache) = (path, bytes, overlay, includeFolders, cache)
    }

    /// The check on this thread; nil when `abandonedAfterParsing` says, once the files are
    /// parsed, that it is no longer wanted.
    func run(abandonedAfterParsing: () -> Bool) -> Validator.Result? {
        let loaded = LedgerLoader.load(sources: [SourceFile(path: path, bytes: bytes)], overlay: overlay,
                                       includeFolders: includeFolders, cache: cache)
        guard !abandonedAfterParsing() else { return nil }
        return Validator.validated(loaded)
    }

    /// The check on another thread: `isDone` says when it has ended, `result` what it found.
    func start() {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = self.run { self.cancellation.sync { self.cancelled } }
            self.finished.signal()
        }
    }

    /// The check stops after parsing, if it has not got further (its result is then nil).
    func cancel() { cancellation.sync { cancelled = true } }

    /// Whether the check started has ended (`wait`: waits for it).
    func isDone(wait: Bool = false) -> Bool {
        if !done && wait {
            finished.wait()
            done = true
        } else if !done {
            done = finished.wait(timeout: .now()) == .success
        }
        return done
    }

    /// What the check found, once it is done; nil if it was cancelled.
    var found: Validator.Result? { isDone() ? result : nil }
}

extension LanguageServer {
    /// The check at the end of a batch, made on another thread while what the client sends
    /// meanwhile is taken (`takeDuringCheck`): a change to a document cancels it after parsing
    /// unless it must be finished (`mayAbandon` false: problems still show while typing goes on).
    func checkServing(_ job: BackgroundCheck, _ awaitInput: (Int32) -> [UInt8]?) -> Validator.Result? {
        job.start()
        // What has come already, then what comes within each few milliseconds until it ends.
        var milliseconds: Int32 = 0
        repeat {
            // Input ended: the check is waited for, nothing more is read.
            guard let bytes = awaitInput(milliseconds) else { return job.isDone(wait: true) ? job.found : nil }
            milliseconds = 5
            for message in framing.receive(bytes).map(Self.parsed) where !takeDuringCheck(message) && mayAbandon {
                job.cancel()
            }
        } while !job.isDone()
        return job.found
    }

    /// A message that arrived during a check: a completion is answered at once from the last
    /// checked ledger, and a change to a document applied (a keystroke, then its completion),
    /// unless a message before them waits; any other message waits for the check to end, with
    /// every one after it, so that all are handled in the order they came. Returns whether the
    /// check in progress is still of use (false after a change or a message that waits).
    private func takeDuringCheck(_ message: Result<JSONValue, JSONParser.Failure>) -> Bool {
        if held.isEmpty, case .success(let body) = message, let method = body["method"]?.stringValue {
            if method == "textDocument/didChange", body["id"] == nil {
                _ = handle(body)
                return false
            }
            if method == "textDocument/completion", body["id"] != nil, let send, let uri = body["params"]?["textDocument"]?["uri"]?.stringValue,
               lastView(uri, checkingIfNone: false) != nil {
                send(handle(body).flatMap(Self.framed))
                return true
            }
        }
        held.append(message)
        return false
    }
}
