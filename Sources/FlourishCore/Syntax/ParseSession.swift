/// What parsing one file builds: that file's part of the ledger and the problems found.
struct ParseSession {
    var ledger = Ledger()
    var diagnostics: [Diagnostic] = []
    /// Names found invalid on first sight, reported again at each use.
    var invalidNames: [Int32: NameRules.Problem] = [:]
    /// The first amount of the file (the linker checks it follows the `currency` line).
    var firstAmount: SourceLocation?
    /// `include` lines, in file order.
    var includes: [Include] = []

    mutating func report(_ problem: Problem, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(problem, at: location, notes: notes))
    }
}
