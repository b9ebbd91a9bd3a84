import Foundation
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
        let commands = try #require(Self.blocks(in: "README.md", language: "sh").first)
        #expect(commands.contains("swift run flourish check examples/household.flourish"))
        #expect(commands.contains("swift test"))
        #expect(TestSupport.read(TestSupport.root + "/.ci/run").contains("\nswift test\n"))
    }

    /// Every `swift run flourish report …` block of the README and the docs followed by a text
    /// block prints exactly that text.
    @Test func readmeSamplesAreRealOutput() throws {
        var checked = 0
        for document in ["README.md", "docs/reports.md", "docs/guide.md", "docs/commands.md"] {
            checked += samples(in: document)
        }
        #expect(checked >= 11)
    }

    /// Runs the report samples of one document; how many there were.
    func samples(in document: String) -> Int {
        let text = TestSupport.read(TestSupport.root + "/" + document)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```sh", index + 3 < lines.count, lines[index + 2] == "```",
                  lines[index + 1].hasPrefix("swift run flourish report"), lines[index + 3] == "",
                  index + 4 < lines.count, lines[index + 4] == "```text" else { continue }
            let arguments = TestSupport.shellWords(String(lines[index + 1].dropFirst("swift run flourish ".count))).map {
                $0.hasPrefix("examples/") ? TestSupport.root + "/" + $0 : $0
            }
            var shown: [String] = []
            var cursor = index + 5
            while cursor < lines.count && lines[cursor] != "```" { shown.append(lines[cursor]); cursor += 1 }
            let result = TestSupport.run(arguments)
            let actual = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(actual == shown.joined(separator: "\n") + "\n", "\(document) sample: \(lines[index + 1])")
            checked += 1
        }
        return checked
    }

    /// docs/json.md names every table and column the JSON reports print.
    @Test func jsonDocumentationCoversEveryTable() throws {
        let documentation = TestSupport.read(TestSupport.root + "/docs/json.md")
        let household = TestSupport.root + "/examples/household.flourish"
        for kind in ["dashboard", "balances", "register", "budget", "review", "people", "subscriptions", "goals"] {
            let output = TestSupport.run(["report", kind, household, "--format", "json", "--settle"].filter { kind == "people" || $0 != "--settle" }).stdout
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            for table in object["tables"] as? [[String: Any]] ?? [] {
                let id = try #require(table["id"] as? String)
                #expect(documentation.contains("`\(id)`"), "docs/json.md lacks table \(id) of \(kind)")
                for column in table["columns"] as? [String] ?? [] {
                    #expect(documentation.contains("`\(column)`"), "docs/json.md lacks column \(column) of \(kind)/\(id)")
                }
            }
        }
    }
}
