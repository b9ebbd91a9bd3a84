/// Many texts looked for at once in one pass over a subject (Aho–Corasick): for import rules'
/// `match "text"` conditions, so a statement row is read once for all of them instead of once
/// a rule — time linear in the row, whatever the number of rules.
///
/// Each needle has a rank (its rule's place); `lowestRank(in:)` gives the lowest rank of the
/// needles that occur in a subject, byte for byte. Needles and subjects are compared as given
/// (the caller lowers their case).
struct NeedleSet: Sendable {
    /// Transitions: `(state << 8) | byte` → the next state. State 0 is the start.
    private var next: [Int: Int32] = [:]
    /// Where to go on a byte with no transition: the longest proper suffix that is a prefix.
    private var fallback: [Int32] = [0]
    /// The lowest rank of a needle ending at a state or at any of its fallbacks (Int.max: none).
    private var lowest: [Int] = [Int.max]

    init(_ needles: [(text: [UInt8], rank: Int)]) {
        for (text, rank) in needles {
            var state: Int32 = 0
            for byte in text {
                let key = Int(state) << 8 | Int(byte)
                if let known = next[key] {
                    state = known
                } else {
                    let made = Int32(fallback.count)
                    fallback.append(0)
                    lowest.append(Int.max)
                    next[key] = made
                    state = made
                }
            }
            lowest[Int(state)] = min(lowest[Int(state)], rank)
        }
        // Breadth first: a state's fallback is settled before its children's.
        var children: [[(byte: UInt8, state: Int32)]] = Array(repeating: [], count: fallback.count)
        for (key, state) in next { children[key >> 8].append((UInt8(key & 0xFF), state)) }
        var queue: [Int32] = children[0].map(\.state)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            lowest[Int(state)] = min(lowest[Int(state)], lowest[Int(fallback[Int(state)])])
            for (byte, child) in children[Int(state)] {
                var back = fallback[Int(state)]
                while true {
                    if let found = next[Int(back) << 8 | Int(byte)], found != child {
                        fallback[Int(child)] = found
                        break
                    }
                    if back == 0 { break }
                    back = fallback[Int(back)]
                }
                queue.append(child)
            }
        }
    }

    /// The lowest rank among the needles that occur in `subject`; nil when none does.
    func lowestRank(in subject: [UInt8]) -> Int? {
        var state: Int32 = 0
        var best = lowest[0]
        for byte in subject {
            while true {
                if let found = next[Int(state) << 8 | Int(byte)] {
                    state = found
                    break
                }
                if state == 0 { break }
                state = fallback[Int(state)]
            }
            best = min(best, lowest[Int(state)])
        }
        return best == Int.max ? nil : best
    }
}
