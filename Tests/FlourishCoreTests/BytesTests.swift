import Testing
@testable import FlourishCore

/// The low-level module (`Sources/FlourishCore/LowLevel/`): every function that looks at many bytes a
/// step agrees with its plain version, one byte or one character at a time, on random input
/// of every length around the steps (issue 34: tricks live in one module, each beside its
/// reference).
@Suite struct BytesTests {
    /// Bytes drawn from `alphabet`, lengths 0 to 40 and a few long ones.
    static func samples(_ alphabet: [UInt8], seed: UInt64) -> [[UInt8]] {
        var random = SplitMix(seed: seed)
        return (0..<600).map { index in
            let length = index < 500 ? index % 41 : 60 + Int(random.next(below: 300))
            return (0..<length).map { _ in alphabet[Int(random.next(below: UInt64(alphabet.count)))] }
        }
    }

    static let tricky: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x23, 0x2C, 0x3B, 0x5C, 0x61, 0x7E, 0x7F,
                                   0x80, 0x9B, 0xA9, 0xC2, 0xC3, 0xCB, 0xE2, 0x82, 0xAC, 0xFF]

    @Test func searchingAndComparingAgreeWithPlainLoops() {
        for bytes in Self.samples(Self.tricky, seed: 1) {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for byte: UInt8 in [0x0A, 0x22, 0x23, 0x3B, 0x5C, 0x00, 0xFF] {
                    for from in [0, 1, 7, 8, 9] where from <= buffer.count {
                        for to in [buffer.count, max(from, buffer.count - 1), min(buffer.count, from + 8)] {
                            #expect(ByteSearch.firstIndex(of: byte, in: base, from: from, to: to)
                                    == ByteSearch.plainFirstIndex(of: byte, in: base, from: from, to: to))
                        }
                    }
                    #expect(ByteSearch.contains(byte, in: buffer) == buffer.contains(byte))
                }
                var other = Array(buffer)
                #expect(other.withUnsafeBufferPointer { ByteSearch.equal(buffer, $0) })
                if !other.isEmpty {
                    other[other.count / 2] ^= 1
                    #expect(other.withUnsafeBufferPointer { ByteSearch.equal(buffer, $0) == ByteSearch.plainEqual(buffer, $0) })
                    #expect(other.withUnsafeBufferPointer { !ByteSearch.equal(buffer, $0) })
                }
            }
        }
    }

    /// The name hash (eight bytes a word, the last word read past the name when the view goes
    /// on) agrees with the same words made a byte at a time, for every range of random bytes.
    @Test func hashesAgreeWithPlainLoops() {
        for bytes in Self.samples(Self.tricky, seed: 7) {
            bytes.withView { view in
                for start in [0, 1, 3, 8] where start <= view.count {
                    for end in Set([start, min(view.count, start + 1), min(view.count, start + 7), min(view.count, start + 9),
                                    min(view.count, start + 24), view.count]) where end >= start {
                        #expect(view.hash(start..<end) == view.plainHash(start..<end), "\(bytes) \(start)..<\(end)")
                    }
                }
            }
        }
    }

    /// A run's end, its range checked once, is where a byte-by-byte loop stops; a short key's
    /// words are the name's bytes, little-endian, zeros past it.
    @Test func runsAndShortKeysAgreeWithPlainLoops() {
        for bytes in Self.samples(Self.tricky, seed: 11) {
            bytes.withView { view in
                for start in [0, 1, 3, 8] where start <= view.count {
                    for end in Set([start, min(view.count, start + 5), view.count]) where end >= start {
                        var plain = start
                        while plain < end && ByteClass.isBlank(bytes[plain]) == false && bytes[plain] != 0x3B { plain += 1 }
                        #expect(view.end(from: start, to: end) { !ByteClass.isBlank($0) && $0 != 0x3B } == plain, "\(bytes) \(start)..<\(end)")
                    }
                    for length in 0...24 where start + 24 <= view.count {
                        let key = view.shortKey(start..<start + length)
                        var words: [UInt64] = [0, 0, 0]
                        for (offset, byte) in bytes[start..<start + length].enumerated() {
                            words[offset / 8] |= UInt64(byte) << UInt64(offset % 8 * 8)
                        }
                        #expect([key.words.0, key.words.1, key.words.2] == words, "\(bytes) \(start) \(length)")
                    }
                }
            }
        }
    }

    @Test func scansAgreeWithPlainLoops() {
        for bytes in Self.samples(Self.tricky, seed: 2) {
            bytes.withUnsafeBufferPointer { buffer in
                #expect(ByteScan.isPlainJSON(buffer) == ByteScan.plainIsPlainJSON(buffer), "\(bytes)")
                #expect(ByteScan.csvNeedsQuotes(buffer) == ByteScan.plainCSVNeedsQuotes(buffer), "\(bytes)")
            }
        }
        // Plain text long enough for the compiler's sixteen- and thirty-two-byte steps, with the
        // byte to find at each place.
        for length in 0..<72 {
            for at in 0..<max(1, length) {
                for special: UInt8 in [0x22, 0x5C, 0x1B, 0x7F, 0x2C, 0x0A, 0x23, 0xC2] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    if length > 0 { bytes[at] = special }
                    bytes.withUnsafeBufferPointer { buffer in
                        #expect(ByteScan.isPlainJSON(buffer) == ByteScan.plainIsPlainJSON(buffer))
                        #expect(ByteScan.csvNeedsQuotes(buffer) == ByteScan.plainCSVNeedsQuotes(buffer))
                    }
                }
            }
        }
    }

    /// JSON's escaping sixteen bytes a step writes what the byte loop writes, on random text
    /// (pairs such as `##[` and a C1 character across the steps' edges among it) and on plain
    /// text with each byte that needs a look at each place; and the escaped text, quoted, is
    /// what the escaping a scalar at a time writes.
    @Test func jsonEscapingAgreesWithThePlainLoop() {
        func escaped(_ bytes: [UInt8], _ escape: (ByteView, ByteBuffer) -> Void) -> [UInt8] {
            let out = ByteBuffer(capacity: 8)
            bytes.withView { escape($0, out) }
            return Array(out.view)
        }
        func agree(_ bytes: [UInt8]) {
            #expect(escaped(bytes, JSONEscape.escape) == escaped(bytes, JSONEscape.plainEscape), "\(bytes)")
        }
        let pairs: [UInt8] = Self.tricky + [0x5B, 0x23, 0x23, 0x85, 0x9F]
        for bytes in Self.samples(pairs, seed: 5) { agree(bytes) }
        for length in 0..<40 {
            for at in 0..<max(1, length) {
                for special: UInt8 in [0x22, 0x5C, 0x1B, 0x7F, 0x0A, 0x09, 0x0D, 0x23, 0xC2, 0x80] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    if length > 0 { bytes[at] = special }
                    agree(bytes)
                    if at + 2 < length { bytes[at + 1] = 0x23; bytes[at + 2] = 0x5B; bytes[at] = 0x23 }
                    agree(bytes)
                }
            }
        }
        let text = "a \"quote\"\\ and\u{7} bell, \u{85} C1 and ##[ a workflow word at the sixteenth byte, ##[ again\n"
        #expect(JSONValue.quote(text) == JSONValue.quoteByScalars(text))
    }

    /// Width on screen, for well-formed text: ASCII, Latin letters, currency signs, combining
    /// marks, CJK and emoji (no carriage return, which pairs with a line feed into one cluster).
    @Test func displayWidthAgreesWithTheStandardLibrary() {
        let pieces = ["a", " ", "Z", "9", "é", "ß", "ø", "€", "£", "₿", "e\u{301}", "中", "😀", "👍🏽", "ǅ", "ʒ", "\t", "#"]
        var random = SplitMix(seed: 3)
        for index in 0..<2_000 {
            let count = index % 30
            let text = (0..<count).map { _ in pieces[Int(random.next(below: UInt64(pieces.count)))] }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(ByteScan.displayWidth(utf8: buffer) == ByteScan.plainDisplayWidth(utf8: buffer), "\(text)")
            }
        }
    }

    /// Each word test flags the first byte of its kind exactly (it may also flag later ones).
    @Test func wordTestsFindTheFirstByteOfTheirKind() {
        func first(_ bytes: [UInt8], _ kind: (UInt8) -> Bool) -> Int? { bytes.firstIndex(where: kind) }
        for bytes in Self.samples(Self.tricky, seed: 4) where bytes.count >= 8 {
            let word = bytes.withUnsafeBytes { ByteWord.load($0.baseAddress!, 0) }
            let eight = Array(bytes.prefix(8))
            func check(_ flags: UInt64, _ kind: (UInt8) -> Bool) {
                if let at = first(eight, kind) {
                    #expect(flags != 0 && ByteWord.firstFlag(flags) == at, "\(eight)")
                } else {
                    #expect(flags == 0, "\(eight)")
                }
            }
            check(ByteWord.control(word)) { $0 < 0x20 }
            check(ByteWord.deleteOrAbove(word)) { $0 >= 0x7F }
        }
    }

    /// Room made for many small appends grows the array as appending does (doubling: a few
    /// dozen moves for a million bytes, not one a request), and always holds what was asked.
    @Test func roomGrowsAsAppendingDoes() {
        var bytes: [UInt8] = []
        var moves = 0
        for round in 0..<100_000 {
            let before = bytes.capacity
            bytes.makeRoom(for: 10)
            #expect(bytes.capacity - bytes.count >= 10)
            if bytes.capacity != before { moves += 1 }
            bytes.append(contentsOf: repeatElement(UInt8(round % 256), count: 10))
        }
        #expect(moves < 40, "\(moves) moves")
        var large: [UInt8] = [1, 2, 3]
        large.makeRoom(for: 1_000_000)
        #expect(large.capacity >= 1_000_003 && large == [1, 2, 3])
    }
}
