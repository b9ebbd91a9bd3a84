/// Finds the first byte of a line that is not well-formed UTF-8 or is a control character.
enum UTF8Check {
    enum Issue: Error {
        case invalid(offset: Int, byte: UInt8)
        case control(offset: Int, byte: UInt8)
    }

    /// The character beyond ASCII starting at `index` (before `end`): its length, or why it is
    /// not one (not well-formed UTF-8; a C1 control character unless `allowControls`).
    @inline(__always)
    private static func character(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int,
                                  allowControls: Bool) -> Result<Int, Issue> {
        let byte = bytes[index]
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
        default: return .failure(.invalid(offset: index, byte: byte))
        }
        guard index + length <= end else { return .failure(.invalid(offset: index, byte: byte)) }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return .failure(.invalid(offset: index, byte: byte)) }
        // C1 control characters (U+0080–U+009F, such as U+009B, a terminal's CSI).
        if !allowControls && byte == 0xC2 && second <= 0x9F { return .failure(.control(offset: index, byte: second)) }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
            return .failure(.invalid(offset: index, byte: byte))
        }
        return .success(length)
    }

    /// Whether the sixteen bytes at `offset` are printable ASCII, tabs, line feeds and whole
    /// two-byte characters from U+00C3 to U+07FF (the accented letters of names), judged with
    /// the byte before them and the byte after them: each byte is plain, or a lead (0xC3 to
    /// 0xDF) whose next byte is a continuation (0x80 to 0xBF), or a continuation whose byte
    /// before is a lead. Read as signed bytes, each range is one or two single-instruction
    /// comparisons; the mask is tested as two words (`any` is a call to a generic reduction).
    /// `offset` must be at least 1 and `offset + 17` at most the count.
    @inline(__always)
    private static func isText16(_ raw: UnsafeRawPointer, _ offset: Int) -> Bool {
        let words = unsafeBitCast(text16(raw, offset), to: SIMD2<UInt64>.self)
        return words[0] & words[1] == ~0
    }

    /// `isText16` for the thirty-two bytes at `offset` (both masks tested at once);
    /// `offset + 33` at most the count.
    @inline(__always)
    private static func isText32(_ raw: UnsafeRawPointer, _ offset: Int) -> Bool {
        let words = unsafeBitCast(text16(raw, offset) .& text16(raw, offset + 16), to: SIMD2<UInt64>.self)
        return words[0] & words[1] == ~0
    }

    /// Which of the sixteen bytes at `offset` are text, as `isText16` judges them.
    @inline(__always)
    private static func text16(_ raw: UnsafeRawPointer, _ offset: Int) -> SIMDMask<SIMD16<Int8>> {
        typealias Bytes = SIMD16<Int8>
        let bytes = raw.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
        let before = raw.loadUnaligned(fromByteOffset: offset - 1, as: Bytes.self)
        let after = raw.loadUnaligned(fromByteOffset: offset + 1, as: Bytes.self)
        // 0x20 to 0x7E; a tab; a line feed.
        let plain = ((bytes .> Bytes(repeating: 0x1F)) .& (bytes .< Bytes(repeating: 0x7F)))
            .| (bytes .== Bytes(repeating: 0x09)) .| (bytes .== Bytes(repeating: 0x0A))
        // 0xC3 to 0xDF is -61 to -33; 0x80 to 0xBF is -128 to -65.
        func lead(_ bytes: Bytes) -> SIMDMask<Bytes> { (bytes .> Bytes(repeating: -62)) .& (bytes .< Bytes(repeating: -32)) }
        let continuation = bytes .< Bytes(repeating: -64)
        return plain .| (lead(bytes) .& (after .< Bytes(repeating: -64))) .| (continuation .& lead(before))
    }

    /// True when the whole file is well-formed UTF-8 without a control character but tabs and
    /// line feeds (a carriage return too takes the line-by-line check): then no line of it
    /// has an issue, and its lines need no check of their own. Thirty-two bytes at a time while
    /// they are plain ASCII and accented letters of two bytes, then sixteen; then up to four
    /// eight-byte words, one character at a time only beyond that, and back to thirty-two
    /// after it.
    static func isCleanText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index > 0 {
                // Thirty-two bytes at a time, then sixteen.
                if count >= 33 {
                    let last = count - 33
                    while index <= last && isText32(raw, index) { index += 32 }
                }
                if index + 17 <= count && isText16(raw, index) { index += 16 }
                // A letter cut by the last sixteen taken is read whole from its lead.
                if (0xC3...0xDF).contains(bytes[index - 1]) { index -= 1 }
            }
            // At a byte that needs the character-by-character path.
            var stopped = false
            let words = index + 32
            while index + 8 <= count && index < words {
                let word = ByteWord.load(raw, index)
                let flagged = ByteWord.notTextExactly(word)
                if flagged != 0 {
                    // Accented letters whole in the word pass with it.
                    if ByteWord.isTextWithTwoByteLetters(word, flagged: flagged) {
                        index += 8
                        continue
                    }
                    index += ByteWord.firstFlag(flagged)
                    stopped = true
                    break
                }
                index += 8
            }
            if !stopped && index + 8 <= count { continue }
            guard index < count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                guard (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A else { return false }
                index += 1
                continue
            }
            guard case .success(let length) = character(in: bytes, at: index, end: count, allowControls: false) else { return false }
            index += length
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
            switch character(in: bytes, at: index, end: end, allowControls: allowControls) {
            case .success(let length): index += length
            case .failure(let issue): return issue
            }
        }
        return nil
    }
}
