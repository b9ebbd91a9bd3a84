/// The pages of `flourish serve`: today's budget, every report, a ledger file, the add form.
/// Reports are made by `report`'s own code from the kept ledger and drawn by its HTML
/// renderers; this file only turns a page's address into the report's options.
extension WebApp {
    /// The answer to a `GET` (or `HEAD`) that passed the gates.
    func page(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        switch path {
        case "/style.css": return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(WebAssets.style.utf8))
        case "/app.js": return HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: Array(WebAssets.script.utf8))
        case "/favicon.ico": return HTTPResponse(status: 204, contentType: "image/x-icon", body: [])
        case "/": return home(request)
        case "/add": return addPage(notice: nil)
        case "/import": return importPage()
        default: break
        }
        if path.hasPrefix("/report/"), let kind = ReportCommand.Kind(rawValue: String(path.dropFirst("/report/".count))),
           kind != .snapshot, kind != .dashboard {
            return report(kind, request)
        }
        if path.hasPrefix("/file/"), let index = Int(path.dropFirst("/file/".count)), loaded.files.indices.contains(index) {
            var page = HTMLPage(title: loaded.files[index].path, shell: shell(path))
            page.wide = true
            page.append(WebPages.file(loaded.files[index]))
            return .html(page.rendered)
        }
        var page = HTMLPage(title: "Not found", shell: shell(path))
        page.append("<h1>Not found</h1>\n<p>There is no page at this address; the bar above lists them.</p>\n")
        return .html(page.rendered, status: 404)
    }

    /// The frame around a page: the bar, the version shown, the links from names and months.
    func shell(_ path: String, controls: String = "") -> HTMLPage.Shell {
        HTMLPage.Shell(header: WebPages.header(current: path) + controls, generation: generation,
                       nameLink: { "/report/register?" + FormFields.encode([("name", $0)]) },
                       monthLink: { title in
                           let parts = title.split(separator: "-")
                           guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, Int(parts[0]) != nil, Int(parts[1]) != nil else { return nil }
                           return "/report/review?month=" + title
                       })
    }

    /// The page instead of figures while the ledger cannot be read or has errors; nil when it checks.
    func problemsPage(_ path: String, controls: String = "") -> HTTPResponse? {
        if let failure = loaded.readFailure {
            var page = HTMLPage(title: "Flourish: the ledger cannot be read", shell: shell(path, controls: controls))
            page.append("<section class=\"problems\"><h1>The ledger cannot be read</h1>\n<p>\(HTMLPage.escape(failure))</p></section>\n")
            return .html(page.rendered)
        }
        let errors = loaded.errors
        guard !errors.isEmpty else { return nil }
        var page = HTMLPage(title: "Flourish: \(counted(errors.count, "error", "errors"))", shell: shell(path, controls: controls))
        page.append(WebPages.problems(errors, files: loaded.files))
        return .html(page.rendered)
    }

    /// The day the home page is about: today, or the ledger's last date when today is
    /// before its first.
    func homeDay(_ journal: Journal) -> CivilDate {
        let day = today()
        guard let span = journal.dateRange, day < span.lowerBound else { return day }
        return span.upperBound
    }

    /// Today's budget: the dashboard as of today, then what is due with a button to record
    /// it and the people to settle with.
    func home(_ request: HTTPRequest) -> HTTPResponse {
        if let problems = problemsPage("/") { return problems }
        guard let journal = loaded.journal else { return .text("no ledger", status: 500) }
        let day = homeDay(journal)
        var frame = shell("/")
        frame.actions = dueSection(journal, through: day) + goalsSection(journal, on: day) + settleSection(journal, on: day)
        if let said = lastNotice {
            frame.actions = WebPages.notice(said, refused: false) + frame.actions
            lastNotice = nil
        }
        return run(["dashboard", "--date", day.description], frame: frame)
    }

    /// A report page: its controls, then the report with the options they give.
    func report(_ kind: ReportCommand.Kind, _ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        let controls = WebPages.controls(path: path, kind: kind, request)
        if let problems = problemsPage(path, controls: controls) { return problems }
        var arguments = [kind.rawValue]
        if kind.takesQuery {
            arguments += (request.parameter("q") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if let name = request.parameter("name"), !name.isEmpty { arguments.append(name) }
        }
        for (field, option) in [("month", "--month"), ("from", "--from"), ("to", "--to"), ("date", "--date"), ("until", "--until")] {
            if let value = request.parameter(field), !value.isEmpty { arguments += [option, value] }
        }
        if request.parameter("monthly") != nil { arguments.append("--monthly") }
        // A register without a period is this month's, not every line the household ever
        // wrote (a page of 400,000 rows helps nobody); the controls widen it.
        if kind == .register, !["month", "from", "to", "date"].contains(where: { !(request.parameter($0) ?? "").isEmpty }),
           let journal = loaded.journal {
            arguments += ["--month", journal.month(containing: homeDay(journal)).description]
        }
        if kind == .people { arguments.append("--settle") }
        return run(arguments, frame: shell(path, controls: controls))
    }

    /// Runs `report` on the kept ledger with these arguments (and `--format html`), in the frame.
    func run(_ arguments: [String], frame: HTMLPage.Shell) -> HTTPResponse {
        guard let journal = loaded.journal else { return .text("no ledger", status: 500) }
        let stdout = CapturedOutput()
        let stderr = CapturedOutput()
        let context = Flourish.Context(environment: options.environment, stdout: stdout, stderr: stderr, today: today)
        let isLog = arguments.first == ReportCommand.Kind.log.rawValue
        var status = ExitCode.success
        do throws(Invocation.UsageError) {
            let invocation = try Invocation(arguments + ["--format", isLog ? "text" : "html"], flags: ReportCommand.flags,
                                            valued: ReportCommand.valued, command: "report")
            var request = try ReportCommand.parse(invocation)
            request.shell = frame
            guard let span = journal.dateRange else {
                return message("The ledger has no dated lines to report on yet: add an entry.", frame: frame, status: 200)
            }
            let display = request.locale ?? journal.ledger.display
            switch request.kind {
            case .forecast: status = try ReportCommand.forecast(request, journal, span: span, display: display, context)
            case .log: status = try ReportCommand.log(request, journal, span: span, display: display, context)
            default: status = try ReportCommand.document(request, journal, span: span, display: display, context)
            }
        } catch {
            return message(error.message, frame: frame, status: 400)
        }
        guard status == .success else { return message(stderr.text, frame: frame, status: 422) }
        if isLog {
            var page = HTMLPage(title: "Log", shell: frame)
            page.append("<h1>Log</h1>\n<div class=\"wide\"><pre>\(HTMLPage.escape(stdout.text))</pre></div>\n")
            return .html(page.rendered)
        }
        return .html(stdout.text)
    }

    /// A page that only says something (a report's options it cannot take, say).
    func message(_ text: String, frame: HTMLPage.Shell, status: Int) -> HTTPResponse {
        var page = HTMLPage(title: "Flourish", shell: frame)
        page.append(WebPages.notice(text, refused: status >= 400))
        return .html(page.rendered, status: status)
    }

    /// What is due or late through `day`, oldest first, each with a button that records it
    /// (`flourish record --only NAME --through DATE`).
    func dueSection(_ journal: Journal, through day: CivilDate) -> String {
        let due = DueReport.make(journal, through: day, mostPerPlan: 3)
        let money = MoneyFormat(journal.ledger.currency, display: journal.ledger.display)
        var out = "<section aria-labelledby=\"h-due\">\n<h2 id=\"h-due\">Due and late</h2>\n"
        guard !due.rows.isEmpty else { return out + "<p>Nothing is due or late.</p>\n</section>\n" }
        out += "<div class=\"wide\"><table>\n<thead><tr><th scope=\"col\">Due</th><th scope=\"col\">What</th><th scope=\"col\" class=\"num\">Amount</th>"
            + "<th scope=\"col\">Late</th><th scope=\"col\"><span class=\"visually-hidden\">Record</span></th></tr></thead>\n<tbody>\n"
        for row in due.rows {
            let late = row.daysLate == 0 ? "due today" : row.daysLate > 0 ? counted(row.daysLate, "day", "days") : "in \(counted(-row.daysLate, "day", "days"))"
            out += "<tr><td>\(row.due)</td><td>\(HTMLPage.escape(row.name))</td><td class=\"num\">\(HTMLPage.escape(money.text(row.amount)))</td>"
                + "<td>\(late)</td><td><form method=\"post\" action=\"/record\">" + hidden("version", loaded.mainVersion)
                + hidden("name", row.name) + hidden("through", row.due.description)
                + "<button type=\"submit\">Record</button></form></td></tr>\n"
        }
        return out + "</tbody>\n</table></div>\n</section>\n"
    }

    /// The goals on the day: saved, progress, what is needed a month, on schedule or behind
    /// (`report goals`' table, linked to the goals page).
    func goalsSection(_ journal: Journal, on day: CivilDate) -> String {
        guard let span = journal.dateRange, !journal.ledger.goals.isEmpty,
              let goals = try? GoalsReport.make(ReportContext(journal: journal, from: span.lowerBound, to: max(day, span.lowerBound), asOf: day)),
              let table = goals.document.tables.first else { return "" }
        let renderer = DocumentRenderer(currency: journal.ledger.currency, display: journal.ledger.display, unicode: true)
        return "<section aria-labelledby=\"h-goals\">\n<h2 id=\"h-goals\"><a href=\"/report/goals\">Goals</a></h2>\n"
            + DocumentHTML.table(table, renderer) + "</section>\n"
    }

    /// Each person with a balance, with a form that settles it from (or into) an account.
    func settleSection(_ journal: Journal, on day: CivilDate) -> String {
        guard let span = journal.dateRange,
              let people = try? PeopleReport.make(ReportContext(journal: journal, from: span.lowerBound, to: max(day, span.lowerBound), asOf: day), settle: false)
        else { return "" }
        let open = people.balances.filter { $0.amount != .zero }
        guard !open.isEmpty else { return "" }
        let money = MoneyFormat(journal.ledger.currency, display: journal.ledger.display)
        // The accounts money can go through today: on the budget and not closed.
        let closed = Set(journal.ledger.closings.filter { $0.date < day }.map(\.account.id))
        let accounts = journal.ledger.accounts.filter { !$0.isOffBudget && !closed.contains($0.name.id) }.map { journal.name($0.name.id) }
        var out = "<section aria-labelledby=\"h-settle\">\n<h2 id=\"h-settle\">Settle up</h2>\n<ul class=\"settle\">\n"
        for person in open {
            let owes = person.amount > .zero
            guard let amount = try? person.amount.magnitude() else { continue }
            out += "<li><form method=\"post\" action=\"/settle\">" + hidden("version", loaded.mainVersion) + hidden("person", person.person)
                + hidden("amount", money.plain(amount)) + hidden("direction", owes ? "owes" : "owed")
                + "<span>\(HTMLPage.escape(person.person)) \(owes ? "owes you" : "is owed") \(HTMLPage.escape(money.text(amount)))</span> "
                + "<label>\(owes ? "into" : "from") <select name=\"account\">"
                + accounts.map { "<option>\(HTMLPage.escape($0))</option>" }.joined() + "</select></label> "
                + "<button type=\"submit\">Settle up</button></form></li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    func hidden(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLPage.escape(value))\" />"
    }
}
