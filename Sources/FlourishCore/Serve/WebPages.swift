/// The parts of `flourish serve`'s pages that are not reports: the navigation, a report's
/// controls, the problems panel, a ledger file's text, the refusal without a token. Every
/// text from the ledger or the request is escaped (`HTMLPage.escape`).
enum WebPages {
    /// The pages in the navigation, in order: path and label.
    static let navigation: [(String, String)] = [
        ("/", "Today"), ("/report/budget", "Budget"), ("/report/balances", "Balances"), ("/report/register", "Register"),
        ("/report/review", "Review"), ("/report/forecast", "Forecast"), ("/report/people", "People"),
        ("/report/subscriptions", "Subscriptions"), ("/report/goals", "Goals"), ("/report/log", "Log"), ("/add", "Add"), ("/import", "Import"),
    ]

    /// The bar on top of every page, the current page marked.
    static func header(current path: String) -> String {
        var out = "<header class=\"bar\">\n<nav aria-label=\"Pages\"><ul>\n"
        for (target, label) in navigation {
            out += "<li><a href=\"\(target)\"\(target == path ? " aria-current=\"page\"" : "")>\(label)</a></li>\n"
        }
        return out + "</ul></nav>\n<p id=\"live-status\" class=\"live-status\" role=\"status\"></p>\n</header>\n"
    }

    /// The controls of a report: a form that asks for the same page with other words and dates.
    /// Only the fields the report takes are shown; each keeps its value.
    static func controls(path: String, kind: ReportCommand.Kind, _ request: HTTPRequest) -> String {
        func field(_ name: String, _ label: String, _ placeholder: String) -> String {
            let value = HTMLPage.escape(request.parameter(name) ?? "")
            return "<label>\(label) <input name=\"\(name)\" value=\"\(value)\" placeholder=\"\(placeholder)\" /></label>\n"
        }
        var out = "<form class=\"controls\" method=\"get\" action=\"\(path)\">\n"
        if kind.takesQuery { out += field("q", "Names and words", "Food desc:coffee tag:trip") }
        switch kind {
        case .forecast:
            out += field("date", "From", "YYYY-MM-DD") + field("until", "Until", "YYYY-MM-DD")
        case .review:
            out += field("month", "Month", "YYYY-MM")
        default:
            out += field("month", "Month", "YYYY-MM") + field("from", "From", "YYYY-MM-DD") + field("to", "To", "YYYY-MM-DD")
        }
        if kind == .balances || kind == .budget {
            let checked = request.parameter("monthly") != nil ? " checked=\"checked\"" : ""
            out += "<label><input type=\"checkbox\" name=\"monthly\" value=\"1\"\(checked) /> a column a month</label>\n"
        }
        return out + "<button type=\"submit\">Show</button>\n</form>\n"
    }

    /// Instead of figures while the ledger has errors: each problem as `check` words it, linked
    /// to its line.
    static func problems(_ errors: [Diagnostic], files: [SourceFile]) -> String {
        let renderer = DiagnosticRenderer(files: files)
        var out = "<section class=\"problems\" aria-labelledby=\"h-problems\">\n"
        out += "<h1 id=\"h-problems\">The ledger has \(counted(errors.count, "error", "errors"))</h1>\n"
        out += "<p>The figures come back once it checks again: fix the lines below in your editor and save; this page follows.</p>\n<ol>\n"
        for diagnostic in errors.prefix(200) {
            let file = Int(diagnostic.location.file)
            var link = ""
            if file < files.count {
                let line = renderer.position(of: diagnostic.location).line
                link = "<a href=\"/file/\(file)#L\(line)\">\(HTMLPage.escape(files[file].path)):\(line)</a>\n"
            }
            out += "<li>\(link)<pre>\(HTMLPage.escape(renderer.render(diagnostic)))</pre></li>\n"
        }
        if errors.count > 200 { out += "<li>… and \(errors.count - 200) more: run <code>flourish check</code>.</li>\n" }
        return out + "</ol>\n</section>\n"
    }

    /// A file of the ledger, each line with its number as an anchor (`#L12`).
    static func file(_ file: SourceFile) -> String {
        var out = "<h1>\(HTMLPage.escape(file.path))</h1>\n<div class=\"wide\"><table class=\"source\">\n<tbody>\n"
        let text = file.bytes.withView { String(decoding: $0, as: UTF8.self) }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            out += "<tr id=\"L\(index + 1)\"><th scope=\"row\" class=\"num\">\(index + 1)</th><td><code>\(HTMLPage.escape(String(line)))</code></td></tr>\n"
        }
        return out + "</tbody>\n</table></div>\n"
    }

    /// The page shown without the token: how to get the address that has it.
    static func refusal() -> String {
        var page = HTMLPage(title: "Flourish: open the address with its token")
        page.append("<h1>This address needs its token</h1>\n<p>Open the address <code>flourish serve</code> printed when it started "
                    + "(it ends in <code>?token=…</code>). The token keeps other programs and web sites on this computer out of your ledger.</p>\n")
        return page.rendered
    }

    /// A message in the page: what a write did, or why it was refused.
    static func notice(_ text: String, refused: Bool) -> String {
        "<div class=\"notice\(refused ? " refused" : "")\" role=\"\(refused ? "alert" : "status")\"><pre>\(HTMLPage.escape(text))</pre></div>\n"
    }
}
