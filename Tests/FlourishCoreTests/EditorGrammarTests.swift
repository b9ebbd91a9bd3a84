import Foundation
import Testing
@testable import FlourishCore

/// What each token of the examples is, as Flourish's own lexer reads it: the classes a
/// highlighter must agree on.
enum TokenClass: String, CaseIterable {
    case date, status, description, tag, name, amount, currency, keyword, directive, comment, path, price

    /// The files the highlighters are tried on, by full path: the examples, and grammar.md's
    /// samples one after another in a file of their own.
    static let files: [String] = {
        let samples = TestSupport.temporaryDirectory() + "/grammar-samples.flourish"
        TestSupport.write(GrammarDocumentTests.examples.joined(separator: "\n"), to: samples)
        return ["examples/household.flourish", "examples/household/accounts.flourish", "examples/drip.flourish", "examples/mistakes.flourish",
                "examples/berlin.flourish", "examples/abroad.flourish", "examples/moving-banks.flourish"].map { TestSupport.root + "/" + $0 } + [samples]
    }()

    /// Every token of every file, with its class, line and UTF-16 columns.
    static func examples() -> [(file: String, line: Int, columns: Range<Int>, text: String, kind: TokenClass)] {
        var found: [(String, Int, Range<Int>, String, TokenClass)] = []
        for path in files {
            let file = SourceFile(path: path, text: TestSupport.read(path))
            let lines = Parser.parse(file, fileIndex: 0, recordLines: true).lines ?? []
            for (index, line) in lines.enumerated() {
                let lineStart = file.lineStarts[index]
                func add(_ token: Token, _ kind: TokenClass) {
                    let before = String(decoding: file.bytes[lineStart..<token.start], as: UTF8.self).utf16.count
                    let text = file.text(token.range)
                    found.append((path, index + 1, before..<before + text.utf16.count, text, kind))
                }
                let words = line.tokens.map { file.text($0.range) }
                for (position, token) in line.tokens.enumerated() {
                    let word = words[position]
                    switch line.kind {
                    case .entryHeader:
                        switch token.kind {
                        case .status: add(token, .status)
                        case .tag: add(token, .tag)
                        case .text, .string: add(token, .description)
                        default: add(token, position == 0 ? .date : .description)
                        }
                    case .posting:
                        if position == 0 || words[position - 1] == "goal" { add(token, .name) }
                        else if word == "goal" { add(token, .keyword) }
                        else { add(token, classify(word, directive: false)) }
                    case .directive:
                        // A misspelt directive is an error; highlighters leave its line alone.
                        guard Keyword(rawValue: words[0]) != nil else { break }
                        if position == 0 { add(token, .directive) } else if token.kind == .text { add(token, .description) }
                        else if words[0] == "include" { add(token, .path) }
                        else if words[0] == "display" { add(token, .keyword) }
                        else if token.kind == .string { add(token, .name) }
                        else { add(token, classify(word, directive: true)) }
                    default:
                        break
                    }
                }
                if let comment = line.comment { add(comment, .comment) }
            }
        }
        return found
    }

    static let subKeywords: Set<String> = ["to", "from", "by", "due", "next", "category", "goal", "weekly", "monthly", "yearly", "income", "expense", "exchange",
                                           "checking", "savings", "cash", "credit", "off-budget", "reserve", "funds", "allowance", "goals", "main-savings",
                                           "daily", "quarterly", "every", "days", "weeks", "months", "on", "day", "last", "until", "times",
                                           "rollover", "overdue-days", "quote", "off", "owed"]

    static func classify(_ word: String, directive: Bool) -> TokenClass {
        if word == "@" || word == "@@" { return .price }
        let scalars = Array(word.unicodeScalars)
        if scalars.count == 10, scalars[4] == "-", scalars[7] == "-", word.replacingOccurrences(of: "-", with: "").allSatisfy(\.isNumber) { return .date }
        if word.last?.isNumber == true || (word.hasSuffix("%") && word.dropLast().last?.isNumber == true),
           word.drop(while: { $0 == "-" || $0 == "+" }).allSatisfy({ $0.isNumber || $0 == "." || $0 == "," || $0 == "%" }) { return .amount }
        if (2...24).contains(scalars.count), word.allSatisfy({ $0.isUppercase && $0.isASCII && $0.isLetter }) { return .currency }
        if directive && subKeywords.contains(word) { return .keyword }
        return .name
    }

    /// The scope a highlighter gives the class (TextMate names).
    var scope: String {
        switch self {
        case .date: return "constant.numeric.date.flourish"
        case .status: return "keyword.operator.status.flourish"
        case .description: return "string.unquoted.description.flourish"
        case .tag: return "entity.name.tag.flourish"
        case .name: return "variable.other.name.flourish"
        case .amount: return "constant.numeric.amount.flourish"
        case .currency: return "constant.other.currency.flourish"
        case .keyword: return "keyword.other.flourish"
        case .directive: return "keyword.control.directive.flourish"
        case .comment: return "comment.line.semicolon.flourish"
        case .path: return "string.quoted.double.path.flourish"
        case .price: return "keyword.operator.price.flourish"
        }
    }
}

