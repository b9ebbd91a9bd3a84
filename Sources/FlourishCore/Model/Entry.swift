/// A dated entry with its split lines, which sum to zero.
public struct Entry: Sendable {
    /// ledger-style marks: `*` cleared, `!` pending, none for unmarked.
    public enum Status: Sendable {
        case unmarked, cleared, pending
    }

    public var date: CivilDate
    public var status: Status
    /// Byte range of the description; decoded only when a report needs it.
    public var descriptionLocation: SourceLocation
    public var tags: [NameRef]
    /// Indices of this entry's lines in `Ledger.postings`.
    public var postings: Range<Int>
    /// The whole date line.
    public var location: SourceLocation
}

/// One split line of an entry: `TARGET [AMOUNT]`. Its place in the file is its target's.
public struct Posting: Sendable {
    /// An account, a category or a person.
    public var target: NameRef
    /// The amount written, or the balancing amount when it was left out.
    public var amount: Money
    /// Where the amount was written; nil when it was left out.
    public var amountLocation: SourceLocation?
    /// The goal bucket this line is charged to (`goal NAME` after the amount), if any.
    public var goal: NameRef?

    public var isInferred: Bool { amountLocation == nil }
}
