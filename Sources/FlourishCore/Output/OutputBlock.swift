#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text gathered as UTF-8 into blocks of about 64 KB before it goes out: one write a
/// block, not one a field. The block is a buffer of its own, filled with `memcpy` (appending
/// to an array copied small pieces a byte at a time).
final class OutputBlock {
    let out: TextOutput
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes gathered and not yet written.
    private(set) var count = 0

    init(_ out: TextOutput) {
        self.out = out
        capacity = 1 << 16 + 1 << 12
        buffer = .allocate(capacity: capacity)
    }

    /// A block that only gathers: its bytes are read back (`gathered`), never written out (a
    /// register item's prefix, laid once for all of its lines).
    convenience init() { self.init(Nowhere()) }

    deinit { buffer.deallocate() }

    private final class Nowhere: TextOutput {
        func write(_ text: String) {}
        var isTerminal: Bool { false }
    }

    /// The bytes gathered and not yet written.
    var gathered: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: buffer, count: count) }

    /// Forgets the bytes gathered (nothing is written).
    func removeAll() { count = 0 }

    /// Room for `more` bytes after the ones gathered (a larger buffer when one piece is
    /// larger than the block).
    @inline(__always)
    private func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    @inline(never)
    private func grow(_ needed: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2))
        larger.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
        capacity = max(needed, capacity * 2)
    }

    /// Bytes as they are.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (buffer + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    func append(_ text: String) {
        // A native string's bytes are read where they are (`withUTF8` would first check that
        // a copy is not needed).
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    static func += (block: OutputBlock, text: String) { block.append(text) }

    /// A piece of text from static storage (nothing to retain, no string to look into).
    func append(static text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `text` appended; returns how wide it is on screen (`TextTable.width`), counted on the
    /// bytes just copied.
    func appendMeasured(_ text: String) -> Int {
        let start = count
        append(text)
        return TextTable.width(utf8: UnsafeBufferPointer(start: buffer + start, count: count - start))
    }

    /// An amount made by `MoneyFormat.make`.
    func append(_ made: MoneyFormat.Made) {
        var made = made
        withUnsafeBytes(of: &made.bytes) { bytes in
            append(UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[0..<made.count]))
        }
    }

    /// Bytes as they are.
    func append(bytes more: [UInt8]) { more.withUnsafeBufferPointer { append($0) } }

    func append(byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    /// `count` copies of `byte`: a short run (a column's padding) written eight bytes at a
    /// time, not with a call to `memset` (the bytes past the run are room not yet counted).
    func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        reserve(repeats + 8)
        if repeats <= 64 {
            let word = UInt64(byte) * 0x0101_0101_0101_0101
            let start = UnsafeMutableRawPointer(buffer + count)
            var offset = 0
            while offset < repeats {
                start.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
        } else {
            (buffer + count).initialize(repeating: byte, count: repeats)
        }
        count += repeats
    }

    /// `text` as a JSON string (`JSONValue.quote`), written straight in when it needs no escape.
    /// Returns whether the text went in as it is (no escape needed).
    @discardableResult
    func appendJSONString(_ text: String) -> Bool {
        func plain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            guard JSONValue.isPlain(utf8) else { return false }
            append(byte: UInt8(ascii: "\""))
            append(utf8)
            append(byte: UInt8(ascii: "\""))
            return true
        }
        var isPlain: Bool
        if let judged = text.utf8.withContiguousStorageIfAvailable(plain) {
            isPlain = judged
        } else {
            var text = text
            isPlain = text.withUTF8(plain)
        }
        if !isPlain { append(JSONValue.quote(text)) }
        return isPlain
    }

    /// `YYYY-MM-DD`.
    func append(_ date: CivilDate) {
        reserve(10)
        date.write(into: UnsafeMutableBufferPointer(start: buffer + count, count: 10))
        count += 10
    }

    /// `blanks` blanks, then `amount` as `MoneyFormat.make` makes it (a sign, `symbol`, the
    /// digits grouped) after as many more as right-align it in `width` columns: a text
    /// register's amount, in one piece (no amount made apart and copied, no padding of its own).
    func append(_ amount: Money, symbol: MoneyFormat.Symbol, decimals: Int, blanks: Int, alignedTo width: Int) {
        let negative = amount.minorUnits < 0
        let shown = symbol.width + amount.writtenLength(decimals: decimals, grouping: true)
        let spaces = blanks + max(0, width - shown)
        // The blanks, a word at a time past them; the sign; the symbol's sixteen bytes (only
        // its own count kept); then at most 48 of digits.
        reserve(spaces + 8 + 1 + 16 + 48)
        if spaces <= 64 {
            let start = UnsafeMutableRawPointer(buffer + count)
            var offset = 0
            while offset < spaces {
                start.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
        } else {
            (buffer + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
        }
        var at = count + spaces
        if negative {
            buffer[at] = UInt8(ascii: "-")
            at += 1
        }
        UnsafeMutableRawPointer(buffer + at).storeBytes(of: symbol.bytes, as: (UInt64, UInt64).self)
        at += symbol.count
        at += amount.write(decimals: decimals, grouping: true, signed: false,
                           into: UnsafeMutableBufferPointer(start: buffer + at, count: 48))
        count = at
    }

    /// A plain amount (`-1234.50`: no grouping, no symbol), as `MoneyFormat.plain` writes it;
    /// with `grouping`, thousands apart (`1,234.50`); unsigned, without its minus sign.
    func append(_ amount: Money, decimals: Int, grouping: Bool = false, signed: Bool = true) {
        reserve(48)
        count += amount.write(decimals: decimals, grouping: grouping, signed: signed,
                              into: UnsafeMutableBufferPointer(start: buffer + count, count: 48))
    }

    /// A CSV field, quoted per RFC 4180 when it holds a comma, a quote or a line break.
    func appendField(_ field: String) {
        Self.quoteField(field) { append($0) }
    }

    /// A CSV field given as UTF-8 bytes.
    func appendField(utf8 field: UnsafeBufferPointer<UInt8>) {
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
    private static func quoteField(_ field: String, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if field.utf8.withContiguousStorageIfAvailable({ quoteField(utf8: $0, emit) }) == nil {
            var field = field
            field.withUTF8 { quoteField(utf8: $0, emit) }
        }
    }

    @inline(__always)
    private static func quoteField(utf8 field: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard needsQuotes(field) else {
            emit(field)
            return
        }
        // Quoted, each quote doubled: the runs between quotes are given whole (the quote
        // itself from static storage, nothing to retain).
        let quote = UnsafeBufferPointer(start: Self.quote.utf8Start, count: 1)
        emit(quote)
        var start = 0
        if let base = field.baseAddress {
            while start < field.count, let at = ByteSearch.firstIndex(of: 0x22, in: base, from: start, to: field.count) {
                emit(UnsafeBufferPointer(rebasing: field[start...at]))
                emit(quote)
                start = at + 1
            }
        }
        emit(UnsafeBufferPointer(rebasing: field[start...]))
        emit(quote)
    }

    private static let quote: StaticString = "\""

    /// Whether a CSV field must be quoted (`ByteScan.csvNeedsQuotes`).
    static func needsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool { ByteScan.csvNeedsQuotes(field) }

    /// A full block is written; every sixteen (a megabyte of output) the pages of the mapped
    /// ledger files are given back (`MappedFiles.releaseAll`): a long output (a register, an
    /// export) reads every description from the files, and would otherwise hold them all in
    /// memory by its end. (After every block, the pages read again cost 20 % more CPU.)
    func flushIfFull() {
        guard count >= 1 << 16 else { return }
        flush()
        blocksWritten += 1
        if blocksWritten % 16 == 0 { MappedFiles.releaseAll() }
    }

    private var blocksWritten = 0

    func flush() {
        guard count > 0 else { return }
        out.write(bytes: UnsafeBufferPointer(start: buffer, count: count))
        count = 0
    }
}
