/// One of the long lists a file's parse builds (its split lines, its entries): in an array of
/// its own, or written straight into its stretch of a list shared with the files parsed beside
/// it (`StretchedList`), so that linking them costs no copy. A stretch has room for as many
/// items as the file can hold (`LineStarts`); should it fill up all the same, what it holds
/// moves into an array of its own and the list goes on there.
struct ParsedList<Item: BitwiseCopyable> {
    /// The items, when they are not in a stretch.
    private(set) var own: [Item] = []
    /// The stretch written into, while the items fit in it.
    private var stretch: Stretch<Item>?
    private(set) var count = 0

    /// A list of its own, with room reserved for about `capacity` items.
    init(capacity: Int) {
        own.reserveCapacity(capacity)
        stretch = nil
    }

    /// A list written into `stretch` while it has room.
    init(stretch: Stretch<Item>) {
        self.stretch = stretch
    }

    /// Whether the items are in the stretch given (none of them in `own`).
    var isInStretch: Bool { stretch != nil }

    @inline(__always)
    mutating func append(_ item: Item) {
        if let stretch, count < stretch.room {
            stretch[count] = item
        } else {
            appendOwn(item)
        }
        count += 1
    }

    private mutating func appendOwn(_ item: Item) {
        if let stretch {
            // The stretch is full: what it holds moves into an array of its own.
            own = stretch.prefix(count)
            self.stretch = nil
        }
        own.append(item)
    }

    /// The items of `range`, in order.
    func items(_ range: Range<Int>) -> [Item] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of range")
        guard let stretch else { return Array(own[range]) }
        return range.map { stretch[$0] }
    }

    /// Drops the items from `index` on.
    mutating func removeAll(from index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        if stretch == nil { own.removeSubrange(index...) }
        count = index
    }
}
