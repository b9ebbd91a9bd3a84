/// `flourish fmt`: rewrites a file canonically from its parsed lines (grammar.md, "Canonical form").
///
/// Only spacing changes: tokens are copied byte for byte, so no name, amount, description or
/// comment is ever altered. Split lines of an entry are indented by two spaces with their
/// amounts aligned on the decimal point; runs of blank lines shrink to one.
public enum Formatter {
    /// The result of reading a file for formatting.
    public struct Result: Sendable {
        /// The canonical text, or nil when the file has syntax errors.
        public var formatted: String?
        public var diagnostics: [Diagnostic]
        public var file: SourceFile
    }

    /// Parses `file` alone (includes are not followed) and formats it when it parses.
    public static func format(_ file: SourceFile) -> Result {
        let parsed = Parser.parse(file, fileIndex: 0, recordLines: true)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let lines = parsed.lines else {
            return Result(formatted: nil, diagnostics: parsed.diagnostics, file: file)
        }
        return Result(formatted: render(lines, file), diagnostics: parsed.diagnostics, file: file)
    }

    static func render(_ lines: [SyntaxLine], _ file: SourceFile) -> String {
        let out = renderLines(lines, file).map(\.text)
        return out.isEmpty ? "" : out.joined(separator: "\n") + "\n"
    }

    /// The canonical text of the lines `lines` (0-based, first to last) of a file, widened to
    /// whole entries: the lines it replaces and their new text, each line ending in a line
    /// feed. Nil when the file has syntax errors or the lines are canonical already. An
    /// editor's "format selection".
    public static func formatLines(_ file: SourceFile, _ range: ClosedRange<Int>) -> (lines: Range<Int>, text: String)? {
        let parsed = Parser.parse(file, fileIndex: 0, recordLines: true)
        guard !parsed.diagnostics.contains(where: { $0.severity == .error }), let lines = parsed.lines, !lines.isEmpty else { return nil }
        var first = min(max(0, range.lowerBound), lines.count - 1)
        var last = min(max(first, range.upperBound), lines.count - 1)
        // An entry's split lines are aligned together: take the whole entry.
        func inEntry(_ index: Int) -> Bool { lines[index].kind == .posting || lines[index].kind == .indentedComment }
        while first > 0, inEntry(first) { first -= 1 }
        while last + 1 < lines.count, inEntry(last + 1) { last += 1 }
        let text = renderLines(lines, file).filter { (first...last).contains($0.line) }.map { $0.text + "\n" }.joined()
        let starts = file.lineStarts
        let start = starts[first]
        let end = last + 1 < starts.count ? starts[last + 1] : file.bytes.count
        guard Array(text.utf8) != Array(file.bytes[start..<end]) else { return nil }
        return (first..<last + 1, text)
    }

    /// Each line of the canonical text with the source line (0-based) it comes from; a run of
    /// blank lines becomes one, kept at the run's first line.
    static func renderLines(_ lines: [SyntaxLine], _ file: SourceFile) -> [(line: Int, text: String)] {
        var out: [(line: Int, text: String)] = []
        func text(_ token: Token) -> String { file.text(token.range) }
        func withComment(_ line: String, _ comment: Token?) -> String {
            guard let comment else { return line }
            return line.isEmpty ? text(comment) : line + "  " + text(comment)
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            switch line.kind {
            case .blank:
                if let last = out.last, !last.text.isEmpty { out.append((index, "")) }
                index += 1
            case .comment:
                out.append((index, withComment("", line.comment)))
                index += 1
            case .directive:
                out.append((index, withComment(line.tokens.map(text).joined(separator: " "), line.comment)))
                index += 1
            case .entryHeader:
                // Two spaces set the #tags apart from the description.
                var rendered = ""
                for (position, token) in line.tokens.enumerated() {
                    if position > 0 {
                        let firstTag = token.kind == .tag && line.tokens[position - 1].kind != .tag
                        rendered += firstTag ? "  " : " "
                    }
                    rendered += text(token)
                }
                out.append((index, withComment(rendered, line.comment)))
                index += 1
            case .posting, .indentedComment:
                var end = index
                while end < lines.count, lines[end].kind == .posting || lines[end].kind == .indentedComment { end += 1 }
                for (offset, rendered) in renderSplitLines(lines[index..<end], text).enumerated() { out.append((index + offset, rendered)) }
                index = end
            }
        }
        while out.last?.text == "" { out.removeLast() }
        return out
    }

    /// Aligns an entry's split lines: names padded to one width, decimal points in one column,
    /// trailing comments in one column.
    private static func renderSplitLines(_ lines: ArraySlice<SyntaxLine>, _ text: (Token) -> String) -> [String] {
        /// A split line's name and amount (split at the decimal point or the code), with the
        /// width of each, measured once.
        struct Parts {
            var target = ""
            var whole = ""
            var rest = ""
            var widths = (target: 0, whole: 0, rest: 0)
        }
        var parts: [Parts?] = []
        parts.reserveCapacity(lines.count)
        var targetWidth = 0
        var wholeWidth = 0
        var restWidth = 0
        for line in lines {
            guard line.kind == .posting, let first = line.tokens.first else { parts.append(nil); continue }
            var part = Parts(target: text(first))
            if line.tokens.count > 1 {
                let amount = line.tokens.count == 2 ? text(line.tokens[1]) : line.tokens.dropFirst().map(text).joined(separator: " ")
                // On the bytes: `.` and a blank are ASCII, so the index is a character's.
                if let dot = amount.utf8.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ") }) {
                    part.whole = String(amount[..<dot])
                    part.rest = String(amount[dot...])
                } else {
                    part.whole = amount
                }
            }
            part.widths = (TextTable.width(part.target), TextTable.width(part.whole), TextTable.width(part.rest))
            targetWidth = max(targetWidth, part.widths.target)
            wholeWidth = max(wholeWidth, part.widths.whole)
            restWidth = max(restWidth, part.widths.rest)
            parts.append(part)
        }
        let hasAmounts = wholeWidth > 0
        let commentColumn = 2 + targetWidth + (hasAmounts ? 2 + wholeWidth + restWidth : 0) + 2
        var out: [String] = []
        out.reserveCapacity(lines.count)
        for (line, part) in zip(lines, parts) {
            guard let part else {
                out.append("  " + (line.comment.map(text) ?? ""))
                continue
            }
            // Two blanks, the name, then (with an amount) the blanks that put its decimal point
            // in the column, the amount; a comment at the comment column. Nothing ends in a blank.
            var rendered = "  "
            rendered += part.target
            var width = 2 + part.widths.target
            if !part.whole.isEmpty {
                let blanks = targetWidth - part.widths.target + 2 + wholeWidth - part.widths.whole
                rendered += TextTable.blanks(blanks)
                rendered += part.whole
                rendered += part.rest
                width += blanks + part.widths.whole + part.widths.rest
            }
            if let comment = line.comment {
                rendered += TextTable.blanks(commentColumn - width)
                rendered += text(comment)
            } else {
                while rendered.utf8.last == UInt8(ascii: " ") { rendered.removeLast() }
            }
            out.append(rendered)
        }
        return out
    }
}
