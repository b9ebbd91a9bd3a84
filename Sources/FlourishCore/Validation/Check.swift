/// A validation rule: a small pure function from the ledger to the problems it finds.
public struct Check: Sendable {
    /// Stable name, as used in documentation and tests.
    public var name: String
    public var run: @Sendable (Ledger, CheckOptions) -> [Diagnostic]
    /// Runs only when the checks before it found no errors: its figures would mean nothing.
    public var needsValidLedger = false

    /// A check that needs only the ledger.
    public init(name: String, run: @escaping @Sendable (Ledger) -> [Diagnostic]) {
        self.name = name
        self.run = { ledger, _ in run(ledger) }
    }

    /// A check that also reads the command's options.
    public init(name: String, needsValidLedger: Bool = false,
                withOptions run: @escaping @Sendable (Ledger, CheckOptions) -> [Diagnostic]) {
        self.name = name
        self.needsValidLedger = needsValidLedger
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
        .buckets,
    ]
}

/// What `flourish check` was asked beyond the files.
public struct CheckOptions: Sendable {
    /// Check the bucket rule through this date instead of the last dated line.
    public var asOf: CivilDate?

    public init(asOf: CivilDate? = nil) {
        self.asOf = asOf
    }
}

/// Runs the whole pipeline on parsed files: checks, then sorts the diagnostics by place.
public enum Validator {
    public static func validate(_ loaded: LedgerLoader.Result, options: CheckOptions = CheckOptions(),
                                checks: [Check] = Check.all) -> [Diagnostic] {
        var diagnostics = loaded.diagnostics
        for check in checks {
            if check.needsValidLedger && diagnostics.contains(where: { $0.severity == .error }) { continue }
            diagnostics += check.run(loaded.ledger, options)
        }
        return diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
