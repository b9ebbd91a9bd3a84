/// A span of bytes in one of the ledger's files.
public struct SourceLocation: Hashable, Sendable, Comparable, BitwiseCopyable {
    /// Index of the file in the ledger's file list.
    public var file: Int32
    /// First byte of the span.
    public var start: Int32
    /// One past the last byte of the span (equal to `start` for a point).
    public var end: Int32

    /// Offsets past `Int32.max` do not occur in files (`FileSystem.read` refuses files over
    /// 2 GiB); should one come from memory, it is clamped, never wrapped.
    public init(file: Int, range: Range<Int>) {
        self.file = Int32(clamping: file)
        self.start = Int32(clamping: range.lowerBound)
        self.end = Int32(clamping: range.upperBound)
    }

    public var range: Range<Int> { Int(start)..<Int(end) }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.start, lhs.end) < (rhs.file, rhs.start, rhs.end)
    }
}

/// A value together with where it was written.
public struct Located<Value> {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
