/// Reads the common subset of beancount files (hand-written, line by line): transactions with
/// flag, payee, narration, tags and links, postings with one amount left out, `balance`,
/// `open`, `close`, `commodity`, `option`, `include`, `pushtag`/`poptag`, `price` (skipped:
/// one currency), `custom "budget"` (as Flourish exports budgets), metadata and comments.
/// Every other line is listed as not converted.
enum BeancountReader: ForeignReader {
    struct State: ForeignReadState {
        var sources: ForeignSources
        var ledger = ForeignLedger()
        var pushedTags = PushedTags()

        init(sources: ForeignSources) { self.sources = sources }
    }

    /// The tags `pushtag` put on the transactions that follow, in order, until `poptag` takes
    /// them off (the last one pushed of that name). Each push and pop costs the same however
    /// many are pushed: a popped tag leaves a hole, filled in when holes are half the list.
    struct PushedTags {
        private var tags: [String?] = []
        /// Where each tag name was pushed, latest last.
        private var places: [String: [Int]] = [:]
        private var holes = 0

        mutating func push(_ tag: String) {
            places[tag, default: []].append(tags.count)
            tags.append(tag)
        }

        mutating func pop(_ tag: String) {
            guard let place = places[tag]?.popLast() else { return }
            tags[place] = nil
            holes += 1
            if holes * 2 > tags.count {
                let kept = tags.compactMap { $0 }
                tags = []
                places = [:]
                holes = 0
                for tag in kept { push(tag) }
            }
        }

        /// The tags in effect, in the order they were pushed.
        var all: [String] { tags.compactMap { $0 } }
    }

    /// The words of a line: double-quoted strings (with `\"` and `\\`) and bare words.
    static func words(_ text: Substring) -> [(text: String, quoted: Bool)] {
        var words: [(String, Bool)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace { index = text.index(after: index); continue }
            if character == "\"" {
                var value = ""
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "\"" {
                    if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
                    value.append(text[index])
                    index = text.index(after: index)
                }
                if index < text.endIndex { index = text.index(after: index) }
                words.append((value, true))
            } else {
                let start = index
                while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
                words.append((String(text[start..<index]), false))
            }
        }
        return words
    }

    static func read(_ lines: [Substring], shown: String, _ state: inout State) {
        state.ledger.files.append(shown)
        var index = 0
        func place(_ at: Int) -> ForeignLedger.Place { .init(file: shown, line: at + 1) }
        while index < lines.count {
            let line = lines[index]
            let at = index
            index += 1
            guard let first = line.first, !ForeignSyntax.trimmed(line).isEmpty else { continue }
            // The indented lines that belong to this one: metadata and postings.
            var rows: [(Substring, Int)] = []
            while index < lines.count, let next = lines[index].first, next == " " || next == "\t" {
                if !ForeignSyntax.trimmed(lines[index]).isEmpty { rows.append((ForeignSyntax.trimmed(lines[index]), index)) }
                index += 1
            }
            if first == ";" || first == "*" || first == "#" {
                state.ledger.items.append(.comment(String(ForeignSyntax.trimmed(line.drop(while: { $0 == ";" })))))
                continue
            }
            if first == " " || first == "\t" {
                state.ledger.skip("an indented line outside a transaction", at: place(at))
                continue
            }
            let (text, comment) = ForeignSyntax.splitComment(line)
            let words = self.words(text)
            guard let keyword = words.first?.text else { continue }
            if first.isNumber {
                guard let date = ForeignSyntax.date(Substring(keyword)), words.count >= 2 else {
                    state.ledger.skip("a line whose date '\(keyword)' cannot be read", at: place(at))
                    continue
                }
                dated(date, Array(words.dropFirst()), comment, rows, at: at, place, &state)
                continue
            }
            let arguments = words.dropFirst().map(\.text)
            switch keyword {
            case "option":
                if arguments.first == "operating_currency", arguments.count == 2 {
                    if state.ledger.mainCommodity == nil { state.ledger.mainCommodity = arguments[1] }
                }
                state.ledger.items.append(.comment("option " + arguments.map { "\"\($0)\"" }.joined(separator: " ")))
            case "include":
                guard let path = arguments.first else { state.ledger.skip("an include without a path", at: place(at)); continue }
                switch state.sources.read(path, from: shown) {
                case .failure(let failure): state.ledger.skip(failure.message, at: place(at))
                case .success(let file): read(file.lines, shown: file.shown, &state)
                }
            case "pushtag":
                for tag in arguments where tag.hasPrefix("#") { state.pushedTags.push(String(tag.dropFirst())) }
            case "poptag":
                for tag in arguments where tag.hasPrefix("#") {
                    state.pushedTags.pop(String(tag.dropFirst()))
                }
            default:
                state.ledger.skip("the directive '\(keyword)'", at: place(at))
            }
        }
    }

