extension LedgerLoader {
    /// Merges parsed files into one ledger: the first file's part as it is, each later file's
    /// appended with its names moved into the one name table and its indices (split lines,
    /// tags) shifted. Locations already carry each file's index.
    static func link(_ parsed: [ParsedFile]) -> Ledger {
        guard var ledger = parsed.first?.ledger else { return Ledger() }
        ledger.files = parsed.map(\.file)
        ledger.includes = parsed.flatMap(\.includes)
        guard parsed.count > 1 else { return ledger }
        // Room for every file's lines and entries at once: reserving for each file in turn
        // would copy all the lines gathered so far at every file (a ledger with one include
        // per year copied its lines twenty times).
        ledger.postings.reserveCapacity(parsed.reduce(0) { $0 + $1.ledger.postings.count })
        ledger.entries.reserveCapacity(parsed.reduce(0) { $0 + $1.ledger.entries.count })
        ledger.entryTags.reserveCapacity(parsed.reduce(0) { $0 + $1.ledger.entryTags.count })
        for file in parsed.dropFirst() {
            append(file.ledger, to: &ledger)
        }
        // Declarations and directives in reading order: an included file is read in place.
        let order = ReadingOrder(parsed)
        func sort<Item>(_ items: inout [Item], _ location: (Item) -> SourceLocation) {
            let keyed = items.map { (order.key(location($0)), $0) }
            items = keyed.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        }
        sort(&ledger.currencyDeclarations, \.location)
        sort(&ledger.monthStarts, \.location)
        sort(&ledger.overdueDays, \.location)
        sort(&ledger.rolloverOption, \.location)
        sort(&ledger.accounts, \.location)
        sort(&ledger.categories, \.location)
        sort(&ledger.people, \.location)
        sort(&ledger.openings, \.location)
        sort(&ledger.balanceAssertions, \.location)
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

    private static func append(_ part: Ledger, to ledger: inout Ledger) {
        // Each of the file's name ids, in the ledger's table.
        let ids = part.names.names.map { ledger.names.intern($0) }
        func name(_ ref: NameRef) -> NameRef { NameRef(id: ids[Int(ref.id)], location: ref.location) }
        let postingOffset = ledger.postings.count
        let tagOffset = ledger.entryTags.count

        ledger.currencyDeclarations += part.currencyDeclarations
        ledger.monthStarts += part.monthStarts
        ledger.overdueDays += part.overdueDays
        ledger.rolloverOption += part.rolloverOption
        ledger.accounts += part.accounts.map { var item = $0; item.name = name(item.name); return item }
        ledger.categories += part.categories.map { var item = $0; item.name = name(item.name); return item }
        ledger.people += part.people.map { var item = $0; item.name = name(item.name); return item }
        for posting in part.postings {
            var moved = posting
            moved.target = name(posting.target)
            ledger.postings.append(moved)
        }
        ledger.entryTags += part.entryTags.map(name)
        for entry in part.entries {
            var moved = entry
            moved.postings = entry.postings.lowerBound + postingOffset..<entry.postings.upperBound + postingOffset
            moved.tagRange = entry.tagRange.lowerBound + tagOffset..<entry.tagRange.upperBound + tagOffset
            ledger.entries.append(moved)
        }
        for (line, goal) in part.postingGoals { ledger.postingGoals[line + postingOffset] = name(goal) }
        ledger.strayReferences += part.strayReferences.map(name)
        ledger.openings += part.openings.map { var item = $0; item.account = name(item.account); return item }
        ledger.balanceAssertions += part.balanceAssertions.map { var item = $0; item.account = name(item.account); return item }
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
        ledger.amountCodes.merge(part.amountCodes) { first, _ in first }
    }
}
