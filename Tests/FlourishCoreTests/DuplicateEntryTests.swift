import Testing
@testable import FlourishCore

/// The duplicate-entry check (`Check.duplicateEntries`) reads only the descriptions of entries
/// that share a first line, a number of lines and (nearly) a day with another; these tests
/// hold it to the plain rule, every pair of entries compared.
@Suite struct DuplicateEntryTests {
    /// One generated entry: what the rule compares, and where it is written.
    struct Written {
        var day: Int
        var description: String
        var tag: String
        var lines: [(String, String)]
        var imported: Bool
        var line = 0
    }

    /// The rule as grammar.md states it, over every pair: the later of two entries with one
    /// description, tags and lines, dated one day (or at most 3 days apart when either was
    /// imported), is reported, naming the nearest earlier such entry.
    static func expected(_ entries: [Written]) -> [String] {
        let order = entries.indices.sorted { (entries[$0].day, $0) < (entries[$1].day, $1) }
        var found: [String] = []
        for (position, later) in order.enumerated() {
            for earlier in order[..<position].reversed() {
                let one = entries[earlier]
                let other = entries[later]
                let apart = other.day - one.day
                let window = entries.contains(where: \.imported) ? 3 : 0
                guard apart <= window, apart == 0 || one.imported || other.imported,
                      one.description == other.description, one.tag == other.tag,
                      one.lines.map(\.0) == other.lines.map(\.0), one.lines.map(\.1) == other.lines.map(\.1) else { continue }
                found.append("\(other.line) names \(one.line)")
                break
            }
        }
        return found.sorted()
    }

    @Test func agreesWithEveryPairCompared() {
        for seed in 1...60 as ClosedRange<UInt64> {
            var random = SplitMix(seed: seed)
            func pick<T>(_ options: [T]) -> T { options[Int(random.next(below: UInt64(options.count)))] }
            var text = "currency USD\naccount Bank checking\ncategory Coffee\ncategory Lunch\n\n"
            var line = 6
            var entries: [Written] = []
            let importing = seed % 2 == 0
            for index in 0..<Int(20 + random.next(below: 60)) {
                var entry = Written(day: Int(random.next(below: 8)), description: pick(["Corner cafe", "Deli", "Corner  cafe"]),
                                    tag: pick(["", "", "", " #again"]), lines: [], imported: importing && random.next(below: 3) == 0)
                entry.lines = [(pick(["Coffee", "Lunch"]), pick(["3.50", "4.00"]))]
                if random.next(below: 4) == 0 { entry.lines.append((pick(["Coffee", "Lunch"]), pick(["1.00", "3.50"]))) }
                entry.line = line
                let key = String(index, radix: 16)
                text += "2026-03-0\(entry.day + 1) \(entry.description)\(entry.tag)" + (entry.imported ? "  ; import:\(key)" : "") + "\n"
                for (target, amount) in entry.lines { text += "  \(target)  \(amount)\n" }
                text += "  Bank\n\n"
                line += entry.lines.count + 3
                entries.append(entry)
            }
            let loaded = TestSupport.load(text)
            #expect(loaded.diagnostics.isEmpty, "seed \(seed)")
            let file = loaded.ledger.files[0]
            let found = Check.duplicateEntries.run(TestSupport.book(loaded), CheckOptions()).map { diagnostic in
                "\(file.line(containing: Int(diagnostic.location.start)).number) names \(diagnostic.notes.first.map { file.line(containing: Int($0.location.start)).number } ?? 0)"
            }
            #expect(found.sorted() == Self.expected(entries), "seed \(seed)")
        }
    }

    /// 8,000 entries on one day with one first line: copies are each compared with the one
    /// before, and other descriptions are told apart by their hashes (compared with every
    /// entry of their day, they took a minute).
    @Test func eightThousandEntriesOnOneDay() {
        var text = "currency USD\naccount Bank checking\ncategory Coffee\n"
        for index in 0..<8_000 { text += "2026-03-01 \(index % 2 == 0 ? "Coffee" : "Coffee \(index)")\n  Coffee  3.50\n  Bank\n" }
        let diagnostics = Check.duplicateEntries.run(TestSupport.book(TestSupport.load(text)), CheckOptions())
        #expect(diagnostics.count == 3_999)
        let lines = diagnostics.prefix(2).map { ($0.location.start, $0.notes.first?.location.start) }
        #expect(lines.count == 2 && lines[1].1 == lines[0].0)
    }
}
