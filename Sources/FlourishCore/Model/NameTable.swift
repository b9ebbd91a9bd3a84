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

    /// The id of `name`, adding it on first sight.
    public mutating func intern(_ name: String) -> Int32 {
        var copy = name
        return copy.withUTF8 { intern($0, 0..<$0.count).id }
    }

    /// A name's UTF-8 bytes, as interned (no String is made).
    func utf8(_ id: Int32) -> ArraySlice<UInt8> { arena[offsets[Int(id)]..<offsets[Int(id) + 1]] }

    /// The id of `name` if it was ever written.
    public func id(of name: String) -> Int32? {
        var copy = name
        return copy.withUTF8 { find($0, 0..<$0.count, hash: Self.hash($0, 0..<$0.count)).id }
    }

    /// The id of the name spelled by `bytes[range]`, and whether it is new.
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (id: Int32, isNew: Bool) {
        let count = range.count
        // Three words read from the buffer (the name is followed by more of the file, or is
        // near its end and takes the table), the bytes past the name masked off.
        guard count <= 24, range.lowerBound + 24 <= bytes.count, let base = bytes.baseAddress else {
            return internHashed(bytes, range)
        }
        let raw = UnsafeRawPointer(base + range.lowerBound)
        func word(_ at: Int) -> UInt64 {
            let kept = count - at
            let mask: UInt64 = kept >= 8 ? ~0 : kept <= 0 ? 0 : (1 << (UInt64(kept) * 8)) - 1
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) & mask
        }
        let words = (word(0), word(8), word(16))
        let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 56)
        let known = recent[slot]
        if known.count == count && known.words == words { return (known.id, false) }
        let found = internHashed(bytes, range)
        recent[slot] = Recent(words: words, count: count, id: found.id)
        return found
    }

    private mutating func internHashed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (id: Int32, isNew: Bool) {
        let hash = Self.hash(bytes, range)
        let found = find(bytes, range, hash: hash)
        if let id = found.id { return (id, false) }
        let id = Int32(names.count)
        names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        offsets.append(arena.count)
        hashes.append(hash)
        slots[found.slot] = id + 1
        if names.count * 2 > slots.count { grow() }
        return (id, true)
    }

    /// The id stored for these bytes, or the empty slot where they would go.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64) -> (id: Int32?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return (nil, slot) }
            let id = Int(stored - 1)
            if hashes[id] == hash && offsets[id + 1] - offsets[id] == range.count {
                let start = offsets[id]
                let same = arena.withUnsafeBufferPointer { arena -> Bool in
                    ByteSearch.equal(UnsafeBufferPointer(rebasing: arena[start..<start + range.count]), UnsafeBufferPointer(rebasing: bytes[range]))
                }
                if same { return (Int32(id), slot) }
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

    /// Eight bytes at a time (little-endian words, the last one padded with zeros, the length
    /// mixed in), each folded in with a multiply and a shift: names are short, and a byte at a
    /// time cost a multiplication per byte.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(range.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            index += 8
        }
        var last: UInt64 = 0
        let left = range.upperBound - index
        if left > 0 && index + 8 <= bytes.count {
            // The last bytes in one word read from the buffer (a name is followed by more of
            // the file), the bytes past the name masked off.
            last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & ((1 << (UInt64(left) * 8)) - 1)
        } else {
            var shift: UInt64 = 0
            while index < range.upperBound {
                last |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
        }
        hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        return hash ^ (hash >> 32)
    }
}
