/// Reads the common subset of hledger and ledger journals (hand-written, line by line):
/// transactions with status, code, description and comments, postings with one amount left
/// out, balance assertions, tags in comments, `include`, `account`, `commodity`, `D`, `Y`,
/// `P` (skipped: one currency), periodic transactions (`~ monthly`: budgets) and comment
/// blocks. Every other line is listed as not converted.
enum JournalReader {
    struct State {
        var year: Int?
        var sources: ForeignSources
        var ledger = ForeignLedger()
    }

    static func read(_ path: String, allowedIncludes: [String]) -> Result<ForeignLedger, ForeignReadFailure> {
        var state = State(sources: ForeignSources(root: path, allowed: allowedIncludes))
        switch state.sources.read(path, from: nil) {
        case .failure(let failure): return .failure(failure)
        case .success(let file): read(file.lines, shown: file.shown, &state)
        }
        return .success(state.ledger)
    }

    static func read(_ lines: [Substring], shown: String, _ state: inout State) {
        state.ledger.files.append(shown)
        var index = 0
        func place(_ at: Int) -> ForeignLedger.Place { .init(file: shown, line: at + 1) }
        /// The indented lines after line `index`, taken.
        func block() -> ArraySlice<Substring> {
            let start = index + 1
            var end = start
            while end < lines.count, let first = lines[end].first, first == " " || first == "\t",
                  !ForeignSyntax.trimmed(lines[end]).isEmpty { end += 1 }
            index = end
            return lines[start..<end]
        }
        while index < lines.count {
            let line = lines[index]
            let at = index
            guard let first = line.first, !ForeignSyntax.trimmed(line).isEmpty else { index += 1; continue }
            switch first {
            case ";", "#", "*", "%", "|":
                state.ledger.items.append(.comment(String(ForeignSyntax.trimmed(line.drop(while: { $0 == first })))))
                index += 1
            case " ", "\t":
                state.ledger.skip("an indented line outside a transaction", at: place(at))
                index += 1
            case "~":
                let rows = block()
                periodic(line, rows, first: at, place, &state.ledger)
            case "=":
                _ = block()
                state.ledger.skip("an automated transaction (=)", at: place(at))
            default:
                if first.isNumber {
                    let rows = block()
                    transaction(line, rows, first: at, place, &state)
                } else {
                    directive(line, lines, &index, place, shown, &state)
                }
            }
        }
    }

