import Foundation
import Testing
@testable import FlourishCore

/// Files parsed side by side write their split lines and entries straight into stretches of
/// lists they share (`LedgerLoader.SharedLists`); linking closes the gaps in place. The linked
/// ledger must be the one linking each file's own lists gives, whatever the files hold (tags,
/// goals, schedules, dropped entries, indented comments, tabs, names in several files), and
/// whichever files come with lists of their own or outgrow their stretch.
@Suite struct LinkInPlaceTests {
    /// A file of `entries` entries of every kind of line, from `seed`.
    static func file(_ seed: UInt64, entries: Int) -> String {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let names = ["Bank", "\"Compte Chèque\"", "Café", "Food:Shop", "Zoë", "Rent", "\"Sam Lee\""]
        var text = "; file \(seed)\n"
        for index in 0..<entries {
            let day = String(format: "2026-%02d-%02d", 1 + next(12), 1 + next(28))
            switch next(12) {
            case 0:
                text += "schedule \(day) Plan\(index) monthly\n  Rent  12.00\n  Bank\n\n"
            case 1:
                // Damaged: its lines are dropped, their names kept.
                text += "\(day) Broken \(index)\n  Café  1.2.3\n  Bank\n\n"
            case 2:
                // One line only: dropped.
                text += "\(day) Alone \(index)\n  Café  4.00\n\n"
            case 3:
                text += "\(day) \"Quoted, \(index)\"  #trip\n\tCafé  3.10 goal Trip\n  ; an indented comment\n  Bank  -3.10\n\n"
            default:
                text += "\(day) \(["*", "!", ""][next(3)]) Entry \(index)\(next(2) == 0 ? "  #food #h\(next(3))" : "")\n"
                let lines = 1 + next(4)
                for _ in 0..<lines {
                    text += "  \(names[next(names.count)])  \(next(9000) + 1).\(next(10))\(next(2))\(next(3) == 0 ? "  ; note" : "")\n"
                }
                text += "  \(names[next(names.count)])\n\n"
            }
        }
        return text
    }

    /// What linking gave: every entry, split line, tag, goal, schedule and stray name, with
    /// names spelled out and places shown.
    static func summary(_ ledger: Ledger) -> String {
        func line(_ posting: Posting) -> String {
            "\(ledger.names[posting.target.id])@\(posting.target.location) \(posting.amount.minorUnits)/\(posting.amountScale) \(String(describing: posting.amountLocation))"
        }
        var rows = ledger.entries.map { entry in
            "\(entry.date) \(entry.status) \(entry.descriptionLocation) \(entry.location) "
                + ledger.entryTags[entry.tagRange].map { "#\(ledger.names[$0.id])@\($0.location)" }.joined(separator: " ")
                + " | " + entry.postings.map { line(ledger.postings[$0]) }.joined(separator: " | ")
        }
        rows += ledger.schedules.map { schedule in "schedule " + schedule.postings.map { line(ledger.postings[$0]) }.joined(separator: " | ") }
        rows += ledger.postingGoals.sorted { $0.key < $1.key }.map { "goal \($0.key) \(ledger.names[$0.value.id])" }
        rows += ledger.strayReferences.map { "stray \(ledger.names[$0.id])@\($0.location)" }
        rows.append("\(ledger.postings.count) lines, \(ledger.entries.count) entries, \(ledger.entryTags.count) tags, \(ledger.names.names.count) names")
        return rows.joined(separator: "\n")
    }

    static let texts = [
        "currency EUR\n" + file(1, entries: 7),
        file(2, entries: 120),
        "",
        file(3, entries: 1),
        "; only a comment\n",
        file(4, entries: 300),
        // Split lines but no entry: a stretch of split lines and none of entries.
        "schedule 2026-02-01 Only monthly\n  Rent  5.00\n  \"Compte Chèque\"\n",
    ]

    static func sources() -> [SourceFile] {
        texts.enumerated().map { SourceFile(path: "file\($0.offset).flourish", bytes: Array($0.element.utf8)) }
    }

    /// Each file parsed with lists of its own, linked by copying.
    static func copied() -> String {
        var parsed = sources().enumerated().map { Parser.parse($0.element, fileIndex: $0.offset) }
        return summary(LedgerLoader.link(&parsed))
    }

