extension Check {
    /// How many days apart two entries may be and still look like one recorded twice (a bank
    /// books a card payment a day or three after it was made).
    static let duplicateEntryDays = 3

    /// An entry with the same description, tags and lines (targets and amounts, in order) as
    /// another looks recorded twice — a merge that kept both partners' copies, or a statement
    /// imported twice under other keys — when both are dated the same day, or when one of them
    /// was imported (`; import:KEY`) and they are at most `duplicateEntryDays` days apart (a
    /// bank books a payment a day or three after it was made; the same coffee bought on
    /// Monday and Wednesday, both written by hand, is not flagged). A warning on the later
    /// one, naming the earlier; a tag (`#again`) or another description tells two real ones apart.
    static let duplicateEntries = Check(name: "duplicate-entries") { journal in
        let ledger = journal.ledger
        let imported = ImportedEntries(ledger)
        let window = imported.isEmpty ? 0 : duplicateEntryDays
        // Entries that could be one another sort together: by a hash of the description, the
        // first line's target and amount and the number of lines, then by day and reading
        // order; only neighbours with one key are compared in full. (Compared with every entry
        // of their day instead, 8,000 entries on one day took a minute.)
        struct Keyed: Comparable {
            var description: UInt64
            var target: Int32
            var amount: Int64
            var lines: Int
            var day: Int
            var entry: Int

            var key: (UInt64, Int32, Int64, Int) { (description, target, amount, lines) }
            static func < (a: Keyed, b: Keyed) -> Bool {
                (a.description, a.target, a.amount, a.lines, a.day, a.entry) < (b.description, b.target, b.amount, b.lines, b.day, b.entry)
            }
            static func == (a: Keyed, b: Keyed) -> Bool { a.entry == b.entry }
        }
        var keyed: [Keyed] = []
        keyed.reserveCapacity(ledger.entries.count)
        for (index, entry) in ledger.entries.enumerated() {
            let description = entry.descriptionLocation
            let hash = ledger.files[Int(description.file)].bytes.withView { $0.hash(description.range) }
            let first = entry.postings.isEmpty ? nil : ledger.postings[entry.postings.lowerBound]
            keyed.append(Keyed(description: hash, target: first?.target.id ?? -1, amount: first?.amount.minorUnits ?? 0,
                               lines: entry.postings.count, day: entry.date.dayNumber, entry: index))
        }
        keyed.sort()
        var diagnostics: [Diagnostic] = []
        var reported = [Bool](repeating: false, count: ledger.entries.count)
        for (position, later) in keyed.enumerated() {
            var earlier = position - 1
            while earlier >= 0, keyed[earlier].key == later.key, later.day - keyed[earlier].day <= window {
                let first = keyed[earlier].entry
                let apart = later.day - keyed[earlier].day
                if !reported[first], apart == 0 || imported.contains(first) || imported.contains(later.entry),
                   sameEntry(ledger, first, later.entry) {
                    let other = ledger.entries[first]
                    diagnostics.append(Diagnostic(.duplicateEntry(date: other.date.description),
                                                  at: ledger.entries[later.entry].location,
                                                  notes: [.init(message: "the other entry", location: other.location)]))
                    reported[later.entry] = true
                    break
                }
                earlier -= 1
            }
        }
        return diagnostics
    }

    /// Which entries carry an import key, asked of a few (the key's place within the entry's date line).
    private struct ImportedEntries {
        let ledger: Ledger
        /// The keys' places, by file then offset.
        let keys: [SourceLocation]

        init(_ ledger: Ledger) {
            self.ledger = ledger
            keys = ledger.importKeys.sorted { ($0.file, $0.start) < ($1.file, $1.start) }
        }

        var isEmpty: Bool { keys.isEmpty }

        func contains(_ entry: Int) -> Bool {
            let line = ledger.entries[entry].location
            var low = 0
            var high = keys.count
            while low < high {
                let mid = (low + high) / 2
                if (keys[mid].file, keys[mid].start) < (line.file, line.start) { low = mid + 1 } else { high = mid }
            }
            return low < keys.count && keys[low].file == line.file && keys[low].start < line.end
        }
    }

    /// Whether two entries have the same description, tags and lines. (Lines and tags are
    /// read by index: a slice of the list retains its storage, and checks on every core
    /// fight over that count.)
    private static func sameEntry(_ ledger: Ledger, _ one: Int, _ other: Int) -> Bool {
        let first = ledger.entries[one]
        let second = ledger.entries[other]
        let lines = first.postings
        let otherLines = second.postings
        guard lines.count == otherLines.count, first.tagRange.count == second.tagRange.count else { return false }
        for offset in 0..<lines.count {
            let line = ledger.postings[lines.lowerBound + offset]
            let otherLine = ledger.postings[otherLines.lowerBound + offset]
            guard line.target.id == otherLine.target.id, line.amount == otherLine.amount else { return false }
        }
        for offset in 0..<first.tagRange.count
        where ledger.entryTags[first.tagRange.lowerBound + offset].id != ledger.entryTags[second.tagRange.lowerBound + offset].id {
            return false
        }
        let a = first.descriptionLocation
        let b = second.descriptionLocation
        return ledger.files[Int(a.file)].bytes.withView { one in
            ledger.files[Int(b.file)].bytes.withView { other in one.part(a.range) == other.part(b.range) }
        }
    }
}
