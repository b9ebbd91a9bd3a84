/// Something the ledger expects to recur: a `schedule` or a `subscription`, read the same way
/// (grammar.md, section 8, "Scheduled entries and bills"). Made once by booking.
public struct Plan: Sendable {
    public enum Source: Sendable, Equatable {
        /// Index into `Ledger.schedules`.
        case schedule(Int)
        /// Index into `Ledger.subscriptions`.
        case subscription(Int)
    }

    public struct Line: Sendable, Equatable {
        public var target: Int32
        public var amount: Money
    }

    public var name: String
    public var recurrence: Recurrence
    /// What one occurrence moves: a schedule's split lines; a subscription's category (when it
    /// names one) and paying account.
    public var lines: [Line]
    public var source: Source
    public var location: SourceLocation
    /// What one occurrence spends: the sum of its expense-category lines (zero for income or a
    /// transfer). This is what the budget sets aside until it is paid.
    public var expense: Money
    /// The expense categories it spends in; a recorded entry pays it through lines in these.
    public var categories: [Int32]
    /// How large one occurrence is, to match recorded entries: the sum of its positive lines.
    public var size: Money
    /// The day from which it can be set aside: a subscription's date; for a schedule, any day
    /// (its bills are set aside from the first day of their budgeting month).
    public var since: CivilDate
}

/// One occurrence of a plan, and the recorded entry that pays it, if one does.
public struct Occurrence: Sendable {
    /// Index into `Journal.plans`.
    public var plan: Int
    public var due: CivilDate
    /// Index into `Ledger.entries` of the entry matched to it.
    public var entry: Int?
}