    static func dated(_ date: CivilDate, _ words: [(text: String, quoted: Bool)], _ comment: Substring?, _ rows: [(Substring, Int)],
                      at: Int, _ place: (Int) -> ForeignLedger.Place, _ state: inout State) {
        let keyword = words[0].text
        let arguments = words.dropFirst()
        /// Metadata lines as comments; anything else under a directive is listed.
        func metadata(of name: String) {
            for (row, offset) in rows {
                if isMetadata(row) { state.ledger.items.append(.comment(name + " " + row)) } else if row.first != ";" {
                    state.ledger.skip("a line under '\(keyword)'", at: place(offset))
                }
            }
        }
        switch keyword {
        case "open":
            guard let account = arguments.first?.text else { state.ledger.skip("an open without an account", at: place(at)); return }
            let commodities = arguments.dropFirst().filter { !$0.quoted }.flatMap { $0.text.split(separator: ",").map(String.init) }
            state.ledger.items.append(.open(account: account, commodities: commodities, place: place(at)))
            metadata(of: account)
        case "close":
            // beancount closes an account from the start of its date; Flourish at the end of one.
            guard let account = arguments.first?.text else { state.ledger.skip("a close without an account", at: place(at)); return }
            state.ledger.items.append(.close(date: date.adding(days: -1), account: account, place: place(at)))
        case "commodity":
            state.ledger.items.append(.comment("commodity " + (arguments.first?.text ?? "")))
            metadata(of: arguments.first?.text ?? "")
        case "price":
            let values = Array(arguments.map(\.text))
            if values.count == 3, let amount = ForeignSyntax.amount(Substring(values[1] + " " + values[2])) {
                state.ledger.items.append(.price(date: date, commodity: values[0], amount: amount, place: place(at)))
            } else {
                state.ledger.skipPrice(at: place(at))
            }
        case "pad":
            state.ledger.skip("the directive 'pad' (the amount it puts in is worked out by beancount)", at: place(at))
            for account in arguments.prefix(2) { state.ledger.incompleteAccounts[account.text] = min(state.ledger.incompleteAccounts[account.text] ?? date, date) }
        case "note":
            state.ledger.items.append(.comment("note \(date) " + arguments.map(\.text).joined(separator: " ")))
        case "balance":
            let values = Array(arguments.map(\.text))
            guard values.count >= 3, let amount = ForeignSyntax.amount(Substring(values[1] + " " + values[2])), date > .earliest else {
                state.ledger.skip("a balance that cannot be read", at: place(at))
                return
            }
            // Beancount checks at the start of the day, Flourish at the end: the day before.
            state.ledger.items.append(.balance(date: date.adding(days: -1), account: values[0], amount: amount, place: place(at)))
        case "custom":
            let values = Array(arguments)
            if values.count >= 5, values[0].text == "budget", values[0].quoted, values[2].text == "monthly",
               let amount = ForeignSyntax.amount(Substring(values[3].text + " " + values[4].text)) {
                state.ledger.items.append(.budget(date: date, account: values[1].text, amount: amount, place: place(at)))
            } else {
                state.ledger.skip("a custom directive '\(values.first?.text ?? "")'", at: place(at))
            }
        case "*", "!", "txn":
            transaction(date, words, comment, rows, at: at, place, &state)
        default:
            if keyword.count == 1, keyword.first.map({ $0.isUppercase || "#%&?".contains($0) }) ?? false {
                transaction(date, words, comment, rows, at: at, place, &state)
            } else {
                state.ledger.skip("the directive '\(keyword)'", at: place(at))
            }
        }
    }

    /// `key: value` under a directive or a transaction.
    static func isMetadata(_ row: Substring) -> Bool {
        guard let colon = row.firstIndex(of: ":"), let first = row.first, first.isLowercase else { return false }
        return row[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    static func transaction(_ date: CivilDate, _ words: [(text: String, quoted: Bool)], _ comment: Substring?, _ rows: [(Substring, Int)],
                            at: Int, _ place: (Int) -> ForeignLedger.Place, _ state: inout State) {
        let flag = words[0].text
        let strings = words.dropFirst().filter(\.quoted).map(\.text)
        let marks = words.dropFirst().filter { !$0.quoted }.map(\.text)
        let description: String
        switch strings.count {
        case 0: description = ""
        case 1: description = strings[0]
        default: description = strings[1].isEmpty ? strings[0] : strings[0].isEmpty ? strings[1] : strings[0] + " | " + strings[1]
        }
        var transaction = ForeignLedger.Transaction(date: date, status: flag == "!" ? .pending : flag == "txn" ? nil : .cleared,
                                                    description: description, place: place(at))
        transaction.tags = marks.filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) } + state.pushedTags.all
        let links = marks.filter { $0.hasPrefix("^") }
        if !links.isEmpty { transaction.comments.append("links: " + links.joined(separator: " ")) }
        if let comment, !comment.isEmpty { transaction.comments.append(String(ForeignSyntax.trimmed(comment))) }
        for (row, offset) in rows {
            if row.first == ";" {
                transaction.comments.append(String(ForeignSyntax.trimmed(row.dropFirst())))
                continue
            }
            if isMetadata(row) {
                transaction.comments.append(String(row))
                continue
            }
            switch JournalReader.posting(row, at: place(offset)) {
            case .success(var posting):
                // An account is one word in beancount: what follows it is the amount.
                let parts = posting.account.split(separator: " ", maxSplits: 1)
                if parts.count == 2 {
                    guard let amount = ForeignSyntax.amount(parts[1]) else {
                        state.ledger.skip("a transaction with an amount '\(parts[1])' that cannot be read", at: place(offset))
                        return
                    }
                    posting.account = String(parts[0])
                    posting.amount = amount
                }
                transaction.postings.append(posting)
            case .failure(let why):
                state.ledger.skip("a transaction with \(why)", at: place(offset))
                return
            }
        }
        state.ledger.items.append(.transaction(transaction))
    }
}
