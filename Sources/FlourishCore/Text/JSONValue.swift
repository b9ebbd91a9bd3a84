/// A JSON document built in code and printed with stable key order (the order written).
/// Amounts go in as decimal strings, never as floating-point numbers.
public enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// JSON text written already, on one line, put in as it is (a language server's reply of
    /// 100,000 locations, written straight as bytes: a value per location took most of its time).
    case written([UInt8])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

    /// Pretty-printed with two-space indentation and a final newline.
    public func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    /// The value as it stands at `indent` levels in, without a final newline (the renderers
    /// that stream a long document write its frame themselves and each item with this).
    func written(indent: Int) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    /// On one line, for protocol messages.
    func compact() -> String { String(decoding: compactBytes(), as: UTF8.self) }

    /// On one line, as UTF-8: a protocol message's body.
    func compactBytes() -> [UInt8] {
        var out: [UInt8] = []
        writeCompact(to: &out)
        return out
    }

    /// How many bytes the value takes on one line (`compactBytes`), counted without writing
    /// them: a protocol message's frame says its length before its body, which is then
    /// written once, straight after (a formatted document's edit is megabytes).
    var compactCount: Int {
        switch self {
        case .string(let text): return JSONValue.quotedCount(text)
        case .integer(let value): return String(value).utf8.count
        case .bool(let value): return value ? 4 : 5
        case .null: return 4
        case .written(let bytes): return bytes.count
        case .array(let items):
            return items.reduce(1 + max(items.count, 1)) { $0 + $1.compactCount }
        case .object(let members):
            return members.reduce(1 + max(members.count, 1)) { $0 + JSONValue.quotedCount($1.0) + 1 + $1.1.compactCount }
        }
    }

    /// How many bytes `appendQuoted` appends for `text`.
    private static func quotedCount(_ text: String) -> Int {
        text.withView { bytes in
            guard !isPlain(bytes) else { return bytes.count + 2 }
            var quoted: [UInt8] = []
            appendQuoted(bytes, to: &quoted)
            return quoted.count
        }
    }

    /// Appends the value on one line as bytes (a reply of 100,000 locations is one array grown
    /// in place: appending to a `String` piece by piece took most of such a reply's time).
    func writeCompact(to out: inout [UInt8]) {
        switch self {
        case .string(let text): JSONValue.appendQuoted(text, to: &out)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .written(let bytes): out.append(contentsOf: bytes)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.appendQuoted(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `quote(text)`'s bytes appended: plain text straight in, between quotes.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        text.withView { appendQuoted($0, to: &out) }
    }

    /// `quote`'s bytes of UTF-8 text appended: plain text as it is, other text through
    /// `JSONEscape` (the one escaper of JSON strings).
    static func appendQuoted(_ bytes: ByteView, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if isPlain(bytes) {
            out.append(bytes)
        } else {
            let escaped = ByteBuffer(capacity: bytes.count + bytes.count / 8 + 16)
            JSONEscape.escape(bytes, to: escaped)
            out.append(escaped.view)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// On one line with a space after each colon and comma, as a table's row is written.
    func inline() -> String {
        switch self {
        case .array(let items): return "[" + items.map { $0.inline() }.joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { JSONValue.quote($0.0) + ": " + $0.1.inline() }.joined(separator: ", ") + "}"
        default: return compact()
        }
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .string(let text): out += JSONValue.quote(text)
        case .integer(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .written(let bytes): out += String(decoding: bytes, as: UTF8.self)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closePad + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += pad + JSONValue.quote(key) + ": "
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += closePad + "}"
        }
    }

    /// Whether text goes into a JSON string as it is (`ByteScan.isPlainJSON`).
    static func isPlain(_ bytes: ByteView) -> Bool { bytes.isPlainJSON }

    /// A JSON string. Control characters (C0, DEL and C1) are `\u` escapes, and `##[` is written
    /// `#\u0023[` (the same text once decoded), so no line of JSON output reads as a GitHub
    /// workflow command.
    static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quote`, a scalar at a time: the reference its byte-by-byte escaping is compared with
    /// (`HostileOutputTests`).
    static func quoteByScalars(_ text: String) -> String {
        var out = "\""
        var previous: Unicode.Scalar?
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "#" where previous == "#" && index + 1 < scalars.count && scalars[index + 1] == "[":
                out += "\\u0023"
            default:
                if ControlCharacter.contains(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            previous = scalar
        }
        return out + "\""
    }
}
