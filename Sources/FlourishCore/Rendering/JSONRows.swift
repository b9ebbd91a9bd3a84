/// The rows of a report table in JSON, a row a line — `{"key": value, …}` — written straight
/// into an output block: the keys quoted once, dates and amounts without a string, text
/// escaped as `JSONValue.quote` escapes it (docs/json.md).
struct JSONRows {
    let renderer: DocumentRenderer
    /// Each column's key as it is written before a value — `        {"date": ` for the first,
    /// `, "amount": ` for the others — and the same with the value's opening quote, one after
    /// another at their offsets (a row is a few copies, and no array a key to retain).
    private let keys: [UInt8]
    private let offsets: [Int]
    /// Texts found plain (written as they are, no escape) before: 1 for plain, 0 not.
    private var known: KnownTexts

    init(_ columns: [ReportDocument.Column], renderer: DocumentRenderer) {
        self.renderer = renderer
        var keys: [UInt8] = []
        var offsets = [0]
        for (number, column) in columns.enumerated() {
            let key = (number == 0 ? "        {" : ", ") + JSONValue.quote(column.id) + ": "
            keys += Array(key.utf8)
            offsets.append(keys.count)
            keys += Array((key + "\"").utf8)
            offsets.append(keys.count)
        }
        self.keys = keys
        self.offsets = offsets
        known = KnownTexts(columns: columns.count)
    }

    /// One row, then a comma unless it is the last, then a line feed.
    mutating func write(_ row: [ReportDocument.Cell], last: Bool, into block: OutputBlock) {
        let quote = UInt8(ascii: "\"")
        let count = min(row.count, offsets.count / 2)
        if count == 0 { block += "        {" }
        keys.withView { keys in
            /// Column `number`'s key, with the value's opening quote when `quoted`.
            func key(_ number: Int, quoted: Bool) {
                let at = 2 * number + (quoted ? 1 : 0)
                block.append(keys.part(offsets[at]..<offsets[at + 1]))
            }
            for number in 0..<count {
                switch row[number] {
                case .integer(let value):
                    key(number, quoted: false)
                    block += String(value)
                case .empty:
                    key(number, quoted: false)
                    block += "null"
                case .date(let date):
                    key(number, quoted: true)
                    block.append(date)
                    block.append(byte: quote)
                case .money(let amount):
                    key(number, quoted: true)
                    block.append(amount, decimals: renderer.money.currency.decimals)
                    block.append(byte: quote)
                case .text(let text) where text.isEmpty:
                    key(number, quoted: true)
                    block.append(byte: quote)
                case .text(let text):
                    // An entry's description stands on each of its lines, a status mark and a
                    // register's names on many: each is judged once.
                    let identity = StringBytes.identity(of: text)
                    if known.value(identity, column: number) == 1 {
                        key(number, quoted: true)
                        block.append(text)
                        block.append(byte: quote)
                    } else {
                        key(number, quoted: false)
                        let plain = block.appendJSONString(text)
                        known.remember(text, identity, column: number, value: plain ? 1 : 0)
                    }
                case let cell:
                    key(number, quoted: false)
                    block.appendJSONString(renderer.plainCell(cell))
                }
            }
        }
        block += last ? "}\n" : "},\n"
        block.flushIfFull()
    }
}
