/// Writing entry text that reads back as written (grammar.md, section 4), for `add` and `import`.
enum EntryText {
    /// A description as it stands on a date line: bare when it reads back unchanged, else quoted
    /// (when it holds ` #` or `;`, or starts with `"` or `#`, or with `*` or `!` and a blank,
    /// which would read as a status), with `\` and `"` escaped.
    static func description(_ text: String) -> String {
        let status = (text.hasPrefix("*") || text.hasPrefix("!")) && (text.count == 1 || text.dropFirst().first?.isWhitespace == true)
        let needsQuotes = status || text.contains(" #") || text.contains(";") || text.hasPrefix("\"") || text.hasPrefix("#")
        guard needsQuotes else { return text }
        return StringLiteral.quote(text)
    }

    /// Entry text laid out as `fmt` would write it (names padded, amounts aligned), so that a
    /// ledger stays in canonical form after `add` and `import`.
    static func canonical(_ text: String) -> String {
        Formatter.format(SourceFile(path: "(new entry)", text: text)).formatted ?? text
    }
}
