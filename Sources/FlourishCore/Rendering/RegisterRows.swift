/// The register's rows written straight from its lines (`RegisterReport`), in text, CSV or
/// JSON: the same bytes the renderers give the rows the register makes as cells, without a
/// row of cells a line. An item's date, status, description and tags are written once for all
/// of its lines (its `prefix`), each name once for the run; a line adds its name, its amount
/// and the running balance. `DocumentRenderer` takes this way for a register's table (in text
/// when there is no colour, no display locale and the currency symbol fits), and the cells' way
/// otherwise; `RegisterRowsTests` compare the two on every example and on random ledgers.
///
/// A class: its ledger is read where it stands, never copied into a closure with it (a copy
/// retains and releases every list the ledger holds).
final class RegisterRows {
    enum Format { case text, csv, json }

    let format: Format
    let report: RegisterReport
    private let ledger: Ledger
    private let items: [Journal.Item]
    private let money: MoneyFormat
    /// Text: the currency's symbol, kept in place for amounts written straight in.
    private let symbol: MoneyFormat.Symbol
    /// Text: the seven columns' widths, as `TableText` measured them.
    private let widths: [Int]
    /// JSON: each column's key as it is written before its value (`        {"date": `,
    /// `, "status": `, …).
    /// (One run of bytes kept for the run, each key read in place: a key kept as an array of
    /// its own was retained and released at every use, twice a row.)
    private let keyBytes: [UInt8]
    private let keyStarts: [Int]
    /// Every name's bytes as written in this format (text: as it is; CSV: a field, guarded and
    /// quoted; JSON: a string), one after another, where each starts (and the last ends), and,
    /// in text, each name's width.
    private let nameBytes: [UInt8]
    private let nameStarts: [Int]
    private let nameWidths: [Int]

    /// Nil when the cells' way must be taken: text with a display locale or a currency symbol
    /// too long to keep in place (`MoneyFormat.symbolInPlace`), or a table not of the
    /// register's seven columns.
    init?(_ report: RegisterReport, format: Format, columns: [ReportDocument.Column], money: MoneyFormat, widths: [Int] = []) {
        guard columns.count == 7 else { return nil }
        var symbol = MoneyFormat.Symbol(bytes: [], width: 0)
        if format == .text {
            guard widths.count == 7, let inPlace = money.symbolInPlace else { return nil }
            symbol = inPlace
        }
        self.symbol = symbol
        self.format = format
        self.report = report
        ledger = report.journal.ledger
        items = report.journal.items
        self.money = money
        self.widths = widths
        let keys = columns.enumerated().map { number, column in Array(((number == 0 ? "        {" : ", ") + JSONValue.quote(column.id) + ": ").utf8) }
        keyBytes = Array(keys.joined())
        keyStarts = keys.reduce(into: [0]) { starts, key in starts.append(starts[starts.count - 1] + key.count) }
        var bytes: [UInt8] = []
        var starts = [0]
        var nameWidths: [Int] = []
        for name in ledger.names.names {
            switch format {
            case .text:
                let start = bytes.count
                bytes.append(contentsOf: name.utf8)
                nameWidths.append(bytes.withView { $0.part(from: start).displayWidth })
            case .csv: OutputBlock.appendField(DocumentRenderer.csvText(name), to: &bytes)
            case .json: bytes.append(contentsOf: JSONValue.quote(name).utf8)
            }
            starts.append(bytes.count)
        }
        nameBytes = bytes
        nameStarts = starts
        self.nameWidths = nameWidths
    }

