/// An answer of `flourish serve`: a status, header fields and a body. Every answer carries the
/// same protective fields (docs/serve.md): a Content-Security-Policy that allows only the
/// server's own script and style, no framing, no sniffing, no referrer, no caching.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// An HTML page.
    public static func html(_ page: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(page.utf8), headers: headers)
    }

    /// Plain text: refusals of requests that never reach a page.
    public static func text(_ text: String, status: Int) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// `303 See Other`: after a form's write, and to drop the token from the address.
    public static func redirect(to location: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: 303, contentType: "text/plain; charset=utf-8", body: Array("See \(location)\n".utf8),
                     headers: [("Location", location)] + headers)
    }

    /// The policy: this server's script and style sheet, pictures drawn inline, forms posted
    /// back to it, nothing else.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The status line, the fields and the body, ready to send; `headOnly` for `HEAD`.
    public func serialized(headOnly: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += Self.protective.map { "\($0.0): \($0.1)\r\n" }.joined()
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + (headOnly ? [] : body)
    }

    /// The head of a stream of server-sent events (no length: it lasts until either side closes).
    public static let eventStreamHead: [UInt8] = Array(
        ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
         + protective.map { "\($0.0): \($0.1)\r\n" }.joined() + "Connection: close\r\n\r\n").utf8)

    static let protective: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
    ]

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 303: return "See Other"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
