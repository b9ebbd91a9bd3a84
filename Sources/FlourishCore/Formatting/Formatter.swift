/// `flourish fmt`: rewrites a file canonically from its parsed lines (grammar.md, "Canonical form").
///
/// Only spacing changes: tokens are copied byte for byte, so no name, amount, description or
/// comment is ever altered. Split lines of an entry are indented by two spaces with their
/// amounts aligned on the decimal point; runs of blank lines shrink to one.
public enum Formatter {
    /// The result of reading a file for formatting.
    public struct Result: Sendable {
        /// The canonical text as UTF-8, or nil when the file has syntax errors.
        public var bytes: [UInt8]?
        public var diagnostics: [Diagnostic]
        public var file: SourceFile

        /// The canonical text, or nil when the file has syntax errors.
        public var formatted: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Parses `file` alone (includes are not followed) and formats it when it parses. A large
    /// file is read in pieces, two at a time (`formatInPieces`).
    public static func format(_ file: SourceFile) -> Result {
        if let bytes = formatInPieces(file) { return Result(bytes: bytes, diagnostics: [], file: file) }
        return formatWhole(file)
    }

    /// Files from this size on (a household's history of some 20,000 entries) are formatted in
    /// pieces, two at a time.
    static let piecesFrom = 1 << 20

    /// About how large a piece is. A piece's reading (its lines and their tokens, some twelve
    /// bytes for each byte read) is let go before the next piece is read, which reuses its
    /// memory: read as two halves, `fmt --check` of 100,000 entries (5.6 MB) peaked at 70 MB
    /// with 19,100 page faults; in pieces of this size, 39 MB and 8,200.
    static let pieceSize = 1 << 18

