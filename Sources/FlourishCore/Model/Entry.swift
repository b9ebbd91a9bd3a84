/// A dated entry with its split lines, which sum to zero.
public struct Entry: Sendable, BitwiseCopyable {
    /// ledger-style marks: `*` cleared, `!` pending, none for unmarked.
    public enum Status: Sendable, BitwiseCopyable {
        case unmarked, cleared, pending
    }

    public var date: CivilDate
    public var status: Status
    /// Byte range of the description; decoded only when a report needs it.
    public var descriptionLocation: SourceLocation
    /// The whole date line.
    public var location: SourceLocation
    /// The two ranges below, kept as 32-bit bounds: an entry takes 48 bytes instead of 72 (a
    /// million entries are a million of them). Lines and tags number far fewer than 2³¹: each
    /// takes a line of text, and every file is held in memory (a bound past it is clamped,
    /// never wrapped).
    private var tagBounds: (lower: Int32, upper: Int32)
    private var postingBounds: (lower: Int32, upper: Int32)

    /// Indices of this entry's `#tags` in `Ledger.entryTags` (a range, so an entry holds no
    /// reference-counted storage and copying one is free).
    public var tagRange: Range<Int> {
        get { Int(tagBounds.lower)..<Int(tagBounds.upper) }
        set { tagBounds = (Int32(clamping: newValue.lowerBound), Int32(clamping: newValue.upperBound)) }
    }

    /// Indices of this entry's lines in `Ledger.postings`.
    public var postings: Range<Int> {
        get { Int(postingBounds.lower)..<Int(postingBounds.upper) }
        set { postingBounds = (Int32(clamping: newValue.lowerBound), Int32(clamping: newValue.upperBound)) }
    }

    /// The entry with its lines' and tags' indices moved on by `lines` and `tags` (linking
    /// files into one list), on the 32-bit bounds as they are kept (clamped, as the setters).
    @inline(__always)
    func shifted(lines: Int, tags: Int) -> Entry {
        var moved = self
        moved.postingBounds = (Int32(clamping: Int(postingBounds.lower) + lines), Int32(clamping: Int(postingBounds.upper) + lines))
        moved.tagBounds = (Int32(clamping: Int(tagBounds.lower) + tags), Int32(clamping: Int(tagBounds.upper) + tags))
        return moved
    }

    public init(date: CivilDate, status: Status, descriptionLocation: SourceLocation, tagRange: Range<Int>,
                postings: Range<Int>, location: SourceLocation) {
        self.date = date
        self.status = status
        self.descriptionLocation = descriptionLocation
        self.location = location
        tagBounds = (Int32(clamping: tagRange.lowerBound), Int32(clamping: tagRange.upperBound))
        postingBounds = (Int32(clamping: postings.lowerBound), Int32(clamping: postings.upperBound))
    }
}
