import Testing
@testable import FlourishCore

/// The name table gives every spelling one id, whichever way it is found: from the words of a
/// short name met lately, from its hash, or as a string.
@Suite struct NameTableTests {
    /// 30,000 names drawn from 1,500 spellings (0 to 30 bytes of letters, blanks, colons, `é`
    /// and `€`: around the 24 bytes found from their words, with many spellings sharing a
    /// slot of the recent names) and some alike but for their last bytes, each read from a buffer between random bytes (so the bytes
    /// after a name must be masked off), and sometimes at the buffer's very end (the table's
    /// own way). Each must get the id a plain dictionary gives, new exactly once.
    @Test func aNameIsOneIdHoweverItIsFound() {
        var generator = LedgerGenerator(seed: 23)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("b".utf8), Array("Z".utf8), Array(" ".utf8), Array(":".utf8),
                                 Array("é".utf8), Array("€".utf8)]
        var spellings: [[UInt8]] = []
        var seen = Set<[UInt8]>()
        while spellings.count < 1_500 {
            var name: [UInt8] = []
            let length = generator.next(31)
            while name.count < length { name += generator.pick(pieces) }
            // Spellings that share their first bytes, to tell apart by the last words.
            if generator.next(3) == 0, let earlier = spellings.last { name = earlier + generator.pick(pieces) }
            if seen.insert(name).inserted { spellings.append(name) }
        }
        // Spellings alike in their first sixteen bytes and their length, told apart only by
        // the third word.
        for _ in 0..<200 {
            let name = Array("Alimentation:Cou".utf8) + (0..<(1 + generator.next(8))).map { _ in UInt8(ascii: "a") + UInt8(generator.next(3)) }
            if seen.insert(name).inserted { spellings.append(name) }
        }
        var table = NameTable()
        var model: [[UInt8]: Int32] = [:]
        var wrong: [String] = []
        for _ in 0..<30_000 {
            let name = generator.pick(spellings)
            let before = (0..<generator.next(9)).map { _ in UInt8(0x21 + generator.next(90)) }
            let atEnd = generator.next(8) == 0
            let after = atEnd ? [] : (0..<generator.next(40)).map { _ in UInt8(0x21 + generator.next(90)) }
            let buffer = before + name + after
            let found = buffer.withView { table.intern($0, before.count..<before.count + name.count) }
            let expected = model[name] ?? Int32(model.count)
            let isNew = model[name] == nil
            model[name] = expected
            if found.id != expected || found.isNew != isNew {
                wrong.append("\(String(decoding: name, as: UTF8.self)): \(found) instead of \((expected, isNew))")
            }
        }
        for (name, id) in model {
            let text = String(decoding: name, as: UTF8.self)
            if Int(id) >= table.names.count || table[id] != text || table.id(of: text) != id || Array(table.utf8(id)) != name { wrong.append("\(text) as \(id)") }
        }
        #expect(wrong.prefix(5) == [])
        #expect(model.count > 1_000)
    }
}
