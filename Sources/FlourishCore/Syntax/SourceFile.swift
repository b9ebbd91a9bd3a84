/// One file of a ledger: its path as the user named it and its raw UTF-8 bytes.
///
/// Locations elsewhere are byte offsets into `bytes`; lines and columns are computed only
/// when a diagnostic is printed, from the line-start table built on first use.
public final class SourceFile: @unchecked Sendable {
    /// The path as shown to the user (as given on the command line or in an `include`).
    public let path: String
    /// The file's content, byte for byte.
    public let bytes: SourceBytes
    private var lineStartsCache: [Int]?

    public init(path: String, bytes: SourceBytes) {
        self.path = path
        self.bytes = bytes
    }

    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, bytes: SourceBytes(bytes))
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Offsets at which each line begins (line 1 begins at 0).
    public var lineStarts: [Int] {
        if let cached = lineStartsCache { return cached }
        let starts = bytes.withView(Self.lineStarts)
        lineStartsCache = starts
        return starts
    }

    /// Where each line of `bytes` starts: 0, then just after each line feed. Room is made for
    /// a line every eight bytes (room never written to is never touched): grown from one, the
    /// list of a 6 MB history was copied some twenty times, into new pages each time.
    static func lineStarts(of bytes: ByteView) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 8 + 2)
        appendOffsetsAfterLineFeeds(in: bytes, from: 0, to: &starts)
        return starts
    }

    /// The offset just after each line feed of `bytes`, counted from `base` (the language
    /// server's `DocumentLines` finds an edit's new lines with it too).
    static func offsetsAfterLineFeeds(in bytes: ByteView, from base: Int) -> [Int] {
        var found: [Int] = []
        appendOffsetsAfterLineFeeds(in: bytes, from: base, to: &found)
        return found
    }

    /// `offsetsAfterLineFeeds`, appended to `found`.
    static func appendOffsetsAfterLineFeeds(in bytes: ByteView, from base: Int, to found: inout [Int]) {
        var at = 0
        while let lineFeed = bytes.firstIndex(of: UInt8(ascii: "\n"), from: at, to: bytes.count) {
            found.append(base + lineFeed + 1)
            at = lineFeed + 1
        }
    }

    /// The byte range of the first line that is neither blank nor a comment (`;` or `#` first),
    /// without its line feed; nil when there is none. (Whether an included file reads as what
    /// it should be is judged on it.)
    var firstSignificantLine: Range<Int>? {
        bytes.withView { buffer in
            var start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while start < buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
                let first = buffer[start..<end].first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
                if let first, first != UInt8(ascii: ";"), first != UInt8(ascii: "#") { return start..<end }
                start = end + 1
            }
            return nil
        }
    }

    /// The 1-based line number and the byte offset where that line begins.
    public func line(containing offset: Int) -> (number: Int, start: Int) {
        let starts = lineStarts
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, starts[low])
    }

    /// The byte range of the line beginning at `start`, without its line ending.
    public func lineRange(startingAt start: Int) -> Range<Int> {
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// Decodes a byte range as text (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
