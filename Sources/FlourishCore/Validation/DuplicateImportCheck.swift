extension Check {
    /// Each bank row is imported once: two entries with one import key (`; import:KEY`) are
    /// one row imported twice — the same statement imported on two branches and merged, or an
    /// import run again by hand on a ledger that lost the first entry's key.
    static let duplicateImports = Check(name: "duplicate-imports") { journal in
        let ledger = journal.ledger
        var first: [String: SourceLocation] = [:]
        var diagnostics: [Diagnostic] = []
        for location in ledger.importKeys {
            let key = ledger.importKey(at: location)
            if let earlier = first[key] {
                diagnostics.append(Diagnostic(.duplicateImport(key: key), at: location,
                                              notes: [.init(message: "first imported here", location: earlier)]))
            } else {
                first[key] = location
            }
        }
        return diagnostics
    }
}
