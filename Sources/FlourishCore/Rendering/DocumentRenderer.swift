/// Renders a `ReportDocument` as aligned text, RFC 4180 CSV or JSON (docs/json.md).
public struct DocumentRenderer {
    public var money: MoneyFormat
    /// Colour status words (only for a terminal without NO_COLOR).
    public var colour: Bool
    /// Draw bars and sparklines with Unicode blocks; plain ASCII otherwise.
    public var unicode: Bool

    public init(currency: Currency?, display: DisplayLocale? = nil, colour: Bool = false, unicode: Bool = false) {
        money = MoneyFormat(currency, display: display)
        self.colour = colour
        self.unicode = unicode
    }

    /// Status words in red (trouble), yellow (a warning) or green (fine).
    static func paint(_ cell: String) -> String {
        let code: String
        switch cell {
        case "over", "over budget", "missing", "behind", "missed", "unpaid": code = "31"
        case "near", "at risk", "not due yet": code = "33"
        case "on track", "on schedule", "reached", "paid": code = "32"
        default: return cell
        }
        return "\u{1B}[" + code + "m" + cell + "\u{1B}[0m"
    }

    // MARK: Text

    public func text(_ document: ReportDocument) -> String {
        let out = CapturedOutput()
        text(document, to: out)
        return out.text
    }

    /// Writes the report as text a table row at a time.
    public func text(_ document: ReportDocument, to out: TextOutput) {
        out.write(document.title + "\n")
        for chart in document.sparklines where !chart.values.isEmpty {
            out.write("\n" + chart.title + "\n" + Self.sparkline(chart.values, unicode: unicode) + "\n")
        }
        for table in document.tables {
            out.write("\n" + table.title + "\n")
            let body = table.body
            if body.isEmpty && table.totals.isEmpty {
                out.write("  (none)\n")
                continue
            }
            write(table, to: out)
        }
        for note in document.notes where !note.lines.isEmpty {
            out.write("\n" + note.title + "\n")
            for line in note.lines { out.write("- " + sentence(line) + "\n") }
        }
        if let quote = document.quote { out.write("\n" + Self.quoteText(quote, unicode: unicode) + "\n") }
    }

    /// The day's quote on one line: `“…” — Seneca, Letters 2` (straight quotes without Unicode).
    static func quoteText(_ quote: DailyQuote, unicode: Bool = true) -> String {
        unicode ? "“\(quote.text)” — \(quote.source)" : "\"\(quote.text)\" -- \(quote.source)"
    }

    /// A table as aligned text (numbers to the right), its totals under a rule as wide as the
    /// widest line. The widths are measured over every row first, then the rows are made again
    /// as they are written, so a table of a million rows is never held whole; each cell goes
    /// straight into the output block (amounts and dates without a string of their own).
    func write(_ table: ReportDocument.Table, to out: TextOutput) {
        let titles = table.columns.map { ReportDocument.Cell.text($0.title) }
        // Lines gathered into blocks of about 64 KB: one write (and one pass of the output
        // guard) a block, not one a line.
        let block = OutputBlock(out)
        var layout = TableText(self, right: table.columns.map(\.isNumeric))
        layout.measure(titles)
        let body = table.body
        if let made = table.madeRows, let widest = made.widest {
            // The report's widest cells stand for its made rows.
            for cells in table.rows { layout.measure(cells) }
            for (column, cells) in widest().enumerated() {
                for cell in cells { layout.measure(cell, in: column) }
            }
        } else {
            body.forEachRow { layout.measure($0) }
        }
        for cells in table.totals { layout.measure(cells) }
        let rows = TextRows(layout, block: block)
        rows.lay(titles)
        rows.shared = body.sharedColumns
        body.write(into: rows)
        block.flush()
        guard !table.totals.isEmpty else { return }
        // The totals wait for the rule, as wide as the widest line.
        let totals = TextRows(layout, block: OutputBlock(out))
        for cells in table.totals { totals.lay(cells) }
        out.write(String(repeating: "-", count: max(rows.widest, totals.widest)) + "\n")
        totals.block.flush()
    }

