/// What parsing one file builds: that file's part of the ledger and the problems found.
struct ParseSession {
    var ledger = Ledger()
    var diagnostics: [Diagnostic] = []
    /// Names found invalid on first sight, reported again at each use.
    var invalidNames: [Int32: NameRules.Problem] = [:]
    /// Per name id, whether the name was checked as a quoted name: 0 not yet, 1 fine, 2 not
    /// (its problem in `invalidQuotedNames`). Each quoted name is checked once, not at every use.
    var quotedChecked: [UInt8] = []
    var invalidQuotedNames: [Int32: NameRules.Problem] = [:]
    /// The first amount of the file (the linker checks it follows the `currency` line).
    var firstAmount: SourceLocation?
    /// `include` lines, in file order.
    var includes: [Include] = []

    mutating func report(_ problem: Problem, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(problem, at: location, notes: notes))
    }
}
