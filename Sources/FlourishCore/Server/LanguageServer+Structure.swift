/// The shape of a document for an editor: folding ranges (entries and months), links on
/// include lines, semantic tokens (each name coloured by what it is: an account, a category,
/// a person, a goal) and the workspace's symbols — all read from the ledger the parser read.
extension LanguageServer {
    /// The lines (0-based, first and last) of each entry written in the document's own file,
    /// in file order, with its date.
    private static func entryLines(_ view: View) -> [(first: Int, last: Int, date: CivilDate)] {
        let ledger = view.ledger
        let file = view.source
        var spans: [(first: Int, last: Int, date: CivilDate)] = []
        for (index, entry) in ledger.entries.enumerated() where entry.location.file == view.file && ledger.revaluations[index] == nil {
            let span = Self.span(of: entry, in: view)
            let first = file.line(containing: span.lowerBound).number - 1
            let last = file.line(containing: max(span.lowerBound, span.upperBound - 1)).number - 1
            spans.append((first, last, entry.date))
        }
        return spans.sorted { $0.first < $1.first }
    }

    /// Folding ranges: each month's run of entries, and each entry of more than one line while
    /// the file holds no more than `symbolEntries` entries (a whole history folds by month, so
    /// the answer stays small).
    func foldingRanges(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let view = lastView(uri) else { return .array([]) }
        let entries = Self.entryLines(view)
        func fold(_ first: Int, _ last: Int) -> JSONValue {
            .object([("startLine", .integer(first)), ("endLine", .integer(last)), ("kind", .string("region"))])
        }
        var folds: [JSONValue] = []
        // Months: consecutive entries of one month, as a file in date order writes them.
        var run: (first: Int, last: Int, month: Int)?
        for entry in entries {
            let month = entry.date.year * 100 + entry.date.month
            if let current = run, current.month == month {
                run?.last = entry.last
                continue
            }
            if let current = run, current.last > current.first { folds.append(fold(current.first, current.last)) }
            run = (entry.first, entry.last, month)
        }
        if let current = run, current.last > current.first { folds.append(fold(current.first, current.last)) }
        if entries.count <= Self.symbolEntries {
            for entry in entries where entry.last > entry.first { folds.append(fold(entry.first, entry.last)) }
        }
        return .array(folds)
    }

    /// A link on each include line's path to the file it reads.
    func documentLinks(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let view = lastView(uri) else { return .array([]) }
        let ledger = view.ledger
        return .array(ledger.includes.compactMap { include in
            guard include.location.file == view.file, let target = include.file, target < ledger.files.count else { return nil }
            return .object([("range", Self.range(include.location, ledger.files)), ("target", .string(self.uri(ofFile: target, ledger))),
                            ("tooltip", .string(ledger.files[target].path))])
        })
    }

    /// The semantic token types, by index, as the server's legend gives them: an account, a
    /// category, an income category, a person, a goal.
    static let semanticTokenTypes = ["variable", "type", "enum", "parameter", "property"]
    /// The one modifier: the name's declaration.
    static let semanticTokenModifiers = ["declaration"]

    /// Every name written in the document (within `range` when given), as LSP's relative
    /// token numbers: line and character deltas, length, type, modifiers.
    func semanticTokens(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let view = lastView(uri) else { return .object([("data", .array([]))]) }
        let ledger = view.ledger
        let file = view.source
        let start = Self.offset(params["range"]?["start"], in: file) ?? 0
        let end = Self.offset(params["range"]?["end"], in: file) ?? file.bytes.count
        var declared: Set<Int> = []
        var tokens: [(range: Range<Int>, type: Int, declaration: Bool)] = []
        func note(_ ref: NameRef, declaration: Bool) {
            let range = ref.location.range
            guard ref.location.file == view.file, range.lowerBound >= start, range.lowerBound < end, let type = tokenType(ref.id, view.journal) else { return }
            if declaration { declared.insert(range.lowerBound) }
            tokens.append((range, type, declaration))
        }
        for name in Self.declaredNames(ledger) { note(name, declaration: true) }
        ledger.forEachNameUse { use in
            if !declared.contains(Int(use.ref.location.start)) { note(use.ref, declaration: false) }
        }
        tokens.sort { $0.range.lowerBound < $1.range.lowerBound }
        var data: [JSONValue] = []
        data.reserveCapacity(tokens.count * 5)
        // The tokens in order: their lines found by walking forward, their columns counted in
        // UTF-16 units from the line's bytes.
        let starts = file.lineStarts
        var line = 0
        var previous = (line: 0, character: 0)
        var last = -1
        let bytes = file.bytes
        func units(_ range: Range<Int>) -> Int { Self.utf16Units(bytes, range) }
        for token in tokens where token.range.lowerBound >= last && token.range.upperBound <= bytes.count {
            last = token.range.upperBound
            while line + 1 < starts.count, starts[line + 1] <= token.range.lowerBound { line += 1 }
            let character = units(starts[line]..<token.range.lowerBound)
            let deltaLine = line - previous.line
            data += [.integer(deltaLine), .integer(deltaLine == 0 ? character - previous.character : character), .integer(units(token.range)),
                     .integer(token.type), .integer(token.declaration ? 1 : 0)]
            previous = (line, character)
        }
        return .object([("data", .array(data))])
    }

    /// A name's token type (an index into `semanticTokenTypes`), or nil for a name not declared.
    private func tokenType(_ id: Int32, _ journal: Journal) -> Int? {
        if journal.ledger.goals.contains(where: { $0.name.id == id }) { return 4 }
        switch journal.index.kind(of: id) {
        case .account?: return 0
        case .category?: return 1
        case .incomeCategory?: return 2
        case .person?: return 3
        default: return nil
        }
    }

    /// The most symbols a workspace query answers with.
    static let workspaceSymbolLimit = 200

    /// The declared names of the open documents' ledgers whose name holds the query's letters
    /// in order (case aside), as editors match: accounts, categories, people and goals.
    func workspaceSymbols(_ params: JSONValue) -> JSONValue {
        let query = Array((params["query"]?.stringValue ?? "").lowercased())
        func matches(_ name: String) -> Bool {
            var wanted = query.makeIterator()
            var next = wanted.next()
            for character in name.lowercased() where character == next { next = wanted.next() }
            return next == nil
        }
        var symbols: [JSONValue] = []
        var seen: Set<String> = []
        for document in documents.keys.sorted() {
            guard let view = lastView(document) else { continue }
            let ledger = view.ledger
            // LSP symbol kinds: 5 class, 10 enum, 13 variable, 14 constant.
            let declared: [(NameRef, Int, String)] = ledger.accounts.map { ($0.name, 5, "account") }
                + ledger.categories.map { ($0.name, 10, $0.isIncome ? "income category" : "category") }
                + ledger.people.map { ($0.name, 13, "person") } + ledger.goals.map { ($0.name, 14, "goal") }
            for (name, kind, what) in declared {
                let text = ledger.names[name.id]
                let target = uri(ofFile: Int(name.location.file), ledger)
                guard matches(text), seen.insert(target + " " + text + " " + what).inserted, symbols.count < Self.workspaceSymbolLimit else { continue }
                symbols.append(.object([("name", .string(text)), ("kind", .integer(kind)), ("containerName", .string(what)),
                                        ("location", .object([("uri", .string(target)), ("range", Self.range(name.location, ledger.files))]))]))
            }
        }
        return .array(symbols)
    }
}
