/// "Did you mean …?" — the closest candidate by edit distance, ignoring case, two letters
/// swapped counting as one edit (`Mai` for `Mia`).
///
/// Bounded work on hostile input: candidates whose length differs by more than the allowed
/// distance are skipped before any comparison, and the distance is computed in a band of that
/// width, giving up as soon as it must exceed the best found so far.
enum Suggestion {
    /// Names to suggest from, prepared once: lowercased scalars, for many searches.
    struct Candidates: Sendable {
        let names: [String]
        let lowered: [[Unicode.Scalar]]

        init<S: Sequence>(_ names: S) where S.Element == String {
            self.names = Array(names)
            lowered = self.names.map { Array($0.lowercased().unicodeScalars) }
        }
    }

    /// The best candidate within a distance proportional to the word's length, if any.
    static func closest<S: Sequence>(to word: String, among candidates: S) -> String?
    where S.Element == String {
        closest(to: word, in: Candidates(candidates))
    }

    static func closest(to word: String, in candidates: Candidates) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        // A word far longer than any name has no useful suggestion.
        guard target.count <= 256 else { return nil }
        let limit = max(1, (target.count + 2) / 3)
        var best: (index: Int, distance: Int)?
        var rows = ([Int](), [Int](), [Int]())
        for (index, scalars) in candidates.lowered.enumerated() {
            if abs(scalars.count - target.count) > limit { continue }
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            guard bound >= 0, let distance = editDistance(target, scalars, atMost: bound, rows: &rows) else { continue }
            best = (index, distance)
            if distance == 0 { break }
        }
        return best.map { candidates.names[$0.index] }
    }

    /// The edit distance between two scalar arrays: insertions, deletions, substitutions and
    /// swaps of two neighbouring letters each count one (the optimal string alignment
    /// distance, a dynamic programme over three rows).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// The distance when it is at most `bound`, else nil; only cells within `bound` of the
    /// diagonal are computed, and a row whose every cell exceeds the bound ends the search.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
        var rows = ([Int](), [Int](), [Int]())
        return editDistance(a, b, atMost: bound, rows: &rows)
    }

    /// The same, with three rows of scratch space reused across calls.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int, rows: inout ([Int], [Int], [Int])) -> Int? {
        if abs(a.count - b.count) > bound { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let infinity = bound + 1
        var earlier = rows.0
        var previous = rows.1
        var current = rows.2
        rows = ([], [], [])
        defer { rows = (earlier, previous, current) }
        for row in [0, 1, 2] {
            switch row {
            case 0: earlier.removeAll(keepingCapacity: true); earlier.append(contentsOf: repeatElement(infinity, count: b.count + 1))
            case 1: previous.removeAll(keepingCapacity: true); previous.append(contentsOf: repeatElement(infinity, count: b.count + 1))
            default: current.removeAll(keepingCapacity: true); current.append(contentsOf: repeatElement(infinity, count: b.count + 1))
            }
        }
        for j in 0...min(b.count, bound) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - bound)
            let high = min(b.count, i + bound)
            current[0] = i <= bound ? i : infinity
            if low > 1 { current[low - 1] = infinity }
            var rowBest = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    // Two neighbouring letters swapped.
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, earlier[j - 2] + 1) }
                    current[j] = min(value, infinity)
                    rowBest = min(rowBest, current[j])
                }
            }
            if high < b.count { current[high + 1] = infinity }
            if rowBest > bound { return nil }
            // The rows move up one: this row becomes the previous, the previous the earlier.
            swap(&earlier, &previous)
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
