#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Questions about a string's UTF-8 bytes, answered on its contiguous storage (the generic
/// `utf8.contains` walks the view index by index). An ASCII byte in UTF-8 is always that
/// character, never part of another, so asking about ASCII bytes is asking about characters.
enum StringBytes {
    /// Whether any byte of `text` is one of `bytes` (ASCII).
    /// Each wanted byte is searched for with `memchr` (a description costs a few instructions
    /// a word, not a comparison a byte per wanted byte).
    static func contains(_ text: String, anyOf bytes: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: bytes.utf8Start, count: bytes.utf8CodeUnitCount)
        var copy = text
        return copy.withUTF8 { stored in
            guard let base = stored.baseAddress else { return false }
            return wanted.contains { memchr(base, Int32($0), stored.count) != nil }
        }
    }

    /// Where a long string's bytes are stored (more than 15 bytes: a shorter one is kept inline
    /// and has no place of its own). While the string is kept alive its storage cannot be
    /// freed or changed, so the same storage is the same bytes: a renderer that keeps the
    /// string can tell it again at once (an entry's description on each of its lines).
    static func storage(of text: String) -> UnsafePointer<UInt8>? {
        guard text.utf8.count > 15 else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }
}
