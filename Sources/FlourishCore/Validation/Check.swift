/// A validation rule: a small pure function from the ledger to the problems it finds.
public struct Check: Sendable {
    /// Stable name, as used in documentation and tests.
    public var name: String
    public var run: @Sendable (Journal, CheckOptions) -> [Diagnostic]
    /// Runs only when the checks before it found no errors: its figures would mean nothing.
    public var needsValidLedger = false

    /// A check that needs only the booked journal.
    public init(name: String, run: @escaping @Sendable (Journal) -> [Diagnostic]) {
        self.name = name
        self.run = { journal, _ in run(journal) }
    }

    /// A check that also reads the command's options.
    public init(name: String, needsValidLedger: Bool = false,
                withOptions run: @escaping @Sendable (Journal, CheckOptions) -> [Diagnostic]) {
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

/// Runs the stages after reading: booking, then every check; sorts the diagnostics by place.
public enum Validator {
    /// The booked journal and every problem found, reading's included, sorted by place.
    public struct Result: Sendable {
        public var journal: Journal
        public var diagnostics: [Diagnostic]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public static func validate(_ loaded: LedgerLoader.Result, options: CheckOptions = CheckOptions(),
                                checks: [Check] = Check.all) -> [Diagnostic] {
        validated(loaded, options: options, checks: checks).diagnostics
    }

    public static func validated(_ loaded: LedgerLoader.Result, options: CheckOptions = CheckOptions(),
                                 checks: [Check] = Check.all) -> Result {
        let booked = Booker.book(loaded.ledger)
        var diagnostics = loaded.diagnostics + booked.diagnostics
        for check in checks {
            if check.needsValidLedger && diagnostics.contains(where: { $0.severity == .error }) { continue }
            diagnostics += check.run(booked.journal, options)
        }
        let sorted = diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        return Result(journal: booked.journal, diagnostics: sorted)
    }
}
