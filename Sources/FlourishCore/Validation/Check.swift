/// A validation rule: a small pure function from the ledger to the problems it finds.
public struct Check: Sendable {
    /// Stable name, as used in documentation and tests.
    public var name: String
    public var run: @Sendable (Ledger) -> [Diagnostic]

    public init(name: String, run: @escaping @Sendable (Ledger) -> [Diagnostic]) {
        self.name = name
        self.run = run
    }

    /// Every check `flourish check` runs, in order.
    public static let all: [Check] = [
        .duplicateDeclarations,
        .references,
        .directiveValues,
        .balancing,
        .balanceAssertions,
        .openingBalances,
    ]
}

/// Runs the whole pipeline on parsed files: checks, then sorts the diagnostics by place.
public enum Validator {
    public static func validate(_ loaded: LedgerLoader.Result, checks: [Check] = Check.all) -> [Diagnostic] {
        var diagnostics = loaded.diagnostics
        for check in checks {
            diagnostics += check.run(loaded.ledger)
        }
        return diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
