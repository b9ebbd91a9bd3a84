/// `flourish serve`: the budget as a local web app, a library type fed requests (the socket
/// loop is `ServeCommand`). It keeps the checked ledger until one of its files changes on disk
/// (`refresh`), answers every page from it, and writes through the command line's own code.
///
/// Every request passes three gates first (docs/serve.md): its `Host` must be this server's
/// (no DNS rebinding), it must carry the token (in the address once, then in a cookie), and a
/// write must come from one of this server's own pages (its `Origin`, and the browser's
/// `Sec-Fetch-Site`, say so; the cookie is `SameSite=Strict`).
public final class WebApp {
    public struct Options {
        /// The ledger's main files, as named on the command line.
        public var paths: [String]
        /// The secret every request must carry.
        public var token: String
        /// The port listened on, for the `Host` check.
        public var port: Int
        /// Names the server answers to besides the loopback ones (`--host`).
        public var hosts: [String] = []
        /// Each write is a git commit (`--commit`).
        public var commit = false
        public var allowedIncludes: [String] = []
        public var environment: [String: String] = [:]

        public init(paths: [String], token: String, port: Int) {
            self.paths = paths
            self.token = token
            self.port = port
        }
    }

    /// What to answer: a response, or a stream of events kept open (`/events`).
    public enum Answer {
        case response(HTTPResponse)
        case events
    }

    public var options: Options
    let today: () -> CivilDate

    /// The ledger as last read: checked, with its problems, or why it could not be read.
    struct Loaded {
        var journal: Journal?
        var diagnostics: [Diagnostic] = []
        var files: [SourceFile] = []
        var readFailure: String?
        /// Each file's version on disk when it was read, to see a change without reading it.
        var versions: [String: FileSystem.Version?] = [:]
        /// What the page read of the main file: writes are refused when it is no longer so.
        var mainVersion = ""

        var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }
    private(set) var loaded = Loaded()
    /// Counts the ledger's versions: pages carry the one they show, and the event stream
    /// announces each new one.
    public private(set) var generation = 0
    /// What the last write said (`added to …`), shown once on the page it went back to.
    var lastNotice: String?
    /// Files parsed for the last load, reused while their bytes stay the same.
    private let parseCache = ParseCache()

    public init(_ options: Options, today: @escaping () -> CivilDate) {
        self.options = options
        self.today = today
        load()
    }

    // MARK: The ledger

    /// Reads the ledger again when one of its files changed on disk since it was read (or one
    /// that was missing appeared). True when it did.
    @discardableResult
    public func refresh() -> Bool {
        let changed = loaded.versions.contains { path, version in FileSystem.version(path) != version }
        if changed { load() }
        return changed
    }

    /// Reads and checks the ledger as `check` does, keeping it with its problems.
    func load() {
        generation += 1
        var next = Loaded()
        var sources: [SourceFile] = []
        for path in options.paths {
            next.versions[path] = FileSystem.version(path)
            do {
                sources.append(SourceFile(path: path, bytes: try FileSystem.read(path)))
            } catch {
                next.readFailure = "cannot read '\(path)': \(error.reason)"
                loaded = next
                return
            }
        }
        if let main = sources.last { next.mainVersion = main.bytes.withView { Self.version(of: $0) } }
        let read = LedgerLoader.load(sources: sources, allowedIncludes: options.allowedIncludes, cache: parseCache)
        for file in read.ledger.files where next.versions[file.path] == nil {
            next.versions[file.path] = FileSystem.version(file.path)
        }
        let validated = Validator.validated(consume read)
        next.files = validated.journal.ledger.files
        next.diagnostics = validated.diagnostics
        next.journal = validated.journal
        loaded = next
    }

    /// What a page read of a file: its length and a hash of its bytes.
    static func version(of bytes: ByteView) -> String {
        String(bytes.count, radix: 16) + "-" + String(bytes.hash(0..<bytes.count), radix: 16)
    }

    // MARK: Requests

    /// Answers one request: the gates, then the page or the write it asks for.
    public func respond(_ request: HTTPRequest) -> Answer {
        if let refusal = gate(request) { return .response(refusal) }
        if let token = request.parameter("token"), request.method == "GET" || request.method == "HEAD" {
            // The token leaves the address (and the history) for a cookie.
            let rest = request.query.filter { $0.name != "token" }.map { ($0.name, $0.value) }
            let target = request.path + (rest.isEmpty ? "" : "?" + FormFields.encode(rest))
            return .response(.redirect(to: target, headers: [("Set-Cookie", "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")]))
        }
        // A page is of the files as they are now, even between two looks of the server's loop.
        refresh()
        switch (request.method, request.path) {
        case ("GET", "/events"): return .events
        case ("GET", _), ("HEAD", _): return .response(page(request))
        case ("POST", _): return .response(write(request))
        default:
            return .response(HTTPResponse(status: 405, contentType: "text/plain; charset=utf-8", body: Array("GET, HEAD or POST only\n".utf8),
                                          headers: [("Allow", "GET, HEAD, POST")]))
        }
    }

    /// The cookie the token is kept in: one per port, so two servers do not share one.
    var cookieName: String { "flourish-token-\(options.port)" }

    /// The `Host`, token and origin checks; nil when the request may go on.
    func gate(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host")?.lowercased(), allowedHosts.contains(host) else {
            return .text("Forbidden: this server answers only to the addresses `flourish serve` printed.", status: 403)
        }
        let given = request.parameter("token") ?? request.cookie(cookieName) ?? ""
        guard Self.sameSecret(given, options.token) else {
            return .html(WebPages.refusal(), status: 403)
        }
        if request.method == "POST" {
            if let origin = request.header("origin"), origin.lowercased() != "http://" + host {
                return .text("Forbidden: a write must come from this server's own pages.", status: 403)
            }
            if let site = request.header("sec-fetch-site"), site != "same-origin" {
                return .text("Forbidden: a write must come from this server's own pages.", status: 403)
            }
            let type = request.header("content-type")?.split(separator: ";").first.map { String($0).trimmingBlanks.lowercased() }
            guard type == "application/x-www-form-urlencoded" || (type == "multipart/form-data" && request.path == "/import") else {
                return .text("Unsupported Media Type: forms are sent as application/x-www-form-urlencoded (an upload as multipart/form-data).", status: 415)
            }
        }
        return nil
    }

    /// The `Host` values accepted: the loopback names and each `--host`, with the port.
    var allowedHosts: Set<String> {
        Set((["127.0.0.1", "localhost", "[::1]"] + options.hosts.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 })
            .map { $0.lowercased() + ":\(options.port)" })
    }

    /// Compares two secrets in a time that does not depend on where they first differ.
    static func sameSecret(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count, !right.isEmpty else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// A new token: 128 random bits from the system's secure generator, in hex.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    /// The first line of the event stream, and each announcement of a new version.
    public var eventMessage: [UInt8] { Array("event: change\ndata: \(generation)\n\n".utf8) }
    /// What keeps an idle event stream open through proxies and sleeping tabs.
    public static let keepAlive: [UInt8] = Array(": still here\n\n".utf8)
}
