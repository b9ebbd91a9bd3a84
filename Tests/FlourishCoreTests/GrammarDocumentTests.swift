import Testing
@testable import FlourishCore

/// grammar.md is the contract: its examples must read as it says.
@Suite struct GrammarDocumentTests {
    /// The ledger examples of grammar.md (fenced blocks without a language).
    static let examples = blocks(in: "grammar.md", language: "")

    /// The fenced blocks of a document in the given language ("" for unlabelled blocks).
    static func blocks(in document: String, language: String) -> [String] {
        let text = TestSupport.read(TestSupport.root + "/" + document)
        var blocks: [String] = []
        var body: [Substring] = []
        var fence: (indent: Int, isLedger: Bool)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix(while: { $0 == " " }).count
            let trimmed = line.dropFirst(indent)
            if trimmed.hasPrefix("```") {
                if let open = fence {
                    if open.isLedger { blocks.append(body.joined(separator: "\n") + "\n") }
                    fence = nil
                } else {
                    fence = (indent, trimmed == "```" + language)
                    body = []
                }
                continue
            }
            if let open = fence { body.append(line.dropFirst(min(indent, open.indent))) }
        }
        return blocks
    }

    @Test func theOpeningExampleChecksClean() throws {
        let first = try #require(Self.examples.first)
        let loaded = TestSupport.load(first)
        let diagnostics = Validator.validate(loaded)
        #expect(diagnostics.isEmpty, "\(DiagnosticRenderer(files: loaded.ledger.files).render(diagnostics))")
        #expect(loaded.ledger.entries.count == 1)
    }

    @Test func everyExampleParses() {
        #expect(Self.examples.count >= 18)
        for example in Self.examples {
            let result = Formatter.format(SourceFile(path: "grammar.md", text: example))
            #expect(result.diagnostics.isEmpty, "\(example)")
        }
    }

    @Test func everyKeywordIsDocumented() {
        let text = TestSupport.read(TestSupport.root + "/grammar.md")
        for keyword in Keyword.allCases {
            #expect(text.contains("\"\(keyword.rawValue)\""), "grammar.md has no EBNF rule for \(keyword.rawValue)")
        }
    }

    @Test func readmeTourChecksClean() throws {
        let tour = Self.blocks(in: "README.md", language: "")
        #expect(tour.count == 1)
        let loaded = TestSupport.load(try #require(tour.first))
        let diagnostics = Validator.validate(loaded)
        #expect(diagnostics.isEmpty, "\(DiagnosticRenderer(files: loaded.ledger.files).render(diagnostics))")
    }

    @Test func readmeShowsRealOutput() throws {
        let shown = try #require(Self.blocks(in: "README.md", language: "text").first)
        let actual = TestSupport.run(["check", TestSupport.root + "/examples/mistakes.flourish"]).stderr
        for line in shown.split(separator: "\n") where line != "…" {
            #expect(actual.contains(line + "\n"), "README shows a line check does not print: \(line)")
        }
        let snapshot = try #require(Self.blocks(in: "README.md", language: "text").dropFirst().first)
        #expect(snapshot == TestSupport.run(["report", "snapshot", TestSupport.root + "/examples/drip.flourish"]).stdout)
        let commands = try #require(Self.blocks(in: "README.md", language: "sh").first)
        #expect(commands.contains("swift run flourish check examples/household.flourish"))
        #expect(commands.contains("swift test"))
        #expect(TestSupport.read(TestSupport.root + "/.ci/run").contains("\nswift test\n"))
    }
}
