import Testing
@testable import FlourishCore

/// JSON is written one way (`JSONValue`, its strings by `JSONValue.quote`): the reports that
/// stream their tables a row at a time (`DocumentRenderer.json`, `JSONRows`, a row a line)
/// and the ones that build a whole value (due, forecast, snapshot, log) differ from the value
/// written on one line (`compact`, as the language server writes) only in blanks and line
/// breaks between tokens — every string escaped alike — on every example ledger, every report.
@Suite struct OneJSONLayoutTests {
    /// The text without the blanks and line breaks outside strings.
    static func tokens(_ json: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for character in json {
            if inString {
                out.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
                out.append(character)
            } else if !character.isWhitespace {
                out.append(character)
            }
        }
        return out
    }

    static func agrees(_ json: String) throws -> Bool {
        try JSONParser.parse(Array(json.utf8)).compact() == tokens(json)
    }

    /// A frame's header gives its body's length before the body is written (`compactCount`):
    /// the count is the length written, for every kind of value and every string that needs
    /// escapes (quotes, backslashes, control and C1 characters, `##[`, line breaks, emoji).
    @Test(arguments: 0..<20)
    func compactCountIsTheLengthWritten(seed: Int) {
        var generator = LedgerGenerator(seed: UInt64(7_000 + seed))
        let pieces = ["a", "é", "🙂", "\"", "\\", "\n", "\r\n", "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9B}", "##[", "::", " ", "漢"]
        func text() -> String { (0..<generator.next(6)).map { _ in pieces[generator.next(pieces.count)] }.joined() }
        func value(_ depth: Int) -> JSONValue {
            switch generator.next(depth > 2 ? 5 : 8) {
            case 0: return .string(text())
            case 1: return .integer(generator.next(3) == 0 ? -generator.next(1_000_000) : generator.next(100))
            case 2: return .bool(generator.next(2) == 0)
            case 3: return .null
            case 4: return .written(Array("{\"x\":[1,2]}".utf8))
            case 5, 6: return .array((0..<generator.next(4)).map { _ in value(depth + 1) })
            default: return .object((0..<generator.next(4)).map { _ in (text(), value(depth + 1)) })
            }
        }
        for _ in 0..<50 {
            let message = value(0)
            #expect(message.compactCount == message.compactBytes().count, "\(message.compact())")
            // Framed: the header's length is the body's, and the body is the value's.
            let framed = LanguageServer.framed(message)
            let (body, consumed) = LanguageServer.frame(framed)!
            #expect(consumed == framed.count)
            #expect(body == message.compactBytes())
        }
    }

    static let reports = ["dashboard", "balances", "register", "budget", "review", "people", "subscriptions",
                          "goals", "forecast", "snapshot", "log"]

    @Test func everyReportOnEveryExample() throws {
        for example in ["household", "drip", "berlin"] {
            let path = TestSupport.root + "/examples/\(example).flourish"
            for kind in Self.reports {
                let result = TestSupport.run(["report", kind, "--format", "json", path])
                #expect(result.status == .success, "\(example) \(kind): \(result.stderr)")
                #expect(try Self.agrees(result.stdout), "\(example) \(kind)")
            }
            let due = TestSupport.run(["due", "--format", "json", path])
            #expect(try Self.agrees(due.stdout), "\(example) due")
        }
    }

    @Test func textThatMustBeEscaped() throws {
        let ledger = """
        currency EUR 2
        account "Compte \\"Chèque\\"" checking
        category "Food\\tand ##[drink]"

        opening 2026-01-01 "Compte \\"Chèque\\"" 100.00

        2026-01-02 "=cmd, \\"quoted\\" \\\\ back ##[error]"  #x
          "Food\\tand ##[drink]"  12.50
          "Compte \\"Chèque\\""

        """
        let directory = TestSupport.temporaryDirectory()
        TestSupport.write(ledger, to: directory + "/l.flourish")
        for kind in ["register", "balances", "budget"] {
            let result = TestSupport.run(["report", kind, "--format", "json", directory + "/l.flourish"])
            #expect(result.status == .success, "\(kind): \(result.stderr)")
            #expect(result.stdout.contains("#\\u0023["), "\(kind)")
            #expect(try Self.agrees(result.stdout), "\(kind)")
        }
    }
}
