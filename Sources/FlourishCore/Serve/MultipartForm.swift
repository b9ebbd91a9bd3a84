/// A form sent as `multipart/form-data` (RFC 7578): what a browser sends for a file upload.
/// Each part has a name, a file name when it is a file, and its bytes, kept as sent.
public enum MultipartForm {
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var bytes: [UInt8]
    }

    /// The most parts read: the import form has four.
    public static let maximumParts = 20

    /// The boundary named in a `Content-Type` header, if it is `multipart/form-data`.
    public static func boundary(_ contentType: String) -> String? {
        let fields = contentType.split(separator: ";").map { String($0).trimmingBlanks }
        guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
        for field in fields.dropFirst() where field.lowercased().hasPrefix("boundary=") {
            var value = String(field.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty || value.count > 70 ? nil : value
        }
        return nil
    }

    /// The parts of a body; nil when it is not one (no opening boundary, a part without its
    /// blank line, no closing boundary).
    public static func decode(_ body: [UInt8], boundary: String) -> [Part]? {
        let delimiter = Array(("--" + boundary).utf8)
        guard let first = find(delimiter, in: body, from: 0) else { return nil }
        var parts: [Part] = []
        var at = first + delimiter.count
        while parts.count < maximumParts {
            // After a delimiter: `--` closes the body, else a line break starts a part.
            if body.count >= at + 2 && body[at] == UInt8(ascii: "-") && body[at + 1] == UInt8(ascii: "-") { return parts }
            guard body.count >= at + 2, body[at] == 0x0D, body[at + 1] == 0x0A else { return nil }
            at += 2
            guard let headEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: at) else { return nil }
            let head = String(decoding: body[at..<headEnd], as: UTF8.self)
            guard let next = find([0x0D, 0x0A] + delimiter, in: body, from: headEnd + 4) else { return nil }
            var name: String?
            var filename: String?
            for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
                name = parameter("name", in: String(line))
                filename = parameter("filename", in: String(line))
            }
            guard let name else { return nil }
            parts.append(Part(name: name, filename: filename, bytes: Array(body[(headEnd + 4)..<next])))
            at = next + 2 + delimiter.count
        }
        return parts
    }

    /// `name="value"` in a Content-Disposition line (quotes as browsers write them: `%22` for
    /// a quote inside).
    static func parameter(_ key: String, in line: String) -> String? {
        for field in line.split(separator: ";").dropFirst() {
            let pair = String(field).trimmingBlanks
            guard pair.lowercased().hasPrefix(key + "=") else { continue }
            var value = String(pair.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.replacing("%22", with: "\"")
        }
        return nil
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