    /// Whether a cell shows nothing in text (its column's blanks are then left out at a
    /// line's end).
    func isBlank(_ cell: ReportDocument.Cell) -> Bool {
        switch cell {
        case .text(let text): return text.isEmpty
        case .name(let name, let depth): return depth == 0 && name.isEmpty
        case .empty: return true
        default: return false
        }
    }

    /// `textCell(cell)` written into a block: dates and amounts in Flourish's own way without
    /// a string; status words painted when colour is on.
    func append(_ cell: ReportDocument.Cell, to block: OutputBlock) {
        switch cell {
        case .text(let text) where !colour: block.append(text)
        case .date(let date): block.append(date)
        case .money(let amount) where money.display == nil: money.write(amount, to: block)
        default:
            let text = textCell(cell)
            block.append(colour ? Self.paint(text) : text)
        }
    }

    /// How wide `textCell(cell)` is on screen, worked out without making the text where the
    /// cell says enough (dates, amounts, nothing).
    func textWidth(_ cell: ReportDocument.Cell) -> Int {
        switch cell {
        case .text(let text): return TextTable.width(text)
        case .name(let name, let depth): return 2 * depth + TextTable.width(name)
        case .money(let value): return money.textWidth(value)
        case .date: return 10
        case .empty: return 0
        default: return TextTable.width(textCell(cell))
        }
    }

    func textCell(_ cell: ReportDocument.Cell) -> String {
        switch cell {
        case .text(let text): return text
        case .name(let name, let depth): return String(repeating: "  ", count: depth) + name
        case .money(let value): return money.text(value)
        case .foreign(let value, let currency): return Self.foreignText(value, currency, display: money.display)
        case .date(let date): return date.description
        case .percent(let basisPoints): return Self.percentText(basisPoints)
        case .integer(let value): return String(value)
        case .progress(let basisPoints): return Self.bar(basisPoints, unicode: unicode)
        case .empty: return ""
        }
    }

    /// An amount in another currency: its digits and its code (`1,234.50 USD`); with a display
    /// locale, as that locale writes the currency (`1.234,50 $` in de-DE).
    /// Plain (`grouping` false, no display): `1234.50 USD`, as CSV writes it.
    static func foreignText(_ value: Money, _ currency: Currency, display: DisplayLocale?, grouping: Bool = true) -> String {
        guard display != nil else { return value.formatted(decimals: currency.decimals, grouping: grouping) + " " + currency.code }
        return MoneyFormat(currency, display: display).text(value)
    }

    /// A sentence as text: values formatted as in the tables (amounts with the symbol).
    public func sentence(_ sentence: ReportDocument.Sentence) -> String {
        sentence.parts.map { part in
            switch part {
            case .words(let words): return words
            case .value(_, let cell): return textCell(cell)
            }
        }.joined()
    }

    /// `74%`, `-5%`: whole percent, cut towards zero, so 89.99% never reads as 90% — the
    /// threshold at which a budget is "near".
    static func percentText(_ basisPoints: Int) -> String {
        let whole = abs(basisPoints) / 100
        return (basisPoints < 0 && whole > 0 ? "-" : "") + "\(whole)%"
    }

