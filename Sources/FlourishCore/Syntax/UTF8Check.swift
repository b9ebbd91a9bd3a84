/// Finds the first byte of a line that is not well-formed UTF-8 or is a control character.
enum UTF8Check {
    enum Issue {
        case invalid(offset: Int, byte: UInt8)
        case control(offset: Int, byte: UInt8)
    }

    /// True when every byte is printable ASCII, a tab or a line feed (CRLF files take the slow
    /// path): such a file needs no per-line check. Eight bytes at a time, without a branch per
    /// byte: once the high bits are known clear, adding to a byte cannot carry into the next.
    static func isPlainText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        /// The high bit of each byte set where that byte (below 0x80) is not `value`.
        func differs(_ word: UInt64, _ value: UInt64) -> UInt64 { ((word ^ (ones &* value)) &+ ones &* 0x7F) & high }
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & high != 0 { return false }
            let printable = ((word &+ ones &* 0x60) & high) & differs(word, 0x7F)
            let allowed = printable | ~differs(word, 0x09) & high | ~differs(word, 0x0A) & high
            if allowed != high { return false }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if !((byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A) { return false }
            index += 1
        }
        return true
    }

    /// With `allowControls`, only invalid UTF-8 is an issue (a CSV statement's line breaks).
    static func firstIssue(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, allowControls: Bool = false) -> Issue? {
        var index = range.lowerBound
        let end = range.upperBound
        let raw = bytes.baseAddress.map(UnsafeRawPointer.init)
        while index < end {
            // Fast path: eight bytes at a time while they are printable ASCII (0x20 to 0x7E),
            // taken again after each character that is not (an accented letter in a name
            // leaves the rest of the line on the fast path).
            if let raw {
                while index + 8 <= end {
                    let word = ByteWord.load(raw, index)
                    let flagged = ByteWord.control(word) | ByteWord.deleteOrAbove(word)
                    if flagged != 0 {
                        // Straight to the first byte that is not printable ASCII.
                        index += ByteWord.firstFlag(flagged)
                        break
                    }
                    index += 8
                }
                if index >= end { break }
                // The last few bytes of the line in one word too, read from the buffer (the
                // line feed and the next line are there) with the bytes past the line taken
                // as blanks.
                if index + 8 <= bytes.count {
                    let remaining = UInt64(end - index)
                    if remaining < 8 {
                        let kept: UInt64 = (1 << (remaining * 8)) - 1
                        let word = (ByteWord.load(raw, index) & kept) | (0x2020_2020_2020_2020 & ~kept)
                        let flagged = ByteWord.control(word) | ByteWord.deleteOrAbove(word)
                        if flagged == 0 { break }
                        index += ByteWord.firstFlag(flagged)
                    }
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if !allowControls && ((byte < 0x20 && byte != 0x09) || byte == 0x7F) { return .control(offset: index, byte: byte) }
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return .invalid(offset: index, byte: byte)
            }
            guard index + length <= end else { return .invalid(offset: index, byte: byte) }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return .invalid(offset: index, byte: byte) }
            // C1 control characters (U+0080–U+009F, such as U+009B, a terminal's CSI).
            if !allowControls && byte == 0xC2 && second <= 0x9F { return .control(offset: index, byte: second) }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
                return .invalid(offset: index, byte: byte)
            }
            index += length
        }
        return nil
    }
}
