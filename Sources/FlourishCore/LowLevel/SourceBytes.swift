/// A file's bytes, without a copy of their own: mapped from the file on disk (`FileSystem
/// .readSource`, `MappedFiles`), or copied once from an array (a buffer from an editor, a
/// test's text).
/// Each value, and each slice of it, keeps its storage alive, so the bytes stay valid while
/// anything still reads them.
///
/// Mapping a file costs a tenth of reading it (a million entries, 186 MB in 21 files: 14 ms
/// of CPU against 150–190 ms): the pages of the system's file cache are used as they are,
/// neither zero-filled nor copied. Which files are mapped, and what happens when one shrinks
/// while mapped, is `MappedFiles`'s (IO): nothing here calls the system.
public struct SourceBytes: RandomAccessCollection, Sendable {
    /// Memory that holds bytes and gives it back when the last value holding it goes.
    final class Storage: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        /// The mapping's slot in `MappedFiles` (nil: memory of its own).
        let mapping: Int?
        /// Gives the memory back (for a mapping: `MappedFiles`, in IO).
        private let release: @Sendable (UnsafeBufferPointer<UInt8>) -> Void

        /// `count` bytes copied from `bytes`.
        init(copying bytes: UnsafeBufferPointer<UInt8>) {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(1, bytes.count))
            if let base = bytes.baseAddress, bytes.count > 0 { copy.baseAddress!.initialize(from: base, count: bytes.count) }
            buffer = UnsafeBufferPointer(start: copy.baseAddress, count: bytes.count)
            mapping = nil
            release = { UnsafeMutablePointer(mutating: $0.baseAddress!).deallocate() }
        }

        /// Bytes someone else made (a mapping), given back by `release`.
        init(buffer: UnsafeBufferPointer<UInt8>, mapping: Int, release: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void) {
            self.buffer = buffer
            self.mapping = mapping
            self.release = release
        }

        /// Bytes `range` of `whole`'s, which this storage keeps alive (nothing copied, nothing
        /// given back but `whole`).
        init(part range: Range<Int>, of whole: Storage) {
            buffer = UnsafeBufferPointer(rebasing: whole.buffer[range])
            mapping = whole.mapping
            release = { _ in withExtendedLifetime(whole) {} }
        }

        deinit {
            if buffer.baseAddress != nil { release(buffer) }
        }
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// A copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        storage = bytes.withUnsafeBufferPointer { Storage(copying: $0) }
    }

    /// Bytes `range` of `whole`, counted from 0: the same memory, kept alive as long as
    /// this value (a large document formatted in pieces is not copied for them).
    init(part range: Range<Int>, of whole: SourceBytes) {
        precondition(range.lowerBound >= 0 && range.upperBound <= whole.count, "byte range out of range")
        storage = Storage(part: range, of: whole.storage)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.buffer.count }

    @inline(__always)
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < storage.buffer.count, "byte offset out of range")
        return storage.buffer[position]
    }

    /// The bytes as a buffer, valid during `body`.
    @inline(__always)
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(storage.buffer) }
    }

    public func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try withUnsafeBufferPointer(body)
    }
}
