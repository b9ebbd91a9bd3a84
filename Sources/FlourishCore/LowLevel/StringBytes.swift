
/// Questions about a string's UTF-8 bytes, answered on its contiguous storage (the generic
/// `utf8.contains` walks the view index by index). An ASCII byte in UTF-8 is always that
/// character, never part of another, so asking about ASCII bytes is asking about characters.
enum StringBytes {
    /// Whether any byte of `text` is one of `bytes` (ASCII).
    /// Each wanted byte is searched for many bytes a step (`ByteSearch`: a description costs a
    /// few instructions a word, not a comparison a byte per wanted byte).
    static func contains(_ text: String, anyOf bytes: StaticString) -> Bool {
        text.withView { stored in bytes.view.contains { stored.contains($0) } }
    }

    /// A string's two words as it is stored: the text itself for a short one, where its bytes
    /// are and how many for a long one. Two strings with the same words hold the same text
    /// while one of them is kept (kept, a long string's storage can neither be freed nor
    /// changed), so a renderer that keeps a string can tell it again in a few instructions.
    /// Nil where a string is not two words.
    @inline(__always)
    static func identity(of text: String) -> Identity? {
        guard MemoryLayout<String>.size == MemoryLayout<Identity>.size else { return nil }
        let words = unsafeBitCast(text, to: (UInt64, UInt64).self)
        return Identity(first: words.0, second: words.1)
    }

    struct Identity: Equatable {
        var first: UInt64
        var second: UInt64
    }
}
