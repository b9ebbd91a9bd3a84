/// What Flourish prints to a terminal or a CI log never carries commands for either.
///
/// Every text output passes through here on its way out:
/// - control characters (C0 but tab and line breaks, DEL, C1 such as U+009B) are shown as
///   visible escapes, `\u{1B}`; a carriage return stands only before a line feed. On a
///   terminal with colour on, the colour sequences Flourish itself writes (`ESC [ … m`) pass;
/// - GitHub's runner acts on `##[` anywhere in a line and on `::` at a line's start: a word
///   joiner (U+2060, invisible) goes between the two characters, so the log reads the same
///   and the runner sees no command.
///
/// `flourish check --format github` writes its own workflow commands, escaped per GitHub's
/// rules, past this guard.
final class GuardedOutput: TextOutput {
    private let output: TextOutput
    private let colour: Bool
    /// Scalars held back until the next write decides what they are (`#`, `:`, `\r`).
    private var pending = String.UnicodeScalarView()
    /// Only blanks so far on the current line.
    private var atLineStart = true
    /// Whether harmless text may skip the careful path (off only in the tests that compare
    /// the two).
    var fastPath = true

    init(_ output: TextOutput, colour: Bool) {
        self.output = output
        self.colour = colour
    }

    var isTerminal: Bool { output.isTerminal }

    static let joiner: Unicode.Scalar = "\u{2060}"

    func write(bytes: ByteView) {
        if fastPath, pending.isEmpty, let lineStart = Self.harmless(bytes, atLineStart: atLineStart) {
            atLineStart = lineStart
            output.write(bytes: bytes)
            return
        }
        write(bytes.string)
    }

    /// JSON made by `JSONEscape` and JSON's own punctuation passes unchanged: the escaper
    /// writes every byte the guard would change (a control character, DEL, a C1 character,
    /// the second `#` of `##[`) as an escape, and no line of it starts with `::`, so reading it
    /// again changes nothing (`HostileOutputTests.escapedJSONPassesTheGuardUnchanged`). A
    /// report's JSON of 100,000 lines is 96 MB; the guard's reading was a tenth of its time.
    func write(escaped bytes: ByteView) {
        guard pending.isEmpty else { return write(bytes: bytes) }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if end > 0 { atLineStart = bytes[end - 1] == 0x0A }
        output.write(bytes: bytes)
    }

    func write(_ text: String) {
        if fastPath, pending.isEmpty, let lineStart = text.withView({ Self.harmless($0, atLineStart: atLineStart) }) {
            atLineStart = lineStart
            output.write(text)
            return
        }
        var scalars = pending
        pending = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars)
        let input = Array(scalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < input.count {
            let scalar = input[index]
            let next: Unicode.Scalar? = index + 1 < input.count ? input[index + 1] : nil
            // Decisions that need the next scalar wait for it.
            if next == nil && (scalar == "#" || scalar == ":" || scalar == "\r" || scalar == "\u{1B}") {
                pending.append(scalar)
                break
            }
            switch scalar {
            case "\n":
                out.append(scalar)
                atLineStart = true
            case "\t", " ":
                out.append(scalar)
            case "\r":
                if next == "\n" { out.append(scalar) } else { out.append(contentsOf: Self.visible(scalar).unicodeScalars) }
            case "\u{1B}" where colour:
                // Only Flourish's own colour sequences: ESC [ digits and ; … m.
                var end = index + 1
                if end < input.count && input[end] == "[" {
                    end += 1
                    while end < input.count, input[end] == ";" || ("0"..."9").contains(input[end]) { end += 1 }
                    if end < input.count && input[end] == "m" {
                        out.append(contentsOf: input[index...end])
                        index = end + 1
                        continue
                    }
                    if end == input.count {  // the sequence may go on in the next write
                        pending.append(contentsOf: input[index...])
                        index = input.count
                        continue
                    }
                }
                out.append(contentsOf: Self.visible(scalar).unicodeScalars)
                atLineStart = false
            case "#" where next == "#" && index + 2 < input.count && input[index + 2] == "[":
                out.append(scalar)
                out.append(Self.joiner)
                atLineStart = false
            case "#" where next == "#" && index + 2 == input.count:
                pending.append(contentsOf: input[index...])  // is it `##[`? the next write says
                index = input.count
                continue
            case ":" where atLineStart && next == ":":
                out.append(scalar)
                out.append(Self.joiner)
                atLineStart = false
            default:
                if ControlCharacter.isUnsafe(scalar) {
                    out.append(contentsOf: Self.visible(scalar).unicodeScalars)
                } else {
                    out.append(scalar)
                }
                atLineStart = false
            }
            index += 1
        }
        if !out.isEmpty { output.write(String(out)) }
    }

    /// Whether the text passes unchanged, judged on its bytes in one pass (a report of
    /// 100,000 lines was walked scalar by scalar otherwise): no control byte but tab, line
    /// feed and a carriage return before one, no C1 character, no `##`, no `::`, and not ending
    /// in a character whose meaning the next write decides. Returns whether the text leaves the
    /// line with only blanks so far, or nil when the careful path must read it.
    static func harmless(_ bytes: ByteView, atLineStart start: Bool) -> Bool? {
        var previous: UInt8 = 0
        var index = 0
        let count = bytes.count
        // Sixteen bytes at a time while seventeen are left (`GuardChunk`: exact, with the byte
        // after them); the rest byte by byte, from the byte before it.
        if count >= 17 {
            index = bytes.firstGuardChunk(from: 0)
            if index <= count - 17 { return nil }
            previous = bytes[index - 1]
        }
        while index < count {
            let byte = bytes[index]
            index += 1
            // A carriage return stands only before a line feed (CSV's line ends).
            if previous == 0x0D && byte != 0x0A { return nil }
            switch byte {
            case 0x09, 0x0A, 0x0D: break
            case 0x00...0x1F, 0x7F: return nil
            case UInt8(ascii: "#"), UInt8(ascii: ":"):
                if previous == byte { return nil }
            case 0x80...0x9F where previous == 0xC2: return nil  // C1, U+0080 to U+009F
            default: break
            }
            previous = byte
        }
        if previous == UInt8(ascii: "#") || previous == UInt8(ascii: ":") || previous == 0x0D { return nil }
        // Blanks only on the line so far: after the last line feed, or in all the text when it
        // has none and the line had only blanks before it (as the careful path counts them).
        var end = count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return end == 0 ? start : bytes[end - 1] == 0x0A
    }

    /// Writes what was held back; call once the command has finished.
    func finish() {
        guard !pending.isEmpty else { return }
        let rest = Array(pending)
        pending = String.UnicodeScalarView()
        output.write(rest.map { ControlCharacter.isUnsafe($0) || $0 == "\r" ? Self.visible($0) : String($0) }.joined())
    }


    /// `\u{1B}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