    /// `[#######---]` (or `[███████░░░]` in Unicode), with `+` past the end when over 100%.
    static func bar(_ basisPoints: Int, width: Int = 10, unicode: Bool = false) -> String {
        // Shares past 100% fill the bar; clamping first keeps the arithmetic small.
        let share = min(max(basisPoints, 0), 10_000)
        let filled = min(width, (share * width + 5_000) / 10_000)
        let over = basisPoints > 10_000 ? "+" : ""
        let (full, empty) = unicode ? ("█", "░") : ("#", "-")
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: width - filled) + "]" + over
    }

    /// One character a value, eight heights: `▁▂▃▄▅▆▇█` (or ` .:-=+*#` in ASCII). Days far
    /// above the ordinary ones are drawn as `↑` (`^`) so they do not flatten the rest.
    static func sparkline(_ values: [Int64], unicode: Bool) -> String {
        let levels = Array(unicode ? "▁▂▃▄▅▆▇█" : " .:-=+*#")
        let top = ChartScale.top(values)
        return String(values.map { $0 > top ? (unicode ? "↑" : "^") : levels[ChartScale.position($0, top: top, length: 7)] })
    }

    // MARK: CSV

    /// One table: a header row and its rows. Several tables: a long form with the columns
    /// `table,row,column,value`, so that every report is one RFC 4180 table. Text cells are
    /// guarded against formula injection (`csvText`); amounts stay plain numbers.
    public func csv(_ document: ReportDocument) -> String {
        let out = CapturedOutput()
        csv(document, to: out)
        return out.text
    }

    /// Writes the report as CSV in blocks of rows (a register has a row per split line).
    public func csv(_ document: ReportDocument, to out: TextOutput) {
        let block = OutputBlock(out)
        func line(_ fields: [String]) {
            for (index, field) in fields.enumerated() {
                if index > 0 { block += "," }
                block.appendField(field)
            }
            block += "\r\n"
            block.flushIfFull()
        }
        if document.tables.count == 1, let table = document.tables.first {
            line(table.columns.map(\.id))
            let rows = CSVRows(renderer: self, block: block)
            let body = table.body
            rows.shared = body.sharedColumns
            body.write(into: rows)
            rows.shared = 0
            rows.write(table.totals)
        } else {
            line(["table", "row", "column", "value"])
            for table in document.tables {
                var number = 0
                func cells(_ row: [ReportDocument.Cell]) {
                    number += 1
                    for (column, cell) in zip(table.columns, row) {
                        line([table.id, String(number), column.id, csvCell(cell)])
                    }
                }
                table.body.forEachRow(cells)
                table.totals.forEach(cells)
            }
        }
        block.flush()
    }

    /// A cell for CSV: text guarded, figures plain.
    func csvCell(_ cell: ReportDocument.Cell) -> String {
        switch cell {
        case .text(let text), .name(let text, _): return Self.csvText(text)
        default: return plainCell(cell)
        }
    }

    /// A text cell a spreadsheet will not run: one that begins with `=`, `+`, `-`, `@`, a tab
    /// or a carriage return gets a leading `'` (README, "CSV").
    static func csvText(_ text: String) -> String {
        isFormula(text) ? "'" + text : text
    }

    /// Whether a spreadsheet would read a cell as a formula: judged on the first byte (the six
    /// characters are ASCII, and an ASCII byte is always that character).
    static func isFormula(_ text: String) -> Bool {
        text.utf8.first.map(isFormula) ?? false
    }

    /// Whether a text beginning with this byte is one a spreadsheet would run.
    static func isFormula(_ first: UInt8) -> Bool {
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }

    /// A field quoted per RFC 4180 when it holds a comma, a quote or a line break
    /// (`OutputBlock.appendField`, the one place fields are quoted).
    static func csvField(_ field: String) -> String {
        guard StringBytes.contains(field, anyOf: ",\"\n\r") else { return field }
        var quoted: [UInt8] = []
        OutputBlock.appendField(field, to: &quoted)
        return String(decoding: quoted, as: UTF8.self)
    }

    /// Cells as plain values: amounts and percentages as decimal strings.
    func plainCell(_ cell: ReportDocument.Cell) -> String {
        switch cell {
        case .text(let text), .name(let text, _): return text
        case .money(let value): return money.plain(value)
        case .foreign(let value, let currency): return Self.foreignText(value, currency, display: nil, grouping: false)
        case .date(let date): return date.description
        case .percent(let basisPoints), .progress(let basisPoints): return Money(minorUnits: Int64(basisPoints)).formatted(decimals: 2, grouping: false)
        case .integer(let value): return String(value)
        case .empty: return ""
        }
    }

    // MARK: JSON

    /// An amount in another currency carries its currency: `{"amount": "1234.50", "currency": "USD"}`.
    static func foreignJSON(_ amount: Money, _ currency: Currency) -> JSONValue {
        .object([("amount", .string(amount.formatted(decimals: currency.decimals, grouping: false))), ("currency", .string(currency.code))])
    }

    public func json(_ document: ReportDocument) -> String {
        let out = CapturedOutput()
        json(document, to: out)
        return out.text
    }

    /// Writes the report as JSON (docs/json.md), a table row at a time: the same text as
    /// building the whole value and printing it.
    public func json(_ document: ReportDocument, to out: TextOutput) {
        func value(_ cell: ReportDocument.Cell) -> JSONValue {
            switch cell {
            case .integer(let number): return .integer(number)
            case .empty: return .null
            case .foreign(let amount, let currency): return Self.foreignJSON(amount, currency)
            default: return .string(plainCell(cell))
            }
        }
        // A sentence: its kind, its text with plain decimal amounts, and its values by key.
        func sentence(_ line: ReportDocument.Sentence) -> JSONValue {
            let text = line.parts.map { part -> String in
                switch part {
                case .words(let words): return words
                case .value(_, let cell): return plainCell(cell)
                }
            }.joined()
            return .object([("kind", .string(line.kind)), ("text", .string(text)),
                            ("values", .object(line.values.map { ($0.key, value($0.cell)) }))])
        }
        let notes: [JSONValue] = document.notes.map { note in
            .object([("id", .string(note.id)), ("title", .string(note.title)), ("lines", .array(note.lines.map(sentence)))])
        }
        // Every text in it is quoted by `JSONValue.quote` or `JSONRows` (`JSONEscape`).
        let block = OutputBlock(out, escaped: true)
        /// `"key": value` one level into the top object, then a comma unless it is the last.
        func member(_ key: String, _ item: JSONValue, last: Bool = false) {
            block += "  " + JSONValue.quote(key) + ": "
            block += item.written(indent: 1)
            block += last ? "\n" : ",\n"
        }
        block += "{\n"
        member("report", .string(document.kind))
        member("title", .string(document.title))
        member("from", document.from.map { .string($0.description) } ?? .null)
        member("to", document.to.map { .string($0.description) } ?? .null)
        member("currency", .string(money.currency.code))
        // Tables: the frame written here, each row written as it is made.
        if document.tables.isEmpty {
            block += "  \"tables\": [],\n"
        } else {
            block += "  \"tables\": [\n"
            for (number, table) in document.tables.enumerated() {
                block += "    {\n"
                block += "      \"id\": " + JSONValue.quote(table.id) + ",\n"
                block += "      \"title\": " + JSONValue.quote(table.title) + ",\n"
                block += "      \"columns\": [" + table.columns.map { JSONValue.quote($0.id) }.joined(separator: ", ") + "],\n"
                // A row a line (`JSONRows`).
                let writer = JSONRows(table.columns, renderer: self, block: block)
                let body = table.body
                block += body.isEmpty ? "      \"rows\": []" : "      \"rows\": [\n"
                writer.shared = body.sharedColumns
                body.write(into: writer)
                writer.finish()
                if !body.isEmpty { block += "      ]" }
                block += ",\n"
                block += table.totals.isEmpty ? "      \"totals\": []" : "      \"totals\": [\n"
                writer.shared = 0
                writer.write(table.totals)
                writer.finish()
                if !table.totals.isEmpty { block += "      ]" }
                block += "\n    }" + (number + 1 < document.tables.count ? ",\n" : "\n")
            }
            block += "  ],\n"
        }
        member("notes", .array(notes), last: true)
        block += "}\n"
        block.flush()
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
