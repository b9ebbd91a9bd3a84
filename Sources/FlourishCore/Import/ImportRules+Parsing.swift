extension ImportRules {
    /// Reads a rules file (grammar.md, "Import rules"); problems are diagnostics in `file`.
    /// Names to check against the ledger: the name, where, and what it may be.
    typealias NameUse = (name: String, location: SourceLocation, kinds: [NameIndex.Kind])

    static func parse(_ file: SourceFile, fileIndex: Int) -> (rules: ImportRules?, diagnostics: [Diagnostic], names: [NameUse]) {
        let parsed = parse(file, fileIndex: fileIndex, statement: nil, include: nil)
        return (parsed.rules, parsed.diagnostics, parsed.names)
    }

    /// The rules for the statement named `statement` (its file name): the rules outside any
    /// `statement GLOB` section, and those of the sections whose glob matches it. `include`
    /// reads a rules file an `include "PATH"` line names (as written, and relative to the
    /// including file), and
    /// gives it the next file index, or the problem that keeps it out (`Confinement`); the
    /// files read are returned for diagnostics. An included file whose first line is not a
    /// rule is named, and none of its lines shown.
    static func parse(_ file: SourceFile, fileIndex: Int, statement: String?,
                      include: ((_ written: String, _ shown: String) -> Swift.Result<SourceFile, IncludeFailure>)?) -> (rules: ImportRules?, diagnostics: [Diagnostic], names: [NameUse], included: [SourceFile]) {
        var reader = RulesReader(statement: statement, include: include)
        reader.read(file, fileIndex)
        reader.close()
        reader.finish(fileIndex)
        return (reader.diagnostics.isEmpty ? reader.rules : nil, reader.diagnostics, reader.names, reader.included)
    }

    /// One line's words after its first, as read for a rule.
    fileprivate struct RuleLine {
        let tokens: [Token]
        let file: SourceFile
        let fileIndex: Int
        /// Where the line's content ends (for "expected … at the end").
        let contentEnd: Int

        /// Word `index`, unquoted.
        func text(_ index: Int) -> String? {
            guard index < tokens.count else { return nil }
            let raw = file.text(tokens[index].range)
            return tokens[index].kind == .string ? StringLiteral.unquote(raw) : raw
        }

        func location(_ index: Int) -> SourceLocation { SourceLocation(file: fileIndex, range: tokens[index].range) }
        var end: SourceLocation { SourceLocation(file: fileIndex, range: contentEnd..<contentEnd) }
    }

    /// Reading a rules file and the files it includes: the rules so far, the problems found,
    /// the names to check against the ledger, and where the reading stands (the open `if`
    /// block, the `statement` section).
    fileprivate struct RulesReader {
        let statement: String?
        let include: ((_ written: String, _ shown: String) -> Swift.Result<SourceFile, IncludeFailure>)?
        var rules = ImportRules()
        var diagnostics: [Diagnostic] = []
        var names: [NameUse] = []
        var included: [SourceFile] = []
        /// The `if` block whose indented action lines are being read.
        var open: ImportRule?
        var seen: Set<ImportRuleKeyword> = []
        /// Sections whose glob does not match the statement are read past.
        var active = true
        var sections: [String] = []
        /// The files being read, outermost first (an include may not come back to one).
        var reading: [String] = []
        static let anyTarget: [NameIndex.Kind] = [.account, .category, .incomeCategory, .person]

        init(statement: String?, include: ((_ written: String, _ shown: String) -> Swift.Result<SourceFile, IncludeFailure>)?) {
            self.statement = statement
            self.include = include
        }

        mutating func report(_ problem: Problem, _ at: SourceLocation) { diagnostics.append(Diagnostic(problem, at: at)) }

        mutating func close() {
            if let rule = open { rules.rules.append(rule) }
            open = nil
        }

        /// Every line of `file`.
        mutating func read(_ file: SourceFile, _ fileIndex: Int) {
            reading.append(file.path)
            defer { reading.removeLast() }
            file.bytes.withView { buffer in
                var start = 0
                while start < buffer.count {
                    let end = buffer.firstIndex(of: UInt8(ascii: "\n"), from: start, to: buffer.count) ?? buffer.count
                    var contentEnd = end
                    if contentEnd > start && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                    line(buffer, start..<contentEnd, file, fileIndex)
                    start = end + 1
                }
            }
        }

        /// One line: an action of the open `if` block when indented, else a rule.
        mutating func line(_ buffer: ByteView, _ range: Range<Int>, _ file: SourceFile, _ fileIndex: Int) {
            // As in a ledger: UTF-8 without control characters (but tab).
            switch buffer.firstTextIssue(in: range) {
            case .invalid(let at, let byte)?:
                return report(.invalidUTF8(byte: byte), SourceLocation(file: fileIndex, range: at..<at + 1))
            case .control(let at, let byte)?:
                return report(.controlCharacter(byte: byte), SourceLocation(file: fileIndex, range: at..<at + 1))
            case nil:
                break
            }
            var reader = LineReader(cursor: ByteCursor(bytes: buffer, offset: range.lowerBound, end: range.upperBound))
            let indented = !range.isEmpty && ByteClass.isBlank(buffer[range.lowerBound])
            guard let first = reader.next() else { return }
            let word = file.text(first.range)
            var tokens: [Token] = []
            while let token = reader.next() { tokens.append(token) }
            let firstLocation = SourceLocation(file: fileIndex, range: first.range)
            if indented {
                // A section for other statements is read past, its `if` blocks' actions too.
                guard active else { return }
                guard open != nil else {
                    return report(.unexpectedText(word, hint: "indented lines are the actions of an `if` rule above them"), firstLocation)
                }
                var found: [Diagnostic] = []
                ImportRules.parseAction(word, first, tokens, into: &open!, file: file, fileIndex: fileIndex,
                                        names: &names, anyTarget: Self.anyTarget) { found.append(Diagnostic($0, at: $1)) }
                diagnostics += found
                return
            }
            close()
            guard let keyword = ImportRuleKeyword(rawValue: word) else {
                return report(.unknownRule(word, suggestion: Suggestion.closest(to: word, among: ImportRuleKeyword.allCases.map(\.rawValue))),
                              firstLocation)
            }
            let line = RuleLine(tokens: tokens, file: file, fileIndex: fileIndex, contentEnd: range.upperBound)
            if keyword == .statement {
                guard let pattern = line.text(0) else {
                    return report(.expected("the statement's file name, e.g. \"bank-*.csv\"", found: nil), firstLocation)
                }
                sections.append(pattern)
                active = statement.map { ImportRules.glob(pattern, $0) } ?? true
                return
            }
            guard active else { return }
            seen.insert(keyword)
            rule(keyword, line, first: firstLocation, lineNumber: file.line(containing: range.lowerBound).number)
        }

        /// A column named by number (1 for the first) or by a quoted header name, which is
        /// resolved when the statement is read (`ImportRules.resolvingHeader`) and stands here as
        /// a negative index.
        mutating func column(_ line: RuleLine, _ index: Int) -> Int? {
            if index < line.tokens.count, line.tokens[index].kind == .string, let name = line.text(index), !name.isEmpty {
                rules.headerNames.append((name, line.location(index)))
                return -rules.headerNames.count
            }
            guard let value = line.text(index), let number = Int(value), number >= 1, number <= 1000 else {
                report(.expected("a column number (1 for the first) or a quoted header name", found: line.text(index)),
                       index < line.tokens.count ? line.location(index) : line.end)
                return nil
            }
            return number
        }

        /// Whether the line has `count` words after its first; reported when not.
        mutating func needs(_ line: RuleLine, _ count: Int, _ what: String) -> Bool {
            if line.tokens.count >= count { return true }
            report(.expected(what, found: nil), line.end)
            return false
        }

        /// A rule line other than `statement`.
        mutating func rule(_ keyword: ImportRuleKeyword, _ line: RuleLine, first: SourceLocation, lineNumber: Int) {
            let tokens = line.tokens
            switch keyword {
            case .account:
                if needs(line, 1, "the account the statement is for"), let name = line.text(0) {
                    rules.account = name
                    names.append((name, line.location(0), [.account]))
                }
            case .skip:
                if needs(line, 1, "how many rows to skip"), let value = line.text(0), let count = Int(value), count >= 0 { rules.skip = count }
                else if !tokens.isEmpty { report(.expected("how many rows to skip", found: line.text(0)), line.location(0)) }
            case .skipEnd:
                if needs(line, 1, "how many rows to leave out at the end"), let value = line.text(0), let count = Int(value), count >= 0 { rules.skipEnd = count }
                else if !tokens.isEmpty { report(.expected("how many rows to leave out at the end", found: line.text(0)), line.location(0)) }
            case .separator:
                switch line.text(0) {
                case "comma"?: rules.separator = UInt8(ascii: ",")
                case "semicolon"?: rules.separator = UInt8(ascii: ";")
                case "tab"?: rules.separator = 0x09
                default: report(.expected("comma, semicolon or tab", found: line.text(0)), tokens.isEmpty ? first : line.location(0))
                }
            case .date:
                guard needs(line, 2, "a column and a date format"), let number = column(line, 0) else { break }
                rules.dateColumn = number
                if let format = line.text(1).flatMap(DateFormat.init(rawValue:)) { rules.dateFormat = format }
                else { report(.expected("a date format (" + DateFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")", found: line.text(1)), line.location(1)) }
            case .amount:
                if needs(line, 1, "a column"), let number = column(line, 0) { rules.amounts = .signed(column: number) }
            case .debit, .credit:
                guard needs(line, 1, "a column"), let number = column(line, 0) else { break }
                var (debit, credit) = (0, 0)
                if case .split(let d, let c)? = rules.amounts { (debit, credit) = (d, c) }
                if keyword == .debit { debit = number } else { credit = number }
                rules.amounts = .split(debit: debit, credit: credit)
            case .encoding:
                if let encoding = line.text(0).flatMap(Encoding.init(rawValue:)) { rules.encoding = encoding }
                else { report(.expected("an encoding (" + Encoding.allCases.map(\.rawValue).joined(separator: ", ") + ")", found: line.text(0)),
                              tokens.isEmpty ? first : line.location(0)) }
            case .balance:
                if needs(line, 1, "the column of the balance"), let number = column(line, 0) { rules.balanceColumn = number }
            case .fee:
                guard needs(line, 2, "a column and the category fees go to"), let number = column(line, 0), let category = line.text(1) else { break }
                rules.fee = (number, category)
                names.append((category, line.location(1), [.category, .incomeCategory]))
            case .original:
                guard needs(line, 2, "the columns of the original amount and of its currency"),
                      let amount = column(line, 0), let currency = column(line, 1) else { break }
                rules.original = (amount, currency)
            case .skipUnreadable:
                rules.skipUnreadable = true
            case .negate:
                rules.negate = true
            case .decimalComma:
                rules.decimalComma = true
            case .description:
                if needs(line, 1, "one or more columns") {
                    for index in tokens.indices { if let number = column(line, index) { rules.descriptionColumns.append(number) } }
                }
            case .match:
                if needs(line, 2, "a quoted text and a category"), let needle = line.text(0), let category = line.text(1) {
                    var rule = ImportRule(display: "match " + StringLiteral.quote(needle), line: lineNumber)
                    rule.conditions = [.init(field: .description, test: .contains(needle.lowercased()))]
                    rule.target = category
                    rules.rules.append(rule)
                    // Like `to`, any declared name: a category, or an account (a transfer) or a person.
                    names.append((category, line.location(1), Self.anyTarget))
                }
            case .statement:
                break  // read by `line`
            case .include:
                includeFile(line, first: first)
            case .if:
                var rule = ImportRule(display: "if (line \(lineNumber))", line: lineNumber)
                // A rule whose conditions do not read still takes its action lines (they are
                // checked too); the errors keep the rules from being used.
                var found: [Diagnostic] = []
                _ = ImportRules.parseConditions(tokens, into: &rule, file: line.file, fileIndex: line.fileIndex, end: line.contentEnd) {
                    found.append(Diagnostic($0, at: $1))
                }
                diagnostics += found
                open = rule
            case .default:
                if needs(line, 1, "a category"), let category = line.text(0) {
                    rules.defaultCategory = category
                    names.append((category, line.location(0), [.category, .incomeCategory]))
                }
            }
        }

        /// `include "PATH"`: the file read in place, unless it is refused, comes back to a file
        /// being read, or nests too deep; one whose first line is not a rule is named, and none
        /// of its lines shown.
        mutating func includeFile(_ line: RuleLine, first: SourceLocation) {
            guard let path = line.text(0) else { return report(.expected("a quoted path", found: nil), first) }
            let shown = path.hasPrefix("/") ? path : FileSystem.directory(of: line.file.path) + path
            guard !reading.contains(shown), reading.count < 10 else {
                return report(.unexpectedText(path, hint: "a rules file cannot include itself, or nest includes more than ten deep"), line.location(0))
            }
            guard let outcome = include?(path, shown) else {
                return report(.includeNotFound(path, reason: "cannot read it"), line.location(0))
            }
            let other: SourceFile
            switch outcome {
            case .success(let read): other = read
            case .failure(let failure): return report(failure.problem, line.location(0))
            }
            included.append(other)
            let before = diagnostics.count
            read(other, 1 + included.count)
            let firstLine = other.firstSignificantLine.map { $0.lowerBound..<$0.upperBound + 1 } ?? 0..<0
            if diagnostics[before...].contains(where: { $0.location.file == 1 + included.count && firstLine.contains(Int($0.location.range.lowerBound)) }) {
                diagnostics.removeSubrange(before...)
                report(.includeNotReadable(path, kind: "rules"), line.location(0))
            }
        }

        /// What must be there once every line is read.
        mutating func finish(_ fileIndex: Int) {
            if let statement, !sections.isEmpty && !sections.contains(where: { ImportRules.glob($0, statement) }) {
                report(.importField(what: "statement", value: String(statement.split(separator: "/").last ?? Substring(statement)),
                                    expected: "named by a `statement` section (" + sections.joined(separator: ", ") + ")"),
                       SourceLocation(file: fileIndex, range: 0..<0))
            }
            let end = SourceLocation(file: fileIndex, range: 0..<0)
            for required in [ImportRuleKeyword.account, .date, .default] where !seen.contains(required) {
                report(.missingRule(required.rawValue), end)
            }
            if rules.amounts == nil { report(.missingRule("amount"), end) }
            if case .split(let debit, let credit)? = rules.amounts, debit == 0 || credit == 0 {
                report(.missingRule(debit == 0 ? "debit" : "credit"), end)
            }
        }
    }

    /// `*` stands for any text (the rest is compared ignoring case), matched against a file's
    /// name without its folder.
    static func glob(_ pattern: String, _ path: String) -> Bool {
        Pattern.glob(pattern, matches: path.split(separator: "/").last.map(String.init) ?? path)
    }

    /// `if CONDITION {and|or CONDITION}`, a condition being `[%COLUMN | %"Header"] ("text" |
    /// = "text" | ~ "pattern")` or `amount (< | > | <= | >=) NUMBER` or `amount LOW..HIGH`.
    fileprivate static func parseConditions(_ tokens: [Token], into rule: inout ImportRule, file: SourceFile, fileIndex: Int,
                                         end: Int, report: (Problem, SourceLocation) -> Void) -> Bool {
        func location(_ token: Token) -> SourceLocation { SourceLocation(file: fileIndex, range: token.range) }
        func raw(_ token: Token) -> String { file.text(token.range) }
        func text(_ token: Token) -> String { token.kind == .string ? StringLiteral.unquote(raw(token)) : raw(token) }
        let atEnd = SourceLocation(file: fileIndex, range: end..<end)
        var index = 0
        var joiner: String?
        while true {
            guard index < tokens.count else {
                report(.expected("a condition: \"text\", = \"text\", ~ \"pattern\", or amount < 0", found: nil), atEnd)
                return false
            }
            var field = ImportRule.Field.description
            let word = raw(tokens[index])
            if word == "amount" && tokens[index].kind == .word {
                index += 1
                guard index < tokens.count else { report(.expected("a comparison such as < 0 or 10..20", found: nil), atEnd); return false }
                let op = raw(tokens[index])
                func isNumber(_ text: String) -> Bool {
                    if case .success = NumberSyntax.decimal(ArraySlice(Array(text.utf8))) { return true }
                    return false
                }
                if ["<", ">", "<=", ">="].contains(op) {
                    index += 1
                    guard index < tokens.count, isNumber(raw(tokens[index])) else {
                        report(.expected("a number", found: index < tokens.count ? raw(tokens[index]) : nil),
                               index < tokens.count ? location(tokens[index]) : atEnd)
                        return false
                    }
                    rule.conditions.append(.init(field: .description, test: .amount(op: op, bound: raw(tokens[index]), high: nil)))
                } else if let dots = op.firstRange(of: ".."), isNumber(String(op[..<dots.lowerBound])), isNumber(String(op[dots.upperBound...])) {
                    rule.conditions.append(.init(field: .description, test: .amount(op: "..", bound: String(op[..<dots.lowerBound]),
                                                                                    high: String(op[dots.upperBound...]))))
                } else {
                    report(.expected("<, >, <=, >= and a number, or a range LOW..HIGH", found: op), location(tokens[index]))
                    return false
                }
                index += 1
            } else {
                if word.hasPrefix("%") {
                    let name = String(word.dropFirst())
                    if let number = Int(name), number >= 1, number <= 1000 { field = .column(number) }
                    else if name.isEmpty, index + 1 < tokens.count, tokens[index + 1].kind == .string {
                        // `%"Amount (GBP)"`: the header's name, quoted.
                        index += 1
                        field = .header(text(tokens[index]))
                    }
                    else if !name.isEmpty { field = .header(name) }
                    else { report(.expected("a column after %: %3 or %\"Type\"", found: word), location(tokens[index])); return false }
                    index += 1
                }
                guard index < tokens.count else { report(.expected("a text to look for", found: nil), atEnd); return false }
                var op = "contains"
                if raw(tokens[index]) == "=" || raw(tokens[index]) == "~" {
                    op = raw(tokens[index])
                    index += 1
                }
                guard index < tokens.count, tokens[index].kind == .string else {
                    report(.expected("a quoted text", found: index < tokens.count ? raw(tokens[index]) : nil),
                           index < tokens.count ? location(tokens[index]) : atEnd)
                    return false
                }
                var value = text(tokens[index])
                if op == "~" {
                    // A pattern keeps its backslashes (`\d`, `\*`); only `\"` stands for a quote.
                    value = keepingBackslashes(raw(tokens[index]))
                }
                switch op {
                case "=": rule.conditions.append(.init(field: field, test: .equals(value.lowercased())))
                case "~":
                    do {
                        rule.conditions.append(.init(field: field, test: .pattern(try Pattern(value))))
                    } catch {
                        report(.expected("a pattern (\(error.message))", found: value), location(tokens[index]))
                        return false
                    }
                default: rule.conditions.append(.init(field: field, test: .contains(value.lowercased())))
                }
                index += 1
            }
            guard index < tokens.count else { return true }
            let next = raw(tokens[index])
            guard next == "and" || next == "or" else {
                report(.expected("`and` or `or` between conditions", found: next), location(tokens[index]))
                return false
            }
            if let joiner, joiner != next {
                report(.unexpectedText(next, hint: "a rule takes all its conditions (`and`) or any of them (`or`), not both"), location(tokens[index]))
                return false
            }
            joiner = next
            rule.any = next == "or"
            index += 1
        }
    }

    /// An indented action under `if`: `to TARGET [goal GOAL]`, `split TARGET SHARE …`,
    /// `description "TEXT"`, `tag NAME`, `status * | !`, `comment "TEXT"`, `skip`.
    fileprivate static func parseAction(_ word: String, _ first: Token, _ tokens: [Token], into rule: inout ImportRule,
                                    file: SourceFile, fileIndex: Int, names: inout [NameUse], anyTarget: [NameIndex.Kind],
                                    report: (Problem, SourceLocation) -> Void) {
        func location(_ token: Token) -> SourceLocation { SourceLocation(file: fileIndex, range: token.range) }
        func text(_ index: Int) -> String? {
            guard index < tokens.count else { return nil }
            let raw = file.text(tokens[index].range)
            return tokens[index].kind == .string ? StringLiteral.unquote(raw) : raw
        }
        let atEnd = SourceLocation(file: fileIndex, range: first.end..<first.end)
        switch word {
        case "to":
            guard let target = text(0) else { report(.expected("an account, category or person", found: nil), atEnd); return }
            rule.target = target
            names.append((target, location(tokens[0]), anyTarget))
            if text(1) == "goal" {
                guard let goal = text(2) else { report(.expected("a goal", found: nil), location(tokens[1])); return }
                rule.goal = goal
                names.append((goal, location(tokens[2]), [.goal]))
            } else if let extra = text(1) {
                report(.unexpectedText(extra, hint: "after the target comes only `goal GOAL`"), location(tokens[1]))
            }
        case "split":
            var index = 0
            var percents = 0
            var hasRest = false
            while index < tokens.count {
                guard let target = text(index) else { break }
                names.append((target, location(tokens[index]), anyTarget))
                index += 1
                var share = ImportRule.Share.rest
                if let written = text(index), written.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
                    if written.hasSuffix("%") {
                        guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(written.dropLast().utf8))),
                              value.scale <= 2, let points = NumberSyntax.minorUnits(value, decimals: 2), points > 0 else {
                            report(.expected("a share such as 50%", found: written), location(tokens[index]))
                            return
                        }
                        share = .percent(Int(points))
                        percents += Int(points)
                    } else {
                        share = .amount(written)
                    }
                    index += 1
                } else {
                    if hasRest { report(.unexpectedText(target, hint: "only one split line may take the rest"), location(tokens[index - 1])); return }
                    hasRest = true
                }
                rule.split.append((target, share))
            }
            if rule.split.count < 2 {
                report(.expected("two or more TARGET SHARE pairs, e.g. split Rent 50% Jordan 50%", found: nil), atEnd)
            } else if !hasRest && percents != 10_000 && rule.split.allSatisfy({ if case .percent = $0.share { return true }; return false }) {
                report(.outOfRange(what: "the shares of a split", value: Money(minorUnits: Int64(percents)).formatted(decimals: 2) + "%",
                                   allowed: "100% in all (or leave one line's share out: it takes the rest)"), atEnd)
            }
        case "description":
            guard !tokens.isEmpty else { report(.expected("a quoted description (\\1 for a captured group)", found: nil), atEnd); return }
            let raw = file.text(tokens[0].range)
            rule.description = tokens[0].kind == .string ? keepingBackslashes(raw) : raw
        case "tag":
            guard let value = text(0) else { report(.expected("a tag", found: nil), atEnd); return }
            rule.tags.append(value.hasPrefix("#") ? String(value.dropFirst()) : value)
        case "status":
            switch text(0) {
            case "*"?: rule.status = .cleared
            case "!"?: rule.status = .pending
            default: report(.expected("`*` or `!`", found: text(0)), tokens.isEmpty ? atEnd : location(tokens[0]))
            }
        case "comment":
            guard !tokens.isEmpty, text(0) != nil else { report(.expected("a quoted comment (\\1 for a captured group)", found: nil), atEnd); return }
            // As a description: `\1` … `\9` are the groups the pattern captured.
            let raw = file.text(tokens[0].range)
            rule.comment = tokens[0].kind == .string ? keepingBackslashes(raw) : raw
        case "skip":
            rule.skip = true
        default:
            let actions = ["to", "split", "description", "tag", "status", "comment", "skip"]
            report(.unknownRule(word, suggestion: Suggestion.closest(to: word, among: actions)), location(first))
        }
    }

    /// A quoted pattern or template without its quotes, keeping its backslashes (`\d`, `\1`);
    /// only `\"` stands for a quote.
    static func keepingBackslashes(_ quoted: String) -> String {
        let inner = Array(quoted.unicodeScalars.dropFirst().dropLast())
        var out = String.UnicodeScalarView()
        var position = 0
        while position < inner.count {
            if inner[position] == "\\" && position + 1 < inner.count && inner[position + 1] == "\"" { position += 1 }
            out.append(inner[position])
            position += 1
        }
        return String(out)
    }

    /// Why an included rules file is not read.
    struct IncludeFailure: Error {
        var problem: Problem
    }
}
