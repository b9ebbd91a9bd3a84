/// References, rename, document symbols and inlay hints: what the server finds in the ledger
/// the parser read (names where they are written, quotes included) and its booked journal.
extension LanguageServer {
    /// A place a name is written: the file's index in the ledger and the token's bytes.
    struct Use: Hashable {
        var file: Int
        var range: Range<Int>
    }

    /// Every place the name `id` is written in the ledger's files, in file order: its
    /// declaration (when asked) and each use the parser read (`Ledger.forEachNameUse`: split
    /// lines, a line's `goal`, the directives that name it), as written, quotes included.
    static func uses(of id: Int32, in ledger: Ledger, declaration: Bool = true) -> [Use] {
        var found: [Use] = []
        if declaration {
            for name in declaredNames(ledger) where name.id == id { found.append(Use(file: Int(name.location.file), range: name.location.range)) }
        }
        ledger.forEachNameUse { use in
            if use.ref.id == id { found.append(Use(file: Int(use.ref.location.file), range: use.ref.location.range)) }
        }
        // In order, each place once (a name may be met twice at one place): sorted, then the
        // repeats next to each other dropped (hashing 100,000 uses of an account into a set
        // first cost more than the sort).
        found.sort { ($0.file, $0.range.lowerBound, $0.range.upperBound) < ($1.file, $1.range.lowerBound, $1.range.upperBound) }
        var unique: [Use] = []
        unique.reserveCapacity(found.count)
        for use in found where unique.last != use { unique.append(use) }
        return unique
    }

