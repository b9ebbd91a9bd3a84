/// What parsing one file builds: that file's part of the ledger and the problems found.
struct ParseSession {
    /// The file's part; its split lines and entries are in `postings` and `entries` until
    /// the parse ends.
    var ledger = Ledger()
    var postings: ParsedList<Posting>
    var entries: ParsedList<Entry>
    var diagnostics: [Diagnostic] = []
    /// Names found invalid on first sight, reported again at each use.
    var invalidNames: [Int32: NameRules.Problem] = [:]
    /// Per name id, whether the name was checked as a quoted name: 0 not yet, 1 fine, 2 not
    /// (its problem in `invalidQuotedNames`). Each quoted name is checked once, not at every use.
    var quotedChecked: [UInt8] = []
    var invalidQuotedNames: [Int32: NameRules.Problem] = [:]
    /// The place of each code in `ledger.lineCodes`.
    var lineCodes: [String: Int32] = [:]
    /// The first amount of the file (the linker checks it follows the `currency` line).
    var firstAmount: SourceLocation?
    /// `include` lines, in file order.
    var includes: [Include] = []

    /// A session whose split lines and entries go into lists of their own, with room
    /// reserved for about as many as `byteCount` bytes hold, or into the stretches given.
    init(byteCount: Int, stretches: Stretches? = nil) {
        if let stretches {
            postings = ParsedList(stretch: stretches.postings)
            entries = ParsedList(stretch: stretches.entries)
        } else {
            // Measured: about 23 bytes a split line and 60 an entry at the least.
            postings = ParsedList(capacity: byteCount / 23)
            entries = ParsedList(capacity: byteCount / 60)
        }
    }

    /// Where a file's split lines and entries are written when they go straight into lists
    /// shared with other files (`LedgerLoader.SharedLists`).
    struct Stretches: Sendable {
        var postings: Stretch<Posting>
        var entries: Stretch<Entry>
    }

    mutating func report(_ problem: Problem, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(problem, at: location, notes: notes))
    }
}
