/// Interns every name written in the ledger (accounts, categories, people, goals,
/// subscriptions, tags) to a small integer id, so the model refers to names by id.
///
/// Names are looked up by their UTF-8 bytes in an open-addressing hash table, so reading a
/// name that was seen before allocates nothing; a `String` is made once per distinct name.
public struct NameTable: Sendable {
    public private(set) var names: [String] = []
    /// The UTF-8 bytes of every name, one after another.
    private var arena: [UInt8] = []
    /// Where each name's bytes start in `arena`, plus one final end offset.
    private var offsets: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open-addressing slots holding id + 1 (0 = empty); the count is a power of two.
    private var slots = [Int32](repeating: 0, count: 64)
    /// Names of up to 24 bytes met lately, by their bytes as three words: a ledger names the
    /// same few accounts and categories on every line, and such a name is found again from
    /// its words alone, without hashing it or comparing bytes. A slot keeps the last name that
    /// fell in it.
    private var recent = [Recent](repeating: Recent(), count: 256)

    private struct Recent {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = -1
        var id: Int32 = 0
    }

    public init() {}

    public subscript(id: Int32) -> String { names[Int(id)] }

    /// Every name's bytes, read where they are kept for the length of `body`.
    func withNameBytes<R>(_ body: (NameBytes) -> R) -> R {
        arena.withView { body(NameBytes(arena: $0, offsets: offsets)) }
    }

    /// The names' bytes: a name's by its id.
    struct NameBytes {
        let arena: ByteView
        let offsets: [Int]

        subscript(id: Int32) -> ByteView { arena.part(offsets[Int(id)]..<offsets[Int(id) + 1]) }
    }

    /// The id of `name`, adding it on first sight.
    public mutating func intern(_ name: String) -> Int32 {
        name.withView { intern($0, 0..<$0.count).id }
    }

    /// A name's UTF-8 bytes, as interned (no String is made).
    func utf8(_ id: Int32) -> ArraySlice<UInt8> { arena[offsets[Int(id)]..<offsets[Int(id) + 1]] }

    /// The id of `name` if it was ever written.
    public func id(of name: String) -> Int32? {
        name.withView { find($0, 0..<$0.count, hash: $0.hash(0..<$0.count)).id }
    }

    /// The id of the name spelled by `bytes[range]`, and whether it is new.
    mutating func intern(_ bytes: ByteView, _ range: Range<Int>) -> (id: Int32, isNew: Bool) {
        // A short name is looked for first among the names met lately, by its bytes as three
        // words read from the view (the name is followed by more of the file, or is near its
        // end and takes the table).
        guard range.count <= 24, range.lowerBound + 24 <= bytes.count else { return internHashed(bytes, range) }
        let key = bytes.shortKey(range)
        let known = recent[key.slot]
        if known.count == range.count && known.words == key.words { return (known.id, false) }
        let found = internHashed(bytes, range)
        recent[key.slot] = Recent(words: key.words, count: range.count, id: found.id)
        return found
    }

    private mutating func internHashed(_ bytes: ByteView, _ range: Range<Int>) -> (id: Int32, isNew: Bool) {
        let hash = bytes.hash(range)
        let found = find(bytes, range, hash: hash)
        if let id = found.id { return (id, false) }
        let id = Int32(names.count)
        names.append(bytes.string(range))
        arena.append(bytes.part(range))
        offsets.append(arena.count)
        hashes.append(hash)
        slots[found.slot] = id + 1
        if names.count * 2 > slots.count { grow() }
        return (id, true)
    }

    /// The id stored for these bytes, or the empty slot where they would go.
    private func find(_ bytes: ByteView, _ range: Range<Int>, hash: UInt64) -> (id: Int32?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return (nil, slot) }
            let id = Int(stored - 1)
            if hashes[id] == hash && offsets[id + 1] - offsets[id] == range.count {
                let start = offsets[id]
                if arena[start..<start + range.count].withView({ $0 == bytes.part(range) }) { return (Int32(id), slot) }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for id in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[id]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }
}
