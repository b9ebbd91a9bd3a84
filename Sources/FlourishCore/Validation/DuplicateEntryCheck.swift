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
    /// one, naming the nearest earlier copy (three copies are two warnings, each naming the one
    /// before; a copy reads back only to the nearest that matches, so thousands of copies take no
    /// longer than thousands of entries); a tag (`#again`) or another description tells two real ones apart.
    static let duplicateEntries = Check(name: "duplicate-entries", onlyWarns: true) { journal in
        let ledger = journal.ledger
        let imported = ImportedEntries(ledger)
        let window = imported.isEmpty ? 0 : duplicateEntryDays
        // Entries that could be one another have the same lines and tags, and days at most
        // `window` apart. The journal holds the entries in date order, so each day's entries,
        // with those of the `window` days before it, are sorted by their first line's target
        // and amount and their number of lines (a few entries each), each run of those then by
        // all their lines and tags, and entries next to one with the same are the candidates. Only the candidates'
        // descriptions are read: a file parsed whole has given its pages back, and each
        // description read takes back its page and the system's neighbours of it (reading
        // every description: 23 MB and a sixth of `check`'s time at 100,000 entries; every
        // entry with a twin first line: 27 MB at a million).
        struct Lines: Comparable {
            var target: Int32
            var amount: Int64
            var lines: Int
            var date: CivilDate
            var entry: Int

            func sameKey(_ other: Lines) -> Bool {
                (target, amount, lines) == (other.target, other.amount, other.lines)
            }
            static func < (a: Lines, b: Lines) -> Bool {
                (a.target, a.amount, a.lines, a.date, a.entry) < (b.target, b.amount, b.lines, b.date, b.entry)
            }
            static func == (a: Lines, b: Lines) -> Bool { a.entry == b.entry }
        }
        func lines(_ item: Journal.Item) -> Lines? {
            guard case .entry(let index) = item.kind else { return nil }
            let entry = ledger.entries[index]
            let first = entry.postings.isEmpty ? nil : ledger.postings[entry.postings.lowerBound]
            return Lines(target: first?.target.id ?? -1, amount: first?.amount.minorUnits ?? 0,
                         lines: entry.postings.count, date: item.date, entry: index)
        }
        /// How two entries' lines and tags compare (-1, 0 or 1), read by index.
        func content(_ a: Lines, _ b: Lines) -> Int {
            if (a.target, a.amount, a.lines) != (b.target, b.amount, b.lines) {
                return (a.target, a.amount, a.lines) < (b.target, b.amount, b.lines) ? -1 : 1
            }
            let one = ledger.entries[a.entry]
            let other = ledger.entries[b.entry]
            for offset in 1..<max(1, a.lines) {
                let line = ledger.postings[one.postings.lowerBound + offset]
                let otherLine = ledger.postings[other.postings.lowerBound + offset]
                if (line.target.id, line.amount.minorUnits) != (otherLine.target.id, otherLine.amount.minorUnits) {
                    return (line.target.id, line.amount.minorUnits) < (otherLine.target.id, otherLine.amount.minorUnits) ? -1 : 1
                }
            }
            if one.tagRange.count != other.tagRange.count { return one.tagRange.count < other.tagRange.count ? -1 : 1 }
            for offset in 0..<one.tagRange.count {
                let tag = ledger.entryTags[one.tagRange.lowerBound + offset].id
                let otherTag = ledger.entryTags[other.tagRange.lowerBound + offset].id
                if tag != otherTag { return tag < otherTag ? -1 : 1 }
            }
            return 0
        }
        var candidates: [Lines] = []
        var isCandidate = [Bool](repeating: false, count: ledger.entries.count)
        var span: [Lines] = []
        var spanStart = 0
        var dayStart = 0
        let items = journal.items
        // (Days compared as dates: a day's number is counted only for the few candidates.)
        while dayStart < items.count {
            let day = items[dayStart].date
            var dayEnd = dayStart + 1
            while dayEnd < items.count, items[dayEnd].date == day { dayEnd += 1 }
            let spanFirst = day.adding(days: -window)
            while items[spanStart].date < spanFirst { spanStart += 1 }
            span.removeAll(keepingCapacity: true)
            for item in items[spanStart..<dayEnd] {
                if let entry = lines(item) { span.append(entry) }
            }
            // By first line and number of lines, then each run of those by all lines and tags.
            span.sort()
            var runStart = 0
            while runStart < span.count {
                var runEnd = runStart + 1
                while runEnd < span.count, span[runEnd].sameKey(span[runStart]) { runEnd += 1 }
                if runEnd - runStart > 2 {
                    span[runStart..<runEnd].sort { first, second in
                        let order = content(first, second)
                        return order != 0 ? order < 0 : (first.date, first.entry) < (second.date, second.entry)
                    }
                }
                for position in runStart + 1 ..< max(runStart + 1, runEnd) where content(span[position - 1], span[position]) == 0 {
                    for entry in [span[position - 1], span[position]] where !isCandidate[entry.entry] {
                        isCandidate[entry.entry] = true
                        candidates.append(entry)
                    }
                }
                runStart = runEnd
            }
            dayStart = dayEnd
        }
        struct Keyed: Comparable {
            var description: UInt64
            var lines: Lines

            func sameKey(_ other: Keyed) -> Bool { description == other.description && lines.sameKey(other.lines) }
            static func < (a: Keyed, b: Keyed) -> Bool {
                (a.description, a.lines) < (b.description, b.lines)
            }
            static func == (a: Keyed, b: Keyed) -> Bool { a.lines.entry == b.lines.entry }
        }
        var keyed: [Keyed] = []
        for entry in candidates {
            let description = ledger.entries[entry.entry].descriptionLocation
            let hash = ledger.files[Int(description.file)].bytes.withView { $0.hash(description.range) }
            keyed.append(Keyed(description: hash, lines: entry))
        }
        keyed.sort()
        var diagnostics: [Diagnostic] = []
        for (position, candidate) in keyed.enumerated() {
            let later = candidate.lines
            var earlier = position - 1
            while earlier >= 0, keyed[earlier].sameKey(candidate), keyed[earlier].lines.date.days(until: later.date) <= window {
                let first = keyed[earlier].lines.entry
                let apart = keyed[earlier].lines.date.days(until: later.date)
                if apart == 0 || imported.contains(first) || imported.contains(later.entry),
                   sameEntry(ledger, first, later.entry) {
                    let other = ledger.entries[first]
                    diagnostics.append(Diagnostic(.duplicateEntry(date: other.date.description),
                                                  at: ledger.entries[later.entry].location,
                                                  notes: [.init(message: "the other entry", location: other.location)]))
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
