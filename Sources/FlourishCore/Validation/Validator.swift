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
        validated(loaded, options: options, checks: checks).diagnostics
    }

    /// Takes the loaded ledger over (`consuming`), so booking does not copy its arrays.
    public static func validated(_ loaded: consuming LedgerLoader.Result, options: CheckOptions = CheckOptions(),
                                 checks: [Check] = Check.all) -> Result {
        let reading = loaded.diagnostics
        // Taken out, not copied: booking then holds the only reference to the ledger's arrays
        // and scales the split lines in place (copying them cost 7 ms at 100,000 entries).
        let booked = Booker.book(loaded.takeLedger())
        var diagnostics = reading + booked.diagnostics
        var hasErrors = diagnostics.contains { $0.severity == .error }
        // Checks are pure functions of the journal, so a run of them is made on every core at
        // once: first the checks that read any journal, then (on a ledger without errors) the
        // ones that need a valid one, each of which counts only if those before it found no
        // error — the same diagnostics as running them one after another.
        let journal = booked.journal
        var index = 0
        while index < checks.count {
            if checks[index].needsValidLedger && hasErrors {
                index += 1
                continue
            }
            var end = index + 1
            while end < checks.count && checks[end].needsValidLedger == checks[index].needsValidLedger { end += 1 }
            let group = Array(checks[index..<end])
            let found = Concurrent.map(group.count) { group[$0].run(journal, options) }
            for (check, problems) in zip(group, found) {
                if check.needsValidLedger && hasErrors { continue }
                diagnostics += problems
                hasErrors = hasErrors || problems.contains { $0.severity == .error }
            }
            index = end
        }
        let sorted = diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        return Result(journal: booked.journal, diagnostics: collapsed(sorted))
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
