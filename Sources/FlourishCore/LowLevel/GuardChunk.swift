/// The output guard's test sixteen bytes at a time, in the machine's vector registers (the
/// compiler makes `SIMD16` comparisons single instructions): whether any of the sixteen bytes
/// from an offset is one the guard must not let through as it is. Each test reads the byte
/// after the sixteen too (a pair, a carriage return before a line feed, a C1 character), so
/// seventeen bytes must be there.
enum GuardChunk {
    typealias Bytes = SIMD16<UInt8>

    /// Whether the mask has any lane set: its two halves as words (`any` is a call to a
    /// generic reduction where this is two moves and a test).
    @inline(__always)
    static func isSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Whether the sixteen bytes may hold one the guard refuses: a control byte but a line
    /// feed, DEL, 0xC2 (the first byte of a C1 character, or of a letter such as `£`), or a
    /// byte that the next one repeats when it is `#` or `:`. It may say yes where `refuses`
    /// says no (a tab, a carriage return, a `£`), never the other way round.
    @inline(__always)
    static func mayRefuse(_ raw: UnsafeRawPointer, _ offset: Int) -> Bool {
        isSet(mayRefuseLanes(raw, offset))
    }

    /// `mayRefuse` lane by lane, before the lanes are tested.
    @inline(__always)
    static func mayRefuseLanes(_ raw: UnsafeRawPointer, _ offset: Int) -> SIMDMask<SIMD16<Int8>> {
        let bytes = raw.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
        let next = raw.loadUnaligned(fromByteOffset: offset + 1, as: Bytes.self)
        let control = (bytes .< Bytes(repeating: 0x20)) .& (bytes .!= Bytes(repeating: 0x0A))
        let pair = (bytes .== next) .& ((bytes .== Bytes(repeating: 0x23)) .| (bytes .== Bytes(repeating: 0x3A)))
        return control .| pair .| (bytes .== Bytes(repeating: 0x7F)) .| (bytes .== Bytes(repeating: 0xC2))
    }

    /// Whether the sixteen bytes hold one the guard refuses, exactly as `GuardedOutput`'s
    /// byte-by-byte reading decides: a control byte but tab, line feed and a carriage return
    /// before a line feed; DEL; a C1 character (0xC2, then 0x80 to 0x9F); `##` or `::` (the
    /// second may be the byte after the sixteen).
    @inline(__always)
    static func refuses(_ raw: UnsafeRawPointer, _ offset: Int) -> Bool {
        let bytes = raw.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
        let next = raw.loadUnaligned(fromByteOffset: offset + 1, as: Bytes.self)
        let control = (bytes .< Bytes(repeating: 0x20)) .& (bytes .!= Bytes(repeating: 0x09)) .& (bytes .!= Bytes(repeating: 0x0A))
            .& ((bytes .!= Bytes(repeating: 0x0D)) .| (next .!= Bytes(repeating: 0x0A)))
        let pair = (bytes .== next) .& ((bytes .== Bytes(repeating: 0x23)) .| (bytes .== Bytes(repeating: 0x3A)))
        let c1 = (bytes .== Bytes(repeating: 0xC2)) .& ((next & Bytes(repeating: 0xE0)) .== Bytes(repeating: 0x80))
        return isSet(control .| pair .| c1 .| (bytes .== Bytes(repeating: 0x7F)))
    }

    /// Where the first sixteen bytes from `start` on that `refuses` flags begin, or where
    /// fewer than seventeen bytes are left: a loop of its own, its constants kept in registers.
    /// Sixty-four bytes a step while sixty-five are left: the four quick looks are tested
    /// together (one test and one branch a step, not four), and only a step with a lane set
    /// (and the last bytes) is read again sixteen bytes at a time.
    @inline(never)
    static func firstRefused(_ raw: UnsafeRawPointer, from start: Int, count: Int) -> Int {
        var index = start
        while index <= count - 17 {
            while index <= count - 65 {
                let lanes = mayRefuseLanes(raw, index) .| mayRefuseLanes(raw, index + 16)
                    .| mayRefuseLanes(raw, index + 32) .| mayRefuseLanes(raw, index + 48)
                if isSet(lanes) { break }
                index += 64
            }
            let stepEnd = index <= count - 65 ? index + 64 : count
            while index <= count - 17 && index < stepEnd {
                if mayRefuse(raw, index) && refuses(raw, index) { return index }
                index += 16
            }
        }
        return index
    }
}
