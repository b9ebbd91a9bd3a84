/// The booking stage: turns a linked `Ledger` into a `Journal` (see docs/architecture.md).
///
/// It scales amounts to minor units of the ledger's currency, names the parents of
/// hierarchical categories, fills in the amount a line left out,
/// orders the money movements by date once, and checks every running total the reports and the
/// bucket engine show: an overflow is a `sum-overflow` diagnostic at the line that pushed the
/// total over, never a wrapped or trapped figure.
public enum Booker {
    /// The journal and the problems found while booking.
    public struct Result: Sendable {
        public var journal: Journal
        public var diagnostics: [Diagnostic]
    }

    /// Takes the linked ledger over (`consuming`): booked in place, its arrays are not copied.
    public static func book(_ linked: consuming Ledger) -> Result {
        var result = bookDeferringTotals(linked)
        let totals = RunningTotals.run(result.journal, assertions: false)
        result.diagnostics += totals.diagnostics
        result.journal.lineBalances = totals.lineBalances
        return result
    }

    /// Every running total checked at every line (the overflows of `book`'s diagnostics,
    /// after its others), and each line's total kept: a pass of its own over the journal, so
    /// the validator runs it beside the checks.
    static func runningTotals(_ journal: Journal, keepingBalances: Bool = true) -> RunningTotals.Outcome {
        RunningTotals.run(journal, keepingBalances: keepingBalances)
    }

    /// `book` without the running totals' check (`runningTotals`).
    static func bookDeferringTotals(_ linked: consuming Ledger, everyEntry: Bool = false) -> Result {
        var ledger = linked
        var diagnostics: [Diagnostic] = []
        let currency = ledger.currency ?? Currency(code: "USD", decimals: 2)
        scaleAmounts(&ledger, currency, &diagnostics, everyEntry: everyEntry)
        let excluded = fillInAmounts(&ledger, currency, &diagnostics)
        var items = order(ledger, excluded: excluded)
        bookExchangeDifferences(&ledger, &items, home: currency, &diagnostics)
        nameParents(&ledger)
        let index = NameIndex(ledger)
        let parent = parents(ledger, index)

        var onBudget = [Bool](repeating: false, count: ledger.names.names.count)
        for account in ledger.accounts where !account.isOffBudget { onBudget[Int(account.name.id)] = true }
        let journal = Journal(ledger: ledger, index: index, items: items, parent: parent,
                              dateRange: dateRange(ledger, &diagnostics), onBudget: onBudget)
        return Result(journal: journal, diagnostics: diagnostics)
    }

    /// Interns `Food` for a declared `Food:Dining`, so every category has a name id.
    private static func nameParents(_ ledger: inout Ledger) {
        var known = Set<Int32>()
        for category in ledger.categories where known.insert(category.name.id).inserted {
            var name = ledger.names[category.name.id]
            while let colon = name.lastIndex(of: ":") {
                name = String(name[..<colon])
                let id = ledger.names.intern(name)
                if !known.insert(id).inserted { break }
            }
        }
    }

    /// Per name id, the parent category's id, or -1.
    private static func parents(_ ledger: Ledger, _ index: NameIndex) -> [Int32] {
        var parent = [Int32](repeating: -1, count: ledger.names.names.count)
        for id in parent.indices {
            guard let kind = index.kind(of: Int32(id)), kind == .category || kind == .incomeCategory else { continue }
            let name = ledger.names[Int32(id)]
            guard let colon = name.lastIndex(of: ":"), let up = ledger.names.id(of: String(name[..<colon])) else { continue }
            parent[id] = up
        }
        return parent
    }

    /// Gives the one line of an entry that left its amount out the amount that balances the
    /// entry. Returns the entries whose written amounts do not even have an exact sum.
    private static func fillInAmounts(_ ledger: inout Ledger, _ currency: Currency, _ diagnostics: inout [Diagnostic]) -> Set<Int> {
        var excluded = Set<Int>()
        for (number, entry) in ledger.entries.enumerated() {
            var sum = Money.zero
            var elidedCount = 0
            var elided = 0
            do throws(MoneyOverflow) {
                for line in entry.postings {
                    if ledger.postings[line].isInferred {
                        elidedCount += 1
                        elided = line
                    } else {
                        sum = try sum + ledger.postings[line].amount
                    }
                }
                if elidedCount == 1 { ledger.postings[elided].amount = try -sum }
            } catch {
                diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this entry", currency: currency), at: entry.location))
                excluded.insert(number)
            }
        }
        // Schedules' templates: the same, a template whose sum overflows is left out.
        ledger.schedules = ledger.schedules.filter { schedule in
            do throws(MoneyOverflow) {
                let lines = schedule.postings
                let elided = lines.filter { ledger.postings[$0].isInferred }
                let sum = try Money.sum(lines.filter { !ledger.postings[$0].isInferred }.map { ledger.postings[$0].amount })
                if elided.count == 1 { ledger.postings[elided[0]].amount = try -sum }
                return true
            } catch {
                diagnostics.append(Diagnostic(.sumOverflow(what: "the sum of this schedule", currency: currency), at: schedule.location))
                return false
            }
        }
        return excluded
    }

