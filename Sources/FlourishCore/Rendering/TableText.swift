/// The layout of one report table in text: each column as wide as its widest cell, numbers
/// to the right, two blanks between columns and none at a line's end. Measured over every
/// row first (`measure`), then laid a line at a time by `TextRows`.
struct TableText {
    let renderer: DocumentRenderer
    /// Whether each column is aligned to the right (numbers).
    let right: [Bool]
    private(set) var widths: [Int]
    /// The widths of texts already measured (an entry's description stands on each of its
    /// lines, a status mark and the few names of a register on many).
    fileprivate(set) var known: KnownTexts

    init(_ renderer: DocumentRenderer, right: [Bool]) {
        self.renderer = renderer
        self.right = right
        widths = Array(repeating: 0, count: right.count)
        known = KnownTexts(columns: right.count)
    }

    /// How wide a cell is on screen.
    mutating func width(_ cell: ReportDocument.Cell, _ column: Int) -> Int {
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
}

/// A text table's lines, laid into `block` a cell at a time as `TableText` measured them (a
/// `RowSink`: a stored row through `lay`, a made row as it is made).
final class TextRows: RowSink {
    let renderer: DocumentRenderer
    /// Whether each column is aligned to the right, and how wide it is.
    let right: [Bool]
    let widths: [Int]
    private let colour: Bool
    /// Amounts written in Flourish's own way (no display locale): the currency's symbol and
    /// decimals, kept here (read from the renderer for each amount, its format was copied).
    private let plainMoney: Bool
    private let symbol: MoneyFormat.Symbol
    private let decimals: Int
    /// Where lines are laid.
    let block: OutputBlock
    /// How many first cells the rows of a run share (`MadeRows`).
    var shared = 0
    /// The widest line laid so far (the rule under the rows is as wide).
    private(set) var widest = 0
    private var layout: TableText
    private let runStart = RunStart()
    /// The line being laid: its next column, where it began in the block, whether it
    /// continues a run, the width shown and the blanks owed before the next text shown.
    private var column = 0
    private var lineStart = 0
    private var continuing = false
    private var shown = 0
    private var blanks = 0

    init(_ layout: TableText, block: OutputBlock) {
        self.layout = layout
        renderer = layout.renderer
        right = layout.right
        widths = layout.widths
        colour = layout.renderer.colour
        plainMoney = layout.renderer.money.display == nil
        symbol = layout.renderer.money.symbolInPlace ?? MoneyFormat.Symbol(bytes: [], width: 0)
        decimals = layout.renderer.money.currency.decimals
        self.block = block
    }

    /// Copies a text into the block and returns its width (measured on the bytes copied, or
    /// known).
    private func appendText(_ text: String, column: Int) -> Int {
        let identity = StringBytes.identity(of: text)
        if let width = layout.known.value(identity, column: column) {
            block.append(text)
            return width
        }
        let width = block.appendMeasured(text)
        layout.known.remember(text, identity, column: column, value: width)
        return width
    }

    /// One line into `block`, trailing blanks cut.
    func lay(_ cells: [ReportDocument.Cell]) {
        beginRow(continuingRun: false)
        for cell in cells { add(cell) }
        endRow()
    }

    func beginRow(continuingRun: Bool) {
        (column, lineStart, continuing, shown, blanks) = (0, block.count, continuingRun, 0, 0)
        if continuingRun, shared > 0 {
            runStart.write(into: block)
            (column, shown, blanks) = (shared, runStart.shown, runStart.blanks)
        }
    }

    /// Whether the next cell has a column; keeps a run's shared cells when it reaches the
    /// first cell after them.
    private func enterCell() -> Bool {
        guard column < right.count else { return false }
        if column == shared, shared > 0, !continuing {
            runStart.keep(block, from: lineStart, shown: shown, blanks: blanks)
        }
        if column > 0 { blanks += 2 }
        return true
    }

    /// Before a left-aligned text: an empty one adds its column's width to the blanks owed
    /// (false); otherwise the blanks are written, then the text (true).
    private func beginLeftText(isEmpty: Bool) -> Bool {
        guard !isEmpty else {
            blanks += widths[column]
            return false
        }
        block.append(repeating: UInt8(ascii: " "), count: blanks)
        return true
    }

    /// After a left-aligned text of `width`: its blanks come after it.
    private func endLeftText(width: Int) {
        shown += blanks + width
        blanks = max(0, widths[column] - width)
    }

    func add(text: ByteView, width: Int?) {
        guard column < right.count else { return }
        guard !right[column], !colour else { return add(.text(text.string)) }
        guard enterCell() else { return }
        if beginLeftText(isEmpty: text.isEmpty) {
            block.append(text)
            endLeftText(width: width ?? text.displayWidth)
        }
        column += 1
    }

    func add(_ cell: ReportDocument.Cell) {
        guard enterCell() else { return }
        defer { column += 1 }
        switch cell {
        case .text(let text) where !right[column] && !colour:
            if beginLeftText(isEmpty: text.isEmpty) { endLeftText(width: appendText(text, column: column)) }
        case .money(let amount) where plainMoney:
            // Its width counted from the digits (`MoneyFormat.textWidth`), then its blanks, sign,
            // symbol and digits written straight into the block (`MoneyFormat.write`).
            let digits = amount.layout(decimals: decimals, grouping: true, signed: false)
            let width = symbol.width + (amount.minorUnits < 0 ? 1 : 0) + digits.length
            let padding = max(0, widths[column] - width)
            if right[column] { blanks += padding }
            block.append(amount, symbol: symbol, layout: digits, blanks: blanks)
            shown += blanks + width
            blanks = right[column] ? 0 : padding
        default:
            let cellWidth = layout.width(cell, column)
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

    func endRow() {
        block.append(byte: UInt8(ascii: "\n"))
        widest = max(widest, shown)
        block.flushIfFull()
    }
}
