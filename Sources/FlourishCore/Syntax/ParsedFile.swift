/// One file as parsed on its own (`Parser.parse`): its part of the ledger — declarations,
/// entries, directives, with names in the file's own name table and amounts as written — the
/// `include` lines it holds, and the problems found in it. `LedgerLoader` links parsed files
/// into one `Ledger`.
public struct ParsedFile: Sendable {
    public var file: SourceFile
    /// Its index in the ledger's file list (locations carry it).
    public var index: Int
    /// This file's declarations, entries and directives; `names` holds only its own names.
    public var ledger: Ledger
    /// `include` lines in file order (not yet followed).
    public var includes: [Include]
    public var diagnostics: [Diagnostic]
    /// The first amount written in the file.
    public var firstAmount: SourceLocation?
    /// The lines with their tokens, when recorded (for `fmt`).
    var lines: [SyntaxLine]?
    /// When the file's split lines and entries were written into the stretches the loader
    /// gave it (`ledger.postings` and `ledger.entries` then hold none), how many of each.
    var inStretches: InStretches?

    struct InStretches: Sendable {
        var postings: Int
        var entries: Int
    }
}