/// `editors/flourish.tmLanguage.json`, run over the examples by a small reader of TextMate
/// grammars (`match`, `begin` to the line's end, captures, `include`): every token gets the
/// scope of its class.
@Suite struct TextMateGrammarTests {
    final class Rule {
        var match: NSRegularExpression?
        var name: String?
        var captures: [Int: String] = [:]
        var patterns: [Rule] = []
        var include: String?
    }

    let repository: [String: Rule]
    let top: [Rule]

    init() throws {
        let json = try JSONParser.parse(Array(TestSupport.read(TestSupport.root + "/editors/flourish.tmLanguage.json").utf8))
        func rule(_ value: JSONValue) throws -> Rule {
            let made = Rule()
            made.include = value["include"]?.stringValue.map { String($0.dropFirst()) }
            made.name = value["name"]?.stringValue
            if let pattern = value["match"]?.stringValue ?? value["begin"]?.stringValue {
                made.match = try NSRegularExpression(pattern: pattern)
            }
            for key in ["captures", "beginCaptures"] {
                if case .object(let members)? = value[key] {
                    for (group, scope) in members { made.captures[Int(group) ?? 0] = scope["name"]?.stringValue }
                }
            }
            made.patterns = try (value["patterns"]?.arrayValue ?? []).map(rule)
            return made
        }
        var repository: [String: Rule] = [:]
        if case .object(let members)? = json["repository"] {
            for (key, value) in members { repository[key] = try rule(value) }
        }
        self.repository = repository
        top = try (json["patterns"]?.arrayValue ?? []).map(rule)
    }

    func resolved(_ rules: [Rule]) -> [Rule] {
        rules.flatMap { rule in rule.include.map { repository[$0].map { [$0] } ?? [] } ?? [rule] }
    }

    /// The scope of each UTF-16 unit of a line.
    func scopes(_ line: String) -> [String?] {
        let text = line as NSString
        var scopes = [String?](repeating: nil, count: text.length)
        func paint(_ range: NSRange, _ scope: String?) {
            guard let scope, range.location != NSNotFound else { return }
            for index in range.location..<range.location + range.length { scopes[index] = scope }
        }
        func run(_ rules: [Rule], from start: Int) {
            var position = start
            while position <= text.length {
                var best: (Rule, NSTextCheckingResult)?
                for rule in resolved(rules) {
                    guard let regex = rule.match, let found = regex.firstMatch(in: line, options: [.withTransparentBounds, .withoutAnchoringBounds],
                                                                               range: NSRange(location: position, length: text.length - position)) else { continue }
                    if best == nil || found.range.location < best!.1.range.location { best = (rule, found) }
                }
                guard let (rule, found) = best else { return }
                paint(found.range, rule.name)
                for (group, scope) in rule.captures.sorted(by: { $0.key < $1.key }) where group < found.numberOfRanges { paint(found.range(at: group), scope) }
                let end = found.range.location + found.range.length
                if !rule.patterns.isEmpty { run(rule.patterns, from: end); return }
                position = max(end, position + 1)
            }
        }
        run(top, from: 0)
        return scopes
    }

    @Test func everyTokenOfTheExamplesGetsItsScope() {
        var lines: [String: [String]] = [:]
        var wrong: [String] = []
        var seen = Set<TokenClass>()
        for token in TokenClass.examples() {
            let text = lines[token.file] ?? TestSupport.read(token.file).components(separatedBy: "\n")
            lines[token.file] = text
            let painted = scopes(text[token.line - 1])
            let got = Set(token.columns.map { $0 < painted.count ? painted[$0] ?? "none" : "none" })
            if got != [token.kind.scope] {
                wrong.append("\(token.file):\(token.line) \(token.text): \(token.kind) wanted, got \(got.sorted().joined(separator: ", "))")
            } else {
                seen.insert(token.kind)
            }
        }
        #expect(wrong == [])
        #expect(seen.isSuperset(of: [.date, .status, .description, .tag, .name, .amount, .keyword, .directive, .comment]))
    }
}

/// `editors/vim`, loaded by headless Neovim as a user would (runtime path, filetype detection,
/// syntax on): every token of the examples gets the syntax group of its class.
@Suite struct VimSyntaxTests {
    static func groups(_ kind: TokenClass) -> Set<String> {
        switch kind {
        case .date: return ["flourishDate", "flourishEntryDate"]
        case .keyword: return ["flourishKeyword", "flourishGoalWord"]
        case .description: return ["flourishDescription", "flourishReason"]
        default: return ["flourish" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()]
        }
    }

