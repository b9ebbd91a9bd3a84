extension ImportRules {
    /// Reads a rules file (grammar.md, "Import rules"); problems are diagnostics in `file`.
    static func parse(_ file: SourceFile, fileIndex: Int) -> (rules: ImportRules?, diagnostics: [Diagnostic], names: [(String, SourceLocation, Bool)]) {
        var rules = ImportRules()
        var diagnostics: [Diagnostic] = []
        /// Names to check against the ledger: (name, where, is it the account).
        var names: [(String, SourceLocation, Bool)] = []
        var seen: Set<ImportRuleKeyword> = []
        func location(_ token: Token) -> SourceLocation { SourceLocation(file: fileIndex, range: token.range) }
        func report(_ problem: Problem, _ at: SourceLocation) { diagnostics.append(Diagnostic(problem, at: at)) }
        file.bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
                defer { start = end + 1 }
                var contentEnd = end
                if contentEnd > start && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                // As in a ledger: UTF-8 without control characters (but tab).
                switch UTF8Check.firstIssue(in: buffer, start..<contentEnd) {
                case .invalid(let at, let byte)?:
                    report(.invalidUTF8(byte: byte), SourceLocation(file: fileIndex, range: at..<at + 1))
                    continue
                case .control(let at, let byte)?:
                    report(.controlCharacter(byte: byte), SourceLocation(file: fileIndex, range: at..<at + 1))
                    continue
                case nil:
                    break
                }
                var reader = LineReader(cursor: ByteCursor(bytes: buffer, offset: start, end: contentEnd))
                guard let first = reader.next() else { continue }
                let word = file.text(first.range)
                guard let keyword = ImportRuleKeyword(rawValue: word) else {
                    report(.unknownRule(word, suggestion: Suggestion.closest(to: word, among: ImportRuleKeyword.allCases.map(\.rawValue))), location(first))
                    continue
                }
                seen.insert(keyword)
                var tokens: [Token] = []
                while let token = reader.next() { tokens.append(token) }
                func text(_ index: Int) -> String? {
                    guard index < tokens.count else { return nil }
                    let raw = file.text(tokens[index].range)
                    return tokens[index].kind == .string ? StringLiteral.unquote(raw) : raw
                }
                func column(_ index: Int) -> Int? {
                    guard let value = text(index), let number = Int(value), number >= 1, number <= 1000 else {
                        report(.expected("a column number (1 for the first)", found: text(index)),
                               index < tokens.count ? location(tokens[index]) : SourceLocation(file: fileIndex, range: contentEnd..<contentEnd))
                        return nil
                    }
                    return number
                }
                func needs(_ count: Int, _ what: String) -> Bool {
                    if tokens.count >= count { return true }
                    report(.expected(what, found: nil), SourceLocation(file: fileIndex, range: contentEnd..<contentEnd))
                    return false
                }
                switch keyword {
                case .account:
                    if needs(1, "the account the statement is for"), let name = text(0) {
                        rules.account = name
                        names.append((name, location(tokens[0]), true))
                    }
                case .skip:
                    if needs(1, "how many rows to skip"), let value = text(0), let count = Int(value), count >= 0 { rules.skip = count }
                    else if !tokens.isEmpty { report(.expected("how many rows to skip", found: text(0)), location(tokens[0])) }
                case .skipEnd:
                    if needs(1, "how many rows to leave out at the end"), let value = text(0), let count = Int(value), count >= 0 { rules.skipEnd = count }
                    else if !tokens.isEmpty { report(.expected("how many rows to leave out at the end", found: text(0)), location(tokens[0])) }
                case .separator:
                    switch text(0) {
                    case "comma"?: rules.separator = UInt8(ascii: ",")
                    case "semicolon"?: rules.separator = UInt8(ascii: ";")
                    case "tab"?: rules.separator = 0x09
                    default: report(.expected("comma, semicolon or tab", found: text(0)), tokens.isEmpty ? location(first) : location(tokens[0]))
                    }
                case .date:
                    guard needs(2, "a column and a date format"), let number = column(0) else { break }
                    rules.dateColumn = number
                    if let format = text(1).flatMap(DateFormat.init(rawValue:)) { rules.dateFormat = format }
                    else { report(.expected("a date format (" + DateFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")", found: text(1)), location(tokens[1])) }
                case .amount:
                    if needs(1, "a column"), let number = column(0) { rules.amounts = .signed(column: number) }
                case .debit, .credit:
                    guard needs(1, "a column"), let number = column(0) else { break }
                    var (debit, credit) = (0, 0)
                    if case .split(let d, let c)? = rules.amounts { (debit, credit) = (d, c) }
                    if keyword == .debit { debit = number } else { credit = number }
                    rules.amounts = .split(debit: debit, credit: credit)
                case .encoding:
                    if let encoding = text(0).flatMap(Encoding.init(rawValue:)) { rules.encoding = encoding }
                    else { report(.expected("an encoding (" + Encoding.allCases.map(\.rawValue).joined(separator: ", ") + ")", found: text(0)),
                                  tokens.isEmpty ? location(first) : location(tokens[0])) }
                case .balance:
                    if needs(1, "the column of the balance"), let number = column(0) { rules.balanceColumn = number }
                case .fee:
                    guard needs(2, "a column and the category fees go to"), let number = column(0), let category = text(1) else { break }
                    rules.fee = (number, category)
                    names.append((category, location(tokens[1]), false))
                case .negate:
                    rules.negate = true
                case .decimalComma:
                    rules.decimalComma = true
                case .description:
                    if needs(1, "one or more columns") {
                        for index in tokens.indices { if let number = column(index) { rules.descriptionColumns.append(number) } }
                    }
                case .match:
                    if needs(2, "a quoted text and a category"), let needle = text(0), let category = text(1) {
                        rules.matches.append((needle, category))
                        names.append((category, location(tokens[1]), false))
                    }
                case .default:
                    if needs(1, "a category"), let category = text(0) {
                        rules.defaultCategory = category
                        names.append((category, location(tokens[0]), false))
                    }
                }
            }
        }
        let end = SourceLocation(file: fileIndex, range: 0..<0)
        for required in [ImportRuleKeyword.account, .date, .default] where !seen.contains(required) {
            report(.missingRule(required.rawValue), end)
        }
        if rules.amounts == nil { report(.missingRule("amount"), end) }
        if case .split(let debit, let credit)? = rules.amounts, debit == 0 || credit == 0 {
            report(.missingRule(debit == 0 ? "debit" : "credit"), end)
        }
        return (diagnostics.isEmpty ? rules : nil, diagnostics, names)
    }
}
