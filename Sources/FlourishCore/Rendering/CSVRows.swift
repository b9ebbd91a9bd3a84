/// The rows of a report table in RFC 4180 CSV, written straight into an output block a cell
/// at a time (a `RowSink`): dates and amounts as plain values, text guarded against formula
/// injection (`DocumentRenderer.csvText`) and quoted where it must be
/// (`OutputBlock.appendField`). Each row ends with a carriage return and a line feed.
final class CSVRows: RowSink {
    let renderer: DocumentRenderer
    let block: OutputBlock
    /// How many first cells the rows of a run share (`MadeRows`).
    var shared = 0
    private let runStart = RunStart()
    /// The currency's decimals, for amounts.
    private let decimals: Int
    /// The row being written: its next column, where it began, whether it continues a run.
    private var column = 0
    private var lineStart = 0
    private var continuing = false

    init(renderer: DocumentRenderer, block: OutputBlock) {
        self.renderer = renderer
        self.block = block
        decimals = renderer.money.currency.decimals
    }

    /// Stored rows.
    func write(_ rows: [[ReportDocument.Cell]]) {
        for row in rows {
            beginRow(continuingRun: false)
            for cell in row { add(cell) }
            endRow()
        }
    }

    func beginRow(continuingRun: Bool) {
        (column, lineStart, continuing) = (0, block.count, continuingRun)
        if continuingRun, shared > 0 {
            runStart.write(into: block)
            column = shared
        }
    }

    /// Before a field: keeps a run's shared cells when it reaches the first cell after them,
    /// and puts the comma.
    private func enterField() {
        if column == shared, shared > 0, !continuing { runStart.keep(block, from: lineStart) }
        if column > 0 { block.append(byte: UInt8(ascii: ",")) }
        column += 1
    }

    /// Per name id: 1 when the name goes in as it is (no quotes, not formula-like), 2 when
    /// not, 0 not yet seen.
    private var plainNames: [UInt8] = []

    func add(name: Int32, text: ByteView, width: Int?) {
        let id = Int(name)
        if id >= plainNames.count { plainNames += [UInt8](repeating: 0, count: id + 1 - plainNames.count) }
        if plainNames[id] == 0 {
            let formula = text.first.map(DocumentRenderer.isFormula) ?? false
            plainNames[id] = formula || text.csvNeedsQuotes ? 2 : 1
        }
        guard plainNames[id] == 1 else { return add(text: text, width: width) }
        enterField()
        block.append(text)
    }

    func add(text: ByteView, width: Int?) {
        guard let first = text.first, DocumentRenderer.isFormula(first) else {
            enterField()
            block.appendField(utf8: text)
            return
        }
        add(.text(text.string))
    }

    func add(_ cell: ReportDocument.Cell) {
        enterField()
        switch cell {
        case .date(let date): block.append(date)
        case .money(let amount): block.append(amount, decimals: decimals)
        case .text(let text) where !DocumentRenderer.isFormula(text): block.appendField(text)
        default: block.appendField(renderer.csvCell(cell))
        }
    }

    func endRow() {
        block.append(byte: 0x0D)
        block.append(byte: 0x0A)
        block.flushIfFull()
    }
}
