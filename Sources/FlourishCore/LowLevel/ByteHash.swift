/// Hashing the bytes of a name, eight bytes a step (the name table's). Names are short, and a
/// byte at a time cost a multiplication per byte. Wrapping arithmetic is the point of a hash;
/// it lives here, not beside money.
extension ByteView {
    /// A hash of the bytes of `range`: little-endian words (the last one padded with zeros, the
    /// length mixed in), each folded in with a multiply and a shift.
    func hash(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(range.count)
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            hash = (hash ^ word(at: index)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            index += 8
        }
        var last: UInt64 = 0
        let left = range.upperBound - index
        if left > 0 && index + 8 <= count {
            // The last bytes in one word read from the view (a name is followed by more of
            // the file), the bytes past the name masked off.
            last = word(at: index) & ((1 << (UInt64(left) * 8)) - 1)
        } else {
            var shift: UInt64 = 0
            while index < range.upperBound {
                last |= UInt64(self[index]) << shift
                shift += 8
                index += 1
            }
        }
        hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        return hash ^ (hash >> 32)
    }

    /// `hash(_:)`, a byte at a time into the same words: the reference.
    func plainHash(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(range.count)
        let bytes = Array(self[range])
        var index = 0
        while index + 8 <= bytes.count {
            var word: UInt64 = 0
            for (shift, byte) in bytes[index..<index + 8].enumerated() { word |= UInt64(byte) << UInt64(shift * 8) }
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            index += 8
        }
        var last: UInt64 = 0
        for (shift, byte) in bytes[index...].enumerated() { last |= UInt64(byte) << UInt64(shift * 8) }
        hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        return hash ^ (hash >> 32)
    }

    /// The bytes of `range` (at most 24, with 24 bytes readable from its start) as three
    /// words, the bytes past the range zero, and a slot among 256 for them: the key of the
    /// name table's cache of names met lately.
    @inline(__always)
    func shortKey(_ range: Range<Int>) -> (words: (UInt64, UInt64, UInt64), slot: Int) {
        let count = range.count
        precondition(count <= 24 && range.lowerBound + 24 <= self.count, "a short key is at most 24 bytes with 24 readable")
        @inline(__always)
        func word(_ at: Int) -> UInt64 {
            let kept = count - at
            let mask: UInt64 = kept >= 8 ? ~0 : kept <= 0 ? 0 : (1 << (UInt64(kept) * 8)) - 1
            return self.word(at: range.lowerBound + at) & mask
        }
        let words = (word(0), word(8), word(16))
        let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        return (words, Int(truncatingIfNeeded: mixed >> 56))
    }
}

/// Hashes of whole texts.
enum ByteHash {
    /// FNV-1a, 64 bits (an imported row's key).
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
