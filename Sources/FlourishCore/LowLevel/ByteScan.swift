/// Scans of text that look at eight bytes a step (`ByteWord`) where a byte at a time would do:
/// each is used by its one caller by name, and each has a plain version beside it, one byte or
/// one character at a time, that it must agree with on every input (`BytesTests`).
enum ByteScan {
    /// Whether text goes into a JSON string as it is: no quote, backslash, control character
    /// (C0, DEL, C1) or `##`.
    static func isPlainJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var index = 0
        // Eight bytes at a time until one needs a look (a control byte, DEL, a quote, a
        // backslash, 0xC2 — the first byte of a C1 character — or `#`); from there byte by byte.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = ByteWord.load(raw, index)
                // The ASCII tests share their last step (for a value below 0x80 a byte of
                // `word ^ value` has the high bit of the byte of `word`). A borrow may flag
                // bytes above the first true one, never below it.
                let below = (word &- 0x2020_2020_2020_2020) | ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- ByteWord.ones)
                    | ((word ^ 0x2222_2222_2222_2222) &- ByteWord.ones) | ((word ^ 0x5C5C_5C5C_5C5C_5C5C) &- ByteWord.ones)
                    | ((word ^ 0x2323_2323_2323_2323) &- ByteWord.ones)
                let flagged = (below & ~word & ByteWord.high) | ByteWord.equal(word, 0xC2)
                if flagged != 0 {
                    index += ByteWord.firstFlag(flagged)
                    break
                }
                index += 8
            }
            if index > 0 { previous = bytes[index - 1] }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x00...0x1F, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "\\"): return false
            case 0x80...0x9F where previous == 0xC2: return false  // C1
            case UInt8(ascii: "#") where previous == UInt8(ascii: "#"): return false
            default: break
            }
            previous = byte
            index += 1
        }
        return true
    }

    /// `isPlainJSON`, one byte at a time: the reference.
    static func plainIsPlainJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return false }
            if previous == UInt8(ascii: "#") && byte == UInt8(ascii: "#") { return false }
            previous = byte
        }
        return true
    }

    /// The width of UTF-8 text given as bytes (well-formed: a ledger's tokens are checked).
    static func displayWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var scalars = 0
        var index = 0
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while index < bytes.count {
            // Eight ASCII bytes at a time are eight characters (again after each letter beyond
            // ASCII).
            if let raw, index + 8 <= bytes.count {
                let word = ByteWord.load(raw, index)
                if word & ByteWord.high == 0 {
                    scalars += 8
                    index += 8
                    continue
                }
                // Eight bytes of ASCII and whole Latin letters of two bytes (a lead from 0xC3
                // to 0xCB, each one wide): a character for each byte but the continuations.
                if let width = ByteWord.latinWidth(word) {
                    scalars += width
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 || (byte >= 0xC2 && byte <= 0xCB) {
                scalars += 1
            } else if byte == 0xE2, index + 2 < bytes.count,
                      bytes[index + 1] == 0x82 || (bytes[index + 1] == 0x83 && bytes[index + 2] < 0x90) {
                scalars += 1
                index += 1
            } else if byte < 0xC0 {
                // A continuation byte of a character already counted.
            } else {
                return String(decoding: bytes, as: UTF8.self).count
            }
            index += 1
        }
        return scalars
    }

    /// Characters on screen: grapheme clusters. Counted on the bytes when every character is
    /// ASCII, a Latin letter (U+0080 to U+02FF, accents precomposed) or a currency sign
    /// (U+20A0 to U+20CF), each one cluster; by the standard library otherwise (combining
    /// marks, emoji sequences).
    static func displayWidth(_ text: String) -> Int {
        if let width = text.utf8.withContiguousStorageIfAvailable({ displayWidth(utf8: $0) }) { return width }
        var copy = text
        return copy.withUTF8 { displayWidth(utf8: $0) }
    }

    /// `displayWidth`, by the standard library: grapheme clusters.
    static func plainDisplayWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        String(decoding: bytes, as: UTF8.self).count
    }

    /// Whether a CSV field holds a comma, a quote or a line break (and must be quoted).
    static func csvNeedsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = field.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= field.count {
                let word = ByteWord.load(raw, index)
                if ByteWord.equal(word, 0x2C) | ByteWord.equal(word, 0x22) | ByteWord.equal(word, 0x0A) | ByteWord.equal(word, 0x0D) != 0 {
                    return true
                }
                index += 8
            }
        }
        while index < field.count {
            let byte = field[index]
            if byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
            index += 1
        }
        return false
    }

    /// `csvNeedsQuotes`, one byte at a time: the reference.
    static func plainCSVNeedsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        field.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    }
}
