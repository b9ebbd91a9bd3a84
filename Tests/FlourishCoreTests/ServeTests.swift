import Foundation
import Testing
@testable import FlourishCore

/// `flourish serve` without a browser: the request reader, the gates (token, Host, origin),
/// the pages' figures against `report`, writes through `add` and their refusal when the file
/// changed since the page read it (docs/serve.md).
@Suite struct ServeTests {
    static let day = CivilDate(year: 2026, month: 11, day: 27)!

    /// A server for a copy of the household example, and the cookie its pages carry.
    static func server(_ path: String = TestSupport.copyOfHousehold()) -> (WebApp, String) {
        let app = WebApp(WebApp.Options(paths: [path], token: "0123456789abcdef0123456789abcdef", port: 8420), today: { day })
        return (app, path)
    }

    static func request(method: String = "GET", _ target: String, host: String = "127.0.0.1:8420", cookie: Bool = true,
                        headers: [(String, String)] = [], form: [(String, String)]? = nil) -> HTTPRequest {
        var fields = [("host", host)] + headers.map { ($0.0.lowercased(), $0.1) }
        if cookie { fields.append(("cookie", "other=1; flourish-token-8420=0123456789abcdef0123456789abcdef")) }
        if form != nil { fields.append(("content-type", "application/x-www-form-urlencoded")) }
        let (path, query) = HTTPRequestReader.split(target)
        return HTTPRequest(method: method, path: path, query: FormFields.decode(query), headers: fields.map { (name: $0.0, value: $0.1) },
                           body: Array(FormFields.encode(form ?? []).utf8))
    }

    static func response(_ app: WebApp, _ request: HTTPRequest) throws -> (status: Int, text: String, headers: [(String, String)]) {
        guard case .response(let response) = app.respond(request) else { throw Failure(reason: "an event stream, not a page") }
        return (response.status, String(decoding: response.body, as: UTF8.self), response.headers)
    }

    struct Failure: Error { var reason: String }

    // MARK: The request reader

