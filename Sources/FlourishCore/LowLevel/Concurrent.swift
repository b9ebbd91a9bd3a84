import Dispatch

/// Work spread over every core, for stages whose parts do not touch each other (the files
/// of a ledger when parsing; the checks that read the booked journal).
enum Concurrent {
    /// `body` for each of `0..<count`, run at the same time; the results in that order.
    static func map<Result>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count)
        slots.results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let results = buffer
            // Each iteration writes only its own slot.
            DispatchQueue.concurrentPerform(iterations: count) { index in
                results[index] = body(index)
            }
        }
        // Every slot is filled; a missing one would be made again here rather than lost.
        return slots.results.enumerated().map { $0.element ?? body($0.offset) }
    }

    /// The results, one slot per iteration.
    private final class Slots<Result>: @unchecked Sendable {
        var results: [Result?]
        init(_ count: Int) { results = [Result?](repeating: nil, count: count) }
    }
}

extension Array {
    /// The first two elements (of a list known to hold two: `Concurrent.map(2) { … }.pair`).
    var pair: (Element, Element) { (self[0], self[1]) }
}
