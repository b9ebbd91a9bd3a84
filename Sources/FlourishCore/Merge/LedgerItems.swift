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
        /// Its date line or directive and the indented lines under it (indices into
        /// `LedgerItems.lines`); empty for a comment block or the tail.
        var lines: Range<Int>
        /// An entry's date as the number YYYYMMDD (which sorts as the dates do).
        var date: Int?
        /// What names it across versions whatever else changes: `import:KEY` in its date line's
        /// comment, or an `#id:` tag.
        var identity: [UInt8]?
        /// A hash of its fingerprint — its tokens, line by line, without comments or spacing
        /// (a comment block's: its bytes) — which lists of items are keyed by: two items with
        /// one fingerprint say the same thing (`sameFingerprint`).
        var fingerprintHash: UInt64 = 0
        /// A hash of its shape — its first line without amounts (an entry: its date and
        /// description), what stays when amounts are edited (`sameShape`); nil for a comment.
        var shapeHash: UInt64?
    }

    let bytes: [UInt8]
    let items: [Item]
    /// The significant tokens of the file's lines as the parser read them, flat: line `n`'s
    /// are `tokenStarts[firstToken[n]..<firstToken[n + 1]]` (and their ends beside). Kept
    /// instead of the parser's lines: a twentieth of the memory at 100,000 entries.
    private let tokenStarts: [Int32]
    private let tokenEnds: [Int32]
    private let firstToken: [Int32]
    /// The parser's diagnostics for the file.
    let diagnostics: [Diagnostic]

    init(path: String, bytes: [UInt8]) {
        self.bytes = bytes
        let file = SourceFile(path: path, bytes: bytes)
        let parsed = Parser.parse(file, fileIndex: 0, recordLines: true)
        diagnostics = parsed.diagnostics
        let lines = parsed.lines ?? []
        var starts: [Int32] = []
        var ends: [Int32] = []
        var first: [Int32] = []
        starts.reserveCapacity(lines.count * 3)
        ends.reserveCapacity(lines.count * 3)
        first.reserveCapacity(lines.count + 1)
        for line in lines {
            first.append(Int32(clamping: starts.count))
            for token in line.tokens {
                starts.append(Int32(clamping: token.start))
                ends.append(Int32(clamping: token.end))
            }
        }
        first.append(Int32(clamping: starts.count))
        (tokenStarts, tokenEnds, firstToken) = (starts, ends, first)
        var items = Self.cut(lines, starts: file.lineStarts, bytes)
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
        bytes.withView { view in
            func start(_ line: Int) -> Int { line < starts.count ? min(starts[line], bytes.count) : bytes.count }
            var items: [Item] = []
            items.reserveCapacity(lines.count / 3 + 1)
            /// The blank lines and comments read since the last item, and whether a comment is among them.
            var group: Int?
            var groupHasComment = false
            func close(_ kind: Kind, _ first: Int, head: Int?, end: Int) {
                var body = first
                while body < end, lines[body].kind == .blank { body += 1 }
                var item = Item(kind: kind, bytes: start(first)..<start(end), bodyStart: start(min(body, end)), line: min(body, end) + 1,
                                lines: (head ?? end)..<end)
                if head != nil { describe(&item, lines, view) }
                else { item.fingerprintHash = view.hash(item.bodyStart..<item.bytes.upperBound) }
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
    }

    private static let idTag: StaticString = "#id:"

    /// Fills in an item's date, identity and hashes from its lines' tokens.
    private static func describe(_ item: inout Item, _ lines: [SyntaxLine], _ view: ByteView) {
        var fingerprint = Hasher()
        for line in lines[item.lines] {
            fingerprint.combine(line.tokens.count)
            for token in line.tokens { fingerprint.combine(view.hash(token.range)) }
        }
        item.fingerprintHash = UInt64(UInt(bitPattern: fingerprint.finalize()))
        var shape = Hasher()
        let first = lines[item.lines.lowerBound]
        for (index, token) in first.tokens.enumerated() {
            let isDate = item.kind == .entry && index == 0
            if isDate { item.date = dateNumber(view, token.range) }
            if token.kind == .tag, token.range.count > 4, view.part(token.start..<token.start + 4) == Self.idTag.view {
                item.identity = (token.start..<token.end).map { view[$0] }
            }
            if isDate || !looksLikeAmount(view, token.range) { shape.combine(view.hash(token.range)) }
        }
        item.shapeHash = UInt64(UInt(bitPattern: shape.finalize()))
    }

    // MARK: Comparing items

    /// The byte ranges of line `line`'s tokens.
    private func tokens(_ line: Int) -> [Range<Int>] {
        (Int(firstToken[line])..<Int(firstToken[line + 1])).map { Int(tokenStarts[$0])..<Int(tokenEnds[$0]) }
    }

    /// Whether two items (of this version and `other`) have one fingerprint.
    func sameFingerprint(_ item: Item, _ other: LedgerItems, _ otherItem: Item) -> Bool {
        guard item.lines.count == otherItem.lines.count else { return false }
        if item.lines.isEmpty {
            return bytes[item.bodyStart..<item.bytes.upperBound].elementsEqual(other.bytes[otherItem.bodyStart..<otherItem.bytes.upperBound])
        }
        return zip(item.lines, otherItem.lines).allSatisfy { same(tokens($0), other, other.tokens($1)) }
    }

    /// Whether two items have one shape: their first lines' tokens, amounts aside (an entry's date kept).
    func sameShape(_ item: Item, _ other: LedgerItems, _ otherItem: Item) -> Bool {
        guard let first = item.lines.first, let otherFirst = otherItem.lines.first else { return false }
        return same(shapeTokens(first, entry: item.kind == .entry), other, other.shapeTokens(otherFirst, entry: otherItem.kind == .entry))
    }

    private func shapeTokens(_ line: Int, entry: Bool) -> [Range<Int>] {
        bytes.withView { view in
            tokens(line).enumerated().filter { (entry && $0.offset == 0) || !Self.looksLikeAmount(view, $0.element) }.map(\.element)
        }
    }

    /// Whether a directive's keyword (its first word) is another's.
    func sameKeyword(_ item: Item, _ other: LedgerItems, _ otherItem: Item) -> Bool {
        guard let first = item.lines.first, let otherFirst = otherItem.lines.first,
              let mine = tokens(first).first, let theirs = other.tokens(otherFirst).first else { return false }
        return bytes[mine].elementsEqual(other.bytes[theirs])
    }

    private func same(_ ranges: [Range<Int>], _ other: LedgerItems, _ otherRanges: [Range<Int>]) -> Bool {
        ranges.count == otherRanges.count && zip(ranges, otherRanges).allSatisfy { bytes[$0].elementsEqual(other.bytes[$1]) }
    }

    /// `YYYY-MM-DD` as YYYYMMDD; nil for anything else.
    private static func dateNumber(_ view: ByteView, _ range: Range<Int>) -> Int? {
        guard range.count == 10 else { return nil }
        var number = 0
        for at in range where at - range.lowerBound != 4 && at - range.lowerBound != 7 {
            let byte = view[at]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
    }

    /// Whether a token reads as an amount (a digit, or a sign then a digit, first).
    private static func looksLikeAmount(_ view: ByteView, _ range: Range<Int>) -> Bool {
        var at = range.lowerBound
        if at < range.upperBound, view[at] == UInt8(ascii: "-") || view[at] == UInt8(ascii: "+") { at += 1 }
        guard at < range.upperBound else { return false }
        return view[at] >= UInt8(ascii: "0") && view[at] <= UInt8(ascii: "9")
    }
}
