/// Reads JSON text (RFC 8259) into a `JSONValue`, for the language server's messages.
/// Integers become `.integer`; other numbers keep their text as `.string`. Nesting is bounded
/// so that no message can exhaust the stack.
enum JSONParser {
    struct Failure: Error, Sendable {
        var message: String
    }

    static let maximumDepth = 256

    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = Cursor(bytes: bytes)
        parser.skipBlanks()
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.index == bytes.count else { throw Failure(message: "text after the value") }
        return value
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ word: String) throws(Failure) {
            for byte in word.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw Failure(message: "expected \(word)") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < JSONParser.maximumDepth else { throw Failure(message: "nested too deep") }
            guard index < bytes.count else { throw Failure(message: "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, JSONValue)] = []
                skipBlanks()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipBlanks()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure(message: "expected a key") }
                    let key = try string()
                    skipBlanks()
                    try expect(":")
                    skipBlanks()
                    members.append((key, try value(depth: depth + 1)))
                    skipBlanks()
                    guard index < bytes.count else { throw Failure(message: "unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw Failure(message: "expected , or }")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                skipBlanks()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipBlanks()
                    items.append(try value(depth: depth + 1))
                    skipBlanks()
                    guard index < bytes.count else { throw Failure(message: "unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw Failure(message: "expected , or ]")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { throw Failure(message: "unexpected character") }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if let integer = Int(text) { return .integer(integer) }
                return .string(text)
            }
        }

        /// Bytes are gathered and decoded once: appending to a `String` piece by piece costs
        /// time in proportion to its length each time (a whole ledger arrives as one string).
        mutating func string() throws(Failure) -> String {
            index += 1  // the opening quote
            var text: [UInt8] = []
            var pendingHigh: UInt32?
            func append(_ scalar: Unicode.Scalar) { text.append(contentsOf: String(scalar).utf8) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                            throw Failure(message: "bad \\u escape")
                        }
                        index += 4
                        if (0xD800...0xDBFF).contains(code) { pendingHigh = code; continue }
                        if (0xDC00...0xDFFF).contains(code), let high = pendingHigh {
                            let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                            if let scalar = Unicode.Scalar(combined) { append(scalar) }
                            pendingHigh = nil
                            continue
                        }
                        append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: text.append(escaped)
                    }
                    continue
                }
                // A run of UTF-8 up to the next quote or backslash.
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
                text.append(contentsOf: bytes[start..<index])
            }
            throw Failure(message: "unterminated string")
        }
    }
}

extension JSONValue {
    /// A member of an object, by key.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var stringValue: String? { if case .string(let text) = self { return text }; return nil }
    var intValue: Int? { if case .integer(let value) = self { return value }; return nil }
    var boolValue: Bool? { if case .bool(let value) = self { return value }; return nil }
    var arrayValue: [JSONValue]? { if case .array(let items) = self { return items }; return nil }
}
