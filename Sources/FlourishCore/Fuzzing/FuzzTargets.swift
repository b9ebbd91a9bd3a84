/// What the fuzzers in `Fuzz/` exercise, one function a target. Each takes arbitrary bytes,
/// runs a stage of Flourish on them and checks what must always hold; a crash, a hang or a
/// broken invariant (a trap) is a finding. Kept in the library so that every crasher ever found
/// replays as a regression test (`FuzzRegressionTests`).
public enum FuzzTargets {
    /// The targets by name, as `Fuzz/run` and the regression tests call them.
    public static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("parse", parse), ("check", check), ("fmt", fmt), ("report", report),
        ("export", export), ("csv", csv), ("rules", rules), ("convert", convert), ("server", server), ("http", http),
    ]

    /// A ledger from memory, in a folder that does not exist, so includes read nothing.
    static func load(_ bytes: [UInt8]) -> LedgerLoader.Result {
        LedgerLoader.load(sources: [SourceFile(path: "/nonexistent-flourish-fuzz/input.flourish", bytes: bytes)])
    }

    /// Parsing one file, and linking it.
    public static func parse(_ bytes: [UInt8]) {
        let file = SourceFile(path: "input.flourish", bytes: bytes)
        let parsed = Parser.parse(file, fileIndex: 0)
        for diagnostic in parsed.diagnostics {
            precondition(Int(diagnostic.location.end) <= bytes.count, "a location past the end of the file")
        }
        _ = load(bytes)
    }

    /// `check` in every format.
    public static func check(_ bytes: [UInt8]) {
        let validated = Validator.validated(load(bytes))
        let renderer = DiagnosticRenderer(files: validated.journal.ledger.files)
        _ = renderer.render(validated.diagnostics)
        _ = renderer.github(validated.diagnostics)
        _ = renderer.json(validated.diagnostics)
    }

    /// `fmt` keeps every token and is idempotent.
    public static func fmt(_ bytes: [UInt8]) {
        let first = Formatter.format(SourceFile(path: "input.flourish", bytes: bytes))
        guard let formatted = first.formatted else { return }
        let second = Formatter.format(SourceFile(path: "input.flourish", text: formatted))
        precondition(second.formatted == formatted, "fmt is not idempotent")
    }

    /// Every report in every format, on a ledger without errors.
    public static func report(_ bytes: [UInt8]) {
        let validated = Validator.validated(load(bytes))
        guard !validated.hasErrors, let span = validated.journal.dateRange else { return }
        let journal = validated.journal
        let context = ReportContext(journal: journal, from: span.lowerBound, to: span.upperBound, asOf: span.upperBound)
        let month = journal.month(containing: span.upperBound)
        let renderer = DocumentRenderer(currency: journal.ledger.currency, unicode: true)
        func render(_ document: ReportDocument) {
            _ = renderer.text(document)
            _ = renderer.csv(document)
            _ = renderer.json(document)
        }
        do {
            render(try BalancesReport.make(context).document)
            render(try BudgetReport.make(context, month: month).document)
            let review = try ReviewReport.make(context, month: month)
            render(review.document)
            _ = ReviewHTML.render(review, currency: journal.ledger.currency)
            if let dashboard = try DashboardReport.make(context) {
                render(dashboard.document)
                _ = DashboardHTML.render(dashboard, currency: journal.ledger.currency)
            }
            render(try PeopleReport.make(context, settle: true).document)
            render(try SubscriptionsReport.make(context).document)
            render(try GoalsReport.make(context).document)
            render(try RegisterReport.make(context, query: ReportQuery(journal)).document)
            if let snapshot = try SnapshotReport.make(journal, date: span.upperBound) {
                _ = SnapshotRenderer.text(snapshot)
                _ = SnapshotRenderer.json(snapshot)
            }
            let log = try LogReport.make(journal, range: month.first...max(month.first, span.upperBound))
            _ = LogRenderer.text(log)
        } catch {
            precondition(error.location != nil || error.what != nil, "an overflow that names nothing")
        }
    }

    /// Every export of a ledger without errors.
    public static func export(_ bytes: [UInt8]) {
        let validated = Validator.validated(load(bytes))
        guard !validated.hasErrors else { return }
        for target in Exporter.Target.allCases { _ = Exporter.export(validated.journal, as: target) }
    }

    /// `convert`: the same bytes read as a journal and as a beancount file. Whatever they hold,
    /// the ledger written is in canonical form and has no syntax error — a converter never
    /// writes what Flourish cannot read.
    public static func convert(_ bytes: [UInt8]) {
        let path = "/nonexistent-flourish-fuzz/input"
        for foreign in [JournalReader.read(bytes: bytes, path: path), BeancountReader.read(bytes: bytes, path: path)] {
            guard case .success(let outcome) = Converter.convert(foreign, source: "input", format: "fuzz", currency: "USD", mapping: [:]) else { continue }
            let formatted = Formatter.format(SourceFile(path: "converted.flourish", text: outcome.text))
            precondition(formatted.formatted == outcome.text, "convert wrote what fmt cannot read or would change: \(formatted.diagnostics.first.map { "\($0.problem.message)" } ?? "")")
            _ = Validator.validated(LedgerLoader.load(sources: [SourceFile(path: "/nonexistent-flourish-fuzz/converted.flourish", text: outcome.text)]))
        }
    }

    /// The CSV reader.
    public static func csv(_ bytes: [UInt8]) {
        for separator in [UInt8(ascii: ","), UInt8(ascii: ";")] {
            _ = CSVReader.records(bytes, separator: separator)
        }
    }

    /// A rules file and a statement, separated by the first NUL byte.
    public static func rules(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let rulesFile = SourceFile(path: "statement.rules", bytes: Array(bytes[..<split]))
        let csvFile = SourceFile(path: "statement.csv", bytes: split < bytes.count ? Array(bytes[(split + 1)...]) : [])
        let parsed = ImportRules.parse(rulesFile, fileIndex: 0)
        guard let rules = parsed.rules else { return }
        let read = Importer.rows(csvFile, fileIndex: 1, rules: rules, decimals: 2)
        _ = Importer.entries(read.rows, account: rules.account, decimals: 2)
    }

    /// The language server on a byte stream, after `initialize` (a workspace that does not
    /// exist: nothing is read from disk). The bytes arrive in two writes, cut where the first
    /// byte says. Unless the stream left a message half-read or asked the server to exit, a
    /// well-framed request after it must be answered.
    /// `flourish serve`'s request reader and pages: any bytes are read, awaited or refused with
    /// a 4xx or 5xx; a request that is read is answered, once as sent and once with the token
    /// and the right `Host` (a ledger that does not exist: the pages that say so).
    public static func http(_ bytes: [UInt8]) {
        switch HTTPRequestReader.read(bytes) {
        case .incomplete: return
        case .refused(let status, _): precondition((400...599).contains(status), "a refusal that is not an error status")
        case .request(var request, let consumed):
            precondition(consumed <= bytes.count, "a request longer than its bytes")
            let app = WebApp(WebApp.Options(paths: ["/nonexistent-flourish-fuzz/ledger.flourish"], token: "fuzz", port: 8420),
                             today: { CivilDate(year: 2026, month: 11, day: 27)! })
            for round in 0..<2 {
                if case .response(let response) = app.respond(request) {
                    precondition((200...599).contains(response.status), "an answer without a status")
                    _ = response.serialized()
                }
                guard round == 0 else { break }
                request.headers = request.headers.filter { $0.name != "host" } + [(name: "host", value: "127.0.0.1:8420"), (name: "cookie", value: "flourish-token-8420=fuzz")]
            }
        }
    }

    public static func server(_ bytes: [UInt8]) {
        let server = LanguageServer(today: { CivilDate(year: 2026, month: 11, day: 22)! })
        func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }
        _ = server.receive(framed(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file:///nonexistent-flourish-fuzz"}}"#))
        let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % bytes.count
        _ = server.receive(Array(bytes[..<cut]))
        _ = server.receive(Array(bytes[cut...]))
        guard !server.isWaitingForMore, server.exitStatus == nil else { return }
        let reply = server.receive(framed(#"{"jsonrpc":"2.0","id":"fuzz-probe","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nonexistent-flourish-fuzz/a.flourish"},"position":{"line":0,"character":0}}}"#))
        precondition(String(decoding: reply, as: UTF8.self).contains(#""id":"fuzz-probe""#), "a well-framed request was not answered")
    }
}
