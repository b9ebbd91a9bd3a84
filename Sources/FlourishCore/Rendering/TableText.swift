/// The layout of one report table in text: each column as wide as its widest cell, numbers
/// to the right, two blanks between columns and none at a line's end. Measured over every
/// row first (`measure`), then each line laid into an output block (`lay`).
struct TableText {
    let renderer: DocumentRenderer
    /// Whether each column is aligned to the right (numbers).
    let right: [Bool]
    private(set) var widths: [Int]
    /// The widest line laid so far (the rule under the rows is as wide).
    private(set) var widest = 0
    /// The widths of texts already measured (an entry's description stands on each of its
    /// lines, a status mark and the few names of a register on many).
    private var known: KnownTexts

    init(_ renderer: DocumentRenderer, right: [Bool]) {
        self.renderer = renderer
        self.right = right
        widths = Array(repeating: 0, count: right.count)
        known = KnownTexts(columns: right.count)
    }

    /// Copies a text into the block and returns its width (measured on the bytes copied, or
    /// known).
    private mutating func appendText(_ text: String, column: Int, into block: OutputBlock) -> Int {
        let identity = StringBytes.identity(of: text)
        if let width = known.value(identity, column: column) {
            block.append(text)
            return width
        }
        let width = block.appendMeasured(text)
        known.remember(text, identity, column: column, value: width)
        return width
    }

    /// How wide a cell is on screen.
    private mutating func width(_ cell: ReportDocument.Cell, _ column: Int) -> Int {
        guard case .text(let text) = cell else { return renderer.textWidth(cell) }
        let identity = StringBytes.identity(of: text)
        if let width = known.value(identity, column: column) { return width }
        let width = TextTable.width(text)
        known.remember(text, identity, column: column, value: width)
        return width
    }

    /// Widens the columns for a row.
    mutating func measure(_ cells: [ReportDocument.Cell]) {
        for column in 0..<min(right.count, cells.count) { measure(cells[column], in: column) }
    }

    /// Widens a column for a cell.
    mutating func measure(_ cell: ReportDocument.Cell, in column: Int) {
        guard column < right.count else { return }
        widths[column] = max(widths[column], width(cell, column))
    }

    /// One line into `block`, trailing blanks cut.
    mutating func lay(_ cells: [ReportDocument.Cell], into block: OutputBlock) {
        var shown = 0
        var blanks = 0
        for column in 0..<min(right.count, cells.count) {
            let cell = cells[column]
            if column > 0 { blanks += 2 }
            switch cell {
            case .text(let text) where !right[column] && !renderer.colour:
                // Left-aligned text is measured as it is copied: its blanks come after it.
                guard !text.isEmpty else {
                    blanks += widths[column]
                    continue
                }
                block.append(repeating: UInt8(ascii: " "), count: blanks)
                let width = appendText(text, column: column, into: block)
                shown += blanks + width
                blanks = max(0, widths[column] - width)
            case .money(let amount) where renderer.money.display == nil:
                // Its width counted from the digits, then written straight into the block.
                let width = renderer.money.textWidth(amount)
                let padding = max(0, widths[column] - width)
                if right[column] { blanks += padding }
                block.append(repeating: UInt8(ascii: " "), count: blanks)
                renderer.money.write(amount, to: block)
                shown += blanks + width
                blanks = right[column] ? 0 : padding
            default:
                let cellWidth = width(cell, column)
                let padding = max(0, widths[column] - cellWidth)
                if right[column] { blanks += padding }
                if !renderer.isBlank(cell) {
                    shown += blanks + cellWidth
                    block.append(repeating: UInt8(ascii: " "), count: blanks)
                    blanks = 0
                    renderer.append(cell, to: block)
                }
                if !right[column] { blanks += padding }
            }
        }
        block.append(byte: UInt8(ascii: "\n"))
        widest = max(widest, shown)
    }
}
