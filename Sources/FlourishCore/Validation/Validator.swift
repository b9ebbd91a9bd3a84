/// Runs the stages after reading: booking, then every check; sorts the diagnostics by place.
public enum Validator {
    /// The booked journal and every problem found, reading's included, sorted by place.
    public struct Result: Sendable {
        public var journal: Journal
        public var diagnostics: [Diagnostic]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public static func validate(_ loaded: LedgerLoader.Result, options: CheckOptions = CheckOptions(),
                                checks: [Check] = Check.all) -> [Diagnostic] {
        validated(loaded, options: options, checks: checks, keepingLineBalances: false).diagnostics
    }

    /// Takes the loaded ledger over (`consuming`), so booking does not copy its arrays.
    /// `keepingLineBalances` false: the journal comes back without each line's running total
    /// (`Journal.lineBalances`), for a caller that shows no figure (`check`): booking checks
    /// every total all the same, and a figure asked of that journal is summed from its lines.
    public static func validated(_ loaded: consuming LedgerLoader.Result, options: CheckOptions = CheckOptions(),
                                 checks: [Check] = Check.all, keepingLineBalances: Bool = true) -> Result {
        let reading = loaded.diagnostics
        // Taken out, not copied: booking then holds the only reference to the ledger's arrays
        // and scales the split lines in place (copying them cost 7 ms at 100,000 entries).
        let booked = Booker.bookDeferringTotals(loaded.takeLedger())
        var diagnostics = reading + booked.diagnostics
        var hasErrors = diagnostics.contains { $0.severity == .error }
        // Booking's running totals and the checks are pure functions of the journal, so they
        // run on every core at once. A check that needs a valid ledger counts only if reading,
        // booking and the checks before it found no error — the diagnostics of running them
        // one after another, as they are counted below in their order. Such checks run beside
        // the others whenever reading and booking found no error (they are safe on any booked
        // journal: the language server's hover runs the bucket engine on ledgers with errors),
        // so the longest, the bucket rule, does not wait for the rest; they start first, so
        // that no core is left idle at the end.
        var journal = booked.journal
        let runs = hasErrors ? checks.filter { !$0.needsValidLedger } : checks
        let jobs: [Int?] = runs.indices.filter { runs[$0].needsValidLedger } + [nil]
            + runs.indices.filter { !runs[$0].needsValidLedger }
        let checked = journal
        let done = Concurrent.map(jobs.count) { job in
            jobs[job].map { RunningTotals.Outcome(diagnostics: runs[$0].run(checked, options)) } ?? Booker.runningTotals(checked, keepingBalances: keepingLineBalances)
        }
        var found = [[Diagnostic]](repeating: [], count: runs.count)
        for (job, index) in jobs.enumerated() {
            if let index {
                found[index] = done[job].diagnostics
            } else {
                diagnostics += done[job].diagnostics
                journal.lineBalances = done[job].lineBalances
            }
        }
        hasErrors = hasErrors || diagnostics.contains { $0.severity == .error }
        for (check, problems) in zip(runs, found) {
            if check.needsValidLedger && hasErrors { continue }
            diagnostics += problems
            hasErrors = hasErrors || problems.contains { $0.severity == .error }
        }
        let sorted = diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        return Result(journal: journal, diagnostics: collapsed(sorted))
    }

    /// How many problems of one kind in a row are listed before the rest are counted.
    public static let runShown = 10

    /// Long runs of one kind of problem (a snapshot in the year 9999 can overcommit 95,000
    /// months) are cut after `runShown`, with one line counting the rest.
    static func collapsed(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var index = 0
        while index < diagnostics.count {
            var end = index + 1
            while end < diagnostics.count && diagnostics[end].id == diagnostics[index].id { end += 1 }
            let run = end - index
            if run > runShown + 1 {
                out += diagnostics[index..<index + runShown]
                let first = diagnostics[index + runShown]
                out.append(Diagnostic(.more(id: first.id, count: run - runShown, severity: first.severity), at: first.location))
            } else {
                out += diagnostics[index..<end]
            }
            index = end
        }
        return out
    }
}
