/// Renders diagnostics as text the way compilers do:
///
///     ledger.flourish:12:3: error: unknown category `Dinig`
///        12 |   Dinig   30.00
///           |   ^~~~~
///           = hint: did you mean `Dining`?
public struct DiagnosticRenderer {
    public var files: [SourceFile]
    /// Wrap severities in ANSI colour (only on a terminal without NO_COLOR).
    public var colour: Bool

    /// Longest stretch of a source line shown; longer lines are cut around the caret.
    static let maxShownWidth = 100

    public init(files: [SourceFile], colour: Bool = false) {
        self.files = files
        self.colour = colour
    }

    /// The 1-based line and column (in characters) of a location.
    public func position(of location: SourceLocation) -> (line: Int, column: Int) {
        let file = files[Int(location.file)]
        let (line, start) = file.line(containing: Int(location.start))
        let column = columnCount(file.bytes, from: start, to: Int(location.start)) + 1
        return (line, column)
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = header(diagnostic.location, severity: diagnostic.severity.rawValue, diagnostic.message)
        out += excerpt(diagnostic.location)
        if let hint = diagnostic.hint {
            out += gutter(width: gutterWidth(diagnostic.location)) + "= hint: " + hint + "\n"
        }
        for note in diagnostic.notes {
            out += header(note.location, severity: Diagnostic.Severity.note.rawValue, note.message)
            out += excerpt(note.location)
        }
        return out
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    private func header(_ location: SourceLocation, severity: String, _ message: String) -> String {
        let (line, column) = position(of: location)
        let path = files[Int(location.file)].path
        return "\(path):\(line):\(column): \(paint(severity)): \(message)\n"
    }

    private func gutterWidth(_ location: SourceLocation) -> Int {
        String(position(of: location).line).count + 1
    }

    private func gutter(width: Int, label: String = "") -> String {
        String(repeating: " ", count: width - label.count) + label + " "
    }

    /// The source line with a caret (and tildes) under the location.
    private func excerpt(_ location: SourceLocation) -> String {
        let file = files[Int(location.file)]
        let (line, lineStart) = file.line(containing: Int(location.start))
        let range = file.lineRange(startingAt: lineStart)
        let start = min(max(Int(location.start), range.lowerBound), range.upperBound)
        let end = min(max(Int(location.end), start), range.upperBound)
        // Decode only a window of bytes around the spot: a line may be megabytes long.
        let window = 4 * DiagnosticRenderer.maxShownWidth
        var windowStart = max(range.lowerBound, start - window)
        while windowStart < start && file.bytes[windowStart] & 0xC0 == 0x80 { windowStart += 1 }
        var windowEnd = min(range.upperBound, end + window)
        while windowEnd < range.upperBound && file.bytes[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
        let before = Array(scalars(file.text(windowStart..<start)))
        let marked = Array(scalars(file.text(start..<min(end, windowEnd))))
        let after = Array(scalars(file.text(min(end, windowEnd)..<windowEnd)))
        let cutBefore = windowStart > range.lowerBound
        let cutAfter = windowEnd < range.upperBound

        // Cut long lines to a window that keeps the caret visible.
        var shownBefore = before
        var prefix = ""
        let maxWidth = DiagnosticRenderer.maxShownWidth
        if before.count > maxWidth / 2 || cutBefore {
            shownBefore = Array(before.suffix(maxWidth / 2))
            prefix = "…"
        }
        let room = max(1, maxWidth - shownBefore.count)
        let shownMarked = Array(marked.prefix(room))
        let shownAfter = Array(after.prefix(max(0, room - shownMarked.count)))
        let suffix = cutAfter || marked.count + after.count > shownMarked.count + shownAfter.count ? "…" : ""

        let width = String(line).count + 1
        var text = gutter(width: width, label: String(line)) + "| " + prefix
        text += String(String.UnicodeScalarView(shownBefore + shownMarked + shownAfter)) + suffix + "\n"
        var caret = gutter(width: width) + "| " + (prefix.isEmpty ? "" : " ")
        for scalar in shownBefore { caret.append(scalar == "\t" ? "\t" : " ") }
        caret += "^" + String(repeating: "~", count: max(0, shownMarked.count - 1))
        return text + caret + "\n"
    }

    private func scalars(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.map { ControlCharacter.contains($0) && $0 != "\t" ? "?" : $0 }
    }

    private func columnCount(_ bytes: SourceBytes, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end && index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    private func paint(_ severity: String) -> String {
        guard colour else { return severity }
        switch severity {
        case "error": return "\u{1B}[1;31merror\u{1B}[0m"
        case "warning": return "\u{1B}[1;33mwarning\u{1B}[0m"
        default: return "\u{1B}[1;36m\(severity)\u{1B}[0m"
        }
    }
}
