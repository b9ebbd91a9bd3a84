/// Scans of text in plain loops (eight bytes a step by hand bought 1–6 % on the commands that
/// use them, under the 10 % a trick must buy: BENCHMARKS.md). The display width and the JSON
/// test first take a count or a maximum over every byte, a loop without a branch that the
/// compiler does sixteen bytes a step, and read byte by byte only text that needs it. Each
/// has a second version beside it, written another way (the display width: by the standard
/// library), that it must agree with on every input (`BytesTests`).
enum ByteScan {
    /// Whether text goes into a JSON string as it is: no quote, backslash, control character
    /// (C0, DEL, C1) or `##`. A first pass finds the least byte and whether any byte is one of
    /// the few that may need an escape (`"`, `\\`, DEL, 0xC2, `#`), a count the compiler can do
    /// many bytes a step; only text with one of those is read byte by byte.
    static func isPlainJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lowest: UInt8 = 0xFF
        var suspects: UInt8 = 0
        for byte in bytes {
            lowest = min(lowest, byte)
            // Each test counted, none skipped (`|`, not `||`): no branch in the loop.
            suspects |= (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == UInt8(ascii: "\\") ? 1 : 0) | (byte == 0x7F ? 1 : 0)
                | (byte == 0xC2 ? 1 : 0) | (byte == UInt8(ascii: "#") ? 1 : 0)
        }
        guard lowest >= 0x20 else { return false }
        return suspects == 0 || plainIsPlainJSON(bytes)
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

    /// The width of UTF-8 text given as bytes (well-formed: a ledger's tokens are checked):
    /// each byte that begins a character counts one, while every character is below U+0300
    /// (every byte below 0xCC); otherwise `carefulDisplayWidth` reads the characters. The
    /// first pass is a count and a maximum the compiler can do many bytes a step.
    static func displayWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var starts = 0
        var highest: UInt8 = 0
        for byte in bytes {
            // A continuation byte (10xxxxxx) belongs to a character already counted.
            starts &+= byte & 0xC0 != 0x80 ? 1 : 0
            highest = max(highest, byte)
        }
        return highest < 0xCC ? starts : carefulDisplayWidth(utf8: bytes)
    }

    /// `displayWidth` of text with a character from U+0300 on: currency signs count one each,
    /// on the bytes; any other such character (a combining mark, CJK, an emoji) sends the whole
    /// text to the standard library.
    private static func carefulDisplayWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var scalars = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0xCC {
                guard isCurrencySign(bytes, at: index) else { return String(decoding: bytes, as: UTF8.self).count }
                index += 2  // its other two bytes are continuation bytes, not counted
            }
            if byte & 0xC0 != 0x80 { scalars += 1 }
            index += 1
        }
        return scalars
    }

    /// Whether the character at `index` is a currency sign, U+20A0 to U+20CF (`E2 82 xx`,
    /// `E2 83 80`–`E2 83 8F`): one cluster, never combined.
    private static func isCurrencySign(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes[index] == 0xE2, index + 2 < bytes.count else { return false }
        return bytes[index + 1] == 0x82 || (bytes[index + 1] == 0x83 && bytes[index + 2] < 0x90)
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
