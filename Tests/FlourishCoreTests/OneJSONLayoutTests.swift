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
