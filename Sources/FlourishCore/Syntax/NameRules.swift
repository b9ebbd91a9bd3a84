/// What makes a name invalid (grammar.md, "Lexical structure"): it is empty, it reads as a
/// number, a `:`-separated part of it is empty, or it has more than `maximumParts` parts.
enum NameRules {
    enum Problem {
        case empty, number, emptyPart, tooManyParts
    }

    /// The most `:`-separated parts a name may have (a category 64 levels deep is plenty, and
    /// the bound keeps the work on a name's parents small).
    static let maximumParts = 64

    static func problem<Bytes: RandomAccessCollection>(_ bytes: Bytes, quoted: Bool) -> Problem?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        if bytes.allSatisfy(ByteClass.isBlank) { return .empty }
        if !quoted, case .success = NumberSyntax.decimal(bytes) { return .number }
        let colon = UInt8(ascii: ":")
        guard bytes.contains(colon) else { return nil }
        if bytes.first == colon || bytes.last == colon { return .emptyPart }
        var previous: UInt8 = 0
        var parts = 1
        for byte in bytes {
            if byte == colon {
                if previous == colon { return .emptyPart }
                parts += 1
            }
            previous = byte
        }
        return parts > maximumParts ? .tooManyParts : nil
    }
}