    /// Each file parsed into its stretch, but those in `own` (with lists of their own), the
    /// stretches given `rooms` (as counted, when nil).
    static func linkedInPlace(own: Set<Int> = [], rooms: [LineStarts.Counts]? = nil,
                              dropLast: Bool = false) -> (summary: String, base: UnsafeRawPointer?, linked: UnsafeRawPointer?) {
        let sources = sources()
        let counted = sources.map { $0.bytes.withView(\.lineStartCounts) }
        let lists = LedgerLoader.SharedLists(rooms: rooms ?? counted)
        let base = lists.postings.address
        var parsed = LedgerLoader.SharedLists.withStretches(lists) { stretches in
            sources.enumerated().map { index, source in
                Parser.parse(source, fileIndex: index, into: own.contains(index) ? nil : stretches?(index))
            }
        }
        if dropLast { parsed.removeLast() }
        let ledger = LedgerLoader.link(&parsed, shared: lists)
        return (summary(ledger), base, ledger.postings.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
    }

    @Test func theStretchesLinkAsTheFilesOwnListsDo() {
        let expected = Self.copied()
        #expect(expected.contains("#trip@") && expected.contains("goal ") && expected.contains("schedule ") && expected.contains("stray "))
        let linked = Self.linkedInPlace()
        #expect(linked.summary == expected)
        // The shared list is the ledger's: nothing was copied.
        #expect(linked.base != nil && linked.base == linked.linked)
    }

    @Test func filesWithListsOfTheirOwnAreWrittenIntoTheirStretches() {
        let expected = Self.copied()
        for own: Set<Int> in [[0], [1], [0, 5], [0, 1, 2, 3, 4, 5]] {
            let linked = Self.linkedInPlace(own: own)
            #expect(linked.summary == expected, "own lists: \(own)")
            #expect(linked.base == linked.linked, "own lists: \(own)")
        }
    }

    /// A stretch too small (the file's lines outgrow it, or a file read again has more than
    /// its room) or files not matching the stretches: each file's items are copied out and
    /// linked as without stretches.
    @Test func whatDoesNotFitIsLinkedByCopying() {
        let expected = Self.copied()
        let counted = Self.sources().map { $0.bytes.withUnsafeBufferPointer(LineStarts.count) }
        var smaller = counted
        smaller[1].indented /= 2
        smaller[5].dated /= 3
        #expect(Self.linkedInPlace(rooms: smaller).summary == expected)
        #expect(Self.linkedInPlace(own: [1], rooms: smaller).summary == expected)
        var none = counted
        none[4] = LineStarts.Counts()
        none[1] = LineStarts.Counts()
        none[6] = LineStarts.Counts()
        #expect(Self.linkedInPlace(rooms: none).summary == expected)
        // One file fewer than the stretches: linked by copying what the others wrote.
        var fewer = Self.sources().dropLast().enumerated().map { Parser.parse($0.element, fileIndex: $0.offset) }
        let withoutLast = Self.summary(LedgerLoader.link(&fewer))
        let linked = Self.linkedInPlace(dropLast: true)
        #expect(linked.summary == withoutLast)
        #expect(linked.base != linked.linked)
    }

    /// Stretches far larger than what the files write (lists in large pages get room for
    /// whole large pages): the gaps close all the same.
    @Test func largeStretchesLinkAsTheFilesOwnListsDo() {
        let expected = Self.copied()
        let rooms = Self.sources().map { source in
            var counts = source.bytes.withUnsafeBufferPointer(LineStarts.count)
            counts.indented += 40_000
            counts.dated += 20_000
            return counts
        }
        let linked = Self.linkedInPlace(rooms: rooms)
        #expect(linked.summary == expected)
        #expect(linked.base != nil && linked.base == linked.linked)
    }

    /// The counts are those of a line-by-line reading, for every length around the
    /// thirty-two-byte steps and the sums every 255 of them.
    @Test func lineStartsAreCountedExactly() {
        var state: UInt64 = 7
        let alphabet: [UInt8] = Array("\n\n \t09a5#\r\u{e9}".utf8)
        for length in Array(0...70) + [8_160, 8_161, 8_192, 8_193, 20_000, 70_001] {
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            var expected = LineStarts.Counts()
            for index in bytes.indices where index == 0 || bytes[index - 1] == UInt8(ascii: "\n") {
                if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { expected.indented += 1 }
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { expected.dated += 1 }
            }
            #expect(bytes.withUnsafeBufferPointer(LineStarts.count) == expected, "\(length) bytes")
        }
        // A file of nothing but starts: every lane's count runs past 255 between two sums.
        let starts = [UInt8](repeating: 0, count: 40_000).indices.map { $0 % 2 == 0 ? UInt8(ascii: "\n") : UInt8(ascii: " ") }
        #expect(starts.withUnsafeBufferPointer(LineStarts.count) == LineStarts.Counts(indented: 20_000, dated: 0))
    }

    /// A list that outgrows its stretch moves what it holds into an array of its own and goes
    /// on there; reading and dropping items work the same either way.
    @Test func aListOutgrowsItsStretch() {
        let lists = StretchedList<Int>(rooms: [4, 0])
        var list = lists.withStretches { ParsedList(stretch: $0(0)) }
        for item in 0..<4 { list.append(item * 10) }
        #expect(list.isInStretch && list.count == 4 && list.items(1..<3) == [10, 20] && list.items(3..<4) == [30])
        list.removeAll(from: 3)
        list.append(31)
        #expect(list.isInStretch && lists.items(of: 0, count: 4) == [0, 10, 20, 31])
        list.append(40)
        #expect(!list.isInStretch && list.own == [0, 10, 20, 31, 40] && list.count == 5)
        list.removeAll(from: 2)
        list.append(50)
        #expect(list.own == [0, 10, 50] && list.items(0..<3) == [0, 10, 50] && list.items(2..<3) == [50])
        var empty = lists.withStretches { ParsedList(stretch: $0(1)) }
        empty.append(1)
        #expect(!empty.isInStretch && empty.own == [1])
    }
}