    /// The canonical text of a file of at least `threshold` bytes, read and written in pieces
    /// of about `pieceSize` bytes, two at a time, each split before an entry's date line (a
    /// line that starts with a digit). Formatting writes each line without looking at the
    /// lines before it, but for blank lines (a run becomes one, none at either end of the
    /// text): the texts joined, with the one blank line that each piece's end had in the
    /// whole, are the whole file's (`FormatterTests.piecesAgreeWithTheWholeFile`). Nil when
    /// the file is smaller, has no such line, or any piece has any problem: the whole file is
    /// then read as one, its problems where they stand.
    static func formatInPieces(_ file: SourceFile, from threshold: Int = piecesFrom, pieceSize: Int = pieceSize) -> [UInt8]? {
        guard file.bytes.count >= threshold else { return nil }
        let bounds = splitPoints(file.bytes, every: pieceSize)
        guard bounds.count > 2 else { return nil }
        let pieces = zip(bounds, bounds.dropFirst()).map { range in
            SourceFile(path: file.path, bytes: SourceBytes(part: range.0..<range.1, of: file.bytes))
        }
        let texts = Concurrent.map(pieces.count) { index -> (bytes: [UInt8], endsBlank: Bool)? in
            guard let lines = recordedLines(pieces[index]) else { return nil }
            return (CanonicalText(lines, pieces[index]).bytes, lines.last?.kind == .blank)
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(texts.reduce(texts.count) { $0 + ($1?.bytes.count ?? 0) })
        for (index, text) in texts.enumerated() {
            guard let text else { return nil }
            joined += text.bytes
            if text.endsBlank && !joined.isEmpty && index + 1 < texts.count { joined.append(0x0A) }
        }
        return joined
    }

    /// A piece's lines as the parser recorded them, or nil when it has any problem. What else
    /// the parser made of it (its entries, split lines and names) is let go here, before the
    /// text is written: the text's memory is then what the piece's reading freed, not new
    /// pages.
    private static func recordedLines(_ piece: SourceFile) -> [SyntaxLine]? {
        let parsed = Parser.parse(piece, fileIndex: 0, recordLines: true)
        guard parsed.diagnostics.isEmpty else { return nil }
        return parsed.lines
    }

    /// Where the pieces begin and the last ends: 0, then from every `size` bytes on the first
    /// line that starts with a digit (an entry's date line), then the end.
    static func splitPoints(_ bytes: SourceBytes, every size: Int) -> [Int] {
        bytes.withView { view in
            var points = [0]
            var at = size
            while at < view.count, let lineFeed = view.firstIndex(of: UInt8(ascii: "\n"), from: at, to: view.count), lineFeed + 1 < view.count {
                if ByteClass.isDigit(view[lineFeed + 1]) {
                    points.append(lineFeed + 1)
                    at = lineFeed + 1 + size
                } else {
                    at = lineFeed + 1
                }
            }
            points.append(view.count)
            return points
        }
    }

    /// `format`, the whole file read as one.
    static func formatWhole(_ file: SourceFile) -> Result {
        let parsed = Parser.parse(file, fileIndex: 0, recordLines: true)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let lines = parsed.lines else {
            return Result(bytes: nil, diagnostics: parsed.diagnostics, file: file)
        }
        return Result(bytes: CanonicalText(lines, file).bytes, diagnostics: parsed.diagnostics, file: file)
    }

    /// The canonical text of the lines `lines` (0-based, first to last) of a file, widened to
    /// whole entries: the lines it replaces and their new text, each line ending in a line
    /// feed. Nil when those lines have syntax errors or are canonical already. An editor's
    /// "format selection".
    ///
    /// Only a stretch of the file around the lines is read: from the unindented line at or
    /// before the first (an entry's date line, a directive) to the first unindented line after
    /// the last's entry and the blank lines after it, which is read for its context alone (a
    /// run of blank lines is kept whole). The lines come out as formatting the whole file
    /// writes them (`FormatterTests.rangesAgreeWithTheWholeFile`), at 100,000 entries in the
    /// time of a few.
    public static func formatLines(_ file: SourceFile, _ range: ClosedRange<Int>) -> (lines: Range<Int>, text: String)? {
        let starts = file.lineStarts
        let bytes = file.bytes
        let count = starts.count
        guard count > 0 else { return nil }
        func lineBytes(_ index: Int) -> Range<Int> { starts[index]..<(index + 1 < count ? starts[index + 1] : bytes.count) }
        func isIndented(_ index: Int) -> Bool {
            let line = lineBytes(index)
            return !line.isEmpty && (bytes[line.lowerBound] == UInt8(ascii: " ") || bytes[line.lowerBound] == UInt8(ascii: "\t"))
        }
        func isBlank(_ index: Int) -> Bool {
            lineBytes(index).allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[$0]) }
        }
        var from = min(max(0, range.lowerBound), count - 1)
        while from > 0, isIndented(from) || isBlank(from) { from -= 1 }
        var to = min(max(from, range.upperBound), count - 1)
        while to + 1 < count, isIndented(to + 1) || isBlank(to + 1) { to += 1 }
        // The context line (its errors, such as an entry's date line without its split lines, aside).
        var context = Int.max
        if to + 1 < count {
            to += 1
            context = starts[to] - starts[from]
        }
        let stretch = starts[from]..<(to + 1 < count ? starts[to + 1] : bytes.count)
        let part = SourceFile(path: file.path, bytes: Array(bytes[stretch]))
        guard let (lines, text) = formatLines(whole: part, (range.lowerBound - from)...(range.upperBound - from), context: context) else { return nil }
        return ((lines.lowerBound + from)..<(lines.upperBound + from), text)
    }

    /// `formatLines` on a whole file (or a stretch read as one, whose errors from byte
    /// `context` on do not count).
    private static func formatLines(whole file: SourceFile, _ range: ClosedRange<Int>, context: Int) -> (lines: Range<Int>, text: String)? {
        let parsed = Parser.parse(file, fileIndex: 0, recordLines: true)
        guard !parsed.diagnostics.contains(where: { $0.severity == .error && Int($0.location.start) < context }),
              let lines = parsed.lines, !lines.isEmpty else { return nil }
        var first = min(max(0, range.lowerBound), lines.count - 1)
        var last = min(max(first, range.upperBound), lines.count - 1)
        // An entry's split lines are aligned together: take the whole entry.
        func inEntry(_ index: Int) -> Bool { lines[index].kind == .posting || lines[index].kind == .indentedComment }
        while first > 0, inEntry(first) { first -= 1 }
        while last + 1 < lines.count, inEntry(last + 1) { last += 1 }
        let canonical = CanonicalText(lines, file)
        var text: [UInt8] = []
        for (number, line) in canonical.lines.enumerated() where (first...last).contains(line.source) {
            let end = number + 1 < canonical.lines.count ? canonical.lines[number + 1].start : canonical.bytes.count
            text += canonical.bytes[line.start..<end]
        }
        let starts = file.lineStarts
        let start = starts[first]
        let end = last + 1 < starts.count ? starts[last + 1] : file.bytes.count
        guard text != Array(file.bytes[start..<end]) else { return nil }
        return (first..<last + 1, String(decoding: text, as: UTF8.self))
    }

