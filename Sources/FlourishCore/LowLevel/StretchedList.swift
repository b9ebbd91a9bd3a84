/// One long list made of stretches, one per place (a ledger's files in place order): the
/// files parsed side by side each write their split lines, or their entries, straight into
/// their own stretch (`ParsedList`), and linking then closes the gaps between the stretches
/// in place (`closedUp`) instead of copying every file into a new list — a copy whose new
/// memory cost a ledger of one file a year a third of its page faults (BENCHMARKS.md).
///
/// Only plain values (no references to count: `BitwiseCopyable`) are kept so: what lies
/// beyond a place's items in its stretch is memory not yet written.
final class StretchedList<Item: BitwiseCopyable>: @unchecked Sendable {
    fileprivate var items: [Item]
    /// Where each place's stretch starts, and one past the last.
    private let starts: [Int]

    /// A list with a stretch of `rooms[place]` items for each place.
    init(rooms: [Int]) {
        var starts = [0]
        for room in rooms { starts.append(starts[starts.count - 1] + room) }
        self.starts = starts
        let count = starts[starts.count - 1]
        // The memory is taken by whoever writes each stretch: nothing is written twice.
        items = [Item](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// How many places have a stretch.
    var places: Int { starts.count - 1 }

    /// How many items a place's stretch holds.
    func room(_ place: Int) -> Int { starts[place + 1] - starts[place] }

    /// `body` given each place's stretch to write into; the stretches are valid during `body`.
    func withStretches<Result>(_ body: (_ stretch: @escaping @Sendable (Int) -> Stretch<Item>) -> Result) -> Result {
        let starts = self.starts
        return items.withUnsafeMutableBufferPointer { buffer in
            // Each place's writer writes only its own stretch.
            nonisolated(unsafe) let base = buffer.baseAddress
            return body { place in Stretch(start: base.map { $0 + starts[place] }, room: starts[place + 1] - starts[place]) }
        }
    }

    /// The first `count` items written into a place's stretch, copied out.
    func items(of place: Int, count: Int) -> [Item] {
        precondition(count <= room(place), "more items than the stretch holds")
        return Array(items[starts[place]..<starts[place] + count])
    }

    /// The one list: first, on every core, `finish` makes each place's `counts[place]` items
    /// final in its stretch (it may write them there from elsewhere); then the stretches are
    /// closed up in place order, each moved down as a block to where the places before it end
    /// (a stretch whose items fill it exactly does not move). Leaves this list empty.
    func closedUp(counts: [Int], _ finish: @Sendable (_ place: Int, _ stretch: Stretch<Item>) -> Void) -> [Item] {
        precondition(counts.count == places && counts.indices.allSatisfy { counts[$0] <= room($0) }, "more items than the stretches hold")
        var list = items
        items = []
        let starts = self.starts
        list.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let base = buffer.baseAddress
            _ = Concurrent.map(counts.count) { place in
                finish(place, Stretch(start: base.map { $0 + starts[place] }, room: counts[place]))
                return 0
            }
            // Every place's items land before the next place's stretch, and move only down.
            var at = 0
            for place in counts.indices {
                if let base, at != starts[place] { (base + at).update(from: base + starts[place], count: counts[place]) }
                at += counts[place]
            }
        }
        list.removeLast(list.count - counts.reduce(0, +))
        return list
    }
}

/// A place's stretch of a `StretchedList`: room for `room` items, read and written by
/// position. Its items are plain values, so reading one not yet written reads meaningless
/// bytes, never a reference; reading or writing past the room stops the program.
struct Stretch<Item: BitwiseCopyable>: @unchecked Sendable {
    private let start: UnsafeMutablePointer<Item>?
    let room: Int

    fileprivate init(start: UnsafeMutablePointer<Item>?, room: Int) {
        self.start = start
        self.room = start == nil ? 0 : room
    }

    @inline(__always)
    subscript(position: Int) -> Item {
        get {
            precondition(position >= 0 && position < room, "position out of the stretch")
            return start![position]
        }
        nonmutating set {
            precondition(position >= 0 && position < room, "position out of the stretch")
            start![position] = newValue
        }
    }

    /// The first `count` items, copied out.
    func prefix(_ count: Int) -> [Item] {
        (0..<count).map { self[$0] }
    }
}

extension StretchedList {
    /// Where the list's items are (tests compare it with where the linked list's are: linked
    /// in place, they are the same).
    var address: UnsafeRawPointer? { items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
}
