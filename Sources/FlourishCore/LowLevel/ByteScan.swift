/// Scans of text, a byte at a time (eight bytes a step bought 1–6 % on the commands that use
/// them, under the 10 % a trick must buy: BENCHMARKS.md). Each has a second version beside it,
/// written another way (the display width: by the standard library), that it must agree
/// with on every input (`BytesTests`).
enum ByteScan {
    /// Whether text goes into a JSON string as it is: no quote, backslash, control character
    /// (C0, DEL, C1) or `##`.
    static func isPlainJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x00...0x1F, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "\\"): return false
            case 0x80...0x9F where previous == 0xC2: return false  // C1
            case UInt8(ascii: "#") where previous == UInt8(ascii: "#"): return false
            default: break
            }
            previous = byte
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
        while index < bytes.count {
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
        for byte in field where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
        return false
    }

    /// `csvNeedsQuotes`, one byte at a time: the reference.
    static func plainCSVNeedsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        field.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    }
}
