/// What makes a name invalid (grammar.md, "Lexical structure"): it is empty, it reads as a
/// number, or a `:`-separated part of it is empty.
enum NameRules {
    enum Problem {
        case empty, number, emptyPart
    }

    static func problem<Bytes: RandomAccessCollection>(_ bytes: Bytes, quoted: Bool) -> Problem?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        if bytes.allSatisfy(ByteClass.isBlank) { return .empty }
        if !quoted, case .success = NumberSyntax.decimal(bytes) { return .number }
        let colon = UInt8(ascii: ":")
        guard bytes.contains(colon) else { return nil }
        if bytes.first == colon || bytes.last == colon { return .emptyPart }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == colon && previous == colon { return .emptyPart }
            previous = byte
        }
        return nil
    }
}
