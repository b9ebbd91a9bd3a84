/// The three-way merge of a ledger file's items (docs/git.md): the changes ours and theirs
/// made to the base, each applied once, and a conflict block for each item both changed
/// differently.
///
/// The result follows ours' order. An item theirs added goes, when both versions keep their
/// entries in date order, after the last entry dated on or before it; otherwise after the item
/// it followed in theirs (and after what ours added right there). Items both sides added alike
/// appear once.
struct ThreeWayMerge {
    /// The merged file, and how many conflict blocks it has.
    struct Result: Equatable {
        var bytes: [UInt8]
        var conflicts: Int
    }

    /// What the labels on the conflict markers say, and how long the markers are.
    struct Markers {
        var size = ConflictMarker.minimumSize
        var ours = "ours"
        var theirs = "theirs"
    }

    /// A piece of the result: an item of one version, or a conflict between two (one missing
    /// when that side deleted the item).
    private enum Piece {
        case ours(Int)
        case theirs(Int)
        case conflict(ours: Int?, theirs: Int?)
    }

    let base: LedgerItems
    let ours: LedgerItems
    let theirs: LedgerItems

    static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String = "", markers: Markers = Markers()) -> Result {
        let versions = read(base: base, ours: ours, theirs: theirs, path: path)
        return merge(base: versions[0], ours: versions[1], theirs: versions[2], markers: markers)
    }

    /// The three versions cut into items, each on a core of its own.
    static func read(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String) -> [LedgerItems] {
        Concurrent.map(3) { LedgerItems(path: path, bytes: [base, ours, theirs][$0]) }
    }

    static func merge(base: LedgerItems, ours: LedgerItems, theirs: LedgerItems, markers: Markers = Markers()) -> Result {
        // One side alone changed the file: that side, byte for byte.
        if ours.bytes == base.bytes || ours.bytes == theirs.bytes {
            return Result(bytes: theirs.bytes == base.bytes ? ours.bytes : theirs.bytes, conflicts: 0)
        }
        if theirs.bytes == base.bytes { return Result(bytes: ours.bytes, conflicts: 0) }
        return ThreeWayMerge(base: base, ours: ours, theirs: theirs).merged(markers)
    }

    init(base: LedgerItems, ours: LedgerItems, theirs: LedgerItems) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }

    func merged(_ markers: Markers) -> Result {
        let (withOurs, withTheirs) = Concurrent.map(2) { side in
            ItemMatching(old: base, new: side == 0 ? ours : theirs)
        }.pair
        var pieces: [Piece] = []
        /// Whether each piece is an item ours alone added.
        var oursAdded: [Bool] = []
        /// Where each of theirs' items stands in `pieces`, once it does.
        var placed = [Int?](repeating: nil, count: theirs.items.count)
        // Theirs' additions, by identity and by fingerprint, for the ones ours added too.
        var theirsAdded: [UInt64: [Int]] = [:]
        for index in theirs.items.indices where withTheirs.oldOf[index] == nil {
            theirsAdded[additionKey(theirs.items[index]), default: []].append(index)
        }
        for index in ours.items.indices {
            let piece: Piece?
            var twin: Int?
            if let was = withOurs.oldOf[index] {
                twin = withTheirs.newOf[was]
                piece = resolve(base: was, ours: index, theirs: twin)
            } else {
                let key = additionKey(ours.items[index])
                if let at = theirsAdded[key]?.firstIndex(where: { sameAddition(index, $0) }), let match = theirsAdded[key]?[at] {
                    theirsAdded[key]?.remove(at: at)
                    twin = match
                    piece = same(ours, index, theirs, match) || ours.items[index].identity == nil ? .ours(index) : .conflict(ours: index, theirs: match)
                } else {
                    piece = .ours(index)
                }
            }
            if let piece {
                pieces.append(piece)
                oursAdded.append(withOurs.oldOf[index] == nil && twin == nil)
            }
            // (An item with a twin in theirs is always a piece: only one theirs deleted is dropped.)
            if let twin { placed[twin] = pieces.count - 1 }
        }
        let inserted = insertions(pieces, oursAdded: oursAdded, placed: &placed, withTheirs, withOurs)
        return write(pieces, inserted, markers)
    }

    /// An item both sides kept: the side that changed it, or a conflict when both did differently.
    private func resolve(base was: Int, ours index: Int, theirs twin: Int?) -> Piece? {
        let oursChanged = !same(base, was, ours, index)
        guard let twin else { return oursChanged ? .conflict(ours: index, theirs: nil) : nil }
        let theirsChanged = !same(base, was, theirs, twin)
        if !theirsChanged { return .ours(index) }
        if !oursChanged { return .theirs(twin) }
        return same(ours, index, theirs, twin) ? .ours(index) : .conflict(ours: index, theirs: twin)
    }

    /// Theirs' items not yet in the result, by the place they go: after which piece (-1: first).
    /// An item placed after the one it followed goes after what ours added there too (both
    /// appended to the end: ours' entries, then theirs', as git orders a conflict's sides).
    private func insertions(_ pieces: [Piece], oursAdded: [Bool], placed: inout [Int?], _ withTheirs: ItemMatching,
                            _ withOurs: ItemMatching) -> [Int: [Piece]] {
        let byDate = inDateOrder(ours) && inDateOrder(theirs)
        // The result's entries with their dates, in order (sorted when `byDate`).
        var dated: [(piece: Int, date: Int)] = []
        if byDate {
            for (at, piece) in pieces.enumerated() {
                if let date = item(piece).flatMap({ $0.kind == .entry ? $0.date : nil }) { dated.append((at, date)) }
            }
        }
        var inserted: [Int: [Piece]] = [:]
        var previous = -1
        for index in theirs.items.indices {
            if let at = placed[index] {
                previous = at
                continue
            }
            var piece = Piece.theirs(index)
            if let was = withTheirs.oldOf[index] {
                // Ours deleted the item: gone, unless theirs changed it.
                guard withOurs.newOf[was] == nil, !same(base, was, theirs, index) else { continue }
                piece = .conflict(ours: nil, theirs: index)
            }
            var at = previous
            while at + 1 < pieces.count, oursAdded[at + 1] { at += 1 }
            let added = theirs.items[index]
            if byDate, added.kind == .entry, let date = added.date {
                var low = 0
                var high = dated.count
                while low < high {
                    let mid = (low + high) / 2
                    if dated[mid].date <= date { low = mid + 1 } else { high = mid }
                }
                at = low > 0 ? dated[low - 1].piece : (dated.first.map { $0.piece - 1 } ?? previous)
            }
            inserted[at, default: []].append(piece)
            placed[index] = at
            previous = at
        }
        return inserted
    }

    /// The merged bytes: the pieces in order, theirs' insertions after the piece they follow.
    private func write(_ pieces: [Piece], _ inserted: [Int: [Piece]], _ markers: Markers) -> Result {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ours.bytes.count + theirs.bytes.count / 8)
        var conflicts = 0
        func put(_ piece: Piece, spaced: Bool) {
            // An entry moved among others keeps a blank line above it.
            if spaced, let item = item(piece), item.kind != .tail, item.bodyStart == item.bytes.lowerBound,
               !bytes.isEmpty, !bytes.ends(with: [0x0A, 0x0A]) {
                if bytes.last != 0x0A { bytes.append(0x0A) }
                if item.kind == .entry { bytes.append(0x0A) }
            }
            if bytes.last.map({ $0 != 0x0A }) ?? false { bytes.append(0x0A) }
            switch piece {
            case .ours(let index): bytes += ours.bytes[ours.items[index].bytes]
            case .theirs(let index): bytes += theirs.bytes[theirs.items[index].bytes]
            case .conflict(let mine, let their):
                conflicts += 1
                let lead = mine.map { (ours, $0) } ?? their.map { (theirs, $0) }
                if let (version, index) = lead {
                    let item = version.items[index]
                    bytes += version.bytes[item.bytes.lowerBound..<item.bodyStart]
                }
                marker("<", markers.ours)
                if let mine { body(ours, mine) }
                marker("=", nil)
                if let their { body(theirs, their) }
                marker(">", markers.theirs)
            }
        }
        func marker(_ character: Character, _ label: String?) {
            bytes += Array(String(repeating: character, count: markers.size).utf8)
            if let label { bytes += Array(" \(label)".utf8) }
            bytes.append(0x0A)
        }
        func body(_ version: LedgerItems, _ index: Int) {
            let item = version.items[index]
            bytes += version.bytes[item.bodyStart..<item.bytes.upperBound]
            if bytes.last != 0x0A { bytes.append(0x0A) }
        }
        for piece in inserted[-1] ?? [] { put(piece, spaced: true) }
        for (at, piece) in pieces.enumerated() {
            put(piece, spaced: false)
            for piece in inserted[at] ?? [] { put(piece, spaced: true) }
        }
        return Result(bytes: bytes, conflicts: conflicts)
    }

    // MARK: Reading the versions

    private func item(_ piece: Piece) -> LedgerItems.Item? {
        switch piece {
        case .ours(let index), .conflict(let index?, _): return ours.items[index]
        case .theirs(let index), .conflict(nil, let index?): return theirs.items[index]
        case .conflict(nil, nil): return nil
        }
    }

    /// Whether two items are the same bytes.
    private func same(_ one: LedgerItems, _ first: Int, _ other: LedgerItems, _ second: Int) -> Bool {
        one.bytes[one.items[first].bytes].elementsEqual(other.bytes[other.items[second].bytes])
    }

    /// What makes an item added on both sides one item: its identity, else its fingerprint
    /// (`additionKey` is its hash, `sameAddition` the test).
    private func additionKey(_ item: LedgerItems.Item) -> UInt64 {
        if let identity = item.identity { return identity.withView { $0.hash(0..<$0.count) } }
        return item.fingerprintHash
    }

    private func sameAddition(_ mine: Int, _ their: Int) -> Bool {
        let one = ours.items[mine]
        let other = theirs.items[their]
        if one.identity != nil || other.identity != nil { return one.identity == other.identity }
        return ours.sameFingerprint(one, theirs, other)
    }

    /// Whether the version's entries are in date order.
    private func inDateOrder(_ version: LedgerItems) -> Bool {
        var last = 0
        for item in version.items where item.kind == .entry {
            guard let date = item.date else { continue }
            if date < last { return false }
            last = date
        }
        return true
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
