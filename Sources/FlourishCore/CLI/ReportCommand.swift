/// `flourish report [KIND] [NAME…] [FILE…] [--date D] [--month M | --from D --to D] [--format F]`.
enum ReportCommand {
    enum Kind: String, CaseIterable {
        case dashboard, balances, register, budget, review, people, subscriptions, goals, snapshot, log, forecast

        /// Reports that take query words: names, patterns, `desc:`, `tag:`, `amt:`.
        var takesQuery: Bool { self == .register || self == .balances || self == .budget }

        /// Reports with their own renderers, which have no CSV form.
        var hasCSV: Bool { self != .snapshot && self != .log }
    }

    enum Format: String, CaseIterable {
        case text, csv, json, html
    }

    static let flags = ["-h", "--help", "--force", "--settle", "--ascii", "--monthly", "--quarterly", "--yearly"]
    static let valued = ["--date", "--month", "--period", "--begin", "--end", "--from", "--to", "--until", "--format", "--match", "--tag", "--depth", "--locale", "--value", "-o", "--output", "--allow-include", "--file"]

    /// What the command line asks for, checked before the ledger is read.
    struct Request {
        var invocation: Invocation
        var kind: Kind
        var format: Format
        var output: String?
        /// Query words (register, balances, budget) and ledger files.
        var names: [String]
        var files: [String]
        var depth: Int?
        var interval: PeriodColumns.Interval?
        var locale: DisplayLocale?
        /// Set by `flourish serve`: its pages around the HTML form.
        var shell: HTMLPage.Shell?
    }

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: flags, valued: valued, command: "report")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.report)
            return .success
        }
        let request = try parse(invocation)
        let journal: Journal
        switch try load(request, context) {
        case .success(let booked): journal = booked
        case .failure(let stop): return stop.code
        }
        let display = request.locale ?? journal.ledger.display
        guard let span = journal.dateRange else {
            context.stderr.write("Error: the ledger has no dated lines to report on\n")
            return .problems
        }
        switch request.kind {
        case .snapshot: return try snapshot(request, journal, span: span, display: display, context)
        case .forecast: return try forecast(request, consume journal, span: span, display: display, context)
        case .log: return try log(request, journal, span: span, display: display, context)
        default: return try document(request, journal, span: span, display: display, context)
        }
    }

    /// The kind, the format and the options, each checked against the kind.
    static func parse(_ invocation: Invocation) throws(Invocation.UsageError) -> Request {
        var operands = invocation.operands
        let kind: Kind
        if let first = operands.first, let named = Kind(rawValue: first) {
            kind = named
            operands.removeFirst()
        } else if let first = operands.first, !looksLikeFile(first) {
            var message = "unknown report '\(first)'"
            if let suggestion = Suggestion.closest(to: first, among: Kind.allCases.map(\.rawValue)) {
                message += "\nDid you mean '\(suggestion)'?"
            }
            throw Invocation.UsageError(message: message + "\nReports: " + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        } else {
            kind = .dashboard
        }
        let format = try parseFormat(invocation.values["--format"])
        if format == .csv && !kind.hasCSV {
            throw Invocation.UsageError(message: "the \(kind.rawValue) report has no CSV form; use --format text or json")
        }
        if format == .html && (kind == .snapshot || kind == .log) {
            throw Invocation.UsageError(message: "the \(kind.rawValue) report has no HTML form; use --format text or json")
        }
        if kind != .forecast && invocation.values["--until"] != nil {
            throw Invocation.UsageError(message: "--until belongs to the forecast report")
        }
        // Register, balances and budget take query words; every other operand is a ledger file.
        let names = kind.takesQuery ? operands.filter { !looksLikeFile($0) } : []
        if !kind.takesQuery, let option = ["--match", "--tag", "--depth"].first(where: { invocation.values[$0] != nil }) {
            throw Invocation.UsageError(message: "\(option) applies to the register, balances and budget reports")
        }
        let intervals = PeriodColumns.Interval.allCases.filter { invocation.flags.contains("--" + $0.rawValue) }
        if intervals.count > 1 { throw Invocation.UsageError(message: "use one of --monthly, --quarterly and --yearly") }
        if let interval = intervals.first, kind != .balances && kind != .budget {
            throw Invocation.UsageError(message: "--\(interval.rawValue) gives the balances and budget reports a column per period")
        }
        if let code = invocation.values["--value"] {
            guard Currency.isCommodityCode(code.utf8) else {
                throw Invocation.UsageError(message: "--value takes a currency code, e.g. --value USD")
            }
            if kind == .snapshot || kind == .log || kind == .forecast {
                throw Invocation.UsageError(message: "--value shows the reports in tables in another currency; the \(kind.rawValue) report has no such form")
            }
        }
        if kind != .people && invocation.flags.contains("--settle") {
            throw Invocation.UsageError(message: "--settle belongs to the people report")
        }
        if kind == .snapshot || kind == .forecast, let option = periodOptions.first(where: { invocation.values[$0] != nil }) {
            throw Invocation.UsageError(message: "\(option) does not apply to the \(kind.rawValue) report; it takes --date\(kind == .forecast ? " and --until" : "")")
        }
        return Request(invocation: invocation, kind: kind, format: format, output: invocation.values["-o"] ?? invocation.values["--output"],
                       names: names, files: operands.filter { !names.contains($0) }, depth: try parseDepth(invocation.values["--depth"]),
                       interval: intervals.first, locale: try parseLocale(invocation.values["--locale"]))
    }

    /// The ledger, booked and valid; `-o` refused when it names one of its files.
    static func load(_ request: Request, _ context: Flourish.Context) throws(Invocation.UsageError) -> Result<Journal, ExitCodeError> {
        let paths = try context.ledgerPaths(request.invocation, request.files, command: "report \(request.kind.rawValue)")
        let force = request.invocation.flags.contains("--force")
        if let output = request.output, let refusal = OutputFile.refusal(output, force: force, inputs: paths, first: "the ledger being reported on") {
            throw Invocation.UsageError(message: refusal)
        }
        let journal: Journal
        switch context.loadValidLedger(paths, then: "ask for the report again") {
        case .success(let booked): journal = booked
        case .failure(let stop): return .failure(stop)
        }
        // Its includes too: known once it is read.
        if let output = request.output, let refusal = OutputFile.refusal(output, force: true, inputs: paths + journal.ledger.files.map(\.path),
                                                                          first: "the ledger being reported on") {
            throw Invocation.UsageError(message: refusal)
        }
        return .success(journal)
    }

    static func snapshot(_ request: Request, _ journal: Journal, span: ClosedRange<CivilDate>, display: DisplayLocale?,
                         _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let day = try parseDay(request.invocation.values["--date"], context) ?? span.upperBound
        let made: SnapshotReport?
        do { made = try SnapshotReport.make(journal, date: day) } catch { return overflowed(error, request.kind, journal, context) }
        guard let report = made else {
            context.stderr.write("Error: \(day) is before the ledger's first date, \(span.lowerBound)\n")
            return .problems
        }
        context.stdout.write(request.format == .json ? SnapshotRenderer.json(report) : SnapshotRenderer.text(report, display: display))
        return .success
    }

    static func forecast(_ request: Request, _ journal: consuming Journal, span: ClosedRange<CivilDate>, display: DisplayLocale?,
                         _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let from = try parseDay(request.invocation.values["--date"], context) ?? span.upperBound
        let until = try parseDay(request.invocation.values["--until"], context)
            ?? CivilDate.clamped(year: from.year, month: from.month + 3, day: from.day) ?? CivilDate.latest
        guard from < until else { throw Invocation.UsageError(message: "--until must come after the report date, \(from)") }
        try limitSpan(from...until, "the forecast")
        // The journal is handed over: the projection extends its ledger in place.
        let (made, problems, files) = ForecastReport.make(consume journal, from: from, until: until)
        guard let report = made else {
            context.stderr.write(DiagnosticRenderer(files: files, colour: context.colour).render(problems))
            return .problems
        }
        let text: String
        switch request.format {
        case .text: text = ForecastRenderer.text(report, display: display)
        case .csv: text = ForecastRenderer.csv(report)
        case .json: text = ForecastRenderer.json(report)
        case .html: text = ForecastRenderer.html(report, display: display, shell: request.shell)
        }
        return write(text, to: request.output, context)
    }

    static func log(_ request: Request, _ journal: Journal, span: ClosedRange<CivilDate>, display: DisplayLocale?,
                    _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = request.invocation
        // By default: the budgeting month of the last date, within the ledger's dates.
        let month = BudgetMonth(containing: span.upperBound, startDay: journal.ledger.monthStartDay)
        let periodGiven = periodOptions.contains { invocation.values[$0] != nil }
        let range = try periodGiven ? reportPeriod(invocation, kind: request.kind, date: nil, span: span, context, journal.ledger)
            : parseRange(invocation.values["--date"], context, journal.ledger) ?? max(month.first, span.lowerBound)...span.upperBound
        try limitSpan(range, "the log")
        let report: LogReport
        do { report = try LogReport.make(journal, range: range) } catch { return overflowed(error, request.kind, journal, context) }
        context.stdout.write(request.format == .json ? LogRenderer.json(report) : LogRenderer.text(report, display: display))
        return .success
    }

    /// The query words, `--match` and `--tag` resolved against the ledger's names.
    static func query(_ request: Request, _ journal: Journal) throws(Invocation.UsageError) -> Result<ReportQuery, QueryProblems> {
        guard request.kind.takesQuery else { return .success(ReportQuery(journal)) }
        var terms: [ReportQuery.Term] = []
        for word in request.names {
            switch ReportQuery.term(word, currency: journal.currency) {
            case .success(let term): terms.append(term)
            case .failure(let problem): throw Invocation.UsageError(message: problem.message)
            }
        }
        if let text = request.invocation.values["--match"] { terms.append(.description(text)) }
        if let text = request.invocation.values["--tag"] { terms.append(.tag(text.hasPrefix("#") ? String(text.dropFirst()) : text)) }
        let kinds: Set<NameIndex.Kind> = request.kind == .budget ? [.category, .incomeCategory] : [.account, .category, .incomeCategory, .person]
        return ReportQuery.resolve(terms, in: journal, kinds: kinds)
    }

    /// The reports laid out as a `ReportDocument`, rendered in the format asked for.
    static func document(_ request: Request, _ journal: Journal, span: ClosedRange<CivilDate>, display: DisplayLocale?,
                         _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = request.invocation
        let kind = request.kind
        let date = try parseDay(invocation.values["--date"], context)
        var period = try reportPeriod(invocation, kind: kind, date: date, span: span, context, journal.ledger, wholeByDefault: request.interval != nil)
        let asOf = date ?? min(period.upperBound, span.upperBound)
        // Columns per period over the whole ledger by default: the latest `PeriodColumns.mostByDefault`
        // (a statement from 2012 must not make 160 columns); a period asked for gets all of its.
        var capped: (shown: Int, of: Int)?
        if let interval = request.interval, !periodOptions.contains(where: { invocation.values[$0] != nil }),
           let all = PeriodColumns.make(period, interval: interval, startDay: journal.ledger.monthStartDay),
           all.columns.count > PeriodColumns.mostByDefault {
            period = all.columns[all.columns.count - PeriodColumns.mostByDefault].range.lowerBound...period.upperBound
            capped = (PeriodColumns.mostByDefault, all.columns.count)
        }
        let reportContext = ReportContext(journal: journal, from: period.lowerBound, to: period.upperBound, asOf: asOf)
        // `--month` names the month for every report; otherwise it is the month of the report date.
        let month = invocation.values["--month"] != nil ? journal.month(containing: period.upperBound)
            : journal.month(containing: asOf)
        let query: ReportQuery
        switch try self.query(request, journal) {
        case .success(let resolved): query = resolved
        case .failure(let problems):
            context.stderr.write(problems.text)
            return .problems
        }
        // Columns per period for balances and budget; and for a budget over more than one
        // budgeting month, one column for all of it.
        var columns: PeriodColumns?
        if let interval = request.interval {
            columns = try tooMany(PeriodColumns.make(period, interval: interval, startDay: journal.ledger.monthStartDay))
        } else if kind == .budget && invocation.values["--month"] == nil && (period.lowerBound < month.first || period.upperBound > month.last) {
            columns = try tooMany(PeriodColumns.whole(period, startDay: journal.ledger.monthStartDay))
        }
        var document: ReportDocument
        var html: String?
        do throws(MoneyOverflow) {
            switch kind {
            case .budget:
                if let columns {
                    document = try PeriodicBudgetReport.make(reportContext, columns: columns, query: query, depth: request.depth).document
                } else {
                    document = try BudgetReport.make(reportContext, month: month, query: query, depth: request.depth).document
                }
            case .balances:
                if let columns {
                    document = try PeriodicBalancesReport.make(reportContext, columns: columns, query: query, depth: request.depth).document
                } else {
                    document = try BalancesReport.make(reportContext, query: query, depth: request.depth).document
                }
            case .dashboard:
                guard let dashboard = try DashboardReport.make(reportContext) else {
                    context.stderr.write("Error: \(asOf) is before the ledger's first date, \(span.lowerBound)\n")
                    return .problems
                }
                document = dashboard.document
                if request.format == .html { html = DashboardHTML.render(dashboard, currency: journal.ledger.currency, display: display, shell: request.shell) }
            case .review:
                let review = try ReviewReport.make(reportContext, month: month)
                document = review.document
                if request.format == .html { html = ReviewHTML.render(review, currency: journal.ledger.currency, display: display, shell: request.shell) }
            case .people:
                document = try PeopleReport.make(reportContext, settle: invocation.flags.contains("--settle")).document
            case .subscriptions:
                document = try SubscriptionsReport.make(reportContext).document
            case .goals:
                document = try GoalsReport.make(reportContext).document
            case .register:
                document = try RegisterReport.make(reportContext, query: query, depth: request.depth).document
            case .snapshot, .log, .forecast:
                return .success  // their own renderers: `run`
            }
        } catch {
            return overflowed(error, kind, journal, context)
        }
        if let capped, let interval = request.interval {
            let unit = interval == .monthly ? "months" : interval == .quarterly ? "quarters" : "years"
            document.notes.append((id: "columns", title: "Columns", lines: [ReportDocument.Sentence("columns-capped", [
                .words("The last \(capped.shown) \(unit) of the ledger's \(capped.of), from \(period.lowerBound); ask for others with --from, --to or -p."),
            ])]))
        }
        guard let code = invocation.values["--value"], code != journal.currency.code else {
            return render(document, html: html, request, journal, display: display, context)
        }
        // In another currency at its rate on the report date (the pages drawn for the home
        // currency give way to the plain page of the document).
        guard let rate = journal.rate(of: code, on: asOf), rate.mantissa > 0 else {
            context.stderr.write("Error: no rate for \(code) on \(asOf): --value needs a line `rate DATE \(code) RATE` on or before it\n")
            return .problems
        }
        let currency = Currency(code: code, decimals: journal.decimals(of: code))
        let home = journal.currency.decimals
        do throws(MoneyOverflow) {
            let valued = try document.valued { amount throws(MoneyOverflow) in
                try Money.valued(amount, homeDecimals: home, rate: rate, decimals: currency.decimals)
            }
            return render(valued, html: nil, request, journal, currency: currency, display: display, context)
        } catch {
            return overflowed(MoneyOverflow(what: "a figure of the \(kind.rawValue) report in \(code)"), kind, journal, context)
        }
    }

    /// A document in the format asked for: streamed to standard output as it is rendered, or
    /// gathered first for a file, which is written whole and atomically.
    static func render(_ document: ReportDocument, html: String?, _ request: Request, _ journal: Journal, currency: Currency? = nil,
                       display: DisplayLocale?, _ context: Flourish.Context) -> ExitCode {
        let currency = currency ?? journal.ledger.currency
        let renderer = DocumentRenderer(currency: currency, display: display,
                                        colour: request.output == nil && context.stdout.isTerminal && context.environment["NO_COLOR"] == nil,
                                        unicode: !request.invocation.flags.contains("--ascii") && Self.isUTF8(context.environment))
        if request.format == .html {
            return write(html ?? DocumentHTML.render(document, currency: currency, display: display, shell: request.shell), to: request.output, context)
        }
        let target = request.output == nil ? context.stdout : CapturedOutput()
        switch request.format {
        case .text: renderer.text(document, to: target)
        case .csv: renderer.csv(document, to: target)
        case .json: renderer.json(document, to: target)
        case .html: break
        }
        guard let captured = target as? CapturedOutput else { return .success }
        return write(captured.text, to: request.output, context)
    }

    /// A figure of the report too large to compute exactly: the diagnostic `check` gives for
    /// it, and exit status 1 — never a report with a partial figure.
    static func overflowed(_ error: MoneyOverflow, _ kind: Kind, _ journal: Journal, _ context: Flourish.Context) -> ExitCode {
        let location = error.location ?? SourceLocation(file: 0, range: 0..<0)
        let diagnostic = Diagnostic(.sumOverflow(what: error.what ?? "a figure of the \(kind.rawValue) report", currency: journal.currency),
                                    at: location)
        context.stderr.write(DiagnosticRenderer(files: journal.ledger.files, colour: context.colour).render([diagnostic]))
        return .problems
    }

    /// The report on standard output, or written atomically to `output`.
    static func write(_ text: String, to output: String?, _ context: Flourish.Context) -> ExitCode {
        guard let output else {
            context.stdout.write(text)
            return .success
        }
        do {
            try FileSystem.writeAtomically(output, Array(text.utf8))
        } catch {
            context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
            return .ioError
        }
        context.stdout.write("wrote \(output)\n")
        return .success
    }

    /// Whether the terminal takes UTF-8 (LC_ALL, LC_CTYPE, then LANG, as the C library reads them).
    static func isUTF8(_ environment: [String: String]) -> Bool {
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// The days a report covers: `--month`, `-p/--period`, `--from`/`--to` or `-b/--begin`/
    /// `-e/--end` (hledger's: the end excluded), or by default the budgeting month of the
    /// report date (the whole ledger for the register). Open ends stop at the ledger's dates.
    static func reportPeriod(_ invocation: Invocation, kind: Kind, date: CivilDate?, span: ClosedRange<CivilDate>,
                             _ context: Flourish.Context, _ ledger: Ledger, wholeByDefault: Bool = false) throws(Invocation.UsageError) -> ClosedRange<CivilDate> {
        let reference = date ?? span.upperBound
        let startDay = ledger.monthStartDay
        let given = periodOptions.filter { invocation.values[$0] != nil }
        func exclusive(_ options: [String]) throws(Invocation.UsageError) {
            let both = given.filter(options.contains)
            if both.count > 1 { throw Invocation.UsageError(message: "use \(both[0]) or \(both[1]), not both") }
        }
        try exclusive(["--month", "--period", "--from", "--begin"])
        try exclusive(["--month", "--period", "--to", "--end"])
        var bounds = PeriodExpression.Bounds()
        if let monthText = invocation.values["--month"] {
            guard let month = parseMonth(monthText, ledger) else {
                throw Invocation.UsageError(message: "'\(monthText)' is not a month; write YYYY-MM")
            }
            return month.range
        } else if let text = invocation.values["--period"] {
            bounds = try PeriodExpression.period(text, reference: reference, startDay: startDay).get()
        } else if !given.isEmpty {
            bounds.first = try parseDay(invocation.values["--from"], context)
            bounds.last = try parseDay(invocation.values["--to"], context)
            if let text = invocation.values["--begin"] {
                bounds.first = try spanOption("--begin", text, reference, startDay).lowerBound
            }
            if let text = invocation.values["--end"] {
                let begins = try spanOption("--end", text, reference, startDay).lowerBound
                guard begins > .earliest else { throw Invocation.UsageError(message: "--end \(text) leaves no days before it") }
                bounds.last = begins.adding(days: -1)
            }
            if let first = bounds.first, let last = bounds.last, first > last {
                throw Invocation.UsageError(message: "the period from \(first) to \(last) ends before it begins")
            }
        } else if wholeByDefault || (kind == .register && date == nil) {
            return span
        } else {
            return BudgetMonth(containing: reference, startDay: startDay).range
        }
        // An open end stops at the ledger's first or last date (never before the other end).
        let first = bounds.first ?? min(span.lowerBound, bounds.last ?? span.lowerBound)
        let last = bounds.last ?? max(span.upperBound, first)
        return first...last
    }

    /// The columns, unless there would be too many to show.
    static func tooMany(_ columns: PeriodColumns?) throws(Invocation.UsageError) -> PeriodColumns {
        guard let columns else {
            throw Invocation.UsageError(message: "the period holds more than \(PeriodColumns.limit) periods; choose a shorter one (-p) or a longer interval")
        }
        return columns
    }

    /// The options that choose a report's days.
    static let periodOptions = ["--month", "--period", "--from", "--to", "--begin", "--end"]

    /// The days `-b` or `-e` names: a date, a month, a quarter, a year or a relative span.
    static func spanOption(_ option: String, _ text: String, _ reference: CivilDate, _ startDay: Int) throws(Invocation.UsageError) -> ClosedRange<CivilDate> {
        let words = text.lowercased().split(separator: " ").map(String.init)
        guard let span = PeriodExpression.span(words, reference: reference, startDay: startDay) else {
            throw Invocation.UsageError(message: "'\(text)' is not a date for \(option); write 2026-11-05, 2026-11, 2026-Q4, 2026 or 'this month'")
        }
        return span
    }

    /// A ledger file rather than a name: ends in `.flourish` or contains a `/`.
    static func looksLikeFile(_ operand: String) -> Bool {
        operand.hasSuffix(".flourish") || operand.contains("/")
    }

    /// `YYYY-MM`: the budgeting month named after that calendar month.
    static func parseMonth(_ text: String, _ ledger: Ledger) -> BudgetMonth? {
        guard text.utf8.count == 7, !text.contains("Q"), !text.contains("q"),
              let span = PeriodExpression.absolute(text, startDay: ledger.monthStartDay) else { return nil }
        return BudgetMonth(containing: span.upperBound, startDay: ledger.monthStartDay)
    }

    /// `--locale de-DE`: one of the display locales (grammar.md, `display`).
    static func parseLocale(_ value: String?) throws(Invocation.UsageError) -> DisplayLocale? {
        guard let value else { return nil }
        if let locale = DisplayLocale(rawValue: value) { return locale }
        let known = DisplayLocale.allCases.map(\.rawValue)
        var message = "unknown locale '\(value)'; Flourish knows: " + known.joined(separator: ", ")
        if let suggestion = Suggestion.closest(to: value, among: known) { message += "\nDid you mean '\(suggestion)'?" }
        throw Invocation.UsageError(message: message)
    }

    /// `--depth N`: a whole number from 1.
    static func parseDepth(_ value: String?) throws(Invocation.UsageError) -> Int? {
        guard let value else { return nil }
        guard let depth = NumberSyntax.smallInteger(value.utf8), depth >= 1 else {
            throw Invocation.UsageError(message: "'\(value)' is not a depth; write a whole number from 1 (1: top-level categories only)")
        }
        return depth
    }

    static func parseFormat(_ value: String?) throws(Invocation.UsageError) -> Format {
        guard let value else { return .text }
        if let format = Format(rawValue: value) { return format }
        throw Invocation.UsageError(message: "unknown format '\(value)'; use one of: " + Format.allCases.map(\.rawValue).joined(separator: ", "))
    }

    /// The longest span, in years, that a report made a day at a time covers (`forecast`,
    /// `log`, `due` and `record`): asked for more, they refuse with a usage error instead of
    /// working and printing for centuries.
    static let longestSpanYears = 20

    /// A usage error when `range` is longer than `longestSpanYears`; `asked` says which option.
    static func limitSpan(_ range: ClosedRange<CivilDate>, _ asked: String) throws(Invocation.UsageError) {
        guard range.upperBound.dayNumber - range.lowerBound.dayNumber > longestSpanYears * 366 else { return }
        throw Invocation.UsageError(message: "\(asked) asks for \(range.lowerBound) to \(range.upperBound), more than \(longestSpanYears) years; "
                                    + "ask for at most \(longestSpanYears) years at a time")
    }

    /// `YYYY-MM-DD` or `today` (the only way the clock is ever read).
    static func parseDay(_ value: String?, _ context: Flourish.Context) throws(Invocation.UsageError) -> CivilDate? {
        guard let value else { return nil }
        if value == "today" { return context.today() }
        guard case .success(let date) = NumberSyntax.date(ArraySlice(Array(value.utf8))) else {
            throw Invocation.UsageError(message: "'\(value)' is not a date; write YYYY-MM-DD or 'today'")
        }
        return date
    }

    /// `YYYY-MM` (a budgeting month), `FROM..TO`, one date, or `today`.
    static func parseRange(_ value: String?, _ context: Flourish.Context, _ ledger: Ledger) throws(Invocation.UsageError) -> ClosedRange<CivilDate>? {
        guard let value else { return nil }
        let parts = value.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3 && parts[1].isEmpty {
            guard let from = try parseDay(String(parts[0]), context),
                  let to = try parseDay(String(parts[2]), context), from <= to else {
                throw Invocation.UsageError(message: "'\(value)' is not a date range; write FROM..TO with FROM not after TO")
            }
            return from...to
        }
        if let month = parseMonth(value, ledger) { return month.range }
        guard let day = try parseDay(value, context) else { return nil }
        return day...day
    }
}

extension BudgetMonth {
    var range: ClosedRange<CivilDate> { first...last }
}
