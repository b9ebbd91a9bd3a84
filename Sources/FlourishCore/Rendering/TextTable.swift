/// A table of texts already worded (the due list, the bucket log, the forecast's days), laid
/// out as every report table is: a `ReportDocument.Table` of text cells through the one text
/// layout (`TableText`, `DocumentRenderer.write(_:to:)`): each column as wide as its widest
/// cell, right-aligned columns to the right, two blanks between columns, none at a line's end.
struct TextTable {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as text, with `totals` under a rule as wide as the table.
    func rendered(totals: [[String]] = []) -> String {
        var table = ReportDocument.Table(id: "table", title: "",
                                         columns: columns.map { ReportDocument.Column("", $0.title, numeric: $0.alignment == .right) })
        table.rows = rows.map { $0.map(ReportDocument.Cell.text) }
        table.totals = totals.map { $0.map(ReportDocument.Cell.text) }
        let out = CapturedOutput()
        DocumentRenderer(currency: nil).write(table, to: out)
        return out.text
    }

    /// Characters on screen (`ByteScan.displayWidth`).
    static func width(_ text: String) -> Int { ByteScan.displayWidth(text) }

    /// Text cut to `width` characters on screen, ending in `...` when cut.
    static func fitted(_ text: String, width: Int) -> String {
        guard Self.width(text) > width else { return text }
        var kept = ""
        for character in text {
            guard Self.width(kept + String(character)) + 3 <= width else { break }
            kept.append(character)
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "..."
    }

    /// Text broken at blanks into lines of at most `width` characters on screen (a word
    /// longer than that on a line of its own).
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, Self.width(candidate) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The width of UTF-8 text given as bytes.
    static func width(utf8 bytes: ByteView) -> Int { bytes.displayWidth }
}
