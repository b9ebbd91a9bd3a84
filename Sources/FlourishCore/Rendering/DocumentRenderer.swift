/// Renders a `ReportDocument` as aligned text, RFC 4180 CSV or JSON (docs/json.md).
public struct DocumentRenderer {
    public var money: MoneyFormat
    /// Colour status words (only for a terminal without NO_COLOR).
    public var colour: Bool
    /// Draw bars and sparklines with Unicode blocks; plain ASCII otherwise.
    public var unicode: Bool

    public init(currency: Currency?, colour: Bool = false, unicode: Bool = false) {
        money = MoneyFormat(currency)
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
        var out = document.title + "\n"
        for chart in document.sparklines where !chart.values.isEmpty {
            out += "\n" + chart.title + "\n" + Self.sparkline(chart.values, unicode: unicode) + "\n"
        }
        for table in document.tables {
            out += "\n" + table.title + "\n"
            if table.rows.isEmpty && table.totals.isEmpty {
                out += "  (none)\n"
                continue
            }
            var layout = TextTable(table.columns.map { ($0.title, $0.isNumeric ? .right : .left) })
            if colour { layout.paint = Self.paint }
            for row in table.rows { layout.add(row.map(textCell)) }
            out += layout.rendered(totals: table.totals.map { $0.map(textCell) })
        }
        for note in document.notes where !note.lines.isEmpty {
            out += "\n" + note.title + "\n"
            for line in note.lines { out += "- " + sentence(line) + "\n" }
        }
        return out
    }

    func textCell(_ cell: ReportDocument.Cell) -> String {
        switch cell {
        case .text(let text): return text
        case .name(let name, let depth): return String(repeating: "  ", count: depth) + name
        case .money(let value): return money.text(value)
        case .date(let date): return date.description
        case .percent(let basisPoints): return Self.percentText(basisPoints)
        case .integer(let value): return String(value)
        case .progress(let basisPoints): return Self.bar(basisPoints, unicode: unicode)
        case .empty: return ""
        }
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
        // Appended into one string as the rows are made (a register has a row per split line).
        var out = ""
        func line(_ fields: [String]) {
            for (index, field) in fields.enumerated() {
                if index > 0 { out += "," }
                out += Self.csvField(field)
            }
            out += "\r\n"
        }
        if document.tables.count == 1, let table = document.tables.first {
            line(table.columns.map(\.id))
            for row in table.rows { line(row.map(csvCell)) }
            for row in table.totals { line(row.map(csvCell)) }
        } else {
            line(["table", "row", "column", "value"])
            for table in document.tables {
                for (index, row) in (table.rows + table.totals).enumerated() {
                    for (column, cell) in zip(table.columns, row) {
                        line([table.id, String(index + 1), column.id, csvCell(cell)])
                    }
                }
            }
        }
        return out
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
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// A field quoted per RFC 4180 when it holds a comma, a quote or a line break — judged and
    /// doubled per Unicode scalar, so a quote followed by a combining mark is still a quote.
    static func csvField(_ field: String) -> String {
        // On the bytes: the four characters are ASCII, and in UTF-8 an ASCII byte is always
        // that character (never part of another scalar), so judging and doubling bytes is
        // judging and doubling scalars.
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        var out: [UInt8] = [0x22]
        out.reserveCapacity(field.utf8.count + 4)
        for byte in field.utf8 {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// Cells as plain values: amounts and percentages as decimal strings.
    func plainCell(_ cell: ReportDocument.Cell) -> String {
        switch cell {
        case .text(let text), .name(let text, _): return text
        case .money(let value): return money.plain(value)
        case .date(let date): return date.description
        case .percent(let basisPoints), .progress(let basisPoints): return Money(minorUnits: Int64(basisPoints)).formatted(decimals: 2, grouping: false)
        case .integer(let value): return String(value)
        case .empty: return ""
        }
    }

    // MARK: JSON

    public func json(_ document: ReportDocument) -> String {
        func value(_ cell: ReportDocument.Cell) -> JSONValue {
            switch cell {
            case .integer(let number): return .integer(number)
            case .empty: return .null
            default: return .string(plainCell(cell))
            }
        }
        func rows(_ rows: [[ReportDocument.Cell]], _ columns: [ReportDocument.Column]) -> JSONValue {
            .array(rows.map { row in .object(zip(columns, row).map { ($0.id, value($1)) }) })
        }
        let tables: [JSONValue] = document.tables.map { table in
            .object([("id", .string(table.id)), ("title", .string(table.title)),
                     ("columns", .array(table.columns.map { .string($0.id) })),
                     ("rows", rows(table.rows, table.columns)), ("totals", rows(table.totals, table.columns))])
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
        return JSONValue.object([
            ("report", .string(document.kind)),
            ("title", .string(document.title)),
            ("from", document.from.map { .string($0.description) } ?? .null),
            ("to", document.to.map { .string($0.description) } ?? .null),
            ("currency", .string(money.currency.code)),
            ("tables", .array(tables)),
            ("notes", .array(notes)),
        ]).rendered()
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