    @Test(.enabled(if: Tools.has("nvim"), "Neovim is not installed (apt-get install neovim)"))
    func everyTokenOfTheExamplesGetsItsGroup() throws {
        let dir = TestSupport.temporaryDirectory()
        let files = Array(Set(TokenClass.examples().map(\.file))).sorted()
        TestSupport.write("""
        vim.opt.runtimepath:prepend("\(TestSupport.root)/editors/vim")
        vim.cmd("filetype plugin on")
        vim.cmd("syntax on")
        local out = {}
        for _, path in ipairs({ \(files.map { "\"\($0)\"" }.joined(separator: ", ")) }) do
          vim.cmd("edit " .. path)
          table.insert(out, path .. " filetype=" .. vim.bo.filetype .. " commentstring=" .. vim.bo.commentstring)
          for line = 1, vim.fn.line("$") do
            local text = vim.fn.getline(line)
            for col = 1, #text do
              local name = vim.fn.synIDattr(vim.fn.synID(line, col, 1), "name")
              table.insert(out, path .. ":" .. line .. ":" .. col .. " " .. name)
            end
          end
        end
        vim.fn.writefile(out, "\(dir)/out.txt")
        vim.cmd("qa!")
        """, to: dir + "/syntax.lua")
        try Tools.runNeovim(script: dir + "/syntax.lua")
        var group: [String: String] = [:]
        var settings: [String] = []
        for line in TestSupport.read(dir + "/out.txt").split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts[1].hasPrefix("filetype=") { settings.append(String(line)) } else { group[parts[0]] = parts[1] }
        }
        #expect(settings == files.map { "\($0) filetype=flourish commentstring=; %s" })
        var wrong: [String] = []
        for token in TokenClass.examples() {
            // Neovim counts columns in bytes.
            let line = TestSupport.read(token.file).components(separatedBy: "\n")[token.line - 1]
            let start = String(line.utf16.prefix(token.columns.lowerBound))!.utf8.count
            let columns = (start + 1)...(start + token.text.utf8.count)
            let got = Set(columns.map { group["\(token.file):\(token.line):\($0)"] ?? "none" })
            if !got.isSubset(of: Self.groups(token.kind)) {
                wrong.append("\(token.file):\(token.line) \(token.text): \(token.kind) wanted, got \(got.sorted().joined(separator: ", "))")
            }
        }
        #expect(wrong == [])
    }
}

/// `editors/emacs/flourish-mode.el`, loaded by Emacs in batch as a user would (`require`,
/// the mode, font-lock): every token of the examples gets the face of its class.
@Suite struct EmacsHighlightTests {
    static func faces(_ kind: TokenClass) -> Set<String> {
        switch kind {
        case .date: return ["font-lock-constant-face"]
        case .status: return ["font-lock-warning-face"]
        case .description: return ["font-lock-doc-face"]
        case .tag: return ["font-lock-type-face"]
        case .name: return ["font-lock-variable-name-face"]
        case .amount, .path: return ["font-lock-string-face"]
        case .currency: return ["font-lock-builtin-face"]
        case .keyword: return ["font-lock-preprocessor-face"]
        case .directive, .price: return ["font-lock-keyword-face"]
        case .comment: return ["font-lock-comment-face", "font-lock-comment-delimiter-face"]
        }
    }

    @Test(.enabled(if: Tools.has("emacs"), "Emacs is not installed (apt-get install emacs-nox)"))
    func everyTokenOfTheExamplesGetsItsFace() throws {
        let dir = TestSupport.temporaryDirectory()
        let files = Array(Set(TokenClass.examples().map(\.file))).sorted()
        let script = """
        (add-to-list 'load-path "\(TestSupport.root)/editors/emacs")
        (require 'flourish-mode)
        (with-temp-file "\(dir)/out.txt"
          (dolist (path '(\(files.map { "\"\($0)\"" }.joined(separator: " "))))
            (let ((out (current-buffer)))
              (with-temp-buffer
                (insert-file-contents path)
                (flourish-mode)
                (font-lock-ensure)
                (goto-char (point-min))
                (let ((line 1))
                  (while (not (eobp))
                    (let ((col 1))
                      (while (not (eolp))
                        (let ((face (get-text-property (point) 'face)))
                          (with-current-buffer out
                            (insert (format "%s:%d:%d %s\\n" path line col (if (consp face) (car face) face)))))
                        (forward-char 1)
                        (setq col (1+ col))))
                    (forward-line 1)
                    (setq line (1+ line))))))))
        """
        TestSupport.write(script, to: dir + "/faces.el")
        let result = Tools.run(Tools.path("emacs")!, ["--batch", "-Q", "-l", dir + "/faces.el"])
        try #require(result.status == 0, "\(result.output)")
        var face: [String: String] = [:]
        for line in TestSupport.read(dir + "/out.txt").split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 { face[parts[0]] = parts[1] }
        }
        var wrong: [String] = []
        for token in TokenClass.examples() {
            // Emacs counts columns in characters.
            let line = TestSupport.read(token.file).components(separatedBy: "\n")[token.line - 1]
            let start = String(line.utf16.prefix(token.columns.lowerBound))!.unicodeScalars.count
            let columns = (start + 1)...(start + token.text.unicodeScalars.count)
            let got = Set(columns.map { face["\(token.file):\(token.line):\($0)"] ?? "none" })
            if !got.isSubset(of: Self.faces(token.kind)) {
                wrong.append("\(token.file):\(token.line) \(token.text): \(token.kind) wanted, got \(got.sorted().joined(separator: ", "))")
            }
        }
        #expect(wrong == [])
    }
}
