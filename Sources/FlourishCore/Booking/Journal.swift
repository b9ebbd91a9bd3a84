/// The booked ledger: what every check, the bucket engine, every report and every export read.
///
/// Made once by `Booker.book` after linking. Its money movements (opening balances, entries,
/// corrections) are ordered by date once; left-out amounts are filled in; every running total
/// (each account, category, person, each parent category, the on-budget funds, the off-budget
/// accounts, what people owe, all spending, all income) was checked at every line, so a figure
/// read from here is exact. The figures a report shows are projections of this journal: the
/// functions in `Journal+Figures.swift` are the one place they are summed.
public struct Journal: Sendable {
    /// One dated money movement.
    public struct Item: Sendable {
        public enum Kind: Sendable {
            /// Index into `Ledger.openings`.
            case opening(Int)
            /// Index into `Ledger.entries`.
            case entry(Int)
            /// Index into `Ledger.corrections`.
            case correction(Int)

            /// Within one day: opening balances first, then entries, then corrections.
            var phase: Int {
                switch self {
                case .opening: return 0
                case .entry: return 1
                case .correction: return 2
                }
            }
        }

        public let date: CivilDate
        /// The kind and its index, packed, and no place of its own (the opening balance's,
        /// entry's or correction's is read from the ledger): a million entries make a million
        /// items, twelve bytes each.
        private let index: Int32
        private let tag: UInt8

        public init(date: CivilDate, kind: Kind) {
            self.date = date
            switch kind {
            case .opening(let i): (tag, index) = (0, Int32(truncatingIfNeeded: i))
            case .entry(let i): (tag, index) = (1, Int32(truncatingIfNeeded: i))
            case .correction(let i): (tag, index) = (2, Int32(truncatingIfNeeded: i))
            }
        }

        public var kind: Kind {
            switch tag {
            case 0: return .opening(Int(index))
            case 1: return .entry(Int(index))
            default: return .correction(Int(index))
            }
        }

        /// Within one day: opening balances first, then entries, then corrections.
        var phase: Int { Int(tag) }

        /// Where the opening balance, entry or correction is written in `ledger`.
        @inline(__always)
        public func location(in ledger: Ledger) -> SourceLocation {
            switch tag {
            case 0: return ledger.openings[Int(index)].location
            case 1: return ledger.entries[Int(index)].location
            default: return ledger.corrections[Int(index)].location
            }
        }
    }

    /// The linked ledger, with every parent of a hierarchical category named in `names`.
    public let ledger: Ledger
    /// What each name is.
    public let index: NameIndex
    /// Opening balances, entries and corrections in date order (by phase, then file order,
    /// within a day). Entries whose lines could not be summed are left out (and reported).
    public let items: [Item]
    /// Per name id: the id of the parent category (`Food` for `Food:Dining`), or -1.
    public let parent: [Int32]
    /// The first and last dates of every dated line: entries and dated directives.
    public let dateRange: ClosedRange<CivilDate>?
    /// Per name id: is it an account that counts towards the funds the budget divides?
    public let onBudget: [Bool]
    /// Schedules and subscriptions, read as one kind of recurring plan.
    public let plans: [Plan]
    /// Budgets, earmarks, allowances, expected income and savings targets in date order, for
    /// which is in effect on a date (`InEffect`).
    public let inEffect: InEffect
    /// Their occurrences over the ledger's own dates, with the entries that pay them.
    public internal(set) var matched: (span: ClosedRange<CivilDate>, list: [Occurrence])?
    /// Booking's running totals, kept (`RunningTotals`): each line's account's, person's or
    /// category's own total after it, line by line in date order. Nil until they are run (the
    /// validator runs them beside the checks) or when one overflowed.
    public internal(set) var lineBalances: [Money]?

    init(ledger: Ledger, index: NameIndex, items: [Item], parent: [Int32], dateRange: ClosedRange<CivilDate>?, onBudget: [Bool]) {
        self.ledger = ledger
        self.index = index
        self.items = items
        self.parent = parent
        self.dateRange = dateRange
        self.onBudget = onBudget
        plans = Self.plans(ledger, index)
        inEffect = InEffect(ledger)
        matched = nil
        matched = matchOwnDates()
    }

    /// The ledger's currency (USD with two decimals when none is declared).
    public var currency: Currency { ledger.currency ?? Currency(code: "USD", decimals: 2) }

    public func name(_ id: Int32) -> String { ledger.names[id] }

    /// The budgeting month containing `date`.
    public func month(containing date: CivilDate) -> BudgetMonth {
        BudgetMonth(containing: date, startDay: ledger.monthStartDay)
    }

    /// The name itself when it is at most `depth` levels below the top (0: the top level),
    /// else its ancestor at that depth.
    public func ancestor(of id: Int32, atDepth depth: Int) -> Int32 {
        let chain = ancestry(id)
        return chain.count > depth + 1 ? chain[depth] : id
    }

    /// What an item is called in a register: the entry's description, "opening balance", or
    /// "correction: " and its reason.
    public func description(of item: Item) -> String {
        switch item.kind {
        case .entry(let i): return ledger.description(of: ledger.entries[i])
        case .opening: return "opening balance"
        case .correction(let i): return "correction: " + ledger.corrections[i].reason.value
        }
    }

    /// Calls `body` with each line of an item: its target, amount and where it was written.
    @inline(__always)
    public func forEachLine(of item: Item, _ body: (Int32, Money, SourceLocation) -> Void) {
        switch item.kind {
        case .opening(let i):
            let opening = ledger.openings[i]
            body(opening.account.id, opening.amount.value, opening.location)
        case .correction(let i):
            let correction = ledger.corrections[i]
            body(correction.account.id, correction.amount.value, correction.location)
        case .entry(let i):
            // By index: a slice of the list retains and releases its storage, and checks on
            // two cores doing so for every entry fight over that one count.
            for line in ledger.entries[i].postings {
                let posting = ledger.postings[line]
                body(posting.target.id, posting.amount, posting.target.location)
            }
        }
    }

    /// The index of the first item dated after `date` (binary search).
    public func end(through date: CivilDate) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let mid = (low + high) / 2
            if items[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The index of the first item dated on or after `date`.
    public func start(from date: CivilDate) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let mid = (low + high) / 2
            if items[mid].date < date { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The items dated within `range`.
    public func items(in range: ClosedRange<CivilDate>) -> ArraySlice<Item> {
        items[start(from: range.lowerBound)..<end(through: range.upperBound)]
    }

    /// `Food:Dining` → the ids of `Food` and `Food:Dining`, outermost first.
    public func ancestry(_ id: Int32) -> [Int32] {
        var chain = [id]
        var current = parent[Int(id)]
        while current >= 0 {
            chain.append(current)
            current = parent[Int(current)]
        }
        return chain.reversed()
    }

    /// The top-level category of a category (itself when it has no parent).
    public func topLevel(_ id: Int32) -> Int32 {
        var current = id
        while parent[Int(current)] >= 0 { current = parent[Int(current)] }
        return current
    }

    /// How deep a category sits: 0 for `Food`, 1 for `Food:Dining`.
    public func depth(_ id: Int32) -> Int {
        var depth = 0
        var current = parent[Int(id)]
        while current >= 0 {
            depth += 1
            current = parent[Int(current)]
        }
        return depth
    }
}
