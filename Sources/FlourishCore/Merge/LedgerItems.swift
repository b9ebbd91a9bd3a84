/// A ledger file cut into items: the units that `flourish merge` and `flourish diff` match across
/// versions (docs/git.md). An item is an entry with its split lines and indented comments, or a
/// directive or declaration with its indented lines, together with the blank lines and comments
/// right above it; a comment block with a blank line under it is an item of its own, and the
/// blank lines that end the file are its tail. The items' bytes, in order, are the file's.
///
/// Lines are told apart by the parser (`Parser.parse` with its lines recorded), so a `;` in a
/// quoted description or a `#tag` is read the way `check` reads it.
struct LedgerItems {
    enum Kind: Equatable {
        case entry
        case directive
        case comment
        case tail
    }

    struct Item {
        var kind: Kind
        /// The item's bytes: its leading blank lines and comments, its lines, their line ends.
        var bytes: Range<Int>
        /// Where its first line that is not blank starts (a conflict block wraps from there).
        var bodyStart: Int
        /// The 1-based number of its first line that is not blank.
        var line: Int
        /// An entry's date as written (`YYYY-MM-DD`), which sorts as the dates do.
        var date: [UInt8]?
        /// What names it across versions whatever else changes: `import:KEY` in its date line's
        /// comment, or an `#id:…` tag.
        var identity: [UInt8]?
        /// Its tokens, line by line, without comments or spacing: two items with one
        /// fingerprint say the same thing.
        var fingerprint: [UInt8]
        /// Its first line without amounts (an entry: its date and description): what stays
        /// when an item's amounts are edited.
        var shape: [UInt8]
    }

    let bytes: [UInt8]
    let items: [Item]
    /// The parser's diagnostics for the file.
    let diagnostics: [Diagnostic]

    init(path: String, bytes: [UInt8]) {
        self.bytes = bytes
        let file = SourceFile(path: path, bytes: bytes)
        let parsed = Parser.parse(file, fileIndex: 0, recordLines: true)
        diagnostics = parsed.diagnostics
        var items = Self.cut(parsed.lines ?? [], starts: file.lineStarts, bytes)
        // An entry's import key is the parser's (`Ledger.importKeys`, in reading order).
        var next = 0
        for key in parsed.ledger.importKeys {
            while next < items.count, items[next].bytes.upperBound <= key.range.lowerBound { next += 1 }
            guard next < items.count else { break }
            items[next].identity = Array(bytes[key.range])
        }
        self.items = items
    }

    /// Whether the file is text a ledger is made of: valid UTF-8, no control characters, and
    /// its first significant line reads as a ledger line. Nil when it is; else why not.
    var notALedger: String? {
        if let bad = diagnostics.first(where: { $0.problem.id == "invalid-utf8" || $0.problem.id == "control-character" }) {
            return "line \(SourceFile(path: "", bytes: bytes).line(containing: bad.location.range.lowerBound).number) is not text (\(bad.problem.message))"
        }
        if !Parser.readsAsLedger(SourceBytes(bytes)) { return "its first line is not a ledger line" }
        return nil
    }

    private static func cut(_ lines: [SyntaxLine], starts: [Int], _ bytes: [UInt8]) -> [Item] {
        func start(_ line: Int) -> Int { line < starts.count ? min(starts[line], bytes.count) : bytes.count }
        var items: [Item] = []
        /// The blank lines and comments read since the last item, and whether a comment is among them.
        var group: Int?
        var groupHasComment = false
        func close(_ kind: Kind, _ first: Int, head: Int?, end: Int) {
            var body = first
            while body < end, lines[body].kind == .blank { body += 1 }
            var item = Item(kind: kind, bytes: start(first)..<start(end), bodyStart: start(min(body, end)), line: min(body, end) + 1,
                            fingerprint: [], shape: [])
            if let head { describe(&item, lines, head: head, end: end, bytes) }
            else { item.fingerprint = Array(bytes[item.bodyStart..<item.bytes.upperBound]) }
            items.append(item)
        }
        var line = 0
        while line < lines.count {
            switch lines[line].kind {
            case .blank:
                if groupHasComment, let first = group {
                    close(.comment, first, head: nil, end: line)
                    group = nil
                    groupHasComment = false
                }
                if group == nil { group = line }
                line += 1
            case .comment, .indentedComment, .posting:
                // (An indented line with no item above it is kept like a comment.)
                if group == nil { group = line }
                groupHasComment = true
                line += 1
            case .directive, .entryHeader:
                let head = line
                line += 1
                while line < lines.count, lines[line].kind == .posting || lines[line].kind == .indentedComment { line += 1 }
                close(lines[head].kind == .entryHeader ? .entry : .directive, group ?? head, head: head, end: line)
                group = nil
                groupHasComment = false
            }
        }
        if let first = group { close(groupHasComment ? .comment : .tail, first, head: nil, end: lines.count) }
        // Bytes after the last recorded line (none but a byte order mark's oddities) stay in the last item.
        if let last = items.indices.last, items[last].bytes.upperBound < bytes.count {
            items[last].bytes = items[last].bytes.lowerBound..<bytes.count
        }
        return items
    }

    /// Fills in an item's date, identity, fingerprint and shape from its lines' tokens.
    private static func describe(_ item: inout Item, _ lines: [SyntaxLine], head: Int, end: Int, _ bytes: [UInt8]) {
        let first = lines[head]
        for (number, line) in lines[head..<end].enumerated() {
            if number > 0 { item.fingerprint.append(0x0A) }
            for (index, token) in line.tokens.enumerated() {
                if index > 0 { item.fingerprint.append(0x20) }
                item.fingerprint += bytes[token.range]
            }
        }
        for (index, token) in first.tokens.enumerated() {
            let text = bytes[token.range]
            let isDateLine = item.kind == .entry && index == 0
            if isDateLine { item.date = Array(text) }
            if token.kind == .tag, text.starts(with: Array("#id:".utf8)) { item.identity = Array(text) }
            if isDateLine || !looksLikeAmount(text) {
                if !item.shape.isEmpty { item.shape.append(0x20) }
                item.shape += text
            }
        }
    }

    /// Whether a token reads as an amount (a digit, or a sign then a digit, first).
    private static func looksLikeAmount(_ text: ArraySlice<UInt8>) -> Bool {
        var rest = text
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard let first = rest.first else { return false }
        return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
    }
}
