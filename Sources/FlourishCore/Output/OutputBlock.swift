#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text gathered as UTF-8 into blocks of about 64 KB before it goes out: one write a
/// block, not one a field. The bytes are kept in a `ByteBuffer` (LowLevel).
final class OutputBlock {
    let out: TextOutput
    private let bytes = ByteBuffer(capacity: 1 << 16 + 1 << 12)
    /// Whether every text in the block went through its language's escaper (`TextOutput
    /// .write(escaped:)`): JSON's.
    private let escaped: Bool

    init(_ out: TextOutput, escaped: Bool = false) {
        self.out = out
        self.escaped = escaped
    }

    /// A block that only gathers: its bytes are read back (`gathered`), never written out (a
    /// register item's prefix, laid once for all of its lines).
    convenience init() { self.init(Nowhere()) }

    private final class Nowhere: TextOutput {
        func write(_ text: String) {}
        var isTerminal: Bool { false }
    }

    /// Bytes gathered and not yet written.
    var count: Int { bytes.count }

    /// The bytes gathered and not yet written, valid until the next change.
    var gathered: ByteView { bytes.view }

    /// Forgets the bytes gathered (nothing is written).
    func removeAll() { bytes.removeAll() }

    /// Bytes as they are.
    func append(_ more: ByteView) { bytes.append(more) }

    func append(_ text: String) {
        text.withView { bytes.append($0) }
    }

    static func += (block: OutputBlock, text: String) { block.append(text) }

    /// A piece of text from static storage (nothing to retain, no string to look into).
    func append(static text: StaticString) { bytes.append(text.view) }

    /// `text` appended; returns how wide it is on screen (`TextTable.width`), counted on the
    /// bytes just copied.
    func appendMeasured(_ text: String) -> Int {
        let start = count
        append(text)
        return bytes.view.part(from: start).displayWidth
    }

    /// Bytes as they are.
    func append(bytes more: [UInt8]) { more.withView { bytes.append($0) } }

    @inline(__always)
    func append(byte: UInt8) { bytes.append(byte: byte) }

    /// `count` copies of `byte` (a column's padding).
    func append(repeating byte: UInt8, count repeats: Int) { bytes.append(repeating: byte, count: repeats) }

    /// `text` as a JSON string (`JSONValue.quote`), written straight in when it needs no escape.
    /// Returns whether the text went in as it is (no escape needed).
    @discardableResult
    func appendJSONString(_ text: String) -> Bool {
        let isPlain = text.withView { utf8 in
            guard utf8.isPlainJSON else { return false }
            append(byte: UInt8(ascii: "\""))
            append(utf8)
            append(byte: UInt8(ascii: "\""))
            return true
        }
        if !isPlain { append(JSONValue.quote(text)) }
        return isPlain
    }

    /// `YYYY-MM-DD`.
    func append(_ date: CivilDate) {
        bytes.write(atMost: 10) { out in
            date.write(into: out)
            return 10
        }
    }

    /// `blanks` blanks, then `amount` as `MoneyFormat.text` writes it (a sign, `symbol`, the
    /// digits grouped), its digits laid out as `layout` (the amount's, unsigned, grouped):
    /// a text table's amount, in one piece (no amount made apart and copied, no padding of its own).
    func append(_ amount: Money, symbol: MoneyFormat.Symbol, layout: Money.Layout, blanks: Int) {
        append(repeating: UInt8(ascii: " "), count: blanks)
        // The sign, the symbol and the digits into one room (a symbol is a few bytes, not worth
        // a copy of its own).
        bytes.write(atMost: 1 + symbol.bytes.count + 48) { out in
            var at = 0
            if amount.minorUnits < 0 {
                out[at] = UInt8(ascii: "-")
                at += 1
            }
            for byte in symbol.bytes {
                out[at] = byte
                at += 1
            }
            return at + amount.write(layout, into: out.dropFirst(at))
        }
    }

    /// A plain amount (`-1234.50`: no grouping, no symbol), as `MoneyFormat.plain` writes it;
    /// with `grouping`, thousands apart (`1,234.50`); unsigned, without its minus sign.
    func append(_ amount: Money, decimals: Int, grouping: Bool = false, signed: Bool = true) {
        bytes.write(atMost: 48) { out in amount.write(decimals: decimals, grouping: grouping, signed: signed, into: out) }
    }

    /// A CSV field, quoted per RFC 4180 when it holds a comma, a quote or a line break.
    func appendField(_ field: String) {
        Self.quoteField(field) { append($0) }
    }

    /// A CSV field given as UTF-8 bytes.
    func appendField(utf8 field: ByteView) {
        Self.quoteField(utf8: field) { append($0) }
    }

    static func appendField(_ field: String, to bytes: inout [UInt8]) {
        quoteField(field) { bytes.append(contentsOf: $0) }
    }

    /// The one place a CSV field is quoted: its pieces given to `emit` in order. Judged and
    /// doubled on the bytes: the four characters are ASCII, and in UTF-8 an ASCII byte is
    /// always that character (never part of another scalar), so judging and doubling bytes is
    /// judging and doubling scalars (a quote followed by a combining mark is still a quote).
    @inline(__always)
    private static func quoteField(_ field: String, _ emit: (ByteView) -> Void) {
        field.withView { quoteField(utf8: $0, emit) }
    }

    @inline(__always)
    private static func quoteField(utf8 field: ByteView, _ emit: (ByteView) -> Void) {
        guard field.csvNeedsQuotes else {
            emit(field)
            return
        }
        // Quoted, each quote doubled: the runs between quotes are given whole (the quote
        // itself from static storage, nothing to retain).
        let quote = Self.quote.view
        emit(quote)
        var start = 0
        while start < field.count, let at = field.firstIndex(of: 0x22, from: start, to: field.count) {
            emit(field.part(start..<at + 1))
            emit(quote)
            start = at + 1
        }
        emit(field.part(from: start))
        emit(quote)
    }

    private static let quote: StaticString = "\""

    /// A full block is written. The pages of the mapped ledger files are given back
    /// (`MappedFiles.releaseAll`) each time the output since they last were reaches a quarter
    /// of the files' size (a megabyte at least): a long output (a register, an export) reads
    /// every description from the files, and would otherwise hold them all in memory by its
    /// end. Each time costs the process its address translations (every megabyte at 100,000
    /// entries, 18.6 MB of files, took 6–8 % of the register's CPU time).
    func flushIfFull() {
        guard count >= 1 << 16 else { return }
        sinceRelease += count
        flush()
        if sinceRelease >= max(1 << 20, MappedFiles.mappedBytes / 4) {
            MappedFiles.releaseAll()
            sinceRelease = 0
        }
    }

    /// Bytes written since the mapped files' pages were last given back.
    private var sinceRelease = 0

    func flush() {
        guard count > 0 else { return }
        if escaped { out.write(escaped: bytes.view) } else { out.write(bytes: bytes.view) }
        bytes.removeAll()
    }
}
