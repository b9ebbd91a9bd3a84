/// The ledger being built while its files are parsed, and the problems found so far.
struct ParseSession {
    /// When true, amounts are checked for their shape only, not against the currency: `fmt`
    /// reads one file at a time, and an included file need not name the currency.
    let syntaxOnly: Bool
    var ledger = Ledger()

    init(syntaxOnly: Bool = false) {
        self.syntaxOnly = syntaxOnly
    }
    var diagnostics: [Diagnostic] = []
    /// Names found invalid on first sight, reported again at each use.
    var invalidNames: [Int32: NameRules.Problem] = [:]
    private var reportedMissingCurrency = false

    mutating func report(_ problem: Problem, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(problem, at: location, notes: notes))
    }

    /// Decimals of the currency declared so far; reports once when amounts come first.
    mutating func decimalsForAmount(at location: SourceLocation) -> Int {
        if let currency = ledger.currency { return currency.decimals }
        if !reportedMissingCurrency {
            reportedMissingCurrency = true
            report(.amountBeforeCurrency, at: location)
        }
        return 2
    }
}
