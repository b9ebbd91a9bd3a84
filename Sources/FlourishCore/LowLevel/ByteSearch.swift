#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Looking for a byte and comparing bytes, by name: the C library's `memchr` and `memcmp`
/// (many bytes a step). Each has a plain loop beside it that it must agree with
/// (`BytesTests`); callers outside `Bytes/` use these names, not the library's calls.
enum ByteSearch {
    /// The index of the first `byte` in `base[from..<to]`, or nil.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `firstIndex(of:in:from:to:)`, one byte at a time: the reference.
    static func plainFirstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var at = from
        while at < to {
            if base[at] == byte { return at }
            at += 1
        }
        return nil
    }

    /// Whether `buffer` holds `byte`.
    @inline(__always)
    static func contains(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        return firstIndex(of: byte, in: base, from: 0, to: buffer.count) != nil
    }

    /// Whether two buffers hold the same bytes.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
    }

    /// `equal`, one byte at a time: the reference.
    static func plainEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    }
}