    /// The canonical text of a file's lines, written as UTF-8 straight from the file's bytes
    /// (tokens copied, blanks added): every line ends in a line feed; a run of blank lines
    /// becomes one, kept at the run's first line; none ends the text.
    struct CanonicalText {
        private(set) var bytes: [UInt8] = []
        /// Per line written: the source line (0-based) it renders, and where its bytes start.
        private(set) var lines: [(source: Int, start: Int)] = []

        /// The text is written into `out` in pieces of a few bytes each, copied with `memcpy`
        /// (an array's append costs many times more a piece). `out` is handed to each step
        /// rather than kept in `self`, which a step would copy, retaining what it holds.
        init(_ syntax: [SyntaxLine], _ file: SourceFile) {
            let out = ByteBuffer(capacity: file.bytes.count + file.bytes.count / 4)
            lines.reserveCapacity(syntax.count)
            file.bytes.withView { source in
                var index = 0
                // Each line read where it stands (a copy retained its list of tokens).
                while index < syntax.count {
                    switch syntax[index].kind {
                    case .blank:
                        if let last = lines.last, out.count - last.start > 1 { begin(index, out); Self.end(out) }
                        index += 1
                    case .comment, .directive, .entryHeader:
                        // Tokens one blank apart, two before an entry's first #tag (only an
                        // entry's date line has tags), then the comment.
                        begin(index, out)
                        for position in syntax[index].tokens.indices {
                            let token = syntax[index].tokens[position]
                            if position > 0 {
                                let firstTag = token.kind == .tag && syntax[index].tokens[position - 1].kind != .tag
                                Self.blanks(firstTag ? 2 : 1, out)
                            }
                            Self.put(token, source, out)
                        }
                        comment(syntax[index].comment, source, out)
                        Self.end(out)
                        index += 1
                    case .posting, .indentedComment:
                        var stop = index
                        while stop < syntax.count, syntax[stop].kind == .posting || syntax[stop].kind == .indentedComment { stop += 1 }
                        splitLines(syntax, index..<stop, source, out)
                        index = stop
                    }
                }
            }
            while let last = lines.last, out.count - last.start == 1 {
                out.removeLast()
                lines.removeLast()
            }
            bytes = Array(out.view)
        }

        private mutating func begin(_ source: Int, _ out: ByteBuffer) { lines.append((source, out.count)) }
        private static func end(_ out: ByteBuffer) { out.append(byte: 0x0A) }
        private static func put(_ token: Token, _ source: ByteView, _ out: ByteBuffer) {
            out.append(source.part(token.range))
        }
        private static func blanks(_ count: Int, _ out: ByteBuffer) {
            out.append(repeating: 0x20, count: count)
        }

        /// A line's comment after two blanks, or alone on a line that has nothing else.
        private func comment(_ token: Token?, _ source: ByteView, _ out: ByteBuffer) {
            guard let token else { return }
            if let last = lines.last, out.count > last.start { Self.blanks(2, out) }
            Self.put(token, source, out)
        }

        /// A split line's name and amount (split at the decimal point or the code), with the
        /// width of each, measured once: ranges into the file's bytes, or into `joined` for an
        /// amount written as several tokens.
        private struct Parts {
            var target: Range<Int>
            /// The amount's bytes in the file, or in `joined` when `isJoined` (written as
            /// several tokens).
            var amount: Range<Int>
            var isJoined: Bool
            var dot: Int
            var widths = (target: 0, whole: 0, rest: 0)
        }