    @Test func aRequestIsReadOnceWholeAndEveryLimitIsAStatus() throws {
        let whole = Array("POST /add?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabcGET".utf8)
        guard case .request(let request, let consumed) = HTTPRequestReader.read(whole) else { Issue.record("not read"); return }
        #expect(request.method == "POST" && request.path == "/add" && request.parameter("x") == "1" && request.body == Array("abc".utf8))
        #expect(consumed == whole.count - 3)
        // Short of its body, or of its empty line: more is awaited.
        #expect(String(describing: HTTPRequestReader.read(Array(whole.prefix(whole.count - 4)))) == "incomplete")
        #expect(String(describing: HTTPRequestReader.read(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8))) == "incomplete")
        func status(_ text: String) -> Int? {
            if case .refused(let status, _) = HTTPRequestReader.read(Array(text.utf8)) { return status }
            return nil
        }
        #expect(status("GARBAGE\r\n\r\n") == 400)
        #expect(status("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == 505)
        #expect(status("GET http://evil/ HTTP/1.1\r\nHost: a\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost a\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n") == 413)
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20_000)) == 431)
        #expect(status("GET / HTTP/1.1\r\n" + String(repeating: "X: 1\r\n", count: 101) + "\r\n") == 431)
        // Bare line feeds are accepted (RFC 9112 lets a server).
        if case .request(let request, _) = HTTPRequestReader.read(Array("GET /a HTTP/1.1\nHost: b\n\n".utf8)) {
            #expect(request.path == "/a" && request.header("host") == "b")
        } else {
            Issue.record("bare line feeds refused")
        }
    }

    /// Random and mutated requests: every one is read, awaited or refused with a 4xx or 5xx,
    /// and a refusal never comes for a request a byte shorter than one that was read whole.
    @Test func randomBytesAreReadAwaitedOrRefused() {
        var generator = SystemRandomNumberGenerator()
        let seeds = ["GET / HTTP/1.1\r\nHost: 127.0.0.1:8420\r\nCookie: a=b\r\n\r\n",
                     "POST /add HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\na=b&c"]
        for round in 0..<2_000 {
            var bytes = Array(seeds[round % 2].utf8)
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: at)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: at)
                }
                if bytes.isEmpty { bytes = [0x47] }
            }
            switch HTTPRequestReader.read(bytes) {
            case .request(_, let consumed): #expect(consumed <= bytes.count)
            case .incomplete: break
            case .refused(let status, _): #expect((400...599).contains(status))
            }
        }
    }

    @Test func formFieldsReadPlusAndPercentAndRoundTrip() {
        let fields = FormFields.decode("a=1+2&b=%C3%A9%26&c&d=%zz&=e")
        #expect(fields.map(\.name) == ["a", "b", "c", "d", ""])
        #expect(fields.map(\.value) == ["1 2", "é&", "", "%zz", "e"])
        let written: [(String, String)] = [("description", "Café & \"bar\"\t#3"), ("amount", "1.234,50"), ("x y", "+%")]
        let read = FormFields.decode(FormFields.encode(written))
        #expect(read.map(\.name) == written.map(\.0) && read.map(\.value) == written.map(\.1))
    }

    /// What the command refuses before it listens: a missing file, a host that is no address,
    /// every address at once (the Host check could not know the names a phone uses).
    @Test func theCommandRefusesWhatItCannotServe() {
        let missing = TestSupport.run(["serve", "/nonexistent-flourish/budget.flourish"])
        #expect(missing.status == .noInput && missing.stderr == "Error: cannot read '/nonexistent-flourish/budget.flourish': no such file\n")
        let banana = TestSupport.run(["serve", TestSupport.root + "/examples/household.flourish", "--host", "banana"])
        #expect(banana.status == .usage && banana.stderr.hasPrefix("Error: --host: 'banana' is not an IP address (such as 127.0.0.1 or 192.168.1.20)\n"))
        let everywhere = TestSupport.run(["serve", TestSupport.root + "/examples/household.flourish", "--host", "0.0.0.0"])
        #expect(everywhere.status == .usage && everywhere.stderr.hasPrefix("Error: --host takes this computer's address on the network"))
        let port = TestSupport.run(["serve", TestSupport.root + "/examples/household.flourish", "--port", "70000"])
        #expect(port.status == .usage && port.stderr.hasPrefix("Error: --port takes a number from 0 (any free port) to 65535\n"))
    }

    // MARK: The gates

    @Test func withoutTheTokenOrFromAnotherHostEverythingIsRefused() throws {
        let (app, _) = Self.server()
        #expect(try Self.response(app, Self.request("/", cookie: false)).status == 403)
        #expect(try Self.response(app, Self.request("/?token=wrong", cookie: false)).status == 403)
        #expect(try Self.response(app, Self.request("/style.css", cookie: false)).status == 403)
        // DNS rebinding: the right cookie under another name is refused.
        #expect(try Self.response(app, Self.request("/", host: "evil.example:8420")).status == 403)
        #expect(try Self.response(app, Self.request("/", host: "127.0.0.1:9999")).status == 403)
        #expect(try Self.response(app, Self.request("/", host: "localhost:8420")).status == 200)
        // The token in the address becomes a cookie, and leaves the address.
        let first = try Self.response(app, Self.request("/report/budget?month=2026-11&token=0123456789abcdef0123456789abcdef", cookie: false))
        #expect(first.status == 303)
        #expect(first.headers.contains { $0 == ("Location", "/report/budget?month=2026-11") })
        #expect(first.headers.contains { $0 == ("Set-Cookie", "flourish-token-8420=0123456789abcdef0123456789abcdef; Path=/; HttpOnly; SameSite=Strict") })
        // Every answer carries the policy.
        guard case .response(let page) = app.respond(Self.request("/")) else { Issue.record("an event stream"); return }
        let head = String(decoding: page.serialized(), as: UTF8.self)
        #expect(head.contains("Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self';"))
        #expect(head.contains("X-Frame-Options: DENY\r\n") && head.contains("X-Content-Type-Options: nosniff\r\n"))
        #expect(!head.contains("<script>") && !head.contains("<style>") && !head.contains(" style=\""))
    }

    @Test func aWriteFromAnotherSiteIsRefusedAndWritesNothing() throws {
        let (app, path) = Self.server()
        let before = TestSupport.read(path)
        let form = [("kind", "purchase"), ("description", "Evil"), ("amount", "1"), ("category", "Food:Dining"), ("account", "Visa"),
                    ("version", app.loaded.mainVersion)]
        #expect(try Self.response(app, Self.request(method: "POST", "/add", headers: [("Origin", "http://evil.example")], form: form)).status == 403)
        #expect(try Self.response(app, Self.request(method: "POST", "/add", headers: [("Sec-Fetch-Site", "cross-site")], form: form)).status == 403)
        #expect(try Self.response(app, Self.request(method: "POST", "/add", cookie: false, form: form)).status == 403)
        var json = Self.request(method: "POST", "/add", form: form)
        json.headers = json.headers.map { $0.name == "content-type" ? (name: $0.name, value: "text/plain") : $0 }
        #expect(try Self.response(app, json).status == 415)
        #expect(try Self.response(app, Self.request(method: "DELETE", "/add")).status == 405)
        #expect(TestSupport.read(path) == before)
    }

    // MARK: Pages

    /// The home page's four figures are `report dashboard`'s for the same day.
    @Test func theHomePageShowsTheDashboardOfToday() throws {
        let (app, path) = Self.server()
        let page = try Self.response(app, Self.request("/"))
        #expect(page.status == 200)
        let out = CapturedOutput()
        _ = Flourish.run(arguments: ["report", "dashboard", "--date", "2026-11-27", "--format", "json", path], stdout: out, stderr: CapturedOutput())
        let json = try #require(JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        let tables = try #require(json["tables"] as? [[String: Any]])
        func amount(_ table: String, _ key: String, _ label: String) throws -> String {
            let rows = try #require(tables.first { $0["id"] as? String == table }.flatMap { ($0["rows"] as? [[String: Any]] ?? []) + ($0["totals"] as? [[String: Any]] ?? []) })
            return try #require(rows.first { $0[key] as? String == label }?["amount"] as? String ?? rows.first { $0[key] as? String == label }?["balance"] as? String)
        }
        func shown(_ label: String) throws -> String {
            let match = try #require(page.text.range(of: "<dt>\(label)</dt><dd>"))
            let end = try #require(page.text[match.upperBound...].range(of: "</dd>"))
            return String(page.text[match.upperBound..<end.lowerBound]).replacingOccurrences(of: "$", with: "").replacingOccurrences(of: ",", with: "")
        }
        #expect(try shown("Funds") == amount("funds", "account", "Total"))
        #expect(try shown("Allowance set aside") == amount("buckets", "bucket", "Set-aside (allowances)"))
        #expect(try shown("of which left today") == amount("buckets", "bucket", "of which left today"))
        #expect(try shown("Main savings") == amount("buckets", "bucket", "Main savings"))
        // Worked out by hand: funds $16,636.82 on 2026-11-27; today's $25.00 of the allowance.
        #expect(try shown("Funds") == "16636.82" && shown("of which left today") == "25.00")
        #expect(page.text.contains("<span>Sam owes you $31.75</span>"))
        // The goals as `report goals` has them on the day: Japan trip $450.00 of $2,000.00, behind.
        #expect(page.text.contains("<tr><td>Japan trip</td><td class=\"num\">$2,000.00</td><td class=\"num\">$450.00</td>"))
        #expect(page.text.contains("<td class=\"num\">$637.36</td><td>behind</td></tr>"))
        #expect(page.text.contains("<body data-generation=\"1\">") && page.text.contains("<main id=\"live\">"))
    }

    @Test func everyReportIsAPageWithItsControlsAndLinks() throws {
        let (app, _) = Self.server()
        for kind in ["balances", "register", "budget", "review", "forecast", "people", "subscriptions", "goals", "log"] {
            let page = try Self.response(app, Self.request("/report/\(kind)"))
            #expect(page.status == 200, "\(kind)")
            #expect(page.text.contains("<a href=\"/report/\(kind)\" aria-current=\"page\">"), "\(kind)")
            #expect(page.text.contains("<form class=\"controls\" method=\"get\" action=\"/report/\(kind)\">"), "\(kind)")
        }
        let budget = try Self.response(app, Self.request("/report/budget?monthly=1&from=2026-09-01&to=2026-11-30"))
        #expect(budget.text.contains("<a href=\"/report/review?month=2026-10\">2026-10</a>"))
        #expect(budget.text.contains("<a href=\"/report/register?name=Food%3ADining\">Food:Dining</a>"))
        let register = try Self.response(app, Self.request("/report/register?name=Food%3ADining&from=2026-09-01"))
        #expect(register.text.contains("Pizza night with Sam"))
        #expect(!register.text.contains("Weekly shop"))
        let wrong = try Self.response(app, Self.request("/report/balances?month=13"))
        #expect(wrong.status == 400 && wrong.text.contains("is not a month"))
        #expect(try Self.response(app, Self.request("/report/snapshot")).status == 404)
        #expect(try Self.response(app, Self.request("/file/0")).text.contains("<tr id=\"L1\">"))
        #expect(try Self.response(app, Self.request("/file/7")).status == 404)
        #expect(try Self.response(app, Self.request("/../../etc/passwd")).status == 404)
    }

    /// A ledger with errors shows them, each linked to its line, instead of figures; fixed,
    /// the figures come back at the next look at the files.
    @Test func aLedgerWithErrorsShowsTheProblemsPanel() throws {
        let (app, path) = Self.server()
        let good = TestSupport.read(path)
        TestSupport.write(good + "\n2026-11-25 * Oops\n  Food:Dinng  5.00\n  Visa\n", to: path)
        #expect(app.refresh() && app.generation == 2)
        let page = try Self.response(app, Self.request("/"))
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(page.text.contains("<h1 id=\"h-problems\">The ledger has 1 error</h1>"))
        #expect(page.text.contains("<a href=\"/file/0#L\(lines + 2)\">\(path):\(lines + 2)</a>"))
        #expect(page.text.contains("error: unknown account, category or person `Food:Dinng`"))
        #expect(!page.text.contains("<dt>Funds</dt>"))
        TestSupport.write(good, to: path)
        #expect(app.refresh())
        #expect(!app.refresh())
        #expect(try Self.response(app, Self.request("/")).text.contains("<dt>Funds</dt>"))
        #expect(String(decoding: app.eventMessage, as: UTF8.self) == "event: change\ndata: 3\n\n")
    }

    // MARK: Writes

    @Test func theAddFormWritesACanonicalEntryAndAStaleFormIsRefused() throws {
        let (app, path) = Self.server()
        let before = TestSupport.read(path)
        let version = app.loaded.mainVersion
        let form = [("kind", "split"), ("date", "2026-11-26"), ("description", "Pizza\twith Sam"), ("amount", "30"), ("share", "12.50"),
                    ("person", "Sam"), ("category", "din"), ("account", "Visa"), ("tags", "friday"), ("version", version)]
        let added = try Self.response(app, Self.request(method: "POST", "/add", headers: [("Origin", "http://127.0.0.1:8420"), ("Sec-Fetch-Site", "same-origin")], form: form))
        #expect(added.status == 303)
        let entry = "2026-11-26 * Pizza\twith Sam  #friday\n  Food:Dining  17.50\n  Sam          12.50\n  Visa\n"
        #expect(TestSupport.read(path) == before + "\n" + entry)
        // The page that read the file before the entry is refused, and changes nothing.
        let again = try Self.response(app, Self.request(method: "POST", "/add", form: form))
        #expect(again.status == 409)
        #expect(again.text.contains("changed since the page read it"))
        #expect(TestSupport.read(path) == before + "\n" + entry)
        // Its form keeps what was typed, with the version of the file as it is now.
        #expect(again.text.contains("value=\"Pizza\twith Sam\"") && again.text.contains("value=\"\(app.loaded.mainVersion)\""))
        // An edit in an editor meanwhile: the same.
        let current = app.loaded.mainVersion
        TestSupport.write(TestSupport.read(path) + "; a note from the editor\n", to: path)
        let stale = [("kind", "purchase"), ("description", "Tea"), ("amount", "2"), ("category", "Food:Dining"), ("account", "Visa"), ("version", current)]
        #expect(try Self.response(app, Self.request(method: "POST", "/add", form: stale)).status == 409)
        #expect(!TestSupport.read(path).contains("Tea"))
        // An entry that would not check is refused with check's words.
        let unknown = [("kind", "purchase"), ("description", "Tea"), ("amount", "2"), ("category", "Food:Dining"), ("account", "Vias"),
                       ("version", app.loaded.mainVersion)]
        let refused = try Self.response(app, Self.request(method: "POST", "/add", form: unknown))
        #expect(refused.status == 422 && refused.text.contains("unknown account") && refused.text.contains("Visa"))
    }

    @Test func aGoalMoveFromTheFormIsTheMoveDirective() throws {
        let (app, path) = Self.server()
        let page = try Self.response(app, Self.request("/add"))
        #expect(page.text.contains("<datalist id=\"goals\"><option value=\"Emergency fund\"></option><option value=\"Japan trip\"></option></datalist>"))
        let moved = try Self.response(app, Self.request(method: "POST", "/add", form: [("kind", "move"), ("date", "2026-11-27"), ("amount", "150"),
                                                                                       ("direction", "to"), ("goal", "jap"), ("version", app.loaded.mainVersion)]))
        #expect(moved.status == 303)
        #expect(TestSupport.read(path).hasSuffix("\nmove 2026-11-27 150 to \"Japan trip\"\n"))
        // The goal now holds $450.00 + $150.00 (by hand).
        #expect(try Self.response(app, Self.request("/")).text.contains("<tr><td>Japan trip</td><td class=\"num\">$2,000.00</td><td class=\"num\">$600.00</td>"))
    }

    /// On 2026-12-02 the salary and the rent of 2026-12-01 are due and not recorded: the home
    /// page lists them, each with a Record button, which writes the schedule's entry (`flourish record`).
    @Test func whatIsDueIsRecordedFromTheHomePage() throws {
        let path = TestSupport.copyOfHousehold()
        let app = WebApp(WebApp.Options(paths: [path], token: "0123456789abcdef0123456789abcdef", port: 8420),
                         today: { CivilDate(year: 2026, month: 12, day: 2)! })
        let home = try Self.response(app, Self.request("/"))
        #expect(home.text.contains("<tr><td>2026-12-01</td><td>Salary</td><td class=\"num\">$4,200.00</td><td>1 day</td>"))
        let recorded = try Self.response(app, Self.request(method: "POST", "/record", form: [("name", "Salary"), ("through", "2026-12-01"),
                                                                                             ("version", app.loaded.mainVersion)]))
        #expect(recorded.status == 303)
        #expect(TestSupport.read(path).hasSuffix("14868.64\n\n2026-12-01 Salary\n  Salary  -4200.00\n  Bank\n"))
        // Rent, due the same day, is still listed; the salary no longer.
        let after = try Self.response(app, Self.request("/")).text
        #expect(!after.contains("<td>Salary</td>") && after.contains("<tr><td>2026-12-01</td><td>Rent</td><td class=\"num\">$1,200.00</td><td>1 day</td>"))
    }

    /// In a ledger shown in German, the form takes amounts as the reader writes them.
    @Test func amountsAreReadInTheLedgersLocale() throws {
        let folder = TestSupport.temporaryDirectory()
        let path = folder + "/berlin.flourish"
        TestSupport.write(TestSupport.read(TestSupport.root + "/examples/berlin.flourish"), to: path)
        let (app, _) = Self.server(path)
        #expect(try Self.response(app, Self.request("/add")).text.contains("placeholder=\"4,50\""))
        let added = try Self.response(app, Self.request(method: "POST", "/add", form: [("kind", "split"), ("date", "2026-11-27"), ("description", "Döner"),
            ("amount", "1.234,50"), ("share", "4,50"), ("person", "Jonas"), ("category", "Eating out"), ("account", "Girokonto"), ("version", app.loaded.mainVersion)]))
        #expect(added.status == 303)
        #expect(TestSupport.read(path).hasSuffix("\n2026-11-27 * Döner\n  \"Eating out\"  1230.00\n  Jonas            4.50\n  Girokonto\n"))
    }

    @Test func settlingUpWritesTheEntryThatZeroesThePerson() throws {
        let (app, path) = Self.server()
        let settled = try Self.response(app, Self.request(method: "POST", "/settle", form: [("person", "Sam"), ("amount", "31.75"), ("direction", "owes"),
                                                                                       ("account", "Bank"), ("version", app.loaded.mainVersion)]))
        #expect(settled.status == 303)
        #expect(TestSupport.read(path).hasSuffix("\n2026-11-27 * Settle up with Sam\n  Bank  31.75\n  Sam\n"))
        let people = try Self.response(app, Self.request("/"))
        #expect(!people.text.contains("Sam owes you") && people.text.contains("added to"))
    }

    /// An upload as a browser sends it (multipart), previewed, appended once, and a second
    /// upload of the same statement marks every row as already there.
    @Test func aStatementIsPreviewedThenAppendedOnce() throws {
        let path = TestSupport.copyOfHousehold()
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/import", withIntermediateDirectories: true)
        TestSupport.write(TestSupport.read(TestSupport.root + "/examples/import/bigbank.rules"), to: folder + "/import/bigbank.rules")
        let (app, _) = Self.server(path)
        let before = TestSupport.read(path)
        let statement = TestSupport.read(TestSupport.root + "/examples/import/bigbank.csv")
        #expect(try Self.response(app, Self.request("/import")).text.contains("<option value=\"import/bigbank.rules\">"))
        func upload(_ rules: String) -> HTTPRequest {
            let boundary = "----FlourishTestBoundary7MA4YWxk"
            let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"statement\"; filename=\"bigbank.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                + statement + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"rules\"\r\n\r\n\(rules)\r\n--\(boundary)--\r\n"
            var request = Self.request(method: "POST", "/import")
            request.headers.append((name: "content-type", value: "multipart/form-data; boundary=\(boundary)"))
            request.body = Array(body.utf8)
            return request
        }
        let preview = try Self.response(app, upload("import/bigbank.rules"))
        #expect(preview.status == 200)
        #expect(preview.text.contains("would import 6 entries from bigbank.csv into \(path); nothing was written"))
        #expect(preview.text.contains("2026-11-22 Green Grocer  ; import:5ad81f820f13463c"))
        #expect(TestSupport.read(path) == before)
        // Rules are only those listed: a path elsewhere is refused.
        #expect(try Self.response(app, upload("../../../etc/passwd")).status == 422)
        // The preview's form appends exactly what it showed.
        func hidden(_ name: String) throws -> String {
            let start = try #require(preview.text.range(of: "name=\"\(name)\" value=\""))
            let end = try #require(preview.text[start.upperBound...].firstIndex(of: "\""))
            return String(preview.text[start.upperBound..<end])
        }
        let appended = try Self.response(app, Self.request(method: "POST", "/import", form: [
            ("step", "append"), ("version", try hidden("version")), ("statement", try hidden("statement")), ("name", "bigbank.csv"),
            ("rules", "import/bigbank.rules"), ("rulestext", "")]))
        #expect(appended.status == 200)
        #expect(appended.text.contains("imported 6 entries from bigbank.csv into \(path)"))
        #expect(TestSupport.read(path).hasPrefix(before) && TestSupport.read(path).components(separatedBy: "; import:").count == 7)
        let again = try Self.response(app, upload("import/bigbank.rules"))
        #expect(again.text.contains("would import 0 entries from bigbank.csv into \(path) (6 already there); nothing was written"))
        #expect(again.text.contains("rows already in the ledger, not imported again: lines 2, 3, 4, 5, 6, 7"))
        #expect(!again.text.contains("Append these entries"))
    }

    @Test func multipartBodiesAreReadAsBrowsersWriteThem() {
        let body = Array("preamble\r\n--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\ny\r\n--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"q%22.csv\"\r\nContent-Type: text/csv\r\n\r\n\u{0}\u{FF}\r\n--b--\r\n".utf8)
        let parts = MultipartForm.decode(body, boundary: "b")
        #expect(parts?.map(\.name) == ["a", "f"])
        #expect(parts?.first?.bytes == Array("x\r\ny".utf8) && parts?.last?.filename == "q\".csv")
        #expect(MultipartForm.decode(Array("--b\r\nno blank line".utf8), boundary: "b") == nil)
        #expect(MultipartForm.decode(Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunclosed".utf8), boundary: "b") == nil)
        #expect(MultipartForm.boundary("multipart/form-data; boundary=\"abc\"") == "abc")
        #expect(MultipartForm.boundary("application/json") == nil)
    }

    /// Settling up offers the accounts money can go through today: a closed one is not offered.
    @Test func aClosedAccountIsNotOfferedToSettleWith() throws {
        let path = TestSupport.temporaryDirectory() + "/budget.flourish"
        TestSupport.write("""
            currency USD
            account Bank checking
            account Old checking
            category Food
            person Sam
            opening 2026-11-01 Bank 100.00
            opening 2026-11-01 Old 20.00
            2026-11-02 * Old into Bank
              Bank  20.00
              Old
            close 2026-11-02 Old
            2026-11-03 * Lunch, Sam's half on me
              Food  10.00
              Sam  10.00
              Bank

            """, to: path)
        let (app, _) = Self.server(path)
        let home = try Self.response(app, Self.request("/")).text
        #expect(home.contains("<span>Sam owes you $10.00</span> <label>into <select name=\"account\"><option>Bank</option></select></label>"))
    }

    @Test func commitMakesEachWriteAGitCommit() throws {
        guard let git = Tools.path("git") else { return }
        let path = TestSupport.copyOfHousehold()
        let folder = (path as NSString).deletingLastPathComponent
        for arguments in [["init", "-q"], ["-c", "user.name=T", "-c", "user.email=t@example.com", "add", "."],
                          ["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start"]] {
            #expect(Tools.run(git, ["-C", folder] + arguments).status == 0)
        }
        var options = WebApp.Options(paths: [path], token: "0123456789abcdef0123456789abcdef", port: 8420)
        options.commit = true
        setenv("GIT_AUTHOR_NAME", "T", 1); setenv("GIT_AUTHOR_EMAIL", "t@example.com", 1)
        setenv("GIT_COMMITTER_NAME", "T", 1); setenv("GIT_COMMITTER_EMAIL", "t@example.com", 1)
        let app = WebApp(options, today: { Self.day })
        let form = [("kind", "purchase"), ("date", "2026-11-27"), ("description", "Espresso"), ("amount", "3.20"), ("category", "Food:Dining"),
                    ("account", "Cash"), ("version", app.loaded.mainVersion)]
        #expect(try Self.response(app, Self.request(method: "POST", "/add", form: form)).status == 303)
        #expect(Tools.run(git, ["-C", folder, "log", "-1", "--format=%s"]).output == "flourish serve: add 2026-11-27 Espresso 3.20\n")
        #expect(Tools.run(git, ["-C", folder, "status", "--porcelain"]).output.isEmpty)
    }
}
