/// Questions about a string's UTF-8 bytes, answered on its contiguous storage (the generic
/// `utf8.contains` walks the view index by index). An ASCII byte in UTF-8 is always that
/// character, never part of another, so asking about ASCII bytes is asking about characters.
enum StringBytes {
    /// Whether any byte of `text` is one of `bytes` (ASCII).
    static func contains(_ text: String, anyOf bytes: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: bytes.utf8Start, count: bytes.utf8CodeUnitCount)
        var copy = text
        return copy.withUTF8 { stored in
            for byte in stored where wanted.contains(byte) { return true }
            return false
        }
    }

    /// Whether two strings have the same bytes: the lengths first, then the bytes (`==`
    /// compares characters, which for letters beyond ASCII means normalising both; the same
    /// bytes are always the same text).
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b -> Bool in
                guard let left = a.baseAddress.map(UnsafeRawPointer.init),
                      let right = b.baseAddress.map(UnsafeRawPointer.init) else { return true }
                var index = 0
                while index + 8 <= a.count {
                    if ByteWord.load(left, index) != ByteWord.load(right, index) { return false }
                    index += 8
                }
                while index < a.count {
                    if a[index] != b[index] { return false }
                    index += 1
                }
                return true
            }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }
}
