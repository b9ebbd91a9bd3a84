/// The language server's byte stream cut into messages: LSP's base protocol, a header of
/// `Name: value` lines (`Content-Length` the one that counts) ended by a blank line, then that
/// many bytes of body. Whatever arrives, the stream keeps its framing:
/// - a header ended by a bare line feed (`\n\n`) is read as one ended by `\r\n\r\n`;
/// - a header without a `Content-Length` that is a plain decimal number, one with a length over
///   `maximumMessage`, and a header longer than `maximumHeader` are rejected (the server
///   answers each with an error), and reading starts again at the next `Content-Length`;
/// - a length shorter than the body is taken as written: the body is cut there (and answered
///   as JSON that does not parse), and the header search finds the next `Content-Length` even
///   when the rest of the body runs into it on one line.
/// Nothing is computed from a length before it is known to be at most `maximumMessage`, so no
/// value can overflow.
struct MessageFraming {
    /// The largest message body read: 64 MiB (an editor sends a whole ledger in `didOpen`;
    /// a household's 100,000 entries are about 6 MB).
    static let maximumMessage = 1 << 26
    /// The longest header read: 64 KiB.
    static let maximumHeader = 1 << 16

    enum Item: Equatable {
        case message([UInt8])
        case rejected(String)
    }

    enum Step: Equatable {
        /// A whole message, and the bytes it took.
        case message([UInt8], consumed: Int)
        /// A header that is not one, and the bytes it took: what follows is searched for the
        /// next `Content-Length`.
        case rejected(String, consumed: Int)
        /// More bytes are needed.
        case incomplete
    }

    private var buffer: [UInt8] = []
    /// After a rejected header: bytes are dropped up to the next `Content-Length`.
    private var resyncing = false

    /// Whether bytes of a message not yet whole are waiting.
    var isWaiting: Bool { !buffer.isEmpty }

    /// The messages (and rejected headers) that the bytes received so far complete, in order.
    mutating func receive(_ bytes: [UInt8]) -> [Item] {
        buffer += bytes
        var items: [Item] = []
        var position = 0
        while position < buffer.count {
            if resyncing {
                guard let found = Self.find(Self.fieldName, in: buffer[position...]) else {
                    // Keep a tail that may be the start of the name.
                    position = max(position, buffer.count - Self.fieldName.count + 1)
                    break
                }
                position = found
                resyncing = false
            }
            switch Self.next(buffer[position...]) {
            case .message(let body, let consumed):
                items.append(.message(body))
                position += consumed
            case .rejected(let reason, let consumed):
                items.append(.rejected(reason))
                position += consumed
                resyncing = true
            case .incomplete:
                if buffer.count - position > Self.maximumHeader, Self.headerEnd(buffer[position...]) == nil {
                    items.append(.rejected("a header longer than \(Self.maximumHeader) bytes"))
                    position = buffer.count
                    resyncing = true
                }
                buffer.removeFirst(position)
                return items
            }
        }
        buffer.removeFirst(min(position, buffer.count))
        return items
    }

    /// The first message, rejected header or nothing yet at the start of `bytes`.
    static func next(_ bytes: ArraySlice<UInt8>) -> Step {
        guard let (end, bodyStart) = headerEnd(bytes) else { return .incomplete }
        let base = bytes.startIndex
        guard end - base <= maximumHeader else { return .rejected("a header longer than \(maximumHeader) bytes", consumed: bodyStart - base) }
        // The last Content-Length in the header, wherever it starts on its line (the rest of a
        // body cut short may run into it).
        guard let name = findLast(fieldName, in: bytes[base..<end]) else {
            return .rejected("a header without Content-Length", consumed: bodyStart - base)
        }
        var index = name + fieldName.count
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return .rejected("a header without Content-Length", consumed: bodyStart - base) }
        index += 1
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        var length = 0
        var digits = 0
        while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // Stops growing past the limit: a longer number is too large, whatever its value.
            if length <= maximumMessage { length = length * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            digits += 1
            index += 1
        }
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") { index += 1 }
        guard digits > 0, index == end || bytes[index] == UInt8(ascii: "\n") else {
            return .rejected("a Content-Length that is not a number of bytes", consumed: bodyStart - base)
        }
        guard length <= maximumMessage else {
            return .rejected("a message longer than \(maximumMessage) bytes, the most the server reads", consumed: bodyStart - base)
        }
        guard bytes.endIndex - bodyStart >= length else { return .incomplete }
        return .message(Array(bytes[bodyStart..<bodyStart + length]), consumed: bodyStart + length - base)
    }

    /// Where the header ends (its blank line) and the body starts: `\r\n\r\n` or `\n\n`.
    static func headerEnd(_ bytes: ArraySlice<UInt8>) -> (end: Int, bodyStart: Int)? {
        var index = bytes.startIndex
        while let feed = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            var next = feed + 1
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: "\r") { next += 1 }
            guard next < bytes.endIndex else { return nil }
            if bytes[next] == UInt8(ascii: "\n") { return (feed, next + 1) }
            index = feed + 1
        }
        return nil
    }

    static let fieldName = Array("content-length".utf8)

    /// The first place `name` (lower case) starts in `bytes`, letters in any case.
    static func find(_ name: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= name.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - name.count)).first { matches(name, bytes, at: $0) }
    }

    /// The last place `name` starts in `bytes`.
    static func findLast(_ name: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= name.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - name.count)).reversed().first { matches(name, bytes, at: $0) }
    }

    private static func matches(_ name: [UInt8], _ bytes: ArraySlice<UInt8>, at start: Int) -> Bool {
        for offset in 0..<name.count {
            let byte = bytes[start + offset]
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lower != name[offset] { return false }
        }
        return true
    }
}
