/// The rows of a report table in JSON, a row a line — `{"key": value, …}` — written straight
/// into an output block a cell at a time (a `RowSink`): the keys quoted once, dates and
/// amounts without a string, text escaped as `JSONValue.quote` escapes it (docs/json.md).
/// Rows are separated by a comma and a line feed; `finish` ends the last.
final class JSONRows: RowSink {
    let renderer: DocumentRenderer
    let block: OutputBlock
    /// How many first cells the rows of a run share (`MadeRows`).
    var shared = 0
    /// Each column's key as it is written before a value — `        {"date": ` for the first,
    /// `, "amount": ` for the others — and the same with the value's opening quote, one after
    /// another in one buffer (a row is a few copies, and no array a key to retain), seen
    /// through `keyViews`: column `n`'s at `2n`, with the quote at `2n + 1`.
    private let keys: ByteBuffer
    private let keyViews: [ByteView]
    /// Texts found plain (written as they are, no escape) before: 1 for plain, 0 not.
    private var known: KnownTexts
    private let runStart = RunStart()
    /// The currency's decimals, for amounts.
    private let decimals: Int
    /// Rows written since the last `finish`.
    private var rows = 0
    /// The row being written: its next column, where it began, whether it continues a run.
    private var column = 0
    private var lineStart = 0
    private var continuing = false

    init(_ columns: [ReportDocument.Column], renderer: DocumentRenderer, block: OutputBlock) {
        self.renderer = renderer
        self.block = block
        decimals = renderer.money.currency.decimals
        var keys: [UInt8] = []
        var offsets = [0]
        for (number, column) in columns.enumerated() {
            let key = (number == 0 ? "        {" : ", ") + JSONValue.quote(column.id) + ": "
            keys += Array(key.utf8)
            offsets.append(keys.count)
            keys += Array((key + "\"").utf8)
            offsets.append(keys.count)
        }
        let buffer = ByteBuffer(capacity: keys.count)
        keys.withView { buffer.append($0) }
        self.keys = buffer
        // The buffer never changes again, so its views stay valid as long as it lives.
        keyViews = (0..<offsets.count - 1).map { buffer.view.part(offsets[$0]..<offsets[$0 + 1]) }
        known = KnownTexts(columns: columns.count)
    }

    /// Stored rows, each a line.
    func write(_ rows: [[ReportDocument.Cell]]) {
        for row in rows {
            beginRow(continuingRun: false)
            for cell in row { add(cell) }
            endRow()
        }
    }

    /// Ends the last row written (a line feed), and begins a new list of rows.
    func finish() {
        if rows > 0 { block.append(byte: UInt8(ascii: "\n")) }
        rows = 0
    }

    func beginRow(continuingRun: Bool) {
        if rows > 0 { block += ",\n" }
        rows += 1
        (column, lineStart, continuing) = (0, block.count, continuingRun)
        if continuingRun, shared > 0 {
            runStart.write(into: block)
            column = shared
        }
    }

    /// Column `column`'s key, with the value's opening quote when `quoted`; false when the
    /// row has no more columns. Keeps a run's shared cells when it reaches the first cell
    /// after them.
    private func key(quoted: Bool) -> Bool {
        let at = 2 * column + (quoted ? 1 : 0)
        guard at < keyViews.count else { return false }
        if column == shared, shared > 0, !continuing { runStart.keep(block, from: lineStart) }
        block.append(keyViews[at])
        return true
    }

    /// Per name id: 1 when the name goes in as it is (no escape), 2 when not, 0 not yet seen.
    private var plainNames: [UInt8] = []

    func add(name: Int32, text: ByteView, width: Int?) {
        let id = Int(name)
        if id >= plainNames.count { plainNames += [UInt8](repeating: 0, count: id + 1 - plainNames.count) }
        if plainNames[id] == 0 { plainNames[id] = text.isPlainJSON ? 1 : 2 }
        guard plainNames[id] == 1 else { return add(.text(text.string)) }
        guard key(quoted: true) else { return }
        block.append(text)
        block.append(byte: UInt8(ascii: "\""))
        column += 1
    }

    func add(text: ByteView, width: Int?) {
        if text.isPlainJSON {
            guard key(quoted: true) else { return }
            block.append(text)
            block.append(byte: UInt8(ascii: "\""))
            column += 1
        } else {
            add(.text(text.string))
        }
    }

    func add(_ cell: ReportDocument.Cell) {
        let quote = UInt8(ascii: "\"")
        switch cell {
        case .integer(let value):
            guard key(quoted: false) else { return }
            block += String(value)
        case .empty:
            guard key(quoted: false) else { return }
            block += "null"
        case .date(let date):
            guard key(quoted: true) else { return }
            block.append(date)
            block.append(byte: quote)
        case .money(let amount):
            guard key(quoted: true) else { return }
            block.append(amount, decimals: decimals)
            block.append(byte: quote)
        case .text(let text) where text.isEmpty:
            guard key(quoted: true) else { return }
            block.append(byte: quote)
        case .text(let text):
            // An entry's description stands on each of its lines, a status mark and a
            // register's names on many: each is judged once.
            let identity = StringBytes.identity(of: text)
            if known.value(identity, column: column) == 1 {
                guard key(quoted: true) else { return }
                block.append(text)
                block.append(byte: quote)
            } else {
                guard key(quoted: false) else { return }
                let plain = block.appendJSONString(text)
                known.remember(text, identity, column: column, value: plain ? 1 : 0)
            }
        case .foreign(let amount, let currency):
            guard key(quoted: false) else { return }
            block += DocumentRenderer.foreignJSON(amount, currency).inline()
        case let cell:
            guard key(quoted: false) else { return }
            block.appendJSONString(renderer.plainCell(cell))
        }
        column += 1
    }

    func endRow() {
        if column == 0 && !continuing { block += "        {" }
        block.append(byte: UInt8(ascii: "}"))
        block.flushIfFull()
    }
}
