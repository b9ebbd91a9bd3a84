/// Reads the common subset of hledger and ledger journals (hand-written, line by line):
/// transactions with status, code, description and comments, postings with one amount left
/// out, balance assertions, tags in comments, `include`, `account`, `commodity`, `D`, `Y`,
/// `P` (skipped: one currency), periodic transactions (budgets, or schedules when they have a
/// description) and comment
/// blocks. Every other line is listed as not converted.
enum JournalReader: ForeignReader {
    struct State: ForeignReadState {
        var year: Int?
        var sources: ForeignSources
        var ledger = ForeignLedger()

        init(sources: ForeignSources) { self.sources = sources }
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
            while let first = assertion.first, first == "=" || first == "*" {
                if first == "*" { posting.assertionIncludesSubaccounts = true }
                assertion = assertion.dropFirst()
            }
            guard let value = ForeignSyntax.amount(assertion) else {
                return .failure(Unreadable(description: "a balance assertion '\(ForeignSyntax.trimmed(assertion))' that cannot be read"))
            }
            posting.assertion = value
            amountText = ForeignSyntax.trimmed(amountText[..<equals])
        }
        if let cost = amountText.firstIndex(where: { $0 == "@" || $0 == "{" }) {
            posting.priced = true
            posting.cost = Self.cost(amountText[cost...])
            posting.isLot = amountText[cost...].contains("{")
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

    /// What a line's `{…}` and `@`/`@@` after its amount say it cost: the lot's cost when it
    /// is written (`{83.53 USD}`, `{83.53 USD, 2024-09-17}`, `{{835.30 USD}}`: beancount weighs
    /// a line at its cost), else the price (`@ 0.92 EUR` a unit, `@@ 92 EUR` the line); nil
    /// when neither can be read (`{}`: a lot whose cost is not written).
    static func cost(_ text: Substring) -> (amount: ForeignLedger.Amount, total: Bool)? {
        var rest = ForeignSyntax.trimmed(text)
        var lot: (amount: ForeignLedger.Amount, total: Bool)?
        if rest.first == "{" {
            let total = rest.hasPrefix("{{")
            guard let close = rest.firstIndex(of: "}") else { return nil }
            let inside = rest[rest.index(rest.startIndex, offsetBy: total ? 2 : 1)..<close]
            // `83.53 USD, 2024-09-17, "label"`: the part that reads as an amount.
            if let amount = inside.split(separator: ",").lazy.compactMap({ ForeignSyntax.amount($0) }).first, !amount.commodity.isEmpty {
                lot = (amount, total)
            }
            rest = ForeignSyntax.trimmed(rest[close...].drop(while: { $0 == "}" }))
        }
        if let lot { return lot }
        guard rest.first == "@" else { return nil }
        let total = rest.hasPrefix("@@")
        guard let amount = ForeignSyntax.amount(rest.dropFirst(total ? 2 : 1)), !amount.commodity.isEmpty else { return nil }
        return (amount, total)
    }

    /// A periodic transaction: with a description (`~ monthly from 2026-01-01  Rent`), a
    /// schedule of that name; without one, hledger's budget rules: a budget for each line with
    /// an amount (monthly ones only).
    static func periodic(_ header: Substring, _ rows: ArraySlice<Substring>, first: Int, _ place: (Int) -> ForeignLedger.Place, _ ledger: inout ForeignLedger) {
        let (text, _) = ForeignSyntax.splitComment(header.dropFirst())
        // The period ends at two spaces (a description may follow).
        let halves = text.split(separator: "  ", maxSplits: 1)
        let period = ForeignSyntax.trimmed(halves.first ?? text).lowercased()
        let name = halves.count > 1 ? String(ForeignSyntax.trimmed(halves[1])) : ""
        var words = period.split(separator: " ").map(String.init)
        func take(_ word: String) -> CivilDate?? {
            guard let at = words.firstIndex(of: word) else { return .some(nil) }
            guard at + 1 < words.count, let date = ForeignSyntax.date(Substring(words[at + 1])) else { return nil }
            words.removeSubrange(at...(at + 1))
            return .some(date)
        }
        guard let from = take("from"), let to = take("to") ?? take("until") else {
            ledger.skip("a periodic transaction '~ \(period)' whose dates cannot be read", at: place(first))
            return
        }
        let recurrence = Self.recurrence(words)
        var postings: [ForeignLedger.Posting] = []
        var offset = first + 1
        for row in rows {
            defer { offset += 1 }
            let trimmed = ForeignSyntax.trimmed(row)
            if trimmed.first == ";" { continue }
            guard case .success(let posting) = posting(trimmed, at: place(offset)) else {
                ledger.skip("a periodic transaction with a line that cannot be read", at: place(first))
                return
            }
            postings.append(posting)
        }
        if !name.isEmpty, let recurrence, from != nil || to == nil {
            ledger.items.append(.schedule(date: from, name: name, recurrence: recurrence,
                                          // hledger's end is excluded; a schedule's `until` is its last day.
                                          until: to.map { $0.adding(days: -1) }, postings: postings, place: place(first)))
            return
        }
        guard name.isEmpty, recurrence == "monthly", to == nil else {
            ledger.skip("a periodic transaction '~ \(period)'" + (name.isEmpty
                ? " (only '~ monthly [from DATE]' becomes budgets; with a description it becomes a schedule)"
                : " (its period has no Flourish recurrence)"), at: place(first))
            return
        }
        for posting in postings {
            guard let amount = posting.amount else { continue }
            ledger.items.append(.budget(date: from, account: posting.account, amount: amount, place: posting.place))
        }
    }

    /// hledger's interval as a schedule's recurrence (grammar.md, section 5.2), or nil.
    static func recurrence(_ words: [String]) -> String? {
        switch words {
        case ["daily"], ["every", "day"]: return "daily"
        case ["weekly"], ["every", "week"]: return "weekly"
        case ["biweekly"], ["fortnightly"]: return "every 2 weeks"
        case ["monthly"], ["every", "month"]: return "monthly"
        case ["bimonthly"]: return "every 2 months"
        case ["quarterly"], ["every", "quarter"]: return "quarterly"
        case ["yearly"], ["annually"], ["every", "year"]: return "yearly"
        default:
            guard words.count == 3, words[0] == "every", let count = Int(words[1]), (1...1000).contains(count),
                  ["days", "weeks", "months"].contains(words[2]) else { return nil }
            return "every \(count) \(words[2])"
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
            // `P DATE [TIME] COMMODITY AMOUNT`
            let parts = argument.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count >= 3, let date = ForeignSyntax.date(parts[0]) {
                let rest = parts.count >= 4 && parts[1].contains(":") ? parts.dropFirst(2) : parts.dropFirst(1)
                if let commodity = rest.first, let amount = ForeignSyntax.amount(Substring(rest.dropFirst().joined(separator: " "))) {
                    state.ledger.items.append(.price(date: date, commodity: String(commodity), amount: amount, place: place(at)))
                    return
                }
            }
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
