extension Check {
    /// Every entry's lines sum to zero, and so do a schedule's; at most one line leaves its
    /// amount out.
    static let balancing = Check(name: "balancing") { journal in
        let ledger = journal.ledger
        var diagnostics: [Diagnostic] = []
        // Entries, then schedules, read where they are (a list of both made for the loop had
        // cost 32 MB at a million entries).
        for entry in ledger.entries {
            balance(entry.postings, entry.location, in: journal, into: &diagnostics)
        }
        for schedule in ledger.schedules {
            balance(schedule.postings, schedule.location, in: journal, into: &diagnostics)
        }
        return diagnostics
    }

    private static func balance(_ range: Range<Int>, _ location: SourceLocation, in journal: Journal, into diagnostics: inout [Diagnostic]) {
        // The lines by index, not as a slice (see `Journal.forEachLine`).
        let lines = journal.ledger.postings
        var elidedCount = 0
        var second: SourceLocation?
        for line in range where lines[line].isInferred {
            elidedCount += 1
            if elidedCount == 2 { second = lines[line].target.location }
        }
        if elidedCount > 1, let second {
            diagnostics.append(Diagnostic(.multipleMissingAmounts(count: elidedCount), at: second))
            return
        }
        if elidedCount == 1 { return }  // booking filled in the balancing amount
        // Booking reported an entry whose sum overflows.
        var sum = Money.zero
        do throws(MoneyOverflow) {
            for line in range { sum = try sum + lines[line].amount }
        } catch {
            return
        }
        guard sum != .zero else { return }
        diagnostics.append(Diagnostic(.unbalancedEntry(sum: sum, currency: journal.currency), at: location))
    }
}
