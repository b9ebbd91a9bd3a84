/// The register's rows as text, written straight from its lines (`RegisterReport`): the same
/// layout `TableText` gives the rows the register makes as cells — each column as wide as its
/// widest cell, amounts to the right, two blanks between columns and none at a line's end —
/// without a row of cells a line. An item's date, status, description and tags are laid out
/// once for all of its lines; each name's bytes and width are found once; an amount's bytes
/// come with their width (`MoneyFormat.make`). `DocumentRenderer` takes this way when it can
/// (no colour, no display locale, a currency symbol kept in place), and the cells' way
/// otherwise; `RegisterTextTests` compares the two on every example and on random ledgers.
/// A class: its ledger is read where it stands, never copied with it into a closure.
final class RegisterText {
    let report: RegisterReport
    /// The register's ledger and items, held here once (a copy of the ledger for each item
    /// retained and released every list it holds).
    private let ledger: Ledger
    private let items: [Journal.Item]
    let money: MoneyFormat
    /// The seven columns' widths, as `TableText` measured them.
    let widths: [Int]
    /// Every name's bytes, one after another, where each starts (and the last ends), and
    /// each name's width.
    private let nameBytes: [UInt8]
    private let nameStarts: [Int]
    private let nameWidths: [Int]

    /// Nil when the cells' way must be taken (a currency symbol too long to keep in place).
    init?(_ report: RegisterReport, money: MoneyFormat, widths: [Int]) {
        guard widths.count == 7, money.display == nil, money.make(.zero) != nil else { return nil }
        self.report = report
        ledger = report.journal.ledger
        items = report.journal.items
        self.money = money
        self.widths = widths
        var bytes: [UInt8] = []
        var starts = [0]
        var nameWidths: [Int] = []
        for name in ledger.names.names {
            let start = bytes.count
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
            nameWidths.append(bytes.withUnsafeBufferPointer { TextTable.width(utf8: UnsafeBufferPointer(rebasing: $0[start...])) })
        }
        nameBytes = bytes
        nameStarts = starts
        self.nameWidths = nameWidths
    }

    /// Every line of the register into `block`, a line feed after each.
    func write(into block: OutputBlock) {
        var lastItem: Int32 = -1
        // The current item's line up to its tags, and the blanks due after them.
        var prefix: [UInt8] = []
        prefix.reserveCapacity(256)
        var blanksAfterPrefix = 0
        let nameWidth = widths[4]
        let (amountWidth, runningWidth) = (widths[5], widths[6])
        let names = nameBytes
        names.withUnsafeBufferPointer { names in
          nameStarts.withUnsafeBufferPointer { starts in
            nameWidths.withUnsafeBufferPointer { nameWidths in
                report.kept.withUnsafeBufferPointer { kept in
                    for line in kept {
                        if line.item != lastItem {
                            lastItem = line.item
                            blanksAfterPrefix = layPrefix(of: items[Int(line.item)], into: &prefix)
                        }
                        prefix.withUnsafeBufferPointer { block.append($0) }
                        // The name (left-aligned text).
                        let target = Int(line.target)
                        let bytes = UnsafeBufferPointer(rebasing: names[starts[target]..<starts[target + 1]])
                        var blanks = blanksAfterPrefix + 2
                        if bytes.isEmpty {
                            blanks += nameWidth
                        } else {
                            block.append(repeating: UInt8(ascii: " "), count: blanks)
                            block.append(bytes)
                            blanks = max(0, nameWidth - nameWidths[target])
                        }
                        // The amount and the running balance (to the right; `init` made sure
                        // both can be made).
                        if let made = money.make(line.amount) {
                            block.append(repeating: UInt8(ascii: " "), count: blanks + 2 + max(0, amountWidth - made.width))
                            block.append(made)
                        }
                        if let made = money.make(line.running) {
                            block.append(repeating: UInt8(ascii: " "), count: 2 + max(0, runningWidth - made.width))
                            block.append(made)
                        }
                        block.append(byte: UInt8(ascii: "\n"))
                        block.flushIfFull()
                    }
                }
            }
          }
        }
    }

    /// An item's date, status, description and tags as `TableText.lay` lays them: a text
    /// column's blanks come before the next text shown, and an empty text adds its column's
    /// width to them. Returns the blanks due after the tags.
    private func layPrefix(of item: Journal.Item, into prefix: inout [UInt8]) -> Int {
        prefix.removeAll(keepingCapacity: true)
        var date = (UInt64(0), UInt16(0))
        withUnsafeMutableBytes(of: &date) { raw in
            let out = raw.bindMemory(to: UInt8.self)
            item.date.write(into: UnsafeMutableBufferPointer(rebasing: out[0..<10]))
            prefix.append(contentsOf: out[0..<10])
        }
        var blanks = max(0, widths[0] - 10)
        func text(_ bytes: UnsafeBufferPointer<UInt8>, column: Int) {
            blanks += 2
            guard !bytes.isEmpty else {
                blanks += widths[column]
                return
            }
            for _ in 0..<blanks { prefix.append(UInt8(ascii: " ")) }
            prefix.append(contentsOf: bytes)
            blanks = max(0, widths[column] - TextTable.width(utf8: bytes))
        }
        if case .entry(let i) = item.kind {
            let entry = ledger.entries[i]
            var status = UInt8(0)
            switch entry.status {
            case .cleared: status = UInt8(ascii: "*")
            case .pending: status = UInt8(ascii: "!")
            case .unmarked: break
            }
            withUnsafeBytes(of: status) { raw in
                text(status == 0 ? UnsafeBufferPointer(start: nil, count: 0) : raw.bindMemory(to: UInt8.self), column: 1)
            }
            ledger.withDescriptionBytes(of: entry) { text($0, column: 2) }
            var tags: [UInt8] = []
            for (number, tag) in ledger.tags(of: entry).enumerated() {
                if number > 0 { tags.append(UInt8(ascii: " ")) }
                tags.append(UInt8(ascii: "#"))
                tags.append(contentsOf: nameBytes[nameStarts[Int(tag.id)]..<nameStarts[Int(tag.id) + 1]])
            }
            tags.withUnsafeBufferPointer { text($0, column: 3) }
        } else {
            text(UnsafeBufferPointer(start: nil, count: 0), column: 1)
            var description = report.journal.description(of: item)
            description.withUTF8 { text($0, column: 2) }
            text(UnsafeBufferPointer(start: nil, count: 0), column: 3)
        }
        return blanks
    }
}