        /// An entry's split lines' parts, and the amounts written as several tokens joined by
        /// one blank: lists kept from entry to entry (nothing to count or free a line).
        private var parts: [Parts?] = []
        private var joined: [UInt8] = []

        /// How wide bytes are on screen: their count when all are ASCII (names and amounts
        /// mostly are), else `TextTable.width`.
        private static func width(_ bytes: ByteView, _ range: Range<Int>) -> Int {
            var any: UInt8 = 0
            for index in range { any |= bytes[index] }
            return any < 0x80 ? range.count : bytes.part(range).displayWidth
        }

        /// Where the whole part ends: at the decimal point or the blank before a code (both
        /// ASCII, so the split falls between characters).
        private static func dot(_ bytes: ByteView, _ range: Range<Int>) -> Int {
            bytes[range].firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ") } ?? range.upperBound
        }

        /// Aligns an entry's split lines: names padded to one width, decimal points in one
        /// column, trailing comments in one column. The lines are read where they stand in
        /// `syntax` (a copy of each retained its list of tokens).
        private mutating func splitLines(_ syntax: [SyntaxLine], _ range: Range<Int>, _ source: ByteView, _ out: ByteBuffer) {
            parts.removeAll(keepingCapacity: true)
            joined.removeAll(keepingCapacity: true)
            var targetWidth = 0
            var wholeWidth = 0
            var restWidth = 0
            for index in range {
                guard syntax[index].kind == .posting, let first = syntax[index].tokens.first else {
                    parts.append(nil)
                    continue
                }
                var part: Parts
                let count = syntax[index].tokens.count
                if count <= 2 {
                    let amount = count == 2 ? syntax[index].tokens[1].range : first.end..<first.end
                    let at = Self.dot(source, amount)
                    part = Parts(target: first.range, amount: amount, isJoined: false, dot: at)
                    part.widths.whole = Self.width(source, amount.lowerBound..<at)
                    part.widths.rest = Self.width(source, at..<amount.upperBound)
                } else {
                    let start = joined.count
                    for position in 1..<count {
                        if position > 1 { joined.append(0x20) }
                        joined.append(source.part(syntax[index].tokens[position].range))
                    }
                    part = Parts(target: first.range, amount: start..<joined.count, isJoined: true, dot: 0)
                    joined.withView { joined in
                        part.dot = Self.dot(joined, part.amount)
                        part.widths.whole = Self.width(joined, part.amount.lowerBound..<part.dot)
                        part.widths.rest = Self.width(joined, part.dot..<part.amount.upperBound)
                    }
                }
                part.widths.target = Self.width(source, first.range)
                targetWidth = max(targetWidth, part.widths.target)
                wholeWidth = max(wholeWidth, part.widths.whole)
                restWidth = max(restWidth, part.widths.rest)
                parts.append(part)
            }
            let hasAmounts = wholeWidth > 0
            let commentColumn = 2 + targetWidth + (hasAmounts ? 2 + wholeWidth + restWidth : 0) + 2
            for index in range {
                begin(index, out)
                let start = out.count
                Self.blanks(2, out)
                guard let part = parts[index - range.lowerBound] else {
                    if let comment = syntax[index].comment { Self.put(comment, source, out) }
                    Self.end(out)
                    continue
                }
                // Two blanks, the name, then (with an amount) the blanks that put its decimal
                // point in the column, the amount; a comment at the comment column. Nothing ends
                // in a blank.
                out.append(source.part(part.target))
                var width = 2 + part.widths.target
                if part.dot > part.amount.lowerBound {
                    let padding = targetWidth - part.widths.target + 2 + wholeWidth - part.widths.whole
                    Self.blanks(padding, out)
                    if part.isJoined {
                        joined.withView { out.append($0.part(part.amount)) }
                    } else {
                        out.append(source.part(part.amount))
                    }
                    width += padding + part.widths.whole + part.widths.rest
                }
                if let comment = syntax[index].comment {
                    Self.blanks(commentColumn - width, out)
                    Self.put(comment, source, out)
                } else {
                    while out.count > start, out.last == 0x20 { out.removeLast() }
                }
                Self.end(out)
            }
        }
    }
}
