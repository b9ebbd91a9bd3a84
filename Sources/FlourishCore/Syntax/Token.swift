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

/// Helpers for quoted strings (grammar.md, "Strings").
public enum StringLiteral {
    /// The content of `"…"` with `\"` and `\\` unescaped.
    public static func unquote(_ quoted: String) -> String {
        var inner = Substring(quoted)
        if inner.first == "\"" { inner = inner.dropFirst() }
        if inner.last == "\"" { inner = inner.dropLast() }
        guard inner.contains("\\") else { return String(inner) }
        var out = ""
        var escaping = false
        for character in inner {
            if escaping { out.append(character); escaping = false }
            else if character == "\\" { escaping = true }
            else { out.append(character) }
        }
        return out
    }

    /// `text` in double quotes, with `\` and `"` escaped: it reads back as `text`.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// A name as it is written in a ledger (grammar.md, "Names"): one bare word when it reads
    /// back as that name, otherwise a quoted string. The one name writer: `add`, `import` and
    /// the messages that suggest a declaration use it.
    public static func name(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let bare = !bytes.isEmpty && !bytes.contains(where: ByteClass.endsWord) && bytes.first != UInt8(ascii: "#")
            && NameRules.problem(bytes[...], quoted: false) != .number
        return bare ? name : quote(name)
    }
}