    /// Every row of the register into `block`: in text a line feed after each; in CSV a
    /// carriage return and a line feed; in JSON a comma between rows and a line feed after each.
    func write(into block: OutputBlock) {
        var lastItem: Int32 = -1
        // The current item's row up to its tags, and (in text) the blanks due after them.
        let prefix = OutputBlock()
        var blanksAfterPrefix = 0
        let decimals = money.currency.decimals
        let last = report.kept.count - 1
        let measured = report.measured.descriptions
        nameBytes.withView { names in
            keyBytes.withView { keys in
                for (index, line) in report.kept.enumerated() {
                        if line.item != lastItem {
                            lastItem = line.item
                            blanksAfterPrefix = layPrefix(of: line.item, into: prefix, names: names, keys: keys, measured: measured)
                        }
                        block.append(prefix.gathered)
                        let target = Int(line.target)
                        let name = names.part(nameStarts[target]..<nameStarts[target + 1])
                        switch format {
                        case .text: writeText(line, name: name, width: nameWidths[target], blanks: blanksAfterPrefix, decimals: decimals, into: block)
                        case .csv:
                            block.append(name)
                            block.append(byte: UInt8(ascii: ","))
                            block.append(line.amount, decimals: decimals)
                            block.append(byte: UInt8(ascii: ","))
                            block.append(line.running, decimals: decimals)
                            block.append(byte: 0x0D)
                            block.append(byte: 0x0A)
                        case .json:
                            block.append(name)
                            writeJSONAmount(line.amount, key: key(5, keys), decimals: decimals, into: block)
                            writeJSONAmount(line.running, key: key(6, keys), decimals: decimals, into: block)
                            block += index == last ? "}\n" : "},\n"
                        }
                        block.flushIfFull()
                }
            }
        }
    }

    /// A text line's name, amount and running balance, after its prefix: a left-aligned
    /// text's blanks come before the next text shown; amounts are aligned to the right.
    private func writeText(_ line: RegisterReport.Kept, name: ByteView, width: Int, blanks: Int,
                           decimals: Int, into block: OutputBlock) {
        var blanks = blanks + 2
        if name.isEmpty {
            blanks += widths[4]
        } else {
            block.append(repeating: UInt8(ascii: " "), count: blanks)
            block.append(name)
            blanks = max(0, widths[4] - width)
        }
        block.append(line.amount, symbol: symbol, decimals: decimals, blanks: blanks + 2, alignedTo: widths[5])
        block.append(line.running, symbol: symbol, decimals: decimals, blanks: 2, alignedTo: widths[6])
        block.append(byte: UInt8(ascii: "\n"))
    }

    /// JSON: the key of `column` as written before its value, from the keys' bytes.
    private func key(_ column: Int, _ keys: ByteView) -> ByteView {
        keys.part(keyStarts[column]..<keyStarts[column + 1])
    }

    /// `, "amount": "-12.50"`.
    private func writeJSONAmount(_ amount: Money, key: ByteView, decimals: Int, into block: OutputBlock) {
        block.append(key)
        block.append(byte: UInt8(ascii: "\""))
        block.append(amount, decimals: decimals)
        block.append(byte: UInt8(ascii: "\""))
    }

