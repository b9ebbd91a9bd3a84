extension Check {
    /// Every entry's lines sum to zero; at most one line leaves its amount out.
    static let balancing = Check(name: "balancing") { ledger in
        var diagnostics: [Diagnostic] = []
        for entry in ledger.entries {
            let lines = ledger.postings[entry.postings]
            let elided = lines.filter(\.isInferred)
            if elided.count > 1 {
                diagnostics.append(Diagnostic(.multipleMissingAmounts(count: elided.count), at: elided[elided.startIndex + 1].target.location))
                continue
            }
            if !elided.isEmpty { continue }  // the parser filled in the balancing amount
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
