/// A small copyable cursor over the bytes of one line.
///
/// Lookahead is a copy of the cursor. Every `advance` consumes at least one byte or
/// reports that it did not, so loops built on it always make progress.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Current offset into the file.
    var offset: Int
    /// End of the line (exclusive); the cursor never moves past it.
    let end: Int

    var isAtEnd: Bool { offset >= end }

    /// The byte `distance` places ahead, or nil past the end of the line.
    func peek(at distance: Int = 0) -> UInt8? {
        let index = offset + distance
        return index < end ? bytes[index] : nil
    }

    mutating func advance() {
        if offset < end { offset += 1 }
    }

    /// Consumes `byte` if it is next.
    @discardableResult
    mutating func advance(matching byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Consumes bytes while `predicate` holds; returns how many were consumed.
    @discardableResult
    mutating func advance(while predicate: (UInt8) -> Bool) -> Int {
        let start = offset
        while offset < end && predicate(bytes[offset]) { offset += 1 }
        return offset - start
    }

    /// Consumes the bytes of a bare word: up to a blank, `;`, `"` or the end of the line.
    /// Eight bytes at a time while the buffer holds eight more (the line's own line feed and
    /// the next line are read, and the stop is kept within the line).
    mutating func advanceWord() {
        advance(to: ByteWord.endsWord, else: { !ByteClass.endsWord($0) })
    }

    /// Consumes the inside of a string up to its closing `"`, a `\\` or the end of the line.
    mutating func advanceStringPart() {
        advance(to: ByteWord.endsStringPart, else: { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
    }

    /// Up to the first byte `flags` marks in a word (the line's end at most); the last few
    /// bytes of the buffer one at a time, while `continues`.
    @inline(__always)
    private mutating func advance(to flags: (UInt64) -> UInt64, else continues: (UInt8) -> Bool) {
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset < end && offset + 8 <= bytes.count {
                let found = flags(ByteWord.load(raw, offset))
                if found != 0 {
                    offset = min(offset + ByteWord.firstFlag(found), end)
                    return
                }
                offset = min(offset + 8, end)
            }
        }
        while offset < end && continues(bytes[offset]) { offset += 1 }
    }

    mutating func skipBlanks() {
        advance(while: ByteClass.isBlank)
    }

    /// `;` anywhere, or `#` followed by a blank or the end of the line, starts a comment.
    var startsComment: Bool {
        guard let byte = peek() else { return false }
        if byte == UInt8(ascii: ";") { return true }
        if byte == UInt8(ascii: "#") {
            guard let next = peek(at: 1) else { return true }
            return ByteClass.isBlank(next)
        }
        return false
    }

    /// `#` followed by a character other than a blank starts a tag.
    var startsTag: Bool {
        guard peek() == UInt8(ascii: "#"), let next = peek(at: 1) else { return false }
        return !ByteClass.isBlank(next)
    }
}

/// Byte classes used by the lexer.
enum ByteClass {
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80
    }
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    /// Bytes that end a bare word: blanks, a comment start `;`, a quote.
    static func endsWord(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\"")
    }
}
