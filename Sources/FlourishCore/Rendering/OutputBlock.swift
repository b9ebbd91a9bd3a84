/// Text gathered as UTF-8 into blocks of about 64 KB before it goes out: one write a
/// block, not one a field.
struct OutputBlock {
    let out: TextOutput
    var bytes: [UInt8] = []

    init(_ out: TextOutput) {
        self.out = out
        bytes.reserveCapacity(1 << 16 + 1 << 12)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    static func += (block: inout OutputBlock, text: String) { block.append(text) }

    /// Bytes as they are.
    mutating func append(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// `text` as a JSON string (`JSONValue.quote`), written straight in when it needs no escape.
    mutating func appendJSONString(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 -> Bool in
            guard JSONValue.isPlain(utf8) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { append(JSONValue.quote(text)) }
    }

    /// `YYYY-MM-DD`.
    mutating func append(_ date: CivilDate) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
            date.write(into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// A plain amount (`-1234.50`: no grouping, no symbol), as `MoneyFormat.plain` writes it.
    mutating func append(_ amount: Money, decimals: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            let count = amount.write(decimals: decimals, grouping: false, into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// A CSV field, quoted per RFC 4180 when it holds a comma, a quote or a line break.
    mutating func appendField(_ field: String) {
        Self.appendField(field, to: &bytes)
    }

    /// Judged and doubled on the bytes: the four characters are ASCII, and in UTF-8 an ASCII
    /// byte is always that character (never part of another scalar), so judging and doubling
    /// bytes is judging and doubling scalars (a quote followed by a combining mark is still a
    /// quote).
    static func appendField(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        field.withUTF8 { field in
            guard needsQuotes(field) else {
                bytes.append(contentsOf: field)
                return
            }
            // Quoted, each quote doubled: the runs between quotes are copied whole.
            bytes.append(0x22)
            var start = 0
            while let quote = field[start...].firstIndex(of: 0x22) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: field[start...quote]))
                bytes.append(0x22)
                start = quote + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: field[start...]))
            bytes.append(0x22)
        }
    }

    /// Whether a field holds a comma, a quote or a line break, eight bytes at a time.
    static func needsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = field.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= field.count {
                let word = ByteWord.load(raw, index)
                if ByteWord.equal(word, 0x2C) | ByteWord.equal(word, 0x22) | ByteWord.equal(word, 0x0A) | ByteWord.equal(word, 0x0D) != 0 {
                    return true
                }
                index += 8
            }
        }
        while index < field.count {
            let byte = field[index]
            if byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
            index += 1
        }
        return false
    }

    mutating func flushIfFull() {
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { out.write(bytes: $0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