    /// A transaction: its date line and its indented lines.
    static func transaction(_ header: Substring, _ rows: ArraySlice<Substring>, first: Int, _ place: (Int) -> ForeignLedger.Place, _ state: inout State) {
        let (text, comment) = ForeignSyntax.splitComment(header)
        var rest = text
        let dateText = rest.prefix { !$0.isWhitespace && $0 != "=" }
        rest = rest.dropFirst(dateText.count)
        guard let date = ForeignSyntax.date(dateText, defaultYear: state.year) else {
            state.ledger.skip("a transaction whose date '\(dateText)' cannot be read", at: place(first))
            return
        }
        var comments: [String] = []
        if rest.first == "=" {
            let secondary = rest.dropFirst().prefix { !$0.isWhitespace }
            comments.append("date2: " + secondary)
            rest = rest.dropFirst(1 + secondary.count)
        }
        rest = rest.drop(while: \.isWhitespace)
        var status: ForeignLedger.Status?
        if rest.first == "*" || rest.first == "!" {
            status = rest.first == "*" ? .cleared : .pending
            rest = rest.dropFirst().drop(while: \.isWhitespace)
        }
        if rest.first == "(", let close = rest.firstIndex(of: ")") {
            comments.append("code: " + rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
        }
        var transaction = ForeignLedger.Transaction(date: date, status: status, description: String(ForeignSyntax.trimmed(rest)), place: place(first))
        if let comment, !comment.isEmpty {
            transaction.comments.append(String(ForeignSyntax.trimmed(comment)))
            transaction.tags += ForeignSyntax.tags(inComment: comment)
        }
        transaction.comments = comments + transaction.comments
        var offset = first + 1
        for row in rows {
            defer { offset += 1 }
            let trimmed = ForeignSyntax.trimmed(row)
            if trimmed.first == ";" || trimmed.first == "#" {
                let note = ForeignSyntax.trimmed(trimmed.dropFirst())
                transaction.comments.append(String(note))
                transaction.tags += ForeignSyntax.tags(inComment: note)
                continue
            }
            switch posting(trimmed, at: place(offset)) {
            case .success(let posting):
                transaction.postings.append(posting)
                if let comment = posting.comment { transaction.tags += ForeignSyntax.tags(inComment: Substring(comment)) }
            case .failure(let why):
                state.ledger.skip("a transaction with \(why)", at: place(offset))
                return
            }
        }
        state.ledger.items.append(.transaction(transaction))
    }

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// `[*|!] ACCOUNT  [AMOUNT] [@ PRICE | {COST}] [= ASSERTION] [; COMMENT]`.
    static func posting(_ text: Substring, at place: ForeignLedger.Place) -> Result<ForeignLedger.Posting, Unreadable> {
        let (body, comment) = ForeignSyntax.splitComment(text)
        var rest = body
        if (rest.first == "*" || rest.first == "!"), rest.dropFirst().first?.isWhitespace ?? false {
            rest = rest.dropFirst().drop(while: \.isWhitespace)
        }
        // The account ends at two spaces, a tab or the end of the line.
        var end = rest.startIndex
        while end < rest.endIndex {
            if rest[end] == "\t" { break }
            if rest[end] == " ", rest.index(after: end) < rest.endIndex, rest[rest.index(after: end)] == " " { break }
            end = rest.index(after: end)
        }
        var account = ForeignSyntax.trimmed(rest[..<end])
        var posting = ForeignLedger.Posting(account: "", place: place)
        if let open = account.first, (open == "(" && account.last == ")") || (open == "[" && account.last == "]") {
            posting.virtual = true
            account = account.dropFirst().dropLast()
        }
        posting.account = String(account)
        posting.comment = comment.map { String(ForeignSyntax.trimmed($0)) }
        var amountText = ForeignSyntax.trimmed(rest[end...])
        if let equals = amountText.firstIndex(of: "=") {
            var assertion = amountText[amountText.index(after: equals)...]
            while let first = assertion.first, first == "=" || first == "*" { assertion = assertion.dropFirst() }
            guard let value = ForeignSyntax.amount(assertion) else {
                return .failure(Unreadable(description: "a balance assertion '\(ForeignSyntax.trimmed(assertion))' that cannot be read"))
            }
            posting.assertion = value
            amountText = ForeignSyntax.trimmed(amountText[..<equals])
        }
        if let cost = amountText.firstIndex(where: { $0 == "@" || $0 == "{" }) {
            posting.priced = true
            amountText = ForeignSyntax.trimmed(amountText[..<cost])
        }
        if !amountText.isEmpty {
            guard let amount = ForeignSyntax.amount(amountText) else {
                return .failure(Unreadable(description: "an amount '\(amountText)' that cannot be read"))
            }
            posting.amount = amount
        }
        return .success(posting)
    }

    /// `~ monthly [from DATE]` with postings: a budget for each posting with an amount.
    static func periodic(_ header: Substring, _ rows: ArraySlice<Substring>, first: Int, _ place: (Int) -> ForeignLedger.Place, _ ledger: inout ForeignLedger) {
        let (text, _) = ForeignSyntax.splitComment(header.dropFirst())
        // The period ends at two spaces (a description may follow).
        let period = ForeignSyntax.trimmed(text.split(separator: "  ", maxSplits: 1).first ?? text).lowercased()
        var words = period.split(separator: " ").map(String.init)
        var date: CivilDate?
        if let from = words.firstIndex(of: "from"), from + 1 < words.count {
            date = ForeignSyntax.date(Substring(words[from + 1]))
            words.removeSubrange(from...(from + 1))
        }
        guard words == ["monthly"] || words == ["every", "month"], date != nil || !period.contains("from") else {
            ledger.skip("a periodic transaction '~ \(period)' (only '~ monthly [from DATE]' becomes budgets)", at: place(first))
            return
        }
        var offset = first + 1
        for row in rows {
            defer { offset += 1 }
            let trimmed = ForeignSyntax.trimmed(row)
            if trimmed.first == ";" { continue }
            guard case .success(let posting) = posting(trimmed, at: place(offset)) else {
                ledger.skip("a line of a periodic transaction that cannot be read", at: place(offset))
                continue
            }
            guard let amount = posting.amount else { continue }
            ledger.items.append(.budget(date: date, account: posting.account, amount: amount, place: place(offset)))
        }
    }

    /// A line that starts with a word.
    static func directive(_ line: Substring, _ lines: [Substring], _ index: inout Int, _ place: (Int) -> ForeignLedger.Place,
                          _ shown: String, _ state: inout State) {
        let at = index
        let (text, _) = ForeignSyntax.splitComment(line)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let keyword = words.first.map(String.init) ?? ""
        let argument = ForeignSyntax.trimmed(text.dropFirst(keyword.count))
        index += 1
        /// Indented lines after a directive (an account's or a commodity's sub-directives).
        func subdirectives() -> Int {
            var count = 0
            while index < lines.count, let first = lines[index].first, first == " " || first == "\t",
                  !ForeignSyntax.trimmed(lines[index]).isEmpty { index += 1; count += 1 }
            return count
        }
        switch keyword {
        case "include", "!include":
            let path = String(argument)
            if path.contains("*") || path.contains("?") {
                state.ledger.skip("an include with a glob pattern", at: place(at))
                return
            }
            switch state.sources.read(path, from: shown) {
            case .failure(let failure): state.ledger.skip(failure.message, at: place(at))
            case .success(let file): read(file.lines, shown: file.shown, &state)
            }
        case "account":
            let name = String(ForeignSyntax.trimmed(argument.split(separator: "  ", maxSplits: 1).first ?? argument))
            state.ledger.items.append(.open(account: name, commodities: [], place: place(at)))
            _ = subdirectives()
        case "commodity":
            state.ledger.items.append(.comment("commodity " + argument))
            _ = subdirectives()
        case "D":
            if let amount = ForeignSyntax.amount(argument) { state.ledger.mainCommodity = amount.commodity }
            state.ledger.items.append(.comment("default commodity: " + argument))
        case "P":
            state.ledger.skipPrice(at: place(at))
        case "Y", "year":
            if let year = Int(argument), (1...9999).contains(year) { state.year = year } else {
                state.ledger.skip("a default year '\(argument)' that cannot be read", at: place(at))
            }
        case "comment", "test":
            while index < lines.count, ForeignSyntax.trimmed(lines[index]) != "end \(keyword)" {
                state.ledger.items.append(.comment(String(ForeignSyntax.trimmed(lines[index]))))
                index += 1
            }
            index = min(index + 1, lines.count)
        default:
            if keyword.count > 1, keyword.hasPrefix("Y"), let year = Int(keyword.dropFirst()), (1...9999).contains(year) {
                state.year = year
                return
            }
            let extra = subdirectives()
            state.ledger.skip("the directive '\(keyword)'" + (extra > 0 ? " and its \(extra) indented line\(extra == 1 ? "" : "s")" : ""), at: place(at))
        }
    }
}
