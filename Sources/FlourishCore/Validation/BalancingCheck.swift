extension Check {
    /// Every entry's lines sum to zero; at most one line leaves its amount out.
    static let balancing = Check(name: "balancing") { ledger in
        var diagnostics: [Diagnostic] = []
        for entry in ledger.entries {
            let lines = ledger.postings[entry.postings]
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
            if elidedCount == 1 { continue }  // the parser filled in the balancing amount
            var sum = Money.zero
            for line in lines {
                // The parser already rejected entries whose sum overflows.
                sum = sum.adding(line.amount) ?? sum
            }
            if sum != .zero {
                let negated = sum.negated ?? sum
                diagnostics.append(Diagnostic(.unbalancedEntry(sum: ledger.format(sum), negatedSum: ledger.format(negated)),
                                              at: entry.location))
            }
        }
        return diagnostics
    }
}
