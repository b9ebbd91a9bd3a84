/// Schedules and subscriptions as plans, and the recorded entries that pay their occurrences
/// (grammar.md, section 8, "Scheduled entries and bills").
extension Journal {
    /// The plans of a booked ledger: schedules first, then subscriptions, each in file order.
    static func plans(_ ledger: Ledger, _ index: NameIndex) -> [Plan] {
        var plans: [Plan] = []
        func expenseCategories(_ lines: [Plan.Line]) -> [Int32] {
            lines.filter { $0.amount > .zero && index.kind(of: $0.target) == .category }.map(\.target)
        }
        func make(_ name: String, _ recurrence: Recurrence, _ lines: [Plan.Line], _ source: Plan.Source,
                  _ location: SourceLocation, since: CivilDate, expense: Money? = nil) -> Plan? {
            let categories = expenseCategories(lines)
            guard let spent = expense ?? (try? Money.sum(lines.filter { categories.contains($0.target) }.map(\.amount))),
                  let size = try? Money.sum(lines.filter { $0.amount > .zero }.map(\.amount)) else { return nil }
            return Plan(name: name, recurrence: recurrence, lines: lines, source: source, location: location,
                        expense: spent, categories: categories, size: max(size, spent), since: since)
        }
        for (i, schedule) in ledger.schedules.enumerated() {
            let lines = ledger.postings[schedule.postings].map { Plan.Line(target: $0.target.id, amount: $0.amount) }
            // A schedule's bills are set aside from the first day of their budgeting month.
            if let plan = make(schedule.name.value, schedule.recurrence, lines, .schedule(i), schedule.location, since: .earliest) {
                plans.append(plan)
            }
        }
        for (i, subscription) in ledger.subscriptions.enumerated() {
            let frequency: Recurrence.Frequency
            switch subscription.frequency {
            case .weekly: frequency = .weeks(1)
            case .monthly: frequency = .months(1, on: .firstDate)
            case .yearly: frequency = .yearly
            }
            let amount = subscription.amount.value
            var lines = [Plan.Line(target: subscription.account.id, amount: amount.negated ?? .zero)]
            if let category = subscription.category { lines.insert(Plan.Line(target: category.id, amount: amount), at: 0) }
            // Without a category a subscription is still a bill of its price.
            let expense = subscription.category == nil ? amount : nil
            if let plan = make(ledger.names[subscription.name.id], Recurrence(first: subscription.nextDue.value, frequency: frequency),
                               lines, .subscription(i), subscription.location,
                               since: min(subscription.date, subscription.nextDue.value), expense: expense) {
                plans.append(plan)
            }
        }
        return plans
    }

    /// How far from its due date an entry may be recorded and still pay an occurrence: a week
    /// either way, and less than half the time between occurrences for ones closer together.
    static func matchWindow(_ recurrence: Recurrence) -> Int {
        switch recurrence.frequency {
        case .days(let every): return min(7, (every - 1) / 2)
        case .weeks(let every): return min(7, (7 * every - 1) / 2)
        case .months, .yearly: return 7
        }
    }

    /// Whether a recorded entry can pay an occurrence of `plan`: it has a line on one of the
    /// plan's categories (on its accounts, for a plan without a category), its size is within
    /// 10% of the plan's, and its date line — description, tags and comment — contains the
    /// plan's name (in any case), or it has a tag that is the name (spaces written as `-`).
    /// The cheap tests come first: they rule out nearly every entry of a long ledger.
    func entry(_ entry: Entry, canPay plan: Plan, name: PlanName) -> Bool {
        // A line on one of the plan's categories (its accounts, for a plan without one).
        var touches = false
        for line in entry.postings where name.targets.contains(ledger.postings[line].target.id) {
            touches = true
            break
        }
        guard touches else { return false }
        var size = Money.zero
        for line in entry.postings where ledger.postings[line].amount > .zero {
            guard let sum = try? size + ledger.postings[line].amount else { return false }
            size = sum
        }
        guard let difference = size > plan.size ? (try? size - plan.size) : (try? plan.size - size),
              let scaled = try? difference * 10, scaled <= plan.size else { return false }
        let file = ledger.files[Int(entry.location.file)]
        if name.occurs(in: file.bytes[entry.location.range]) { return true }
        return ledger.tags(of: entry).contains { ledger.names[$0.id].lowercased() == name.tag }
    }

    /// A plan's name, ready to be looked for in descriptions without making strings, and the
    /// names an entry must touch to pay it.
    struct PlanName {
        /// The plan's categories, or its accounts when it has none (a few: an array, not a set,
        /// so that looking one up hashes nothing).
        let targets: [Int32]
        /// The name's bytes, ASCII letters in lower case.
        let folded: [UInt8]
        /// The name as a tag: lower case, spaces written as `-`.
        let tag: String
        let isASCII: Bool
        let lowered: String

