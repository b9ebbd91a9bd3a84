#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes, without a copy of their own: mapped from the file on disk (`FileSystem
/// .readSource`), or copied once from an array (a buffer from an editor, a test's text).
/// Each value, and each slice of it, keeps its storage alive, so the bytes stay valid while
/// anything still reads them.
///
/// Mapping a file costs a tenth of reading it (a million entries, 186 MB in 21 files: 14 ms
/// of CPU against 150–190 ms): the pages of the system's file cache are used as they are,
/// neither zero-filled nor copied. A mapped file that shrinks while Flourish runs would stop
/// the process at the first byte past its new end; `MappedFiles` turns that into an error
/// instead.
public struct SourceBytes: RandomAccessCollection, Sendable {
    /// Memory that holds bytes and gives it back when the last value holding it goes.
    final class Storage: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        private let mapped: Bool
        /// The mapping's slot in `MappedFiles`.
        let slot: Int?

        /// `count` bytes copied from `bytes`.
        init(copying bytes: UnsafeBufferPointer<UInt8>) {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(1, bytes.count))
            if let base = bytes.baseAddress, bytes.count > 0 { copy.baseAddress!.initialize(from: base, count: bytes.count) }
            buffer = UnsafeBufferPointer(start: copy.baseAddress, count: bytes.count)
            mapped = false
            slot = nil
        }

        /// Bytes of a mapping (`mmap`) the storage now owns, noted in `MappedFiles`.
        init(mapping base: UnsafePointer<UInt8>, count: Int, slot: Int) {
            buffer = UnsafeBufferPointer(start: base, count: count)
            mapped = true
            self.slot = slot
        }

        deinit {
            guard let base = buffer.baseAddress else { return }
            if mapped {
                if let slot { MappedFiles.forget(slot) }
                munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
            } else {
                UnsafeMutablePointer(mutating: base).deallocate()
            }
        }
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// A copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        storage = bytes.withUnsafeBufferPointer { Storage(copying: $0) }
    }

    /// Whether the file was cut short while mapped: the bytes past its new end read as zeros
    /// (`MappedFiles`), and what was read from them cannot be trusted.
    public var wasCutShort: Bool { storage.slot.map(MappedFiles.wasCut) ?? false }

    /// Lets the system take back the pages of a mapped file read so far (`madvise`): they are
    /// the file cache's, and come back from it when read again. A file parsed whole is then
    /// not counted in the memory a command holds.
    public func releasePages() {
        #if canImport(Glibc)
        guard storage.slot != nil, let base = storage.buffer.baseAddress else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), storage.buffer.count, MADV_DONTNEED)
        #endif
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
