/// `flourish record [FILE] [--through DATE] [--only NAME]… [--dry-run]`: appends an entry for
/// each occurrence `due` lists, from the schedule's lines (a subscription: its category and
/// paying account), checked before and after and written atomically — or changes nothing.
enum RecordCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--dry-run"],
                                        valued: ["--through", "--only", "--allow-include", "--file"], command: "record")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.record)
            return .success
        }
        let paths = try context.writableLedgerPaths(invocation, invocation.operands, command: "record")
        guard paths.count == 1, let path = paths.first else {
            throw Invocation.UsageError(message: "record writes to one ledger file; name one")
        }
        let append: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): append = opened
        case .failure(let stop): return stop.code
        }
        let journal = append.before
        let through = try DueCommand.throughDate(invocation, journal, context)
        let report = DueReport.make(journal, through: through, only: try DueCommand.names(invocation, journal))
        guard report.rows.count <= mostEntries else {
            let first = report.rows.map(\.due).min().map { " from \($0)" } ?? ""
            context.stderr.write("Error: \(report.rows.count) occurrences are not recorded\(first) through \(through); record writes at most "
                                 + "\(mostEntries) entries at a time: give an earlier --through, or --only one schedule\n")
            return .problems
        }
        var text = ""
        var recorded: [String] = []
        var skipped: [String] = []
        for row in report.rows {
            guard let entry = entryText(journal.plans[row.plan], on: row.due, journal) else {
                skipped.append("\(row.name) (\(row.due))")
                continue
            }
            // A blank line between entries, as `fmt` and `add` write them.
            if !text.isEmpty { text += "\n" }
            text += entry
            recorded.append("\(row.name) \(row.due)")
        }
        for name in skipped {
            context.stderr.write("not recorded: \(name): a subscription without a category; record it with `flourish add`\n")
        }
        guard !recorded.isEmpty else {
            context.stdout.write("Nothing to record through \(through).\n")
            return .success
        }
        if invocation.flags.contains("--dry-run") {
            context.stdout.write(text)
            return .success
        }
        if let stop = append.append(text, what: "the recorded entries", command: "record", context) { return stop }
        let count = recorded.count == 1 ? "1 entry" : "\(recorded.count) entries"
        context.stdout.write("recorded \(count) in \(path): \(recorded.joined(separator: ", "))\n")
        return .success
    }

    /// The most entries one `record` writes: more is almost always a schedule started by
    /// mistake long ago, and would make a ledger of megabytes in one go.
    static let mostEntries = 10_000

    /// One occurrence as entry text: the schedule's lines as written (a left-out amount stays
    /// left out); a subscription's category and paying account. Nil for a subscription without
    /// a category, which has nothing to balance its account's line.
    static func entryText(_ plan: Plan, on date: CivilDate, _ journal: Journal) -> String? {
        let ledger = journal.ledger
        var lines: [EntryPlan.Line] = []
        switch plan.source {
        case .schedule(let i):
            for posting in ledger.postings[ledger.schedules[i].postings] {
                let written = posting.amountLocation.map { ledger.files[Int($0.file)].text($0.range) }
                lines.append(EntryPlan.Line(target: ledger.names[posting.target.id], amount: written, goal: nil, kinds: []))
            }
        case .subscription(let i):
            let subscription = ledger.subscriptions[i]
            guard let category = subscription.category else { return nil }
            let price = ledger.files[Int(subscription.amount.location.file)].text(subscription.amount.location.range)
            lines = [EntryPlan.Line(target: ledger.names[category.id], amount: price, goal: nil, kinds: []),
                     EntryPlan.Line(target: ledger.names[subscription.account.id], amount: nil, goal: nil, kinds: [])]
        }
        return AddCommand.entryText(date: date.description, description: plan.name, status: .unmarked, tags: [], lines: lines)
    }
}
