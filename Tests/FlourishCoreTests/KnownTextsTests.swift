import Testing
@testable import FlourishCore

/// Renderers remember what they found out about a text (its width, whether it needs escapes)
/// by the text's words: a remembered value comes back for that text alone, in its column.
@Suite struct KnownTextsTests {
    @Test func aValueComesBackForItsTextAlone() {
        var known = KnownTexts(columns: 2)
        // Short texts (kept inline), long ones (kept in storage), and one equal to a long one
        // but stored apart (told apart: judged again, never wrongly).
        let texts = (0..<300).map { $0 % 3 == 0 ? "n\($0)" : "a longer text than fifteen bytes, number \($0)" }
        for (number, text) in texts.enumerated() {
            known.remember(text, StringBytes.identity(of: text), column: number % 2, value: number)
        }
        var wrong: [String] = []
        for (number, text) in texts.enumerated() {
            let value = known.value(StringBytes.identity(of: text), column: number % 2)
            // A slot may have been taken by a later text; a value that comes back is this one's.
            if let value, value != number { wrong.append("\(text): \(value)") }
            if known.value(StringBytes.identity(of: text), column: 1 - number % 2) != nil { wrong.append("\(text) in the other column") }
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            if text.utf8.count > 15, let value = known.value(StringBytes.identity(of: copy), column: number % 2), value != number {
                wrong.append("copy of \(text): \(value)")
            }
        }
        #expect(wrong == [])
        // The last text remembered in each column is there.
        #expect(known.value(StringBytes.identity(of: texts[299]), column: 1) == 299)
        #expect(known.value(StringBytes.identity(of: texts[298]), column: 0) == 298)
    }

    /// In a register's JSON, a text that needs escapes is escaped on every line it stands on,
    /// and one that does not is written as it is on every line.
    @Test func jsonEscapesARepeatedTextOnEveryLine() {
        let ledger = """
            currency EUR
            account Bank checking
            category Food

            2026-01-02 Café "du coin"
              Food  3.00
              Food  2.00
              Bank

            """
        let path = TestSupport.temporaryDirectory() + "/ledger.flourish"
        TestSupport.write(ledger, to: path)
        let rows = TestSupport.run(["report", "register", "--format", "json", path]).stdout
            .split(separator: "\n").filter { $0.contains("\"date\": \"") }
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { $0.contains(#""description": "Café \"du coin\"""#) })
    }
}
