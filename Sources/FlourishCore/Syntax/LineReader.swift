#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lexes one line on demand, token by token (grammar.md, "Lexical structure").
///
/// The parser asks for the kind of token it expects next (a word, free text, tags), so
/// context-dependent text such as descriptions needs no lookahead. Every token read is also
/// recorded, for `fmt`.
struct LineReader {
    var cursor: ByteCursor
    /// Tokens read so far, kept only when `recording` (for `fmt`).
    var tokens: [Token] = []
    var comment: Token?
    let recording: Bool
    /// Where the last token read ended.
    private(set) var lastEnd: Int

    init(cursor: ByteCursor, recording: Bool = false) {
        self.cursor = cursor
        self.recording = recording
        self.lastEnd = cursor.offset
        // Room for a line's tokens at once (grown from empty, a line's list was made again
        // three or four times).
        if recording { tokens.reserveCapacity(8) }
    }

    private mutating func keep(_ token: Token) {
        lastEnd = token.end
        if recording { tokens.append(token) }
    }

    /// True when only blanks (and perhaps a comment) remain.
    mutating func atEndOfContent() -> Bool {
        cursor.skipBlanks()
        if cursor.isAtEnd { return true }
        if startsComment() { readComment(); return true }
        return false
    }

    func startsComment() -> Bool { cursor.startsComment }

    mutating func readComment() {
        let start = cursor.offset
        cursor.offset = cursor.end
        comment = LineReader.comment(cursor.bytes, from: start, to: cursor.end)
    }

    /// The next word or string, or nil at the end of the content.
    mutating func next() -> Token? {
        if atEndOfContent() { return nil }
        let start = cursor.offset
        let token: Token
        if cursor.peek() == UInt8(ascii: "\"") {
            cursor.advance()
            var closed = false
            while true {
                cursor.advanceStringPart()
                guard let byte = cursor.peek() else { break }
                cursor.advance()
                if byte == UInt8(ascii: "\\") { cursor.advance(); continue }
                closed = true  // the closing quote
                break
            }
            token = Token(kind: closed ? .string : .unterminatedString, start: start, end: cursor.offset)
        } else {
            cursor.advanceWord()
            if cursor.offset == start { cursor.advance() }  // always make progress
            token = Token(kind: .word, start: start, end: cursor.offset)
        }
        keep(token)
        return token
    }

    /// Status mark `*` or `!` standing alone, if next.
    mutating func status() -> Token? {
        cursor.skipBlanks()
        guard let byte = cursor.peek(), byte == UInt8(ascii: "*") || byte == UInt8(ascii: "!") else { return nil }
        if let after = cursor.peek(at: 1), !ByteClass.isBlank(after) { return nil }
        let token = Token(kind: .status, start: cursor.offset, end: cursor.offset + 1)
        cursor.advance()
        keep(token)
        return token
    }

    /// Free text up to the first `#tag`, comment or the end: a description or a reason.
    /// A text starting with `"` is read as a string instead.
    mutating func text() -> Token? {
        cursor.skipBlanks()
        if cursor.isAtEnd || startsComment() || startsTag() { return nil }
        if cursor.peek() == UInt8(ascii: "\"") { return next() }
        let start = cursor.offset
        let end = LineReader.textEnd(cursor.bytes, from: start, to: cursor.end)
        cursor.offset = end
        let token = Token(kind: .text, start: start, end: end)
        keep(token)
        return token
    }

    /// Where free text starting at `start` ends: at the first `;` (a comment, anywhere) or at
    /// the first `#` after a blank (a comment or a tag), the blanks before that left out.
    @inline(__always)
    static func textEnd(_ bytes: ByteView, from start: Int, to lineEnd: Int) -> Int {
        var stop = lineEnd
        if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";"), from: start, to: stop) {
            stop = semicolon
        }
        var from = start
        while from < stop, let at = bytes.firstIndex(of: UInt8(ascii: "#"), from: from, to: stop) {
            if at > start && ByteClass.isBlank(bytes[at - 1]) {
                stop = at
                break
            }
            from = at + 1
        }
        var end = stop
        while end > start && ByteClass.isBlank(bytes[end - 1]) { end -= 1 }
        return end
    }

    func startsTag() -> Bool { cursor.startsTag }

    /// The next word, if it is one and `accept` takes it; otherwise nothing is consumed.
    mutating func nextWord(if accept: (Token) -> Bool) -> Token? {
        var lookahead = cursor
        lookahead.skipBlanks()
        guard !lookahead.isAtEnd, !lookahead.startsComment, lookahead.peek() != UInt8(ascii: "\"") else { return nil }
        let start = lookahead.offset
        lookahead.advanceWord()
        let token = Token(kind: .word, start: start, end: lookahead.offset)
        guard lookahead.offset > start, accept(token) else { return nil }
        cursor = lookahead
        keep(token)
        return token
    }

    /// A `#tag`, if next.
    mutating func tag() -> Token? {
        cursor.skipBlanks()
        guard startsTag() else { return nil }
        let start = cursor.offset
        cursor.offset = ByteCursor.tagEnd(cursor.bytes, from: start, to: cursor.end)
        let token = Token(kind: .tag, start: start, end: cursor.offset)
        keep(token)
        return token
    }

    /// The comment from `start` to a line's `end`, its trailing blanks left out; nil when
    /// the line ends at `start` (the quick readings' comments are made here too).
    static func comment(_ bytes: ByteView, from start: Int, to end: Int) -> Token? {
        guard start < end else { return nil }
        var last = end
        while last > start && ByteClass.isBlank(bytes[last - 1]) { last -= 1 }
        return Token(kind: .comment, start: start, end: last)
    }
}
