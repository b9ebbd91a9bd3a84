/// A validation rule: a small pure function from the ledger to the problems it finds.
public struct Check: Sendable {
    /// Stable name, as used in documentation and tests.
    public var name: String
    public var run: @Sendable (Journal, CheckOptions) -> [Diagnostic]
    /// Runs only when the checks before it found no errors: its figures would mean nothing.
    public var needsValidLedger = false
    /// Finds only warnings: a command that needs only to know the ledger has no errors (a
    /// report) leaves it out.
    public var onlyWarns = false

    /// A check that needs only the booked journal.
    public init(name: String, onlyWarns: Bool = false, run: @escaping @Sendable (Journal) -> [Diagnostic]) {
        self.name = name
        self.onlyWarns = onlyWarns
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
        .duplicateImports,
        .duplicateEntries,
        .references,
        .directiveValues,
        .balancing,
        .openingBalances,
        .closings,
        .slips,
        .buckets,
        .recorded,
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
