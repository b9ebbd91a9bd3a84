/// What a clean merge broke: the errors `check` finds in the merged file that it finds in
/// neither side (a balance assertion, the bucket rule, a duplicate import key or
/// declaration that held on both). Each version is checked as the file alone, its includes
/// read from the disk; an error counts as the same when its id, its message and the text of
/// the line it points at are.
enum MergeCheck {
    struct Found {
        var diagnostics: [Diagnostic]
        /// The files the diagnostics point into (the merged file first).
        var files: [SourceFile]
    }

    static func newProblems(merged: [UInt8], ours: [UInt8], theirs: [UInt8], path: String) -> Found {
        @Sendable func errors(_ bytes: [UInt8]) -> ([Diagnostic], [SourceFile]) {
            let validated = Validator.validated(LedgerLoader.load(sources: [SourceFile(path: path, bytes: bytes)]))
            return (validated.diagnostics.filter { $0.severity == .error }, validated.journal.ledger.files)
        }
        // Both sides are checked only when the merge has errors (a clean merge needs no more).
        let first = errors(merged)
        if first.0.isEmpty { return Found(diagnostics: [], files: first.1) }
        let checked = [first] + Concurrent.map(2) { errors($0 == 0 ? ours : theirs) }
        func key(_ diagnostic: Diagnostic, _ files: [SourceFile]) -> String {
            let file = files[Int(diagnostic.location.file)]
            let line = file.line(containing: diagnostic.location.range.lowerBound)
            let text = file.text(file.lineRange(startingAt: line.start))
            return "\(diagnostic.problem.id)\u{0}\(diagnostic.problem.message)\u{0}\(file.path)\u{0}\(text)"
        }
        let held = Set(checked[1].0.map { key($0, checked[1].1) } + checked[2].0.map { key($0, checked[2].1) })
        return Found(diagnostics: checked[0].0.filter { !held.contains(key($0, checked[0].1)) }, files: checked[0].1)
    }
}
