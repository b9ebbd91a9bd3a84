/// The rows of a report table in JSON, a row a line — `{"key": value, …}` — written straight
/// into an output block: the keys quoted once, dates and amounts without a string, text
/// escaped as `JSONValue.quote` escapes it (docs/json.md).
struct JSONRows {
    let renderer: DocumentRenderer
    /// The quoted keys with their `: `, one after another, each at its offset (no array a key
    /// to retain for every row).
    private let keys: [UInt8]
    private let offsets: [Int]
    /// A column's last long text found plain, and where its bytes are stored (see `write`).
    private var plainText: [String]
    private var plainAddress: [UnsafePointer<UInt8>?]

    init(_ columns: [ReportDocument.Column], renderer: DocumentRenderer) {
        self.renderer = renderer
        var keys: [UInt8] = []
        var offsets = [0]
        for column in columns {
            keys += Array((JSONValue.quote(column.id) + ": ").utf8)
            offsets.append(keys.count)
        }
        self.keys = keys
        self.offsets = offsets
        plainText = Array(repeating: "", count: columns.count)
        plainAddress = Array(repeating: nil, count: columns.count)
    }

    /// One row, then a comma unless it is the last, then a line feed.
    mutating func write(_ row: [ReportDocument.Cell], last: Bool, into block: OutputBlock) {
        let quote = UInt8(ascii: "\"")
        block += "        {"
        for number in 0..<min(row.count, offsets.count - 1) {
            if number > 0 {
                block.append(byte: UInt8(ascii: ","))
                block.append(byte: UInt8(ascii: " "))
            }
            keys.withUnsafeBufferPointer { keys in
                block.append(UnsafeBufferPointer(rebasing: keys[offsets[number]..<offsets[number + 1]]))
            }
            switch row[number] {
            case .integer(let number): block += String(number)
            case .empty: block += "null"
            case .date(let date):
                block.append(byte: quote)
                block.append(date)
                block.append(byte: quote)
            case .money(let amount):
                block.append(byte: quote)
                block.append(amount, decimals: renderer.money.currency.decimals)
                block.append(byte: quote)
            case .text(let text):
                // An entry's description stands on each of its lines: a long text (more than
                // 15 bytes, so with storage of its own) found plain is not judged again while
                // it is the column's last one — the same storage, kept alive here, is the same
                // bytes.
                let address = text.utf8.count > 15 ? text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) ?? nil : nil
                if let address, address == plainAddress[number] {
                    block.append(byte: quote)
                    block.append(text)
                    block.append(byte: quote)
                } else if block.appendJSONString(text), let address {
                    plainText[number] = text
                    plainAddress[number] = address
                }
            case let cell: block.appendJSONString(renderer.plainCell(cell))
            }
        }
        block += last ? "}\n" : "},\n"
        block.flushIfFull()
    }
}
