/// Which item of an old version of a ledger file is which item of a new one (docs/git.md,
/// "How items are matched"). In turn, each step among the items the steps before left:
///
/// 1. **identity**: the same `import:KEY` or `#id:` tag;
/// 2. **fingerprint**: the same tokens (spacing and comments aside); among identical items,
///    the first left in one version is the first left in the other;
/// 3. **shape**: the only item of its kind with this first line, amounts aside, on both sides
///    (an entry whose amount was edited);
/// 4. **place**: between the same two matched items, as many items left on both sides, in
///    pairs of entries of one date, directives of one keyword or comments (an entry rewritten
///    where it stood).
///
/// Items with an identity match by it alone. What is left in the old version was deleted; what is
/// left in the new one was added.
struct ItemMatching {
    /// For each item of the new version, the item of the old one it is; nil when it was added.
    private(set) var oldOf: [Int?]
    /// For each item of the old version, the item of the new one it became; nil when it was deleted.
    private(set) var newOf: [Int?]

    init(old oldVersion: LedgerItems, new newVersion: LedgerItems) {
        let old = oldVersion.items
        let new = newVersion.items
        oldOf = Array(repeating: nil, count: new.count)
        newOf = Array(repeating: nil, count: old.count)
        matchByIdentity(old, new)
        matchByKey(old, new, hash: { $0.identity == nil ? $0.fingerprintHash : nil }) { oldVersion.sameFingerprint($0, newVersion, $1) }
        matchUnique(oldVersion, newVersion)
        matchByPlace(oldVersion, newVersion)
    }

    private mutating func pair(_ old: Int, _ new: Int) {
        oldOf[new] = old
        newOf[old] = new
    }

    private mutating func matchByIdentity(_ old: [LedgerItems.Item], _ new: [LedgerItems.Item]) {
        matchByKey(old, new, hash: { $0.identity.map { $0.withView { $0.hash(0..<$0.count) } } }) { $0.identity == $1.identity }
        // The tails (the blank lines ending the file) are one another.
        if let last = old.indices.last, old[last].kind == .tail, newOf[last] == nil,
           let newLast = new.indices.last, new[newLast].kind == .tail, oldOf[newLast] == nil {
            pair(last, newLast)
        }
    }

    /// Pairs unmatched items with one key, in order: the first old with the first new, and on.
    /// Items are listed by the key's hash (nil: the item has no such key) and paired when
    /// `same` says their keys are equal.
    private mutating func matchByKey(_ old: [LedgerItems.Item], _ new: [LedgerItems.Item], hash: (LedgerItems.Item) -> UInt64?,
                                     same: (LedgerItems.Item, LedgerItems.Item) -> Bool) {
        // The unmatched old items of each hash, in order, as a chain: the first one's index by
        // hash, then each one's next (-1: none). (A list per hash made 100,000 small arrays.)
        var first: [UInt64: Int] = [:]
        first.reserveCapacity(old.count)
        var next = [Int](repeating: -1, count: old.count)
        var last: [UInt64: Int] = [:]
        last.reserveCapacity(old.count)
        for index in old.indices where newOf[index] == nil {
            guard let key = hash(old[index]) else { continue }
            if let tail = last[key] { next[tail] = index } else { first[key] = index }
            last[key] = index
        }
        for index in new.indices where oldOf[index] == nil {
            guard let key = hash(new[index]), var candidate = first[key] else { continue }
            // The first old item left with an equal key (a hash shared by unequal keys is passed over).
            var previous = -1
            while candidate >= 0, !same(old[candidate], new[index]) {
                previous = candidate
                candidate = next[candidate]
            }
            guard candidate >= 0 else { continue }
            pair(candidate, index)
            if previous < 0 {
                if next[candidate] >= 0 { first[key] = next[candidate] } else { first[key] = nil }
            } else {
                next[previous] = next[candidate]
            }
        }
    }

    /// Pairs the items left whose kind and shape are found once among the unmatched on each side.
    private mutating func matchUnique(_ oldVersion: LedgerItems, _ newVersion: LedgerItems) {
        struct Shape: Hashable {
            var kind: LedgerItems.Kind
            var hash: UInt64
        }
        func unique(_ items: [LedgerItems.Item], _ open: (Int) -> Bool) -> [Shape: Int] {
            var seen: [Shape: Int?] = [:]
            for index in items.indices where open(index) && items[index].identity == nil {
                guard let hash = items[index].shapeHash else { continue }
                let shape = Shape(kind: items[index].kind, hash: hash)
                seen[shape] = seen[shape] == nil ? index : .some(nil)
            }
            return seen.compactMapValues { $0 }
        }
        let old = oldVersion.items
        let new = newVersion.items
        let oldShapes = unique(old) { newOf[$0] == nil }
        let newShapes = unique(new) { oldOf[$0] == nil }
        for (shape, index) in newShapes.sorted(by: { $0.value < $1.value }) {
            if let oldIndex = oldShapes[shape], oldVersion.sameShape(old[oldIndex], newVersion, new[index]) { pair(oldIndex, index) }
        }
    }

    /// Whether two items left in one place can be one item rewritten: entries of one date,
    /// directives of one keyword, or comments.
    private static func samePlaceKind(_ oldVersion: LedgerItems, _ old: LedgerItems.Item, _ newVersion: LedgerItems, _ new: LedgerItems.Item) -> Bool {
        guard old.kind == new.kind else { return false }
        switch old.kind {
        case .entry: return old.date == new.date
        case .directive: return oldVersion.sameKeyword(old, newVersion, new)
        case .comment: return true
        case .tail: return false
        }
    }

    /// Pairs the items left between the same two matched items, when both sides have as many
    /// there, of kinds that can be one item (`samePlaceKind`) in the same order.
    private mutating func matchByPlace(_ oldVersion: LedgerItems, _ newVersion: LedgerItems) {
        let old = oldVersion.items
        let new = newVersion.items
        // Each unmatched item's gap: the old index of the matched item before it (-1: none).
        var oldGaps: [Int: [Int]] = [:]
        var anchor = -1
        for index in old.indices {
            if newOf[index] != nil { anchor = index } else if old[index].identity == nil { oldGaps[anchor, default: []].append(index) }
        }
        var newGaps: [Int: [Int]] = [:]
        anchor = -1
        for index in new.indices {
            if let was = oldOf[index] { anchor = was } else if new[index].identity == nil { newGaps[anchor, default: []].append(index) }
        }
        for (gap, newItems) in newGaps {
            guard let oldItems = oldGaps[gap], oldItems.count == newItems.count,
                  zip(oldItems, newItems).allSatisfy({ Self.samePlaceKind(oldVersion, old[$0], newVersion, new[$1]) }) else { continue }
            for (oldIndex, newIndex) in zip(oldItems, newItems) { pair(oldIndex, newIndex) }
        }
    }
}
