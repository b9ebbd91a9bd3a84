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
        var out: [String] = []
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
                if let last = out.last, !last.isEmpty { out.append("") }
                index += 1
            case .comment:
                out.append(withComment("", line.comment))
                index += 1
            case .directive:
                out.append(withComment(line.tokens.map(text).joined(separator: " "), line.comment))
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
                out.append(withComment(rendered, line.comment))
                index += 1
            case .posting, .indentedComment:
                var end = index
                while end < lines.count, lines[end].kind == .posting || lines[end].kind == .indentedComment { end += 1 }
                out += renderSplitLines(lines[index..<end], text)
                index = end
            }
        }
        while out.last == "" { out.removeLast() }
        return out.isEmpty ? "" : out.joined(separator: "\n") + "\n"
    }

    /// Aligns an entry's split lines: names padded to one width, decimal points in one column,
    /// trailing comments in one column.
    private static func renderSplitLines(_ lines: ArraySlice<SyntaxLine>, _ text: (Token) -> String) -> [String] {
        struct Parts {
            var target = ""
            var whole = ""
            var rest = ""
        }
        var parts: [Parts?] = []
        var targetWidth = 0
        var wholeWidth = 0
        var restWidth = 0
        for line in lines {
            guard line.kind == .posting, let first = line.tokens.first else { parts.append(nil); continue }
            var part = Parts(target: text(first))
            if line.tokens.count > 1 {
                let amount = line.tokens.dropFirst().map(text).joined(separator: " ")
                if let dot = amount.firstIndex(where: { $0 == "." || $0 == " " }) {
                    part.whole = String(amount[..<dot])
                    part.rest = String(amount[dot...])
                } else {
                    part.whole = amount
                }
            }
            targetWidth = max(targetWidth, part.target.count)
            wholeWidth = max(wholeWidth, part.whole.count)
            restWidth = max(restWidth, part.rest.count)
            parts.append(part)
        }
        func pad(_ text: String, _ width: Int, left: Bool) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return left ? padding + text : text + padding
        }
        let hasAmounts = wholeWidth > 0
        let commentColumn = 2 + targetWidth + (hasAmounts ? 2 + wholeWidth + restWidth : 0) + 2
        var out: [String] = []
        for (line, part) in zip(lines, parts) {
            guard let part else {
                out.append("  " + (line.comment.map(text) ?? ""))
                continue
            }
            var rendered = "  " + pad(part.target, targetWidth, left: false)
            if !part.whole.isEmpty {
                rendered += "  " + pad(part.whole, wholeWidth, left: true) + part.rest
            }
            if let comment = line.comment {
                rendered = pad(rendered, commentColumn, left: false) + text(comment)
            } else {
                while rendered.last == " " { rendered.removeLast() }
            }
            out.append(rendered)
        }
        return out
    }
}