    /// An item's date, status, description and tags, each in its column, into `prefix`, up to
    /// where the name goes. Returns, in text, the blanks due after the tags.
    private func layPrefix(of number: Int32, into prefix: OutputBlock, names: ByteView, keys: ByteView,
                           measured: [Int32]) -> Int {
        let item = items[Int(number)]
        prefix.removeAll()
        if format == .json {
            prefix.append(key(0, keys))
            prefix.append(byte: UInt8(ascii: "\""))
        }
        prefix.append(item.date)
        if format == .json { prefix.append(byte: UInt8(ascii: "\"")) }
        var blanks = max(0, (widths.first ?? 10) - 10)
        let none = ByteView.empty
        if case .entry(let i) = item.kind {
            let entry = ledger.entries[i]
            var status = UInt8(0)
            switch entry.status {
            case .cleared: status = UInt8(ascii: "*")
            case .pending: status = UInt8(ascii: "!")
            case .unmarked: break
            }
            text(status == 0 ? none : Self.statusMarks.view.part(status == UInt8(ascii: "*") ? 0..<1 : 1..<2), column: 1, keys, prefix, &blanks)
            ledger.withDescriptionBytes(of: entry) { text($0, column: 2, keys, prefix, &blanks, width: Self.measuredWidth(of: number, measured)) }
            let tags = ledger.tags(of: entry)
            if format == .text {
                // `#a #b`, from the names' bytes and widths kept for the run.
                textCell(column: 3, isEmpty: tags.isEmpty, prefix, &blanks,
                         width: { tags.reduce(2 * tags.count - 1) { $0 + nameWidths[Int($1.id)] } }) {
                    for (number, tag) in tags.enumerated() {
                        let id = Int(tag.id)
                        prefix.append(static: number > 0 ? " #" : "#")
                        prefix.append(names.part(nameStarts[id]..<nameStarts[id + 1]))
                    }
                }
            } else {
                var text: [UInt8] = []
                for (number, tag) in tags.enumerated() {
                    if number > 0 { text.append(UInt8(ascii: " ")) }
                    text.append(UInt8(ascii: "#"))
                    text.append(contentsOf: ledger.names[tag.id].utf8)
                }
                text.withView { self.text($0, column: 3, keys, prefix, &blanks) }
            }
        } else {
            text(none, column: 1, keys, prefix, &blanks)
            report.journal.description(of: item).withView { text($0, column: 2, keys, prefix, &blanks) }
            text(none, column: 3, keys, prefix, &blanks)
        }
        // Up to the name.
        switch format {
        case .text: break
        case .csv: prefix.append(byte: UInt8(ascii: ","))
        case .json: prefix.append(key(4, keys))
        }
        return blanks
    }

    /// The width of item `number`'s description as the report measured it for the columns'
    /// widths, if it did.
    private static func measuredWidth(of number: Int32, _ widths: [Int32]) -> Int? {
        guard Int(number) < widths.count, widths[Int(number)] >= 0 else { return nil }
        return Int(widths[Int(number)])
    }

    /// Text: a cell of `column`, `write` putting it after the blanks owed before it, which
    /// then owes its column's width less its own; an empty cell adds its column's width to them.
    @inline(__always)
    private func textCell(column: Int, isEmpty: Bool, _ prefix: OutputBlock, _ blanks: inout Int,
                          width: () -> Int, write: () -> Void) {
        blanks += 2
        guard !isEmpty else {
            blanks += widths[column]
            return
        }
        prefix.append(repeating: UInt8(ascii: " "), count: blanks)
        write()
        blanks = max(0, widths[column] - width())
    }

    /// A text cell of `column`, as `TableText.lay`, the CSV renderer and `JSONRows` write it;
    /// in text, `blanks` are the blanks owed before it, `width` its width when known.
    private func text(_ bytes: ByteView, column: Int, _ keys: ByteView, _ prefix: OutputBlock, _ blanks: inout Int, width: Int? = nil) {
        switch format {
        case .text:
            textCell(column: column, isEmpty: bytes.isEmpty, prefix, &blanks,
                     width: { width ?? TextTable.width(utf8: bytes) }) { prefix.append(bytes) }
        case .csv:
            prefix.append(byte: UInt8(ascii: ","))
            if let first = bytes.first, DocumentRenderer.isFormula(first) {
                // Marked as text inside the quotes, when it has them.
                prefix.appendField(DocumentRenderer.csvText(bytes.string))
            } else {
                prefix.appendField(utf8: bytes)
            }
        case .json:
            prefix.append(key(column, keys))
            if JSONValue.isPlain(bytes) {
                prefix.append(byte: UInt8(ascii: "\""))
                prefix.append(bytes)
                prefix.append(byte: UInt8(ascii: "\""))
            } else {
                prefix.append(JSONValue.quote(bytes.string))
            }
        }
    }

    /// A status's mark, `*` or `!`, from static storage.
    private static let statusMarks: StaticString = "*!"
}
