/// Quick fixes for the problems `check` finds, offered where they are: the did-you-mean name,
/// declaring an unknown name, balancing an entry by its last amount, quoting a name of several
/// words, keeping ours, theirs or both of a conflict block.
extension LanguageServer {
    func codeActions(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri],
              let start = Self.offset(params["range"]?["start"], bytes), let end = Self.offset(params["range"]?["end"], bytes),
              start <= end, let view = validated(uri) else { return .array([]) }
        let ledger = view.ledger
        let file = view.source
        // The problems on the lines the range touches.
        let lines = file.line(containing: start).number...file.line(containing: end).number
        var actions: [JSONValue] = []
        var quoted = Set<Int>()
        // The file's lines as the parser reads them, read only when a problem in range needs
        // them (a request without one, as editors send at each move of the cursor, reads nothing).
        var parsedLines: [SyntaxLine]?
        func syntax() -> [SyntaxLine] {
            if let parsedLines { return parsedLines }
            let lines = Parser.parse(file, fileIndex: 0, recordLines: true).lines ?? []
            parsedLines = lines
            return lines
        }
        for diagnostic in view.result.diagnostics where diagnostic.location.file == view.file {
            let location = diagnostic.location
            let line = file.line(containing: Int(location.start)).number
            // An entry that does not balance is fixed from any of its lines, not only its date line.
            var span = line...line
            if case .unbalancedEntry = diagnostic.problem,
               let entry = ledger.entries.first(where: { $0.location.file == view.file && $0.location.range.contains(Int(location.start)) }),
               let end = ledger.postings[entry.postings].map({ Int(($0.amountLocation ?? $0.target.location).end) }).max() {
                span = line...max(line, file.line(containing: end).number)
            }
            guard lines.overlaps(span) else { continue }
            let problem = Self.diagnosticJSON(diagnostic, file)
            func action(_ title: String, _ edits: [(Range<Int>, String)], preferred: Bool = false) -> JSONValue {
                .object([("title", .string(title)), ("kind", .string("quickfix")), ("diagnostics", .array([problem])),
                         ("isPreferred", .bool(preferred)),
                         ("edit", .object([("changes", .object([(uri, .array(edits.map { range, text in
                             .object([("range", .object([("start", Self.position(range.lowerBound, file)), ("end", Self.position(range.upperBound, file))])),
                                      ("newText", .string(text))])
                         }))]))]))])
            }
            switch diagnostic.problem {
            case .unknownName(let name, let expected, let suggestion, _):
                if let suggestion {
                    actions.append(action("Replace with \(suggestion)", [(location.range, StringLiteral.name(suggestion))], preferred: true))
                }
                let insertion = Self.declarationInsertionPoint(ledger, file: view.file)
                let written = StringLiteral.name(name)
                for (word, declaration) in [("category", "category \(written)"), ("account", "account \(written) checking"), ("person", "person \(written)")]
                where expected.split(separator: " ").contains(where: { $0.hasPrefix(word) }) {
                    actions.append(action("Declare \(name) as \(word == "account" ? "an account" : "a " + word)", [(insertion..<insertion, declaration + "\n")]))
                }
            case .unbalancedEntry(let sum, _):
                guard let entry = ledger.entries.first(where: { $0.location.file == view.file && $0.location.range.contains(Int(location.start)) }),
                      let last = ledger.postings[entry.postings].last, let amount = last.amountLocation,
                      file.text(amount.range).allSatisfy({ $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }),
                      let balanced = try? last.amount - sum else { continue }
                let text = balanced.formatted(decimals: ledger.currency?.decimals ?? 2, grouping: false)
                actions.append(action("Balance this entry: make the last amount \(text)", [(amount.range, text)], preferred: true))
            case .mergeConflict:
                let text = Array(file.bytes[0..<file.bytes.count])
                guard let block = ConflictBlock.find(in: text, at: Int(location.start)) else { continue }
                func part(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
                actions.append(action("Keep ours", [(block.whole, part(block.ours))]))
                actions.append(action("Keep theirs", [(block.whole, part(block.theirs))]))
                var both = part(block.ours)
                if !both.isEmpty, !both.hasSuffix("\n") { both += "\n" }
                if !both.isEmpty, !block.theirs.isEmpty { both += "\n" }
                actions.append(action("Keep both (ours first)", [(block.whole, both + part(block.theirs))]))
            default:
                break
            }
            // A name of several words written without quotes.
            if !quoted.contains(line), case let lines = syntax(), line - 1 < lines.count, let words = Self.unquotedName(in: lines[line - 1], file) {
                quoted.insert(line)
                let name = file.text(words)
                actions.append(action("Quote the name \(name)", [(words, StringLiteral.quote(name))], preferred: true))
            }
        }
        return .array(actions)
    }

