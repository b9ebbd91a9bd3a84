/// "Did you mean …?" — the closest candidate by edit distance, ignoring case.
enum Suggestion {
    /// The best candidate within a distance proportional to the word's length, if any.
    static func closest<S: Sequence>(to word: String, among candidates: S) -> String?
    where S.Element == String {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = max(1, (target.count + 2) / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            if abs(scalars.count - target.count) > limit { continue }
            let distance = editDistance(target, scalars)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance between two scalar arrays (two-row dynamic programme).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