        init(_ name: String, targets: [Int32]) {
            self.targets = targets
            lowered = name.lowercased()
            folded = name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            isASCII = name.utf8.allSatisfy { $0 < 128 }
            tag = String(lowered.map { $0 == " " ? "-" : $0 })
        }

        /// Whether the name occurs in a description (quotes and escapes as written).
        func occurs(in bytes: Slice<SourceBytes>) -> Bool {
            guard !folded.isEmpty else { return false }
            if !isASCII { return String(decoding: bytes, as: UTF8.self).lowercased().contains(lowered) }
            guard bytes.count >= folded.count else { return false }
            let first = folded[0]
            var start = bytes.startIndex
            let last = bytes.endIndex - folded.count
            while start <= last {
                var byte = bytes[start]
                if byte >= 65 && byte <= 90 { byte += 32 }
                if byte == first {
                    var matched = 1
                    while matched < folded.count {
                        var other = bytes[start + matched]
                        if other >= 65 && other <= 90 { other += 32 }
                        if other != folded[matched] { break }
                        matched += 1
                    }
                    if matched == folded.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Every occurrence of every plan due within `range`, with the recorded entry that pays it.
    /// Booking matched the occurrences of the ledger's own dates once (`matched`); a range
    /// reaching beyond them is matched again from the same start, so the pairs agree.
    public func occurrences(in range: ClosedRange<CivilDate>) -> [Occurrence] {
        guard !plans.isEmpty else { return [] }
        if let matched, matched.span.contains(range.lowerBound), matched.span.contains(range.upperBound) {
            return matched.list.filter { range.contains($0.due) }
        }
        let low = min(range.lowerBound, matched?.span.lowerBound ?? range.lowerBound)
        let high = max(range.upperBound, matched?.span.upperBound ?? range.upperBound)
        return match(in: low...high).filter { range.contains($0.due) }
    }

    /// Where one plan stands on a date: its last occurrence due before the date, with the entry
    /// paying it (the pairing of `occurrences(in:)`), and its first occurrence on or after it.
    public struct Standing: Sendable {
        public var last: Occurrence?
        public var next: CivilDate?
        /// The last occurrence is unpaid and due more than `overdue-days` before the date: the
        /// rule of `check`'s `not-recorded` warning.
        public var isOverdue: Bool
    }

    public func standing(ofPlan number: Int, on date: CivilDate) -> Standing {
        let recurrence = plans[number].recurrence
        var last: Occurrence?
        if let due = recurrence.last(before: date) {
            last = occurrences(in: due...due).first { $0.plan == number } ?? Occurrence(plan: number, due: due, entry: nil)
        }
        let overdue = last.map { $0.entry == nil && $0.due.days(until: date) > ledger.overdueGrace } ?? false
        return Standing(last: last, next: recurrence.first(onOrAfter: date), isOverdue: overdue)
    }

    /// The occurrences of the ledger's dates (from a month before the first to a month after
    /// the last), matched once when the journal is booked.
    func matchOwnDates() -> (span: ClosedRange<CivilDate>, list: [Occurrence])? {
        guard !plans.isEmpty, let dates = dateRange else { return nil }
        let span = dates.lowerBound.adding(days: -31)...dates.upperBound.adding(days: 31)
        return (span, match(in: span))
    }

    /// Each entry pays at most one occurrence: occurrences are taken in date order, and each
    /// takes the nearest matching entry within its window not taken already.
    ///
    /// The entries that can pay each plan are found in one pass over the entries for all plans:
    /// the plans' names looked for at once in each description (`NeedleSet`) and its tags
    /// looked up, so only the plans named there are asked whether the entry pays them.
    private func match(in range: ClosedRange<CivilDate>) -> [Occurrence] {
        let search = PlanSearch(self, range)
        let candidates = paymentCandidates(search)
        return assignPayments(search.wanted, candidates)
    }

    /// What the matching looks for: each plan's occurrences in the range and the span of
    /// entries that can pay them, the plans' names (ASCII ones folded, others lowered) and tags.
    private struct PlanSearch {
        struct Wanted {
            var dates: [CivilDate]
            var low: CivilDate
            var high: CivilDate
            var name: PlanName
        }
        var wanted: [Wanted?] = []
        var ascii: [(text: [UInt8], rank: Int)] = []
        var unicode: [(text: [UInt8], rank: Int)] = []
        var byTag: [String: [Int]] = [:]
        /// Whether any plan can be paid by a line on a name (its categories, or its accounts).
        var paysTo: [Bool]

        init(_ journal: Journal, _ range: ClosedRange<CivilDate>) {
            paysTo = [Bool](repeating: false, count: journal.ledger.names.names.count)
            for (number, plan) in journal.plans.enumerated() {
                let window = Journal.matchWindow(plan.recurrence)
                let dates = plan.recurrence.occurrences(in: range)
                guard let firstDate = dates.first, let lastDate = dates.last else { wanted.append(nil); continue }
                let categories = plan.lines.map(\.target).filter {
                    journal.index.kind(of: $0) == .category || journal.index.kind(of: $0) == .incomeCategory
                }
                let name = PlanName(plan.name, targets: categories.isEmpty ? plan.lines.map(\.target) : categories)
                wanted.append(Wanted(dates: dates, low: firstDate.adding(days: -window), high: lastDate.adding(days: window), name: name))
                for target in name.targets { paysTo[Int(target)] = true }
                if name.isASCII {
                    if !name.folded.isEmpty { ascii.append((name.folded, number)) }
                } else {
                    unicode.append((Array(name.lowered.utf8), number))
                }
                byTag[name.tag, default: []].append(number)
            }
        }
    }

    /// Per plan, the entries that can pay it, by date: found in one pass over the entries in
    /// the span, each read further only when it has a line a plan can be paid by and names a plan.
    private func paymentCandidates(_ search: PlanSearch) -> [[(date: CivilDate, entry: Int)]] {
        var candidates = [[(date: CivilDate, entry: Int)]](repeating: [], count: plans.count)
        let known = search.wanted.compactMap { $0 }
        guard let low = known.map(\.low).min(), let high = known.map(\.high).max() else { return candidates }
        let asciiNames = NeedleSet(search.ascii)
        let unicodeNames = search.unicode.isEmpty ? nil : NeedleSet(search.unicode)
        // Items are in date order: start at the first one in the span.
        var first = 0
        var count = items.count
        while count > 0 {
            let half = count / 2
            if items[first + half].date < low { first += half + 1; count -= half + 1 } else { count = half }
        }
        var named: [Int] = []
        for item in items[first...] {
            if item.date > high { break }
            guard case .entry(let i) = item.kind else { continue }
            let entry = ledger.entries[i]
            // Only an entry with a line a plan can be paid by is read further (most are not).
            guard entry.postings.contains(where: { search.paysTo[Int(ledger.postings[$0].target.id)] }) else { continue }
            named.removeAll(keepingCapacity: true)
            let bytes = ledger.files[Int(entry.location.file)].bytes[entry.location.range]
            // Names compared as `PlanName.occurs` does: ASCII letters folded; other names in
            // the description lowered whole (the check below says whether they truly occur).
            asciiNames.forEachRank(in: bytes.lazy.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }) { named.append($0) }
            if let unicodeNames { unicodeNames.forEachRank(in: Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)) { named.append($0) } }
            for tag in ledger.tags(of: entry) { named += search.byTag[ledger.names[tag.id].lowercased()] ?? [] }
            guard !named.isEmpty else { continue }
            named.sort()
            var previous = -1
            for number in named where number != previous {
                previous = number
                guard let plan = search.wanted[number], plan.low <= item.date, item.date <= plan.high,
                      self.entry(entry, canPay: plans[number], name: plan.name) else { continue }
                candidates[number].append((item.date, i))
            }
        }
        return candidates
    }

    /// Each occurrence, in date order, takes the nearest candidate within its window not
    /// taken already (the earlier entry on a tie).
    private func assignPayments(_ wanted: [PlanSearch.Wanted?], _ candidates: [[(date: CivilDate, entry: Int)]]) -> [Occurrence] {
        var found: [Occurrence] = []
        for (number, plan) in wanted.enumerated() {
            guard let plan else { continue }
            let window = Self.matchWindow(plans[number].recurrence)
            let dates = plan.dates
            let candidates = candidates[number]
            // Candidates are in date order: each occurrence looks only at those within its window.
            var taken = [Bool](repeating: false, count: candidates.count)
            var start = 0
            for due in dates {
                let low = due.adding(days: -window)
                let high = due.adding(days: window)
                while start < candidates.count && candidates[start].date < low { start += 1 }
                var best: (distance: Int, entry: Int, slot: Int)?
                var slot = start
                while slot < candidates.count && candidates[slot].date <= high {
                    let candidate = candidates[slot]
                    let distance = abs(due.days(until: candidate.date))
                    if !taken[slot], best.map({ (distance, candidate.entry) < ($0.distance, $0.entry) }) ?? true {
                        best = (distance, candidate.entry, slot)
                    }
                    slot += 1
                }
                if let best { taken[best.slot] = true }
                found.append(Occurrence(plan: number, due: due, entry: best?.entry))
            }
        }
        return found.sorted { ($0.due, $0.plan) < ($1.due, $1.plan) }
    }
}