    /// The declared name under the cursor of a request (an account, a category, a person or a
    /// goal), with the journal it was read from.
    private func declaredName(_ params: JSONValue) -> (name: String, journal: Journal)? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let bytes = documents[uri],
              let offset = Self.offset(params["position"], bytes), let name = Self.name(at: offset, bytes),
              let journal = validated(uri)?.journal, let id = journal.ledger.names.id(of: name),
              journal.index.kind(of: id) != nil || journal.ledger.goals.contains(where: { $0.name.id == id }) else { return nil }
        return (name, journal)
    }

    /// A use's range as LSP writes it (`{"start":{"line":…,"character":…},"end":{…}}`),
    /// appended as JSON bytes.
    static func writeRange(_ use: Use, _ file: SourceFile, into out: inout [UInt8]) {
        func position(_ offset: Int) {
            let clamped = min(max(0, offset), file.bytes.count)
            let (line, start) = file.line(containing: clamped)
            out.append(contentsOf: "{\"line\":".utf8)
            out.append(contentsOf: String(line - 1).utf8)
            out.append(contentsOf: ",\"character\":".utf8)
            out.append(contentsOf: String(utf16Units(file.bytes, start..<clamped)).utf8)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "{\"start\":".utf8)
        position(use.range.lowerBound)
        out.append(contentsOf: ",\"end\":".utf8)
        position(use.range.upperBound)
        out.append(UInt8(ascii: "}"))
    }

    /// Uses as LSP locations (`[{"uri":…,"range":…},…]`), written straight as JSON: a name on
    /// 100,000 lines is a reply of megabytes. Each file's URI is found once.
    private func locationsJSON(_ uses: [Use], _ ledger: Ledger) -> JSONValue {
        var uris: [Int: [UInt8]] = [:]
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (number, use) in uses.enumerated() {
            if number > 0 { out.append(UInt8(ascii: ",")) }
            if uris[use.file] == nil { uris[use.file] = JSONValue.string(uri(ofFile: use.file, ledger)).compactBytes() }
            out.append(contentsOf: "{\"uri\":".utf8)
            out.append(contentsOf: uris[use.file]!)
            out.append(contentsOf: ",\"range\":".utf8)
            Self.writeRange(use, ledger.files[use.file], into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return .written(out)
    }

    /// A rename's edits by file's URI, in the order first met: each file's list of
    /// `{"range":…,"newText":…}` written straight as JSON.
    private func renameEdits(_ uses: [Use], to newText: String, _ ledger: Ledger) -> JSONValue {
        let text = JSONValue.string(newText).compactBytes()
        var order: [Int] = []
        var edits: [Int: [UInt8]] = [:]
        for use in uses {
            if edits[use.file] == nil {
                order.append(use.file)
                edits[use.file] = [UInt8(ascii: "[")]
            } else {
                edits[use.file]!.append(UInt8(ascii: ","))
            }
            edits[use.file]!.append(contentsOf: "{\"range\":".utf8)
            Self.writeRange(use, ledger.files[use.file], into: &edits[use.file]!)
            edits[use.file]!.append(contentsOf: ",\"newText\":".utf8)
            edits[use.file]!.append(contentsOf: text)
            edits[use.file]!.append(UInt8(ascii: "}"))
        }
        return .object(order.map { file in (uri(ofFile: file, ledger), .written((edits[file] ?? []) + [UInt8(ascii: "]")])) })
    }

    func references(_ params: JSONValue) -> JSONValue {
        guard let (name, journal) = declaredName(params) else { return .array([]) }
        let withDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        guard let id = journal.ledger.names.id(of: name) else { return .array([]) }
        return locationsJSON(Self.uses(of: id, in: journal.ledger, declaration: withDeclaration), journal.ledger)
    }

    /// The names as their declarations write them: accounts, categories, people, then goals.
    static func declaredNames(_ ledger: Ledger) -> [NameRef] {
        ledger.accounts.map(\.name) + ledger.categories.map(\.name) + ledger.people.map(\.name) + ledger.goals.map(\.name)
    }

    /// One workspace edit that renames a name everywhere it is written, quoted when it must be.
    /// Renaming to a name already declared would merge two names: it is refused.
    func rename(id: JSONValue, _ params: JSONValue) -> JSONValue {
        guard let (name, journal) = declaredName(params) else {
            return Self.error(id: id, code: -32803, "there is no declared name here to rename")
        }
        let newName = params["newName"]?.stringValue ?? ""
        let written = StringLiteral.name(newName)
        let probe = SourceFile(path: "rename", text: "category \(written)\n")
        if newName.isEmpty || !Parser.parse(probe, fileIndex: 0).diagnostics.isEmpty {
            return Self.error(id: id, code: -32803, "“\(newName)” is not a name Flourish can read")
        }
        if newName != name, let other = journal.ledger.names.id(of: newName), let kind = journal.index.kind(of: other) {
            return Self.error(id: id, code: -32803, "“\(newName)” is already declared (\(kind.noun)): renaming “\(name)” to it would merge the two")
        }
        let uses = Self.uses(of: journal.ledger.names.id(of: name) ?? -1, in: journal.ledger)
        return Self.result(id: id, .object([("changes", renameEdits(uses, to: written, journal.ledger))]))
    }

    /// The most entries a document's symbols list one by one under their months; a longer
    /// file lists its months alone (each with its number of entries and its range), so the
    /// answer stays small and quick at a whole history (100,000 entries).
    static let symbolEntries = 5_000

    /// Declarations, then the entries grouped by month, of the document's own file.
    func documentSymbols(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let view = validated(uri) else { return .array([]) }
        let ledger = view.ledger
        let file = view.source
        func symbol(_ name: String, _ kind: Int, _ detail: String, _ range: Range<Int>, _ children: [JSONValue]? = nil) -> JSONValue {
            let span = JSONValue.object([("start", Self.position(range.lowerBound, file)), ("end", Self.position(range.upperBound, file))])
            var fields: [(String, JSONValue)] = [("name", .string(name)), ("detail", .string(detail)), ("kind", .integer(kind)),
                                                 ("range", span), ("selectionRange", span)]
            if let children { fields.append(("children", .array(children))) }
            return .object(fields)
        }
        // LSP symbol kinds: 5 class, 10 enum, 13 variable, 14 constant, 3 namespace, 24 event.
        let declared: [(NameRef, Int, String)] = ledger.accounts.map { ($0.name, 5, "account") } + ledger.categories.map { ($0.name, 10, $0.isIncome ? "income category" : "category") }
            + ledger.people.map { ($0.name, 13, "person") } + ledger.goals.map { ($0.name, 14, "goal") }
        var symbols = declared.filter { $0.0.location.file == view.file }.sorted { $0.0.location.start < $1.0.location.start }.map { name, kind, detail in
            symbol(ledger.names[name.id], kind, detail, name.location.range)
        }
        // The entries written in this file (not those booking adds at a rate line).
        let own = ledger.entries.indices.filter { ledger.entries[$0].location.file == view.file && ledger.revaluations[$0] == nil }
        let listed = own.count <= Self.symbolEntries
        // Each month (by the number YYYYMM) in the order its first entry is written.
        var months: [(name: String, range: Range<Int>, count: Int, children: [JSONValue])] = []
        var monthIndex: [Int: Int] = [:]
        for index in own {
            let entry = ledger.entries[index]
            let range = Self.span(of: entry, in: view)
            let key = entry.date.year * 100 + entry.date.month
            let at: Int
            if let known = monthIndex[key] {
                at = known
                let old = months[at].range
                months[at].range = min(old.lowerBound, range.lowerBound)..<max(old.upperBound, range.upperBound)
                months[at].count += 1
            } else {
                at = months.count
                monthIndex[key] = at
                months.append((String(entry.date.description.prefix(7)), range, 1, []))
            }
            if listed { months[at].children.append(symbol("\(entry.date) \(file.text(entry.descriptionLocation.range))", 24, "entry", range)) }
        }
        symbols += months.map { symbol($0.name, 3, $0.count == 1 ? "1 entry" : "\($0.count) entries", $0.range, listed ? $0.children : nil) }
        return .array(symbols)
    }

    /// The bytes an entry takes in its file: its date line to the end of its last split line.
    static func span(of entry: Entry, in view: View) -> Range<Int> {
        let ledger = view.ledger
        var end = Int(entry.location.end)
        for line in entry.postings {
            let posting = ledger.postings[line]
            guard posting.target.location.file == view.file else { continue }
            end = max(end, Int((posting.amountLocation ?? posting.target.location).end))
        }
        return Int(entry.location.start)..<end
    }

    /// The amount of each line whose amount is left out, after its name: those within the
    /// range asked for (the lines on screen), or the whole document's without one.
    func inlayHints(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let view = validated(uri) else { return .array([]) }
        let money = MoneyFormat(view.ledger.currency, display: view.ledger.display)
        let file = view.source
        let start = Self.offset(params["range"]?["start"], in: file) ?? 0
        let end = Self.offset(params["range"]?["end"], in: file) ?? file.bytes.count
        let ledger = view.ledger
        return .array(ledger.postings.indices.filter { line in
            let posting = ledger.postings[line]
            return posting.isInferred && posting.target.location.file == view.file
                && Int(posting.target.location.end) >= start && Int(posting.target.location.end) <= end
        }.map { line in
            .object([("position", Self.position(Int(ledger.postings[line].target.location.end), file)),
                     ("label", .string(Self.lineAmount(line, ledger, money))), ("kind", .integer(1)), ("paddingLeft", .bool(true))])
        })
    }

    /// A split line's amount as the reader wants it: in the line's own currency with its home
    /// value (`-12.50 USD (-€11.50)`) when it is in another, else the home amount.
    static func lineAmount(_ line: Int, _ ledger: Ledger, _ money: MoneyFormat) -> String {
        let home = money.text(ledger.postings[line].amount)
        guard let own = ledger.foreignAmounts[line] else { return home }
        return DocumentRenderer.foreignText(own.native, own.currency, display: ledger.display) + " (\(home))"
    }
}
