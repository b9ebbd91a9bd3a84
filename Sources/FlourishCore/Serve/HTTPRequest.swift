/// One HTTP/1.1 request as `flourish serve` reads it (RFC 9112): a method, a target in origin
/// form (`/path?query`), the header fields (names in lower case) and the body.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-encoded as sent.
    public var path: String
    /// The query's fields, decoded (`a=1&b=x%20y`).
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// The first value of a header field (its name in lower case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The first value of a query field.
    public func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The cookie of that name in the `Cookie` header.
    public func cookie(_ name: String) -> String? {
        for field in headers where field.name == "cookie" {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, String(parts[0]).trimmingBlanks == name { return String(parts[1]).trimmingBlanks }
            }
        }
        return nil
    }
}

/// Reads requests from the bytes a connection has received so far: a request once its head and
/// body are complete, a wait for more, or a refusal with the status to answer. Every limit is
/// checked as bytes arrive, so a client sending without end is refused early.
public enum HTTPRequestReader {
    /// What the bytes so far amount to.
    public enum Outcome: Sendable {
        /// A whole request, and how many bytes it took.
        case request(HTTPRequest, consumed: Int)
        /// Not whole yet.
        case incomplete
        /// Refused: the status and a short reason for the answer's body.
        case refused(status: Int, reason: String)
    }

    /// The longest head (request line and header fields) and body accepted, and the most fields.
    public static let maximumHead = 16 << 10
    public static let maximumBody = 4 << 20
    public static let maximumFields = 100

    /// Reads one request from the start of `bytes`.
    public static func read(_ bytes: [UInt8]) -> Outcome {
        guard let headEnd = endOfHead(bytes) else {
            return bytes.count > maximumHead ? .refused(status: 431, reason: "the request's header fields are too large") : .incomplete
        }
        if headEnd.lines > maximumHead { return .refused(status: 431, reason: "the request's header fields are too large") }
        var lines = bytes[0..<headEnd.lines].split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .refused(status: 400, reason: "no request line") }
        if lines.count - 1 > maximumFields { return .refused(status: 431, reason: "too many header fields") }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            return .refused(status: 400, reason: "the request line is not METHOD TARGET VERSION")
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard parts[0].allSatisfy(isTokenByte) else { return .refused(status: 400, reason: "the method is not a token") }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .refused(status: 505, reason: "only HTTP/1.1 is spoken here")
        }
        // Origin form only, visible ASCII only.
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .refused(status: 400, reason: "the target must be a path starting with /")
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[line.startIndex..<colon].allSatisfy(isTokenByte) else {
                return .refused(status: 400, reason: "a header field is not NAME: VALUE")
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .refused(status: 400, reason: "a header field holds a control character")
            }
            headers.append((String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased(),
                            String(decoding: value, as: UTF8.self).trimmingBlanks))
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .refused(status: 501, reason: "a body in chunks is not accepted; send Content-Length")
        }
        let lengths = headers.filter { $0.name == "content-length" }.map(\.value)
        var length = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 10, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let value = Int(first) else {
                return .refused(status: 400, reason: "Content-Length is not one number")
            }
            length = value
        }
        if length > maximumBody { return .refused(status: 413, reason: "the body is larger than \(maximumBody >> 20) MB") }
        if method != "POST" && length > 0 { return .refused(status: 400, reason: "only POST takes a body") }
        guard bytes.count >= headEnd.body + length else { return .incomplete }
        let (path, query) = split(target)
        guard !headers.isEmpty || version == "HTTP/1.0" else { return .refused(status: 400, reason: "HTTP/1.1 needs a Host header") }
        return .request(HTTPRequest(method: method, path: path, query: FormFields.decode(query), headers: headers,
                                    body: Array(bytes[headEnd.body..<(headEnd.body + length)])),
                        consumed: headEnd.body + length)
    }

    /// Where the head's lines end and the body starts: after the first empty line (CRLF CRLF,
    /// or bare LFs, which RFC 9112 lets a server accept).
    static func endOfHead(_ bytes: [UInt8]) -> (lines: Int, body: Int)? {
        var index = 0
        let limit = min(bytes.count, maximumHead + 4)
        while index < limit {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { return (index + 1, index + 2) }
                if index + 2 < bytes.count && bytes[index + 1] == 0x0D && bytes[index + 2] == 0x0A { return (index + 1, index + 3) }
            }
            index += 1
        }
        return nil
    }

    /// The path and the query of a target.
    static func split(_ target: String) -> (String, String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// A byte of an RFC 9110 token (a method or a field name).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
