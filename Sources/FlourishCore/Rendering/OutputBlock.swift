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
            guard field.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                bytes.append(contentsOf: field)
                return
            }
            bytes.append(0x22)
            for byte in field {
                if byte == 0x22 { bytes.append(0x22) }
                bytes.append(byte)
            }
            bytes.append(0x22)
        }
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
