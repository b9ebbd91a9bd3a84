/// A reader of another tool's files (`JournalReader`, `BeancountReader`): it reads a file's
/// lines into its state's `ForeignLedger`, following includes through its state's sources.
/// The ways in — a path, or bytes from memory — are the same for every reader.
protocol ForeignReader {
    associatedtype State: ForeignReadState
    static func read(_ lines: [Substring], shown: String, _ state: inout State)
}

/// What a reader keeps while it reads: where includes come from and what it has read.
protocol ForeignReadState {
    init(sources: ForeignSources)
    var sources: ForeignSources { get set }
    var ledger: ForeignLedger { get }
}

extension ForeignReader {
    static func read(_ path: String, allowedIncludes: [String]) -> Result<ForeignLedger, ForeignReadFailure> {
        var state = State(sources: ForeignSources(root: path, allowed: allowedIncludes))
        switch state.sources.read(path, from: nil) {
        case .failure(let failure): return .failure(failure)
        case .success(let file): read(file.lines, shown: file.shown, &state)
        }
        return .success(state.ledger)
    }

    /// A file's bytes from memory (the fuzzers' way in); its includes are read from disk as usual.
    static func read(bytes: [UInt8], path: String) -> ForeignLedger {
        var state = State(sources: ForeignSources(root: path, allowed: []))
        read(ForeignSources.lines(bytes), shown: path, &state)
        return state.ledger
    }
}
