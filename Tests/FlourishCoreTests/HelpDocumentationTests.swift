import Testing
@testable import FlourishCore

/// The help pages are the one home of each command's options; README's tables and every
/// example must agree with them.
@Suite struct HelpDocumentationTests {
    static let commands = ["check", "fmt", "report", "export", "convert", "add", "import", "due", "record", "lsp", "completions", "help"]

    /// The options a help page lists: each spelling on the OPTIONS lines (`-f`, `--file`).
    static func options(of page: String) -> Set<String> {
        var options: Set<String> = []
        var inOptions = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { inOptions = line == "OPTIONS:"; continue }
            guard inOptions, line.hasPrefix("  -") else { continue }
            // The option column is the first 24 characters: `-f, --file <file>`.
            let head = line.dropFirst(2).prefix(22)
            for word in head.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                options.insert(String(word))
            }
        }
        return options
    }

    /// The example lines of a help page.
    static func examples(of page: String) -> [String] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "EXAMPLES:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: commands)
    func everyPageHasExamplesThatUseItsOwnOptions(command: String) throws {
        let page = try #require(HelpText.page(for: command))
        #expect(page.contains("\nUSAGE: flourish \(command)"))
        let examples = Self.examples(of: page)
        #expect(!examples.isEmpty, "\(command) has no examples")
        let known = Self.options(of: page).union(command == "help" ? ["--man"] : [])
        for example in examples {
            // The flourish part of the line: from `flourish` up to a redirection or the next command.
            let all = TestSupport.shellWords(example)
            let words = all[(all.firstIndex(of: "flourish") ?? 0)...].prefix { ![">", "|", "&&"].contains($0) }
            #expect(Array(words.prefix(2)) == ["flourish", command], "\(example)")
            for word in words.dropFirst(2) where word.hasPrefix("-") && word != "-" && !Invocation.isNegativeNumber(word) {
                let name = String(word.prefix { $0 != "=" })
                #expect(known.contains(name), "\(command): '\(name)' in '\(example)' is not on the help page")
            }
        }
    }

    /// Each example of `report` runs on the household example (its files renamed).
    @Test func reportExamplesRun() throws {
        let household = TestSupport.root + "/examples/household.flourish"
        for example in Self.examples(of: HelpText.report) {
            var arguments = Array(TestSupport.shellWords(example).dropFirst())
            arguments = arguments.map { $0 == "budget.flourish" ? household : $0 }
            if let output = arguments.firstIndex(of: "-o") { arguments[output + 1] = TestSupport.temporaryDirectory() + "/out.html" }
            if !arguments.contains(household) { arguments += ["-f", household] }
            let result = TestSupport.run(arguments)
            #expect(result.status == .success, "\(example): \(result.stderr)")
        }
    }

    /// docs/commands.md's table of report options lists exactly the options `flourish help report` does.
    @Test func readmeReportOptionsMatchTheHelp() throws {
        let readme = TestSupport.read(TestSupport.root + "/docs/commands.md")
        let section = try #require(readme.components(separatedBy: "### Options of `flourish report`").dropFirst().first)
        var listed: Set<String> = []
        for line in section.split(separator: "\n").prefix(while: { !$0.hasPrefix("#") }) where line.hasPrefix("| `-") {
            let first = line.dropFirst(2).prefix { $0 != "|" }
            for piece in first.split(separator: "`") where piece.hasPrefix("-") {
                listed.insert(String(piece.split(separator: " ").first!))
            }
        }
        #expect(listed == Self.options(of: HelpText.report))
    }

    /// Every option docs/commands.md's command table names for a command is on that command's help page.
    @Test func readmeCommandTableUsesRealOptions() throws {
        let readme = TestSupport.read(TestSupport.root + "/docs/commands.md")
        var rows = 0
        for line in readme.split(separator: "\n") where line.hasPrefix("| `flourish ") {
            let command = String(line.dropFirst("| `flourish ".count).prefix { $0 != " " && $0 != "`" })
            guard let page = HelpText.page(for: command) else { continue }
            rows += 1
            let known = Self.options(of: page).union(["--man", "--version", "-h", "--help"])
            for piece in line.split(whereSeparator: { $0 == "`" || $0 == " " || $0 == "[" || $0 == "]" || $0 == "(" || $0 == ")" || $0 == "," })
            where piece.hasPrefix("--") || (piece.count == 2 && piece.hasPrefix("-")) {
                let name = String(piece.prefix { $0 != "=" && $0 != "\\" })
                #expect(known.contains(name), "README names '\(name)' for \(command)")
            }
        }
        #expect(rows >= 13)
    }

    /// `flourish help` lists the environment variables and exit statuses, the same as docs/commands.md's table.
    @Test func mainHelpListsTheEnvironmentAndExitStatuses() throws {
        let main = TestSupport.run(["help"]).stdout
        for variable in ["FLOURISH_FILE", "FLOURISH_INCLUDE_PATH", "NO_COLOR"] {
            #expect(main.contains("\n  \(variable) "), "\(variable)")
        }
        let exit = try #require(main.components(separatedBy: "EXIT STATUS:\n").dropFirst().first)
        let helpCodes = exit.split(separator: "\n").prefix { $0.hasPrefix("  ") }.joined(separator: " ")
            .split(whereSeparator: { !$0.isNumber && $0 != " " }).joined().split(separator: " ")
        let readme = TestSupport.read(TestSupport.root + "/docs/commands.md")
        let table = try #require(readme.components(separatedBy: "## Exit status").dropFirst().first)
        let readmeCodes = table.split(separator: "\n").filter { $0.hasPrefix("| ") }.compactMap { Int($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(Set(helpCodes.compactMap { Int($0) }).isSuperset(of: readmeCodes))
        #expect(Set(readmeCodes) == [0, 1, 64, 66, 70, 74])
    }
}
