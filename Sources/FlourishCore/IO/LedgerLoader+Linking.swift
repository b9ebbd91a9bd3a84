extension LedgerLoader {
    /// Merges parsed files into one ledger: the first file's part as it is, each later file's
    /// appended with its names moved into the one name table and its indices (split lines,
    /// tags) shifted. Locations already carry each file's index.
    ///
    /// The files' split lines, entries and tags are taken out of `parsed` (the rest stays):
    /// the ledger then holds the only reference to its long lists, so booking changes them in
    /// place, and each file's lists are freed as soon as they are copied into the whole.
    ///
    /// The split lines and entries are linked in place (`StretchedList.closedUp`): when the
    /// files wrote them into the stretches of `shared` lists and every file's fit its places,
    /// into those lists; otherwise into new lists with a stretch of each file's size, each
    /// file's items written into its stretch first.
    static func link(_ parsed: inout [ParsedFile], shared: SharedLists? = nil) -> Ledger {
        guard !parsed.isEmpty else { return Ledger() }
        let fits = shared.map { fit(parsed, $0) } ?? false
        if !fits, let shared {
            for index in parsed.indices {
                guard let written = parsed[index].inStretches else { continue }
                (parsed[index].ledger.postings, parsed[index].ledger.entries) = shared.items(of: index, written)
                parsed[index].inStretches = nil
            }
        }
        let written = parsed.map(\.inStretches)
        let taken = parsed.indices.map { index in
            let part = parsed[index].ledger
            parsed[index].ledger.postings = []
            parsed[index].ledger.entries = []
            parsed[index].ledger.entryTags = []
            return (postings: Taken(part.postings), entries: Taken(part.entries), tags: Taken(part.entryTags))
        }
        var ledger = parsed[0].ledger
        ledger.files = parsed.map(\.file)
        ledger.includes = parsed.flatMap(\.includes)
        guard parsed.count > 1 || fits else {
            // One file with lists of its own: nothing to link.
            ledger.postings = taken[0].postings.take()
            ledger.entries = taken[0].entries.take()
            ledger.entryTags = taken[0].tags.take()
            return ledger
        }
        // Each file's name ids in the one table, in reading order (so ids are the same on
        // every run), and how many lines, entries and tags each file has.
        var ids: [[Int32]] = [[]]
        for (index, file) in parsed.enumerated() where index > 0 {
            ids.append(file.ledger.names.names.map { ledger.names.intern($0) })
        }
        let counts = parsed.indices.map { file in
            (postings: written[file]?.postings ?? taken[file].postings.items.count,
             entries: written[file]?.entries ?? taken[file].entries.items.count,
             tags: taken[file].tags.items.count)
        }
        let postingOffsets = counts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.postings) }
        let tagOffsets = counts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.tags) }
        let lists = fits ? shared! : SharedLists(exactly: counts.map { ($0.postings, $0.entries) })
        // On every core, each file's items are made final in its stretch: its names moved
        // into the one table and its indices shifted (a file with lists of its own has them
        // written into its stretch so); then the stretches are closed up.
        let parts = parsed.map(\.ledger)
        let fileIDs = ids
        ledger.postings = lists.postings.closedUp(counts: counts.map(\.postings)) { file, stretch in
            let own = written[file] == nil ? taken[file].postings.take() : nil
            guard file > 0 || own != nil else { return }
            let ids = fileIDs[file]
            for index in 0..<stretch.room {
                var moved = own?[index] ?? stretch[index]
                if file > 0 { moved.target.id = ids[Int(moved.target.id)] }
                stretch[index] = moved
            }
        }
        ledger.entries = lists.entries.closedUp(counts: counts.map(\.entries)) { file, stretch in
            let own = written[file] == nil ? taken[file].entries.take() : nil
            let (lineShift, tagShift) = (postingOffsets[file], tagOffsets[file])
            guard lineShift != 0 || tagShift != 0 || own != nil else { return }
            for index in 0..<stretch.room {
                stretch[index] = (own?[index] ?? stretch[index]).shifted(lines: lineShift, tags: tagShift)
            }
        }
        let tagRooms = counts.map(\.tags)
        ledger.entryTags = StretchedList<NameRef>(rooms: tagRooms).closedUp(counts: tagRooms) { file, stretch in
            let own = taken[file].tags.take()
            let ids = fileIDs[file]
            for (index, tag) in own.enumerated() {
                stretch[index] = file == 0 ? tag : NameRef(id: ids[Int(tag.id)], location: tag.location)
            }
        }
        // Room for every file's records of codes and prices at once (grown file by file, the
        // list was copied a dozen times).
        let writtenCount = parts.reduce(0) { $0 + $1.writtenForeign.count }
        if writtenCount > ledger.writtenForeign.capacity { ledger.writtenForeign.reserveCapacity(writtenCount) }
        var knownCodes = knownLineCodes(ledger)
        for index in parsed.indices.dropFirst() {
            append(parts[index], ids: ids[index], postingOffset: postingOffsets[index], knownCodes: &knownCodes, to: &ledger)
        }
        putInReadingOrder(&ledger, parsed)
        return ledger
    }

    /// Declarations and directives in reading order: an included file is read in place.
    private static func putInReadingOrder(_ ledger: inout Ledger, _ parsed: [ParsedFile]) {
        let order = ReadingOrder(parsed)
        func sort<Item>(_ items: inout [Item], _ location: (Item) -> SourceLocation) {
            let keyed = items.map { (order.key(location($0)), $0) }
            items = keyed.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        }
        sort(&ledger.currencyDeclarations, \.location)
        sort(&ledger.commodities, \.location)
        sort(&ledger.rates, \.location)
        sort(&ledger.monthStarts, \.location)
        sort(&ledger.displays, \.location)
        sort(&ledger.overdueDays, \.location)
        sort(&ledger.rolloverOption, \.location)
        sort(&ledger.quoteOption, \.location)
        sort(&ledger.accounts, \.location)
        sort(&ledger.categories, \.location)
        sort(&ledger.people, \.location)
        sort(&ledger.openings, \.location)
        sort(&ledger.balanceAssertions, \.location)
        sort(&ledger.closings, \.location)
        sort(&ledger.corrections, \.location)
        sort(&ledger.budgets, \.location)
        sort(&ledger.earmarks, \.location)
        sort(&ledger.allowances, \.location)
        sort(&ledger.goals, \.location)
        sort(&ledger.goalMoves, \.location)
        sort(&ledger.incomes, \.location)
        sort(&ledger.savingsTargets, \.location)
        sort(&ledger.subscriptions, \.location)
        sort(&ledger.schedules, \.location)
        sort(&ledger.snapshotAssertions, \.location)
        sort(&ledger.importKeys) { $0 }
    }

    /// Whether every file's split lines and entries are in its stretches of `lists`, or fit there.
    private static func fit(_ parsed: [ParsedFile], _ lists: SharedLists) -> Bool {
        lists.places == parsed.indices.count && parsed.indices.allSatisfy { index in
            let room = lists.room(index)
            let part = parsed[index].ledger
            return parsed[index].inStretches != nil || (part.postings.count <= room.postings && part.entries.count <= room.entries)
        }
    }

    /// A ledger (linked or booked) with one more file read after all of its own — the
    /// forecast's projection, parsed alone at index `ledger.files.count`: the file's names
    /// moved into the ledger's table, its lines, entries and tags appended with their indices
    /// shifted, its declarations and directives appended. The ledger's own files are not read
    /// again.
    static func extended(_ base: consuming Ledger, with file: ParsedFile) -> Ledger {
        var ledger = base
        let part = file.ledger
        let ids = part.names.names.map { ledger.names.intern($0) }
        let lineOffset = ledger.postings.count
        let tagOffset = ledger.entryTags.count
        ledger.files.append(file.file)
        ledger.includes += file.includes
        ledger.postings += part.postings.map { posting in
            var moved = posting
            moved.target.id = ids[Int(posting.target.id)]
            return moved
        }
        ledger.entryTags += part.entryTags.map { NameRef(id: ids[Int($0.id)], location: $0.location) }
        ledger.entries += part.entries.map { $0.shifted(lines: lineOffset, tags: tagOffset) }
        var knownCodes = knownLineCodes(ledger)
        append(part, ids: ids, postingOffset: lineOffset, knownCodes: &knownCodes, to: &ledger)
        return ledger
    }

    /// Where a place comes when the ledger is read from its first line: a file is read up to
    /// an `include`, then the included file, then the rest of the file.
    struct ReadingOrder {
        /// Per file: the offsets of its followed includes, and the rank of each stretch between them.
        private var includeOffsets: [[Int32]]
        private var ranks: [[Int]]

        init(_ parsed: [ParsedFile]) {
            includeOffsets = parsed.map { $0.includes.filter { $0.file != nil }.map(\.location.start) }
            ranks = [[Int]](repeating: [], count: parsed.count)
            var next = 0
            let included = Set(parsed.flatMap { $0.includes.compactMap(\.file) })
            for root in parsed.indices where !included.contains(root) {
                ranks[root] = [next]
                next += 1
                var stack = [(file: root, include: 0)]
                while let top = stack.last {
                    let followed = parsed[top.file].includes.compactMap(\.file)
                    if top.include < followed.count {
                        stack[stack.count - 1].include += 1
                        let file = followed[top.include]
                        ranks[file] = [next]
                        next += 1
                        stack.append((file, 0))
                    } else {
                        stack.removeLast()
                        if let parent = stack.last {
                            ranks[parent.file].append(next)
                            next += 1
                        }
                    }
                }
            }
        }

        /// A key that sorts places in reading order.
        func key(_ location: SourceLocation) -> Int64 {
            let file = Int(location.file)
            guard file < ranks.count, !ranks[file].isEmpty else { return Int64(location.start) }
            let stretch = includeOffsets[file].prefix { $0 < location.start }.count
            let rank = ranks[file][min(stretch, ranks[file].count - 1)]
            return Int64(rank) << 32 | Int64(location.start)
        }
    }

    /// A file's long list, taken out of its part so that it can be freed once copied.
    final class Taken<Item>: @unchecked Sendable {
        private(set) var items: [Item]
        init(_ items: [Item]) { self.items = items }

        /// The list, leaving this empty (so nothing else holds it).
        func take() -> [Item] {
            let list = items
            items = []
            return list
        }
    }

    /// The rest of a file's part (its declarations and directives), after its lines,
    /// entries and tags are in place.
    /// The place of each of `ledger`'s split lines' codes in `Ledger.lineCodes`, by the code.
    private static func knownLineCodes(_ ledger: Ledger) -> [String: Int32] {
        Dictionary(ledger.lineCodes.enumerated().map { ($0.element, Int32($0.offset)) }) { first, _ in first }
    }

    /// `knownCodes`: the place of each code in `ledger.lineCodes` (kept from one file to the
    /// next, so that a ledger of many files with many codes is not indexed again for each).
    private static func append(_ part: Ledger, ids: [Int32], postingOffset: Int, knownCodes: inout [String: Int32], to ledger: inout Ledger) {
        func name(_ ref: NameRef) -> NameRef { NameRef(id: ids[Int(ref.id)], location: ref.location) }

        ledger.currencyDeclarations += part.currencyDeclarations
        ledger.monthStarts += part.monthStarts
        ledger.displays += part.displays
        ledger.overdueDays += part.overdueDays
        ledger.rolloverOption += part.rolloverOption
        ledger.quoteOption += part.quoteOption
        ledger.accounts += part.accounts.map { var item = $0; item.name = name(item.name); return item }
        ledger.categories += part.categories.map { var item = $0; item.name = name(item.name); return item }
        ledger.people += part.people.map { var item = $0; item.name = name(item.name); return item }
        for (line, goal) in part.postingGoals { ledger.postingGoals[line + postingOffset] = name(goal) }
        ledger.strayReferences += part.strayReferences.map(name)
        ledger.openings += part.openings.map { var item = $0; item.account = name(item.account); return item }
        ledger.balanceAssertions += part.balanceAssertions.map { var item = $0; item.account = name(item.account); return item }
        ledger.closings += part.closings.map { var item = $0; item.account = name(item.account); return item }
        ledger.corrections += part.corrections.map { var item = $0; item.account = name(item.account); return item }
        ledger.budgets += part.budgets.map { var item = $0; item.category = name(item.category); return item }
        ledger.earmarks += part.earmarks.map { var item = $0; item.category = name(item.category); return item }
        ledger.allowances += part.allowances
        ledger.goals += part.goals.map { var item = $0; item.name = name(item.name); return item }
        ledger.goalMoves += part.goalMoves.map { var item = $0; item.goal = name(item.goal); return item }
        ledger.incomes += part.incomes
        ledger.savingsTargets += part.savingsTargets
        ledger.subscriptions += part.subscriptions.map {
            var item = $0
            item.name = name(item.name)
            item.account = name(item.account)
            item.category = item.category.map(name)
            return item
        }
        ledger.schedules += part.schedules.map {
            var item = $0
            item.postings = item.postings.lowerBound + postingOffset..<item.postings.upperBound + postingOffset
            return item
        }
        ledger.snapshotAssertions += part.snapshotAssertions.map {
            var item = $0
            if case .goal(let goal) = item.bucket { item.bucket = .goal(name(goal)) }
            return item
        }
        ledger.amountScales.merge(part.amountScales) { first, _ in first }
        ledger.postingScales |= part.postingScales
        ledger.amountCodes.merge(part.amountCodes)
        ledger.amountPrices.merge(part.amountPrices)
        if !part.writtenForeign.isEmpty {
            // The file's codes by their places among the ledger's; its lines after the lines before.
            let codes = part.lineCodes.map { code in
                knownCodes[code] ?? {
                    ledger.lineCodes.append(code)
                    knownCodes[code] = Int32(ledger.lineCodes.count - 1)
                    return Int32(ledger.lineCodes.count - 1)
                }()
            }
            for written in part.writtenForeign {
                var moved = written
                moved.line += Int32(clamping: postingOffset)
                if written.code >= 0 { moved.code = codes[Int(written.code)] }
                if written.priceCode >= 0 { moved.priceCode = codes[Int(written.priceCode)] }
                ledger.writtenForeign.append(moved)
            }
        }
        ledger.commodities += part.commodities
        ledger.rates += part.rates
        ledger.importKeys += part.importKeys
    }
}
