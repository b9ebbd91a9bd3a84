/// A report in another currency (`flourish report … --value CODE`, hledger's `-X`): every
/// home amount of the document at the rate of CODE on the report date (grammar.md, "Several
/// currencies"). The figures are the report's own, each converted once; the renderers then
/// write them in CODE.
extension ReportDocument {
    /// The document with each home amount given by `convert` (amounts in other currencies, and
    /// everything that is not an amount, as they are). Throws when an amount does not fit.
    func valued(by convert: @escaping @Sendable (Money) throws(MoneyOverflow) -> Money) throws(MoneyOverflow) -> ReportDocument {
        func cell(_ cell: Cell) throws(MoneyOverflow) -> Cell {
            guard case .money(let amount) = cell else { return cell }
            return .money(try convert(amount))
        }
        func cells(_ row: [Cell]) throws(MoneyOverflow) -> [Cell] {
            var converted: [Cell] = []
            converted.reserveCapacity(row.count)
            for value in row { converted.append(try cell(value)) }
            return converted
        }
        var document = self
        for index in document.tables.indices {
            var table = document.tables[index]
            table.rows = try table.rows.map { row throws(MoneyOverflow) in try cells(row) }
            table.totals = try table.totals.map { row throws(MoneyOverflow) in try cells(row) }
            if let made = table.madeRows {
                table.madeRows = try Self.valued(made, by: convert)
            }
            document.tables[index] = table
        }
        for index in document.notes.indices {
            for line in document.notes[index].lines.indices {
                var sentence = document.notes[index].lines[line]
                for part in sentence.parts.indices {
                    if case .value(let key, let value) = sentence.parts[part] { sentence.parts[part] = .value(key, try cell(value)) }
                }
                document.notes[index].lines[line] = sentence
            }
        }
        return document
    }

    /// Made rows whose amounts are converted as they are made. A made table's extreme amounts
    /// (`widest`) are converted first: a conversion keeps the order of amounts, so when the
    /// extremes fit, every amount between them does. Without them, the rows are made here
    /// once and kept.
    private static func valued(_ made: MadeRows, by convert: @escaping @Sendable (Money) throws(MoneyOverflow) -> Money) throws(MoneyOverflow) -> MadeRows {
        guard let widest = made.widest else {
            var rows: [[Cell]] = []
            var failure: MoneyOverflow?
            Body(stored: [], made: made).forEachRow { row in
                guard failure == nil else { return }
                do throws(MoneyOverflow) {
                    rows.append(try row.map { value throws(MoneyOverflow) in
                        guard case .money(let amount) = value else { return value }
                        return .money(try convert(amount))
                    })
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            let kept = rows
            return MadeRows(count: kept.count) { sink in
                for row in kept {
                    sink.beginRow(continuingRun: false)
                    for value in row { sink.add(value) }
                    sink.endRow()
                }
            }
        }
        var extremes: [[Cell]] = []
        for column in widest() {
            extremes.append(try column.map { value throws(MoneyOverflow) in
                guard case .money(let amount) = value else { return value }
                return .money(try convert(amount))
            })
        }
        let converted = extremes
        return MadeRows(count: made.count, sharedColumns: made.sharedColumns, widest: { converted }) { sink in
            made.write(ValuingSink(sink, convert))
        }
    }
}

/// A `RowSink` that converts each home amount on its way to another sink (the extremes were
/// converted first, so none fails here).
private final class ValuingSink: RowSink {
    let sink: RowSink
    let convert: (Money) throws(MoneyOverflow) -> Money

    init(_ sink: RowSink, _ convert: @escaping (Money) throws(MoneyOverflow) -> Money) {
        self.sink = sink
        self.convert = convert
    }

    func beginRow(continuingRun: Bool) { sink.beginRow(continuingRun: continuingRun) }
    func add(text: ByteView, width: Int?) { sink.add(text: text, width: width) }
    func add(name: Int32, text: ByteView, width: Int?) { sink.add(name: name, text: text, width: width) }
    func endRow() { sink.endRow() }

    func add(_ cell: ReportDocument.Cell) {
        guard case .money(let amount) = cell else { return sink.add(cell) }
        sink.add((try? convert(amount)).map { .money($0) } ?? .text("too large"))
    }
}
