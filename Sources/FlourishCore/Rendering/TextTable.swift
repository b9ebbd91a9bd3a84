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

    func rendered() -> String { rendered(totals: []) }

    /// The table with totals rows under a rule as wide as the table.
    func rendered(totals: [[String]]) -> String {
        let out = CapturedOutput()
        write(rows.count, { rows[$0] }, totals: totals, to: out)
        return out.text
    }

    /// Writes the header, `count` rows and the totals under a rule as wide as the widest line,
    /// a line at a time. The widths are measured over every row first — by `measureRow`, which
    /// widens the widths for a row without making its text, when the caller can — and the rows
    /// are then made again (`row`) as they are written, so a table of a million rows is never
    /// held whole.
    func write(_ count: Int, _ row: (Int) -> [String], measureRow: ((Int, inout [Int]) -> Void)? = nil,
               totals: [[String]], to out: TextOutput) {
        var widths = columns.map { Self.width($0.title) }
        func measure(_ cells: [String]) {
            for (i, cell) in cells.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.width(cell)) }
        }
        if let measureRow {
            for index in 0..<count { measureRow(index, &widths) }
        } else {
            for index in 0..<count { measure(row(index)) }
        }
        totals.forEach(measure)
        var widest = 0
        /// One line into `block` (trailing blanks cut); returns its width.
        func lay(_ cells: [String], into block: OutputBlock) -> Int {
            var shownWidth = 0
            var pendingBlanks = 0
            for (i, cell) in cells.enumerated() where i < widths.count {
                let cellWidth = Self.width(cell)
                let padding = max(0, widths[i] - cellWidth)
                if i > 0 { pendingBlanks += 2 }
                if columns[i].alignment == .right { pendingBlanks += padding }
                if !cell.isEmpty {
                    shownWidth += pendingBlanks + cellWidth
                    block.append(repeating: UInt8(ascii: " "), count: pendingBlanks)
                    pendingBlanks = 0
                    block.append(paint?(cell) ?? cell)
                }
                if columns[i].alignment == .left { pendingBlanks += padding }
            }
            block.append(byte: UInt8(ascii: "\n"))
            return shownWidth
        }
        // Lines gathered into blocks of about 64 KB: one write (and one pass of the output
        // guard) a block, not one a line.
        let block = OutputBlock(out)
        widest = max(widest, lay(columns.map(\.title), into: block))
        for index in 0..<count {
            widest = max(widest, lay(row(index), into: block))
            block.flushIfFull()
        }
        block.flush()
        guard !totals.isEmpty else { return }
        // The totals wait for the rule, as wide as the widest line.
        let held = OutputBlock(out)
        for cells in totals { widest = max(widest, lay(cells, into: held)) }
        out.write(String(repeating: "-", count: widest) + "\n")
        held.flush()
    }

    /// Characters on screen (`ByteScan.displayWidth`).
    static func width(_ text: String) -> Int { ByteScan.displayWidth(text) }

    /// The width of UTF-8 text given as bytes (`ByteScan.displayWidth`).
    static func width(utf8 bytes: ByteView) -> Int { bytes.displayWidth }
}
