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
    /// Indices of this entry's `#tags` in `Ledger.entryTags` (a range, so an entry holds no
    /// reference-counted storage and copying one is free).
    public var tagRange: Range<Int>
    /// Indices of this entry's lines in `Ledger.postings`.
    public var postings: Range<Int>
    /// The whole date line.
    public var location: SourceLocation
}