    /// A diagnostic as the client was sent it (a code action names the problems it fixes).
    static func diagnosticJSON(_ diagnostic: Diagnostic, _ file: SourceFile) -> JSONValue {
        .object([("range", .object([("start", position(Int(diagnostic.location.start), file)), ("end", position(Int(diagnostic.location.end), file))])),
                 ("code", .string(diagnostic.id)), ("source", .string("flourish")), ("message", .string(diagnostic.message))])
    }

    /// After the last declaration of the document's file, or, without one, after its header:
    /// the comment lines at its top and the `currency`, `display` and `month-start` lines.
    static func declarationInsertionPoint(_ ledger: Ledger, file index: UInt32) -> Int {
        let file = ledger.files[Int(index)]
        let declarations = (ledger.accounts.map(\.location) + ledger.categories.map(\.location) + ledger.people.map(\.location)).filter { $0.file == index }
        guard let last = declarations.max(by: { $0.start < $1.start }) else {
            var start = 0
            while start < file.bytes.count {
                let range = file.lineRange(startingAt: start)
                let line = file.text(range)
                let header = line.hasPrefix(";") || line.hasPrefix("#") || ["currency ", "display ", "month-start "].contains { line.hasPrefix($0) }
                guard header else { break }
                start = min(file.bytes.count, range.upperBound + 1)
            }
            return start
        }
        let (_, start) = file.line(containing: Int(last.start))
        return min(file.bytes.count, file.lineRange(startingAt: start).upperBound + 1)
    }

    /// The bytes of a bare name of two or more words on a split line or a declaration: the
    /// words before the amount (a split line), or between the keyword and what may follow the
    /// name (an account's kind and flags, a category's `income` or `expense`).
    static func unquotedName(in line: SyntaxLine, _ file: SourceFile) -> Range<Int>? {
        if line.kind == .posting { return unquotedPostingName(in: line, file) }
        let words = line.tokens.map { file.text($0.range) }
        var first = 0
        var last = words.count  // one past the name's last word
        switch line.kind {
        case .posting:
            last = words.firstIndex { word in word.first.map { $0.isNumber || "-+(.$€£¥".contains($0) } ?? false } ?? words.count
        case .directive:
            first = 1
            switch words.first {
            case "account":
                while last > first + 1, Account.Kind(rawValue: words[last - 1]) != nil || Account.Flag(rawValue: words[last - 1]) != nil { last -= 1 }
            case "category":
                if last > first + 1, ["income", "expense"].contains(words[last - 1]) { last -= 1 }
            case "person":
                break
            default:
                return nil
            }
        default:
            return nil
        }
        guard last - first >= 2, line.tokens[first..<last].allSatisfy({ $0.kind == .word }) else { return nil }
        return line.tokens[first].start..<line.tokens[last - 1].end
    }

    /// A split line's words before its amount, read from the line as written (the tokens a
    /// line records stop where reading it failed: `Gifts & Giving  90.00` stops at `&`).
    private static func unquotedPostingName(in line: SyntaxLine, _ file: SourceFile) -> Range<Int>? {
        guard let first = line.tokens.first else { return nil }
        let (_, lineStart) = file.line(containing: Int(first.start))
        let end = file.lineRange(startingAt: lineStart).upperBound
        var words: [Range<Int>] = []
        var index = Int(first.start)
        while index < end {
            let byte = file.bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1; continue }
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\"") { break }  // a comment, or a name already quoted
            let start = index
            while index < end, file.bytes[index] != UInt8(ascii: " "), file.bytes[index] != UInt8(ascii: "\t") { index += 1 }
            words.append(start..<index)
        }
        let amount = words.firstIndex { word in
            let text = file.text(word)
            return text.first.map { $0.isNumber || "-+(.$€£¥".contains($0) } ?? false
        } ?? words.count
        guard amount >= 2 else { return nil }
        return words[0].lowerBound..<words[amount - 1].upperBound
    }
}
