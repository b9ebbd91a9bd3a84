import Testing
@testable import FlourishCore

/// The language server keeps each open document's line starts as the editor changes it; they
/// must be those of the text as it then is, and give the places a whole reading gives.
struct DocumentLinesTests {
    /// Random edits (line feeds, carriage returns, letters of two and four bytes, ranges
    /// across lines and at either end) against the lines found again from the edited text, and
    /// every position's offset against `LanguageServer.offset`'s reading of the whole text.
    @Test func linesKeptThroughEditsAreThoseOfTheText() {
        let pieces: [[UInt8]] = ["\n", "\r\n", "a", "é", "🍕", "  Food  12.50", "", "\n\n"].map { Array($0.utf8) }
        for seed in UInt64(1)...60 {
            var random = SplitMix(seed: seed)
            func text(_ count: Int) -> [UInt8] { (0..<count).flatMap { _ in pieces[Int(random.next(below: UInt64(pieces.count)))] } }
            var bytes = text(Int(random.next(below: 12)))
            var lines = DocumentLines(bytes)
            for _ in 0..<25 {
                let a = Int(random.next(below: UInt64(bytes.count + 1)))
                let b = Int(random.next(below: UInt64(bytes.count + 1)))
                let range = min(a, b)..<max(a, b)
                let inserted = text(Int(random.next(below: 4)))
                bytes.replaceSubrange(range, with: inserted)
                lines.replace(range, with: inserted)
                #expect(lines == DocumentLines(bytes), "seed \(seed)")
            }
            for line in 0..<lines.starts.count + 1 {
                for character in 0..<6 {
                    let position = JSONValue.object([("line", .integer(line)), ("character", .integer(character))])
                    #expect(LanguageServer.offset(position, bytes, lines) == LanguageServer.offset(position, bytes), "seed \(seed)")
                }
            }
            for offset in 0...bytes.count {
                #expect(lines.lineStart(containing: offset) == SourceFile(path: "", bytes: bytes).line(containing: offset).start)
            }
        }
    }
}
