/// `application/x-www-form-urlencoded` (a query, or a form's body) both ways: `+` is a space,
/// `%XX` a byte; text that is not UTF-8 reads with U+FFFD in place of the bad bytes.
public enum FormFields {
    /// The most fields read from one query or body: a form has a dozen.
    public static let maximumFields = 200

    public static func decode(_ text: String) -> [(name: String, value: String)] {
        decode(Array(text.utf8))
    }

    public static func decode(_ bytes: [UInt8]) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&")).prefix(maximumFields) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            fields.append((unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : ""))
        }
        return fields
    }

    /// One name or value, `+` and `%XX` undone (a `%` not followed by two hex digits stays).
    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A query built from fields, each escaped: what links between pages carry.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// Every byte but unreserved ASCII as `%XX`.
    public static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 15)])
            }
        }
        return out
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
