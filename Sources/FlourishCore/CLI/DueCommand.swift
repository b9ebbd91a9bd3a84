/// `flourish due [FILE…] [--through DATE] [--only NAME]… [--all] [--format text|json]`: what schedules
/// and subscriptions have had due, and no recorded entry pays (grammar.md, section 8).
enum DueCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--all"],
                                        valued: ["--through", "--only", "--format", "--locale", "--allow-include", "--file"], command: "due")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.due)
            return .success
        }
        let format = invocation.values["--format"] ?? "text"
        guard format == "text" || format == "json" else {
            throw Invocation.UsageError(message: "unknown format '\(format)' for due; use text or json")
        }
        let locale = try ReportCommand.parseLocale(invocation.values["--locale"])
        let paths = try context.ledgerPaths(invocation, invocation.operands, command: "due")
        let journal: Journal
        switch context.loadValidLedger(paths, then: "ask again") {
        case .success(let booked): journal = booked
        case .failure(let stop): return stop.code
        }
        let through = try throughDate(invocation, journal, context)
        let only = try names(invocation, journal)
        let report = DueReport.make(journal, through: through, only: only,
                                    mostPerPlan: invocation.flags.contains("--all") ? nil : DueReport.listedPerPlan)
        context.stdout.write(format == "json" ? DueRenderer.json(report) : DueRenderer.text(report, display: locale ?? journal.ledger.display))
        return .success
    }

    /// `--through DATE` (or `today`); by default the ledger's last dated line.
    static func throughDate(_ invocation: Invocation, _ journal: Journal, _ context: Flourish.Context) throws(Invocation.UsageError) -> CivilDate {
        if let day = try ReportCommand.parseDay(invocation.values["--through"], context) {
            // At most as far past the ledger's last date as a report may look.
            if let last = journal.dateRange?.upperBound, last < day { try ReportCommand.limitSpan(last...day, "--through") }
            return day
        }
        return journal.dateRange?.upperBound ?? .earliest
    }

    /// `--only NAME` (repeatable): names of schedules or subscriptions, each one known.
    static func names(_ invocation: Invocation, _ journal: Journal) throws(Invocation.UsageError) -> [String] {
        let only = invocation.repeated["--only"] ?? []
        let known = journal.plans.map(\.name)
        for name in only where !known.contains(name) {
            var message = "no schedule or subscription is named '\(name)'"
            if let suggestion = Suggestion.closest(to: name, among: known) { message += "\nDid you mean '\(suggestion)'?" }
            throw Invocation.UsageError(message: message)
        }
        return only
    }
}
