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
