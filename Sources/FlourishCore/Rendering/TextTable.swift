/// A plain text table: a header row and rows of cells, numbers right-aligned.
struct TextTable {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []
    /// Decorates a cell's text after the layout is measured (ANSI colour on a terminal).
    var paint: ((String) -> String)?

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func rendered() -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: max(0, widths[i] - cell.count))
                let shown = paint?(cell) ?? cell
                parts.append(columns[i].alignment == .right ? padding + shown : shown + padding)
            }
            var text = parts.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        return ([line(columns.map(\.title))] + rows.map(line)).joined()
    }

    /// The table with totals rows under a rule as wide as the table.
    func rendered(totals: [[String]]) -> String {
        guard !totals.isEmpty else { return rendered() }
        var all = self
        all.rows += totals
        let lines = all.rendered().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let width = lines.map(\.count).max() ?? 0
        let bodyCount = 1 + rows.count
        return (lines[..<bodyCount] + [String(repeating: "-", count: width)] + lines[bodyCount...].filter { !$0.isEmpty })
            .joined(separator: "\n") + "\n"
    }
}
