import Testing
@testable import FlourishCore

/// Hostile names, descriptions, comments and file names go through every format of `check`
/// and of every report: no line reads as a GitHub workflow command, no raw control character
/// reaches a terminal, and no CSV cell is a formula.
@Suite struct HostileOutputTests {
    static let ledger = """
    currency USD
    account "##[add-mask]Bank" checking
    category "=HYPERLINK(\\"http://evil\\")"
    category "-Food"
    category "+Fun"
    person "@Sam"
    budget 2026-01-01 "-Food" 100.00
    opening 2026-01-01 "##[add-mask]Bank" 1000.00

    2026-01-02 * "::warning title=x::all checks passed"  ; ##[set-output name=x]y
      "-Food"  10.00
      "##[add-mask]Bank"

    2026-01-03 * "quote\\"\u{301}, then =cmd"  #tag
      "=HYPERLINK(\\"http://evil\\")"  5.00
      "@Sam"  1.00
      "+Fun"  2.00
      "##[add-mask]Bank"

    """

    /// The hostile ledger, in a file whose name would start a workflow command.
    func file(_ text: String = ledger) -> String {
        let path = TestSupport.temporaryDirectory() + "/::warning title=x::pwned.flourish"
        TestSupport.write(text, to: path)
        return path
    }

    /// What the guard (without colour) writes of `text`, by its fast path or its careful one.
    func guarded(_ text: String, fast: Bool) -> String {
        let captured = CapturedOutput()
        let guarded = GuardedOutput(captured, colour: false)
        guarded.fastPath = fast
        guarded.write(text)
        guarded.finish()
        return captured.text
    }

