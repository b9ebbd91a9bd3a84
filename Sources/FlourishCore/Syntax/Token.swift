/// A lexical token: a kind and a byte range in its file. Text is decoded only when needed.
public struct Token: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        /// A run of bytes up to a blank, `;` or `"`: keywords, names, dates, amounts.
        case word
        /// A double-quoted string, quotes included.
        case string
        /// A string missing its closing quote.
        case unterminatedString
        /// Free text up to tags or a comment: an entry's description, a correction's reason.
        case text
        /// `*` (cleared) or `!` (pending) after an entry's date.
        case status
        /// `#name` after an entry's description.
        case tag
        /// `;…` or `# …` to the end of the line.
        case comment
    }

    /// Where the token's bytes start and end, as 32 bits: `fmt`, `merge` and the language
    /// server's formatting keep every token of a file (FileSystem.read refuses files over
    /// 2 GiB; a larger offset from memory is clamped, as `SourceLocation`'s are).
    private var first: Int32
    private var last: Int32
    public var kind: Kind

    public init(kind: Kind, start: Int, end: Int) {
        self.kind = kind
        first = Int32(clamping: start)
        last = Int32(clamping: end)
    }

    public var start: Int {
        get { Int(first) }
        set { first = Int32(clamping: newValue) }
    }

    public var end: Int {
        get { Int(last) }
        set { last = Int32(clamping: newValue) }
    }

    public var range: Range<Int> { start..<end }
}

/// One physical line as the parser saw it; kept for `fmt`, which rebuilds lines from tokens.
public struct SyntaxLine: Sendable {
    public enum Kind: Sendable {
        case blank
        /// A comment starting at column 1.
        case comment
        /// An indented comment (inside or after an entry).
        case indentedComment
        case directive
        case entryHeader
        case posting
    }

    // (The tokens first and the kind in the byte after them: a line takes 72 bytes, not 88.)
    /// Significant tokens in order, without the trailing comment.
    public var tokens: TokenList
    public var kind: Kind
    public var comment: Token?

    public init(kind: Kind, tokens: TokenList, comment: Token?) {
        self.tokens = tokens
        self.kind = kind
        self.comment = comment
    }
}

/// A line's tokens: up to four kept in the line itself (nearly every line: a split line has
/// one or two, a date line three and its tags), more in a list of their own. `fmt` records
/// every line of a file; a list for each made and freed a line cost it more than its reading.
public struct TokenList: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    // (A list, then the four tokens, then their count in a byte: the order that packs them
    // closest, for `fmt` and the language server's formatting keep a line of these for each
    // line of a file.)
    /// Every token, when there are more than four (else empty, and no storage of its own).
    private var spill: [Token] = []
    private var inline: (Token, Token, Token, Token)
    /// How many of `inline` are tokens (when `spill` is empty).
    private var inlineCount: UInt8
    public var startIndex: Int { 0 }
    public var endIndex: Int { spill.isEmpty ? Int(inlineCount) : spill.count }

    private static let none = Token(kind: .word, start: 0, end: 0)

    public init() {
        inline = (Self.none, Self.none, Self.none, Self.none)
        inlineCount = 0
    }

    public init(_ tokens: [Token]) {
        self.init()
        if tokens.count > 4 {
            spill = tokens
        } else {
            for token in tokens { append(token) }
        }
    }

    public init(arrayLiteral tokens: Token...) { self.init(tokens) }

    init(_ first: Token) {
        inline = (first, Self.none, Self.none, Self.none)
        inlineCount = 1
    }

    init(_ first: Token, _ second: Token) {
        inline = (first, second, Self.none, Self.none)
        inlineCount = 2
    }

    public subscript(position: Int) -> Token {
        precondition(position >= 0 && position < endIndex, "token index out of range")
        if !spill.isEmpty { return spill[position] }
        switch position {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        default: return inline.3
        }
    }

    public mutating func append(_ token: Token) {
        if spill.isEmpty && inlineCount < 4 {
            switch inlineCount {
            case 0: inline.0 = token
            case 1: inline.1 = token
            case 2: inline.2 = token
            default: inline.3 = token
            }
            inlineCount += 1
        } else {
            if spill.isEmpty { spill = Array(self) }
            spill.append(token)
        }
    }

    public static func == (lhs: TokenList, rhs: TokenList) -> Bool { lhs.elementsEqual(rhs) }
}
