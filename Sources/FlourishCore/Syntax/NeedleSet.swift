/// Many texts looked for at once in one pass over a subject (Aho–Corasick): for import rules'
/// `match "text"` conditions, so a statement row is read once for all of them instead of once
/// a rule — time linear in the row, whatever the number of rules.
///
/// Each needle has a rank (its rule's place); `lowestRank(in:)` gives the lowest rank of the
/// needles that occur in a subject, byte for byte, and `forEachRank(in:)` every one (a
/// subscription's name in an entry's description, `Journal.match`). Needles and subjects are compared as given
/// (the caller lowers their case).
struct NeedleSet: Sendable {
    /// Transitions from the start (state 0), by byte: 0 where no needle starts with it.
    private var fromStart = [Int32](repeating: 0, count: 256)
    /// Every other state's transitions: those of state `s` are at `edgeStart[s]..<edgeStart[s + 1]`
    /// of `edgeBytes` and `edgeTargets`, by byte (a state has few).
    private var edgeStart: [Int32] = []
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    /// Where to go on a byte with no transition: the longest proper suffix that is a prefix.
    private var fallback: [Int32] = [0]
    /// The lowest rank of a needle ending at a state or at any of its fallbacks (Int.max: none).
    private var lowest: [Int] = [Int.max]
    /// The ranks of the needles ending at a state.
    private var ends: [[Int]] = [[]]
    /// The nearest fallback of a state at which a needle ends (-1: none).
    private var output: [Int32] = [-1]

    init(_ needles: [(text: [UInt8], rank: Int)]) {
        // Built with a dictionary (`(state << 8) | byte` → state), then laid out flat.
        var next: [Int: Int32] = [:]
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
                    ends.append([])
                    output.append(-1)
                    next[key] = made
                    state = made
                }
            }
            lowest[Int(state)] = min(lowest[Int(state)], rank)
            ends[Int(state)].append(rank)
        }
        // Breadth first: a state's fallback is settled before its children's.
        var children: [[(byte: UInt8, state: Int32)]] = Array(repeating: [], count: fallback.count)
        for (key, state) in next { children[key >> 8].append((UInt8(key & 0xFF), state)) }
        var queue: [Int32] = children[0].map(\.state)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let back = fallback[Int(state)]
            lowest[Int(state)] = min(lowest[Int(state)], lowest[Int(back)])
            output[Int(state)] = back != 0 && !ends[Int(back)].isEmpty ? back : output[Int(back)]
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
        for (byte, state) in children[0] { fromStart[Int(byte)] = state }
        for state in children.indices {
            edgeStart.append(Int32(edgeBytes.count))
            guard state > 0 else { continue }
            for (byte, child) in children[state].sorted(by: { $0.byte < $1.byte }) {
                edgeBytes.append(byte)
                edgeTargets.append(child)
            }
        }
        edgeStart.append(Int32(edgeBytes.count))
    }

    /// The state after reading `byte` in `state`.
    @inline(__always)
    private func step(_ state: Int32, _ byte: UInt8) -> Int32 {
        var state = state
        while state != 0 {
            var edge = Int(edgeStart[Int(state)])
            let end = Int(edgeStart[Int(state) + 1])
            while edge < end {
                if edgeBytes[edge] == byte { return edgeTargets[edge] }
                edge += 1
            }
            state = fallback[Int(state)]
        }
        return fromStart[Int(byte)]
    }

    /// Every needle's rank each time it occurs in `subject` (a rank may come more than once).
    /// Empty needles are not reported.
    func forEachRank<Subject: Collection>(in subject: Subject, _ body: (Int) -> Void) where Subject.Element == UInt8 {
        var state: Int32 = 0
        for byte in subject {
            state = step(state, byte)
            var at = ends[Int(state)].isEmpty ? output[Int(state)] : state
            while at > 0 {
                for rank in ends[Int(at)] { body(rank) }
                at = output[Int(at)]
            }
        }
    }

    /// The lowest rank among the needles that occur in `subject`; nil when none does.
    func lowestRank(in subject: [UInt8]) -> Int? {
        var state: Int32 = 0
        var best = lowest[0]
        for byte in subject {
            state = step(state, byte)
            best = min(best, lowest[Int(state)])
        }
        return best == Int.max ? nil : best
    }
}