    /// No line carries `##[`, starts with `::`, or holds a raw control character.
    func expectSafe(_ output: String, _ what: String) {
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.contains("##["), "\(what): \(line)")
            #expect(!line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::"), "\(what): \(line)")
            #expect(!line.unicodeScalars.contains { ControlCharacter.isUnsafe($0) && $0 != "\r" }, "\(what): \(line)")
        }
    }

    @Test func everyFormatOfCheck() {
        // An unknown name and an unbalanced entry, so that messages quote hostile text.
        let path = file(Self.ledger + "2026-01-04 * \"##[error]x\"\n  \"##[debug]Fud\"  3.00\n  \"\u{1B}[2J\"  -2.00\n")
        let text = TestSupport.run(["check", path])
        #expect(text.status == .problems)
        expectSafe(text.stdout + text.stderr, "check text")
        #expect(text.stderr.contains("control character"))
        let json = TestSupport.run(["check", "--format", "json", path])
        expectSafe(json.stdout, "check json")
        let github = TestSupport.run(["check", "--format", "github", path])
        for line in github.stdout.split(separator: "\n") {
            #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning "), "\(line)")
            #expect(!line.contains("##["), "\(line)")
            #expect(!line.dropFirst(2).contains("::warning title=x::pwned"), "the path is escaped: \(line)")
        }
    }

    @Test func everyReportInEveryFormat() {
        let path = file()
        #expect(TestSupport.run(["check", path]).status == .success)
        let kinds = ["dashboard", "balances", "register", "budget", "review", "people", "subscriptions", "goals", "snapshot", "log"]
        var shown = 0
        for kind in kinds {
            for format in ["text", "csv", "json", "html"] {
                let result = TestSupport.run(["report", kind, path, "--format", format])
                guard result.status == .success else {
                    #expect(result.status == .usage, "\(kind) \(format)")  // a format the report does not have
                    continue
                }
                shown += 1
                expectSafe(result.stdout + result.stderr, "\(kind) \(format)")
                if format == "csv" { expectNoFormulas(result.stdout, "\(kind) csv") }
            }
        }
        // Text and JSON for all ten, CSV and HTML for eight.
        #expect(shown == 36)
        let export = TestSupport.run(["export", "csv", path])
        expectSafe(export.stdout, "export csv")
        expectNoFormulas(export.stdout, "export csv")
    }

    /// Every record has the header's number of fields (quotes doubled per scalar), and no text
    /// cell begins with a formula character; amounts are plain numbers.
    func expectNoFormulas(_ csv: String, _ what: String) {
        let records = csv.components(separatedBy: "\r\n").dropLast()
        let width = fields(records.first ?? "").count
        for record in records {
            let cells = fields(record)
            #expect(cells.count == width, "\(what): \(record)")
            for cell in cells {
                guard let first = cell.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) else { continue }
                let number = cell.dropFirst()
                #expect(first == "-" && !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "." }, "\(what): \(cell)")
            }
        }
    }

    /// RFC 4180 fields, read per Unicode scalar.
    func fields(_ record: String) -> [String] {
        var fields: [String] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        let scalars = Array(record.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\"" {
                    if index + 1 < scalars.count && scalars[index + 1] == "\"" { current.append("\""); index += 1 } else { quoted = false }
                } else {
                    current.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                fields.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
            index += 1
        }
        fields.append(String(current))
        return fields
    }

    @Test func theGuardHoldsAcrossWrites() {
        let captured = CapturedOutput()
        let guarded = GuardedOutput(captured, colour: false)
        guarded.write("a #")
        guarded.write("#[x]\n:")
        guarded.write(":y \u{1B}[2J \u{9B}1m ok\r")
        guarded.write("\n")
        guarded.finish()
        #expect(captured.text == "a #\u{2060}#[x]\n:\u{2060}:y \\u{1B}[2J \\u{9B}1m ok\r\n")
        let terminal = CapturedOutput()
        let coloured = GuardedOutput(terminal, colour: true)
        coloured.write("\u{1B}[1;31merror\u{1B}[0m \u{1B}]0;title\u{7}")
        coloured.finish()
        #expect(terminal.text == "\u{1B}[1;31merror\u{1B}[0m \\u{1B}]0;title\\u{7}")
    }

    /// The fast path (harmless text written as it is, eight bytes at a time where it can)
    /// prints exactly what the careful path prints, over writes of text or bytes made of pieces
    /// that matter to the guard, split at every place, with runs of plain letters and blanks
    /// long enough to be skipped a word at a time.
    @Test func theFastPathChangesNothing() {
        let pieces = ["a", " ", "\t", "\n", "#", "##[", ":", "::", "é", "\u{9B}", "\u{85}", "\r", "\r\n", "\u{1B}", "\u{1B}[1m", "x:y", "#tag", "a,b\r\n", "\r\r\n",
                      "abcdefgh", "        ", "Compte Chèque", "1,234.50 €", "abcdefg#", "abcdefg:",
                      "\t\t\t\t\t\t\t\t", "\n\u{0B}", "\t\u{08}", "\r\n\u{0C}"]
        var generator = LedgerGenerator(seed: 7)
        var wrong: [String] = []
        for _ in 0..<1500 {
            var writes: [String] = []
            for _ in 0..<(1 + generator.next(4)) {
                writes.append((0..<(1 + generator.next(generator.next(2) == 0 ? 6 : 24))).map { _ in pieces[generator.next(pieces.count)] }.joined())
            }
            let asBytes = writes.map { _ in generator.next(2) == 0 }
            for colour in [false, true] {
                func run(_ fast: Bool) -> String {
                    let captured = CapturedOutput()
                    let guarded = GuardedOutput(captured, colour: colour)
                    guarded.fastPath = fast
                    for (text, bytes) in zip(writes, asBytes) {
                        if bytes { Array(text.utf8).withView { guarded.write(bytes: $0) } } else { guarded.write(text) }
                    }
                    guarded.finish()
                    return captured.text
                }
                if run(true) != run(false) { wrong.append(writes.debugDescription) }
            }
        }
        #expect(wrong == [])
    }

    /// The guard's sixteen-byte test says what its byte-by-byte reading says of those bytes
    /// (with the byte after them, as a pair or a carriage return needs it): every byte value at
    /// every place, each pair and `\r` at every place, and random chunks made mostly of such
    /// bytes; its quick first look never misses what the exact test refuses.
    @Test func theSixteenByteTestIsTheByteByByteReading() {
        func refused(_ bytes: [UInt8]) -> Bool {
            (0..<16).contains { place in
                let byte = bytes[place]
                let next = bytes[place + 1]
                switch byte {
                case 0x09, 0x0A: return false
                case 0x0D: return next != 0x0A
                case 0x00...0x1F, 0x7F: return true
                case UInt8(ascii: "#"), UInt8(ascii: ":"): return next == byte
                case 0xC2: return (0x80...0x9F).contains(next)
                default: return false
                }
            }
        }
        var wrong: [String] = []
        var refusedCount = 0
        func judge(_ bytes: [UInt8]) {
            let (exact, quick) = bytes.withUnsafeBytes { (GuardChunk.refuses($0.baseAddress!, 0), GuardChunk.mayRefuse($0.baseAddress!, 0)) }
            if exact != refused(bytes) || (exact && !quick) { wrong.append("\(bytes)") }
            if exact { refusedCount += 1 }
        }
        for value in 0...255 {
            for place in 0..<17 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
                bytes[place] = UInt8(value)
                judge(bytes)
                for after: UInt8 in [0x0A, 0x85, 0x23, 0x3A] where place < 16 {
                    bytes[place + 1] = after
                    judge(bytes)
                    bytes[place + 1] = UInt8(ascii: "a")
                }
            }
        }
        var generator = LedgerGenerator(seed: 3)
        let pieces: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x23, 0x24, 0x39, 0x3A, 0x3B, 0x61, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xC3, 0xFF]
        for _ in 0..<40_000 { judge((0..<17).map { _ in pieces[generator.next(pieces.count)] }) }
        #expect(wrong == [])
        #expect(refusedCount > 1000)
    }

    /// The guard's fast path on long texts: each piece the guard looks at, at every place of
    /// texts long enough for the sixteen-byte loop and its sixty-four-byte steps (in each
    /// quarter of a first and a second step), alone and after a `£` (a step the quick look
    /// flags, read sixteen bytes at a time, before steps of sixty-four again), against the
    /// careful path.
    @Test func longTextsPassTheFastPathAsTheCarefulOne() {
        let pieces = ["#", "##", ":", "::", "\r", "\r\n", "\u{1B}", "\u{85}", "£", "\t", "\n", "\u{7F}", "é"]
        var wrong: [String] = []
        for piece in pieces {
            for place in 0..<140 {
                for length in [17, 33, 40, 47, 65, 80, 129, 150] where place <= length {
                    let base = String(repeating: "abcdefgh", count: 19)
                    let alone = String(base.prefix(place)) + piece + String(base.prefix(length - place))
                    for text in [alone, "£" + alone] {
                        if guarded(text, fast: true) != guarded(text, fast: false) { wrong.append(text.debugDescription) }
                    }
                }
            }
        }
        #expect(wrong == [])
    }

    /// JSON's plain-text check says what a byte-by-byte reading of the
    /// rule says (no quote, backslash, control character, DEL, C1 or `##`), at every place of
    /// texts long enough for the word loop.
    @Test func jsonPlainTextIsJudgedAsByteByByte() {
        func reference(_ bytes: [UInt8]) -> Bool {
            for (index, byte) in bytes.enumerated() {
                let previous = index > 0 ? bytes[index - 1] : 0
                if byte < 0x20 || byte == 0x7F || byte == 0x22 || byte == 0x5C { return false }
                if (0x80...0x9F).contains(byte) && previous == 0xC2 { return false }
                if byte == 0x23 && previous == 0x23 { return false }
            }
            return true
        }
        let pieces = ["a", " ", "é", "€", "#", "##", "\"", "\\", "\u{7F}", "\u{85}", "\u{A0}", "\t", "\n", "x#y", "abcdefgh", "Café, au coin"]
        var generator = LedgerGenerator(seed: 5)
        var wrong: [String] = []
        for _ in 0..<5_000 {
            let text = (0..<(1 + generator.next(12))).map { _ in pieces[generator.next(pieces.count)] }.joined()
            let bytes = Array(text.utf8)
            if bytes.withView(JSONValue.isPlain) != reference(bytes) { wrong.append(text.debugDescription) }
        }
        #expect(wrong == [])
    }

    /// JSON's escaping a byte at a time says what the escaping a scalar at a time says, on texts
    /// made of the characters it escapes (C0, DEL, C1, quotes, backslashes, `##[`), letters,
    /// accents, a `£` (0xC2 not starting a C1) and emoji.
    @Test func jsonEscapingByBytesIsByScalars() {
        let pieces = ["a", " ", "é", "£", "€", "😀", "#", "##[", "[", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}",
                      "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "x#y", "Café, au coin"]
        var generator = LedgerGenerator(seed: 11)
        var wrong: [String] = []
        for _ in 0..<5_000 {
            let text = (0..<(1 + generator.next(16))).map { _ in pieces[generator.next(pieces.count)] }.joined()
            if JSONValue.quote(text) != JSONValue.quoteByScalars(text) { wrong.append(text.debugDescription) }
        }
        #expect(wrong == [])
    }

    /// JSON passes the guard as it is (`GuardedOutput.write(escaped:)`): random hostile texts,
    /// quoted as the JSON writers quote them, laid in lines as reports lay them (as a member,
    /// as a row's cells, as an array's items) and read by the guard's careful path, come out
    /// unchanged; so do the hostile ledger's reports in JSON, read whole, and those written
    /// after a plain write that leaves the guard holding a `#` back.
    @Test func escapedJSONPassesTheGuardUnchanged() {
        let pieces = ["a", " ", "é", "#", "##", "##[", "[", ":", "::", "::warning x", "\"", "\\", "\n", "\r", "\r\n", "\t", "\u{0}",
                      "\u{1B}", "\u{1B}[2J", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "\u{2028}", "=cmd", "  "]
        var generator = LedgerGenerator(seed: 23)
        func careful(_ text: String) -> String { guarded(text, fast: false) }
        var wrong: [String] = []
        for _ in 0..<3_000 {
            let texts = (0..<3).map { _ in (0..<(generator.next(8))).map { _ in pieces[generator.next(pieces.count)] }.joined() }
            let quoted = texts.map { JSONValue.quote($0) }
            let json = "{\n  \(quoted[0]): \(quoted[1]),\n  \"rows\": [\n        {\"a\": \(quoted[1]), \"b\": \(quoted[2])},\n"
                + "        [\(quoted.joined(separator: ", "))]\n  ]\n}\n"
            if careful(json) != json { wrong.append(texts.debugDescription) }
        }
        #expect(wrong == [])
        let path = file()
        for kind in ["dashboard", "balances", "register", "budget", "review", "people", "subscriptions", "goals", "snapshot", "log"] {
            let json = TestSupport.run(["report", kind, path, "--format", "json"]).stdout
            #expect(json.contains("#\\u0023[add-mask]") || kind != "register", "\(kind)")
            #expect(careful(json) == json, "\(kind)")
            // After a plain write the guard holds back (a `#` that may start `##[`), the
            // escaped bytes go the careful way.
            let captured = CapturedOutput()
            let guarded = GuardedOutput(captured, colour: false)
            guarded.write("x#")
            Array(json.utf8).withView { guarded.write(escaped: $0) }
            guarded.finish()
            #expect(captured.text == careful("x#" + json), "\(kind)")
        }
    }

    @Test func cellsAndMarkupEscapePerScalar() {
        #expect(DocumentRenderer.csvField("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(DocumentRenderer.csvText("=1+2") == "'=1+2")
        #expect(DocumentRenderer.csvText("\tx") == "'\tx")
        #expect(DocumentRenderer.csvText("Food") == "Food")
        #expect(HTMLPage.escape("<\u{338}script>") == "&lt;\u{338}script&gt;")
        #expect(JSONValue.quote("##[x] \u{9B}") == "\"#\\u0023[x] \\u009b\"")
        #expect(DiagnosticRenderer.data("a\r\nb ##[c]") == "a%0D%0Ab #\u{2060}#[c]")
        #expect(DiagnosticRenderer.property("p\r\n:,") == "p%0D%0A%3A%2C")
    }
}