    /// Opening balances, entries and corrections by date (phase, then file order, within a day).
    private static func order(_ ledger: Ledger, excluded: Set<Int>) -> [Journal.Item] {
        var items: [Journal.Item] = []
        items.reserveCapacity(ledger.openings.count + ledger.corrections.count)
        for (i, opening) in ledger.openings.enumerated() {
            items.append(Journal.Item(date: opening.date, kind: .opening(i)))
        }
        for (i, correction) in ledger.corrections.enumerated() {
            items.append(Journal.Item(date: correction.date, kind: .correction(i)))
        }
        let before = { (a: Journal.Item, b: Journal.Item) -> Bool in
            (a.date, a.phase, a.location(in: ledger)) < (b.date, b.phase, b.location(in: ledger))
        }
        items.sort(by: before)
        var merged: [Journal.Item] = []
        merged.reserveCapacity(items.count + ledger.entries.count)
        var other = 0
        func add(_ entry: Journal.Item) {
            while other < items.count && before(items[other], entry) {
                merged.append(items[other])
                other += 1
            }
            merged.append(entry)
        }
        // Entries are usually written in date order already: then they merge as they stand.
        var sorted = true
        var previous: Journal.Item?
        for (i, entry) in ledger.entries.enumerated() where excluded.isEmpty || !excluded.contains(i) {
            let item = Journal.Item(date: entry.date, kind: .entry(i))
            if let previous, before(item, previous) { sorted = false; break }
            previous = item
        }
        if sorted {
            for (i, entry) in ledger.entries.enumerated() where excluded.isEmpty || !excluded.contains(i) {
                add(Journal.Item(date: entry.date, kind: .entry(i)))
            }
        } else {
            var entries: [Journal.Item] = []
            entries.reserveCapacity(ledger.entries.count)
            for (i, entry) in ledger.entries.enumerated() where !excluded.contains(i) {
                entries.append(Journal.Item(date: entry.date, kind: .entry(i)))
            }
            entries.sort(by: before)
            for entry in entries { add(entry) }
        }
        merged += items[other...]
        return merged
    }

    /// How far apart a ledger's dates may lie, in years: a date farther than this from the
    /// middle of the others (by count) is an error, left out of the ledger's span. Work done
    /// a day or a month at a time (the bucket rule, schedules, subscriptions) then covers at
    /// most two hundred years, whatever a typo in a year says (`9999-12-31`).
    public static let plausibleYears = 100

    /// Every dated line's date and place.
    private static func forEachDated(_ ledger: Ledger, _ body: (CivilDate, SourceLocation) -> Void) {
        for entry in ledger.entries { body(entry.date, entry.location) }
        for item in ledger.openings { body(item.date, item.location) }
        for item in ledger.corrections { body(item.date, item.location) }
        for item in ledger.allowances { body(item.date, item.location) }
        for item in ledger.earmarks { body(item.date, item.location) }
        for item in ledger.goalMoves { body(item.date, item.location) }
        for item in ledger.balanceAssertions { body(item.date, item.location) }
        for item in ledger.closings { body(item.date, item.location) }
        for item in ledger.snapshotAssertions { body(item.date, item.location) }
        for item in ledger.budgets { body(item.date, item.location) }
        for item in ledger.goals { body(item.date, item.location) }
        for item in ledger.incomes { body(item.date, item.location) }
        for item in ledger.savingsTargets { body(item.date, item.location) }
        for item in ledger.subscriptions { body(item.date, item.location) }
    }

    /// The first and last dates of all dated lines within `plausibleYears` of the middle one;
    /// each line farther away is an `implausible-date` error.
    static func dateRange(_ ledger: Ledger, _ diagnostics: inout [Diagnostic]) -> ClosedRange<CivilDate>? {
        var low: CivilDate?
        var high: CivilDate?
        forEachDated(ledger) { date, _ in
            if low.map({ date < $0 }) ?? true { low = date }
            if high.map({ date > $0 }) ?? true { high = date }
        }
        guard let first = low, let last = high else { return nil }
        guard last.year - first.year > plausibleYears else { return first...last }
        // Rare: some date lies far from the others. The middle date by count stands for them.
        var dated: [(date: CivilDate, location: SourceLocation)] = []
        forEachDated(ledger) { dated.append(($0, $1)) }
        let middle = dated.map(\.date).sorted()[dated.count / 2]
        low = nil
        high = nil
        for (date, location) in dated {
            if abs(date.year - middle.year) > plausibleYears {
                diagnostics.append(Diagnostic(.implausibleDate(date, around: middle), at: location))
                continue
            }
            if low.map({ date < $0 }) ?? true { low = date }
            if high.map({ date > $0 }) ?? true { high = date }
        }
        guard let low, let high else { return nil }
        return low...high
    }
}
