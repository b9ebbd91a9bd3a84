extension Check {
    /// Every name used is declared, and is the right kind of thing for where it stands.
    static let references = Check(name: "references") { journal in
        let ledger = journal.ledger
        let index = journal.index
        var diagnostics: [Diagnostic] = []

        let resolver = NameResolver(index: index, names: ledger.names)
        /// Reports the name unless it resolves; true when it does.
        @discardableResult
        func resolve(_ ref: NameRef, as wanted: [NameIndex.Kind], directive: String) -> Bool {
            guard case .failure(let failure) = resolver.resolve(ref.id, written: ledger.names[ref.id], as: wanted) else { return true }
            switch failure {
            case .unknown(let name, _, let suggestion):
                let written = StringLiteral.name(name)
                let example: String
                if wanted == [.goal] {
                    example = "`goal DATE \(written) AMOUNT`"
                } else if wanted.count > 1 {
                    example = "`category \(written)`, `account \(written) checking` or `person \(written)`"
                } else if wanted[0] == .account {
                    example = "`account \(written) checking`"
                } else {
                    example = "`category \(written)`"
                }
                let noun = wanted.count > 1 ? "account, category or person" : wanted[0].noun
                diagnostics.append(Diagnostic(.unknownName(name, expected: noun, suggestion: suggestion,
                                                           declaration: example), at: ref.location))
            case .wrongKind(let name, let actual, _):
                diagnostics.append(Diagnostic(.wrongKind(name, actual: actual.phrase, expected: wanted[0].phrase,
                                                         directive: directive), at: ref.location))
            case .ambiguous:
                break  // only abbreviated resolution is ambiguous
            }
            return false
        }

        // A name resolves the same way on every split line: each name is looked up once, and
        // again only where it does not resolve (each such line gets its diagnostic).
        var resolves = [Bool](repeating: false, count: ledger.names.names.count)
        ledger.forEachNameUse { use in
            guard use.isLineTarget else {
                resolve(use.ref, as: use.wanted.kinds, directive: "\(use.directive)")
                return
            }
            guard !resolves[Int(use.ref.id)] else { return }
            resolves[Int(use.ref.id)] = resolve(use.ref, as: use.wanted.kinds, directive: "\(use.directive)")
        }
        // A line's `goal` moves money of a category line.
        for (line, _) in ledger.postingGoals.sorted(by: { $0.key < $1.key }) {
            let posting = ledger.postings[line]
            if let kind = index.kind(of: posting.target.id), kind != .category, kind != .incomeCategory {
                diagnostics.append(Diagnostic(.wrongKind(ledger.names[posting.target.id], actual: kind.phrase,
                                                         expected: "a category line", directive: "goal"),
                                              at: posting.target.location))
            }
        }
        return diagnostics
    }
}
