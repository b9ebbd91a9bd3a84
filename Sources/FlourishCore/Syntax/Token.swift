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

    public var kind: Kind
    public var start: Int
    public var end: Int

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

    public var kind: Kind
    /// Significant tokens in order, without the trailing comment.
    public var tokens: [Token]
    public var comment: Token?
}
