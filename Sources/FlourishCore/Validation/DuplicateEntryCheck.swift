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
        // Entries with one key sort together, by date then reading order within it; only
        // neighbours within a key are compared in full.
        var keyed: [(key: Int, day: Int, entry: Int)] = []
        keyed.reserveCapacity(ledger.entries.count)
        for (index, entry) in ledger.entries.enumerated() {
            var hasher = Hasher()
            let description = entry.descriptionLocation
            hasher.combine(ledger.files[Int(description.file)].bytes.withView { $0.hash(description.range) })
            for tag in ledger.tags(of: entry) { hasher.combine(tag.id) }
            for line in ledger.postings[entry.postings] {
                hasher.combine(line.target.id)
                hasher.combine(line.amount.minorUnits)
            }
            keyed.append((hasher.finalize(), entry.date.dayNumber, index))
        }
        keyed.sort { ($0.key, $0.day, $0.entry) < ($1.key, $1.day, $1.entry) }
        var diagnostics: [Diagnostic] = []
        var reported = Set<Int>()
        let imported = ImportedEntries(ledger)
        for (position, later) in keyed.enumerated() {
            var earlier = position - 1
            while earlier >= 0, keyed[earlier].key == later.key, later.day - keyed[earlier].day <= duplicateEntryDays {
                let first = keyed[earlier].entry
                let apart = later.day - keyed[earlier].day
                if !reported.contains(first), sameEntry(ledger, first, later.entry),
                   apart == 0 || imported.contains(first) || imported.contains(later.entry) {
                    let other = ledger.entries[first]
                    diagnostics.append(Diagnostic(.duplicateEntry(date: other.date.description),
                                                  at: ledger.entries[later.entry].location,
                                                  notes: [.init(message: "the other entry", location: other.location)]))
                    reported.insert(later.entry)
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

    /// Whether two entries have the same description, tags and lines.
    private static func sameEntry(_ ledger: Ledger, _ one: Int, _ other: Int) -> Bool {
        let first = ledger.entries[one]
        let second = ledger.entries[other]
        guard first.postings.count == second.postings.count, first.tagRange.count == second.tagRange.count,
              zip(ledger.tags(of: first), ledger.tags(of: second)).allSatisfy({ $0.id == $1.id }),
              zip(ledger.postings[first.postings], ledger.postings[second.postings]).allSatisfy({
                  $0.target.id == $1.target.id && $0.amount == $1.amount
              }) else { return false }
        let a = first.descriptionLocation
        let b = second.descriptionLocation
        return ledger.files[Int(a.file)].bytes.withView { one in
            ledger.files[Int(b.file)].bytes.withView { other in one.part(a.range) == other.part(b.range) }
        }
    }
}
