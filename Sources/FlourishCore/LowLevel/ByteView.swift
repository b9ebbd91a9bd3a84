/// Bytes read in place: a file's bytes (`SourceBytes`), a string's or an array's storage,
/// seen for the length of one call that lends them (`withView`). Positions count from 0 in
/// every view, a part's too (`part(_:)`). Reading outside `0..<count` stops the program, as
/// an array's subscript does.
///
/// This is the one door from the code above `LowLevel/` to memory: the lexer, the name table,
/// the formatter and the renderers read bytes through it by name (`firstIndex(of:from:to:)`,
/// `word(at:)`, `displayWidth`), never through a pointer.
public struct ByteView: RandomAccessCollection, @unchecked Sendable {
    fileprivate let buffer: UnsafeBufferPointer<UInt8>

    fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// A view of memory the caller keeps alive and unchanged while the view is read (for
    /// `LowLevel/` only).
    init(unsafe buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// The bytes as a buffer, for the system calls that take one (IO's `write`).
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(buffer)
    }

    /// No bytes.
    static let empty = ByteView(UnsafeBufferPointer(start: nil, count: 0))

    public var startIndex: Int { 0 }
    public var endIndex: Int { buffer.count }
    public var count: Int { buffer.count }

    @inline(__always)
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < buffer.count, "byte position out of range")
        return buffer[position]
    }

    /// The bytes of `range` as a view of their own (its first byte at position 0).
    @inline(__always)
    func part(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "byte range out of range")
        return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The bytes from `start` to the end as a view of their own.
    func part(from start: Int) -> ByteView { part(start..<count) }

    public func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try body(buffer)
    }

    /// The bytes of `range` decoded as text (invalid UTF-8 becomes U+FFFD).
    func string(_ range: Range<Int>) -> String {
        String(decoding: part(range).buffer, as: UTF8.self)
    }

    /// All the bytes decoded as text.
    var string: String { String(decoding: buffer, as: UTF8.self) }


    // MARK: Searching, by name (`ByteSearch`, `ByteWord`)

    /// The position of the first `byte` in `from..<to`, or nil.
    @inline(__always)
    func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        precondition(from >= 0 && to <= buffer.count, "byte range out of range")
        guard let base = buffer.baseAddress else { return nil }
        return ByteSearch.firstIndex(of: byte, in: base, from: from, to: to)
    }

    /// Where the run of bytes from `from` for which `continues` holds ends: the first position
    /// before `to` whose byte it does not hold for, or `to`. The range is checked once, not
    /// byte by byte (the lexer's words, blanks and strings are read with it).
    @inline(__always)
    func end(from: Int, to: Int, while continues: (UInt8) -> Bool) -> Int {
        precondition(from >= 0 && to <= buffer.count, "byte range out of range")
        var at = from
        while at < to && continues(buffer[at]) { at += 1 }
        return at
    }

    /// Whether the view holds `byte`.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool { ByteSearch.contains(byte, in: buffer) }

    /// Whether two views hold the same bytes.
    static func == (a: ByteView, b: ByteView) -> Bool { ByteSearch.equal(a.buffer, b.buffer) }

    /// The eight bytes from `offset`, the first in the lowest bits (`ByteWord`).
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset + 8 <= buffer.count, "word out of range")
        return ByteWord.load(UnsafeRawPointer(buffer.baseAddress!), offset)
    }

    // MARK: Questions about text, by name (`ByteScan`, `UTF8Check`, `LineStarts`)

    /// Columns the bytes take in a terminal.
    var displayWidth: Int { ByteScan.displayWidth(utf8: buffer) }
    /// Whether the bytes go into a JSON string as they are.
    var isPlainJSON: Bool { ByteScan.isPlainJSON(buffer) }
    /// Whether a CSV field of these bytes must be quoted.
    var csvNeedsQuotes: Bool { ByteScan.csvNeedsQuotes(buffer) }
    /// Whether the bytes are UTF-8 text without a control character but tab and line feed.
    var isCleanText: Bool { UTF8Check.isCleanText(buffer) }
    /// The first problem with the text of `range`, or nil.
    func firstTextIssue(in range: Range<Int>, allowControls: Bool = false) -> UTF8Check.Issue? {
        UTF8Check.firstIssue(in: buffer, range, allowControls: allowControls)
    }
    /// Where the first sixteen bytes from `start` on that the terminal guard may refuse begin
    /// (`GuardChunk`), or where fewer than seventeen bytes are left.
    func firstGuardChunk(from start: Int) -> Int {
        guard let base = buffer.baseAddress else { return start }
        return GuardChunk.firstRefused(UnsafeRawPointer(base), from: start, count: count)
    }
    /// How many lines could hold a split line or an entry.
    var lineStartCounts: LineStarts.Counts { LineStarts.count(buffer) }
}

extension Array where Element == UInt8 {
    /// The array's bytes, seen during `body`.
    @inline(__always)
    func withView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }

    /// Whether the array holds the same bytes as `other` (compared many bytes a step, where
    /// `==` on arrays takes them one by one).
    func sameBytes(as other: [UInt8]) -> Bool {
        count == other.count && withView { mine in other.withView { mine == $0 } }
    }

    /// The view's bytes appended in one copy (`append(contentsOf:)` given a view walks it a
    /// byte at a time).
    @inline(__always)
    mutating func append(_ view: ByteView) {
        append(contentsOf: view.buffer)
    }

    /// Room for `more` bytes after those held, made in one step and grown as appending grows
    /// an array (at least doubled): `reserveCapacity` alone makes exactly the room asked for,
    /// so asking before each of many small appends would copy the array each time.
    mutating func makeRoom(for more: Int) {
        if capacity - count < more { reserveCapacity(Swift.max(count + more, capacity * 2)) }
    }
}

extension ArraySlice where Element == UInt8 {
    /// The slice's bytes, seen during `body` (positions from 0).
    func withView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }
}

extension String {
    /// The string's UTF-8 bytes, seen during `body` (made contiguous first if they are not).
    func withView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        var copy = self
        return try copy.withUTF8 { try body(ByteView($0)) }
    }
}

extension StaticString {
    /// The literal's UTF-8 bytes, which live as long as the program.
    var view: ByteView { ByteView(UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)) }
}

extension SourceBytes {
    /// The file's bytes, seen during `body`.
    @inline(__always)
    func withView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }
}
