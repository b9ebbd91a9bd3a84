extension Check {
    /// Every entry's lines sum to zero, and so do a schedule's; at most one line leaves its
    /// amount out.
    static let balancing = Check(name: "balancing") { journal in
        let ledger = journal.ledger
        var diagnostics: [Diagnostic] = []
        let blocks = ledger.entries.map { ($0.postings, $0.location) } + ledger.schedules.map { ($0.postings, $0.location) }
        for (range, location) in blocks {
            let lines = ledger.postings[range]
            var elidedCount = 0
            var second: SourceLocation?
            for line in lines where line.isInferred {
                elidedCount += 1
                if elidedCount == 2 { second = line.target.location }
            }
            if elidedCount > 1, let second {
                diagnostics.append(Diagnostic(.multipleMissingAmounts(count: elidedCount), at: second))
                continue
            }
            if elidedCount == 1 { continue }  // booking filled in the balancing amount
            // Booking reported an entry whose sum overflows.
            var sum = Money.zero
            do throws(MoneyOverflow) {
                for line in lines { sum = try sum + line.amount }
            } catch {
                continue
            }
            guard sum != .zero else { continue }
            diagnostics.append(Diagnostic(.unbalancedEntry(sum: sum, currency: journal.currency), at: location))
        }
        return diagnostics
    }
}
