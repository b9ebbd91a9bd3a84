/// `flourish report KIND [FILE…] [--date DATE] [--format text|json]`.
enum ReportCommand {
    enum Kind: String, CaseIterable {
        case snapshot, log
    }

    enum Format: String, CaseIterable {
        case text, json
    }

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--date", "--format"], command: "report")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.report)
            return .success
        }
        guard let kindWord = invocation.operands.first else {
            throw Invocation.UsageError(message: "which report? One of: " + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let kind = Kind(rawValue: kindWord) else {
            var message = "unknown report '\(kindWord)'"
            if let suggestion = Suggestion.closest(to: kindWord, among: Kind.allCases.map(\.rawValue)) {
                message += "\nDid you mean '\(suggestion)'?"
            }
            throw Invocation.UsageError(message: message)
        }
        let format = try parseFormat(invocation.values["--format"])
        let paths = try context.ledgerPaths(Array(invocation.operands.dropFirst()), command: "report \(kind.rawValue)")
        let loaded: LedgerLoader.Result
        do {
            loaded = try LedgerLoader.load(paths: paths)
        } catch {
            return context.cannotRead(error)
        }
        // A report on a broken ledger would be wrong: show the errors instead, as `check` does.
        let diagnostics = Validator.validate(loaded, checks: Check.all.filter { !$0.needsValidLedger })
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: loaded.ledger.files, colour: context.colour).render(errors))
            context.stderr.write("\(counted(errors.count, "error", "errors")): fix them, then ask for the report again\n")
            return .problems
        }
        let ledger = loaded.ledger
        guard let span = BucketEngine(ledger).dateRange else {
            context.stderr.write("Error: the ledger has no dated lines to report on\n")
            return .problems
        }
        switch kind {
        case .snapshot:
            let date = try parseDay(invocation.values["--date"], context) ?? span.upperBound
            guard let report = SnapshotReport.make(ledger, date: date) else {
                context.stderr.write("Error: \(date) is before the ledger's first date, \(span.lowerBound)\n")
                return .problems
            }
            context.stdout.write(format == .json ? SnapshotRenderer.json(report) : SnapshotRenderer.text(report))
        case .log:
            // By default: the budgeting month of the last date, within the ledger's dates.
            let month = BudgetMonth(containing: span.upperBound, startDay: ledger.monthStartDay)
            let range = try parseRange(invocation.values["--date"], context, ledger) ??
                max(month.first, span.lowerBound)...span.upperBound
            let report = LogReport.make(ledger, range: range)
            context.stdout.write(format == .json ? LogRenderer.json(report) : LogRenderer.text(report))
        }
        return .success
    }

    static func parseFormat(_ value: String?) throws(Invocation.UsageError) -> Format {
        guard let value else { return .text }
        if let format = Format(rawValue: value) { return format }
        throw Invocation.UsageError(message: "unknown format '\(value)'; use one of: " + Format.allCases.map(\.rawValue).joined(separator: ", "))
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
        let bytes = Array(value.utf8)
        if bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
           case .success(let day) = NumberSyntax.date(ArraySlice(bytes + Array("-28".utf8))) {
            return BudgetMonth(containing: CivilDate(year: day.year, month: day.month, day: max(1, ledger.monthStartDay - 1)) ?? day,
                               startDay: ledger.monthStartDay).range
        }
        guard let day = try parseDay(value, context) else { return nil }
        return day...day
    }
}

extension BudgetMonth {
    var range: ClosedRange<CivilDate> { first...last }
}
