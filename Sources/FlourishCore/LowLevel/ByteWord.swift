/// Eight bytes at a time: each test sets the high bit of every byte of a little-endian word
/// that is of some kind. A test never misses a byte; a borrow or a carry may also flag bytes
/// above the first true one, never below it, so a caller jumps to the lowest flag and looks at
/// that byte itself (the lexer's line check, JSON's plain-text check).
enum ByteWord {
    static let high: UInt64 = 0x8080_8080_8080_8080
    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The eight bytes at `offset`, the first in the lowest bits on every machine.
    static func load(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Bytes below 0x20: C0 controls, tab and line feed among them.
    static func control(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) & ~word & high
    }

    /// DEL (0x7F) and every byte of a character beyond ASCII: adding one sets the high bit
    /// of 0x7F.
    static func deleteOrAbove(_ word: UInt64) -> UInt64 {
        ((word &+ ones) | word) & high
    }


    static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Bytes that are not printable ASCII, a tab or a line feed (controls, DEL and every byte
    /// beyond ASCII), exactly: each byte's seven low bits are summed with constants that
    /// stay below 0x100, so no carry crosses bytes.
    @inline(__always)
    static func notTextExactly(_ word: UInt64) -> UInt64 {
        let seven = word & low
        let fromSpace = seven &+ 0x6060_6060_6060_6060  // high bit: 0x20 and above
        let fromTab = seven &+ 0x7777_7777_7777_7777  // 0x09 and above
        let pastLineFeed = seven &+ 0x7575_7575_7575_7575  // 0x0B and above
        let delete = seven &+ ones  // 0x7F
        let text = (fromSpace & ~delete) | (fromTab & ~pastLineFeed)
        return (~text | word) & high
    }

    /// True when `word` is printable ASCII, tabs and line feeds and whole two-byte characters
    /// from U+00C3 to U+07FF (a lead byte 0xC3 to 0xDF, then a continuation byte), exactly,
    /// given `flagged = notTextExactly(word)`: the accented letters of a ledger's names and
    /// descriptions stay on the eight-byte path. A byte beyond ASCII is told by its seven low
    /// bits, summed with constants that stay below 0x100 (no carry crosses bytes): below 0x40
    /// a continuation byte, below 0x60 a lead of two bytes, 0x43 and above not 0xC0 to 0xC2
    /// (overlong, or a C1 control next). The byte after each lead must be the continuation
    /// bytes, all of them; a lead in the last place and longer characters are not taken.
    @inline(__always)
    static func isTextWithTwoByteLetters(_ word: UInt64, flagged: UInt64) -> Bool {
        let top = word & high
        let seven = word & low
        let from40 = (seven &+ 0x4040_4040_4040_4040) & high
        let from60 = (seven &+ 0x2020_2020_2020_2020) & high
        let from43 = (seven &+ 0x3D3D_3D3D_3D3D_3D3D) & high
        let lead = top & from40 & ~from60
        let continuation = top & ~from40
        let lastPlace: UInt64 = 0x80 << 56
        let refused = (flagged & ~top) | (top & from60) | (lead & ~from43) | (lead & lastPlace)
        return refused == 0 && lead << 8 == continuation
    }

    /// Byte positions: the index of the lowest flagged byte.
    static func firstFlag(_ flags: UInt64) -> Int { flags.trailingZeroBitCount >> 3 }
}
