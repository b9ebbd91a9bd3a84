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
        // Judged on the bytes: `\` and `"` are ASCII, never part of another character.
        if !StringBytes.contains(text, anyOf: "\\\"") { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// A description as it is written on a date line (grammar.md, section 4): bare when the
    /// lexer reads it back whole — `LineReader.textEnd` ends it nowhere before its end (no `;`,
    /// no `#` after a blank or a tab, no trailing blank), it starts with no blank, quote,
    /// comment or tag, and it is not a status mark (`*` or `!` alone or before a blank) —,
    /// otherwise a quoted string. The one description writer: `add`, `import`, `record`,
    /// `convert` and the forecast use it.
    public static func description(_ text: String) -> String {
        readsBareAsDescription(Array(text.utf8)) ? text : quote(text)
    }

    static func readsBareAsDescription(_ bytes: [UInt8]) -> Bool {
        bytes.withView { bytes in
            // No description: nothing written.
            guard let first = bytes.first else { return true }
            let end = bytes.count
            if ByteClass.isBlank(first) || first == UInt8(ascii: "\"") { return false }
            if ByteCursor.startsComment(bytes, 0, end) || ByteCursor.startsTag(bytes, 0, end) { return false }
            if (first == UInt8(ascii: "*") || first == UInt8(ascii: "!")) && (end == 1 || ByteClass.isBlank(bytes[1])) { return false }
            return LineReader.textEnd(bytes, from: 0, to: end) == end
        }
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
