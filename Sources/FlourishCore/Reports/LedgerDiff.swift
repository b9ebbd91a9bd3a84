/// `flourish diff`: what changed between two versions of a ledger (docs/git.md) — its items
/// (an edited entry is one change with its before and after), and what that does to the money:
/// each figure the reports give, before and after, where it moved. The figures are the
/// reports' own (`BalancesReport`, `PeopleReport`, the bucket snapshot, `BudgetReport`), made
/// for each version at one report date; nothing is summed here.
public struct LedgerDiff: Sendable {
    public enum Change: String, Sendable {
        case added, deleted, edited
    }

    /// One item added, deleted or edited.
    public struct ItemChange: Sendable {
        public var file: String
        public var change: Change
        /// `entry`, `directive` or `comment`.
        public var kind: String
        /// Its 1-based line in the new version (the old one when deleted).
        public var line: Int
        /// Its text before and after (without the blank lines above it).
        public var before: String?
        public var after: String?
    }

    /// Where a figure comes from.
    public enum Section: String, Sendable {
        case account, person, funds, bucket, mainSavings = "main-savings", goal
    }

    /// A figure that moved: nil where the version does not have it.
    public struct Figure: Sendable {
        public var section: Section
        public var name: String
        public var before: Money?
        public var after: Money?

        /// After minus before (a missing side counts as zero); nil if it overflows.
        public var change: Money? { try? (after ?? .zero) - (before ?? .zero) }
    }

    /// A category's budget this month, before and after, where its spending or status moved.
    public struct BudgetChange: Sendable {
        public struct Side: Sendable {
            public var spent: Money
            public var limit: Money?
            public var usedBasisPoints: Int?
            public var status: String
        }

        public var category: String
        public var before: Side?
        public var after: Side?
    }

    /// The report date both versions' figures are made for.
    public var asOf: CivilDate?
    public var currency: Currency?
    public var items: [ItemChange]
    public var figures: [Figure]
    public var budget: [BudgetChange]
    /// Why figures are missing, when they are (a version with errors has none to compare).
    public var notes: [String]

    /// One version: its files (path and bytes, the main file first) and its booked journal,
    /// nil when it has errors.
    public struct Version: Sendable {
        public var files: [(path: String, bytes: [UInt8])]
        public var journal: Journal?
        public var label: String

        public init(files: [(path: String, bytes: [UInt8])], journal: Journal?, label: String) {
            self.files = files
            self.journal = journal
            self.label = label
        }
    }

    public static func make(old: Version, new: Version, asOf date: CivilDate? = nil) throws(MoneyOverflow) -> LedgerDiff {
        var diff = LedgerDiff(asOf: nil, currency: new.journal?.currency ?? old.journal?.currency, items: itemChanges(old, new),
                              figures: [], budget: [], notes: [])
        guard let before = old.journal, let after = new.journal else {
            for version in [old, new] where version.journal == nil {
                diff.notes.append("\(version.label) has errors: its figures are not compared (run `flourish check` on it)")
            }
            return diff
        }
        let lasts = [before.dateRange?.upperBound, after.dateRange?.upperBound].compactMap { $0 }
        guard let asOf = date ?? lasts.max() else { return diff }
        diff.asOf = asOf
        let one = try Figures(before, asOf: asOf)
        let other = try Figures(after, asOf: asOf)
        diff.figures = moved(one.figures, other.figures)
        for category in union(one.budget.map(\.key), other.budget.map(\.key)) {
            let was = one.budget.first { $0.key == category }?.side
            let now = other.budget.first { $0.key == category }?.side
            if was?.spent != now?.spent || was?.limit != now?.limit || was?.status != now?.status {
                diff.budget.append(BudgetChange(category: category, before: was, after: now))
            }
        }
        return diff
    }

    // MARK: Items

    private static func itemChanges(_ old: Version, _ new: Version) -> [ItemChange] {
        var changes: [ItemChange] = []
        // The main files are one another whatever their names; included files pair by path.
        var pairs: [(old: (path: String, bytes: [UInt8])?, new: (path: String, bytes: [UInt8])?)] = []
        if old.files.first != nil || new.files.first != nil { pairs.append((old.files.first, new.files.first)) }
        for path in union(old.files.dropFirst().map(\.path), new.files.dropFirst().map(\.path)) {
            pairs.append((old.files.dropFirst().first { $0.path == path }, new.files.dropFirst().first { $0.path == path }))
        }
        for pair in pairs {
            let oldPath = pair.old?.path ?? pair.new?.path ?? ""
            let path = pair.new?.path ?? oldPath
            if let old = pair.old, let new = pair.new, old.bytes == new.bytes { continue }
            let (before, after) = Concurrent.map(2) { side in
                side == 0 ? LedgerItems(path: oldPath, bytes: pair.old?.bytes ?? []) : LedgerItems(path: path, bytes: pair.new?.bytes ?? [])
            }.pair
            let matching = ItemMatching(old: before, new: after)
            func text(_ version: LedgerItems, _ index: Int) -> String {
                let item = version.items[index]
                var text = String(decoding: version.bytes[item.bodyStart..<item.bytes.upperBound], as: UTF8.self)
                while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
                return text
            }
            func kind(_ item: LedgerItems.Item) -> String {
                switch item.kind {
                case .entry: return "entry"
                case .directive: return "directive"
                case .comment, .tail: return "comment"
                }
            }
            // In the new version's order, each deletion where the item stood before it.
            var nextOld = 0
            func deletions(through oldIndex: Int) {
                while nextOld <= oldIndex {
                    let index = nextOld
                    nextOld += 1
                    guard matching.newOf[index] == nil else { continue }
                    let item = before.items[index]
                    guard item.kind != .tail else { continue }
                    changes.append(ItemChange(file: oldPath, change: .deleted, kind: kind(item), line: item.line, before: text(before, index), after: nil))
                }
            }
            // For each new item, the old index of the next matched item from it on: an addition
            // comes after the deletions that stood before that item.
            var nextMatched = [Int](repeating: before.items.count, count: after.items.count + 1)
            for index in after.items.indices.reversed() { nextMatched[index] = matching.oldOf[index] ?? nextMatched[index + 1] }
            for index in after.items.indices {
                let item = after.items[index]
                guard let was = matching.oldOf[index] else {
                    deletions(through: nextMatched[index] - 1)
                    if item.kind != .tail {
                        changes.append(ItemChange(file: path, change: .added, kind: kind(item), line: item.line, before: nil, after: text(after, index)))
                    }
                    continue
                }
                deletions(through: was)
                guard !before.bytes[before.items[was].bodyStart..<before.items[was].bytes.upperBound]
                    .elementsEqual(after.bytes[item.bodyStart..<item.bytes.upperBound]) else { continue }
                let old = text(before, was)
                let new = text(after, index)
                if collapsed(old) != collapsed(new) {
                    changes.append(ItemChange(file: path, change: .edited, kind: kind(item), line: item.line, before: old, after: new))
                }
            }
            deletions(through: before.items.count - 1)
        }
        return changes
    }

    /// Text with its runs of blanks made one space: spacing alone is not a change.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    // MARK: Figures

    /// The figures of one version at the report date.
    private struct Figures {
        var figures: [(key: String, figure: Figure)] = []
        var budget: [(key: String, side: BudgetChange.Side)] = []

        init(_ journal: Journal, asOf: CivilDate) throws(MoneyOverflow) {
            let from = min(journal.dateRange?.lowerBound ?? asOf, asOf)
            let context = ReportContext(journal: journal, from: from, to: asOf, asOf: asOf)
            func add(_ section: Section, _ name: String, _ amount: Money) {
                figures.append(("\(section.rawValue)\u{0}\(name)", Figure(section: section, name: name, before: nil, after: amount)))
            }
            for line in try BalancesReport.make(context).accounts { add(.account, line.name, line.balance) }
            for balance in try PeopleReport.make(context, settle: false).balances { add(.person, balance.person, balance.amount) }
            guard let snapshot = try BucketEngine(journal).snapshot(at: asOf) else { return }
            add(.funds, "on-budget funds", snapshot.funds)
            for setAside in snapshot.setAsides { add(.bucket, setAside.what, setAside.amount) }
            add(.mainSavings, "main savings", snapshot.mainSavings)
            for goal in snapshot.goals { add(.goal, goal.name, goal.balance) }
            for line in try BudgetReport.make(context, month: snapshot.month, snapshot: snapshot).lines {
                budget.append((line.category, BudgetChange.Side(spent: line.spent, limit: line.limit, usedBasisPoints: line.usedBasisPoints,
                                                                 status: line.status.rawValue)))
            }
        }
    }

    /// The figures whose amount differs, in the new version's order, then those only the old one has.
    private static func moved(_ old: [(key: String, figure: Figure)], _ new: [(key: String, figure: Figure)]) -> [Figure] {
        var before: [String: Money] = [:]
        for (key, figure) in old { before[key] = figure.after }
        var seen = Set<String>()
        var moved: [Figure] = []
        for (key, figure) in new where seen.insert(key).inserted {
            var figure = figure
            figure.before = before[key]
            if figure.before != figure.after { moved.append(figure) }
        }
        for (key, figure) in old where seen.insert(key).inserted {
            moved.append(Figure(section: figure.section, name: figure.name, before: figure.after, after: nil))
        }
        return moved
    }

    fileprivate static func union(_ first: [String], _ second: [String]) -> [String] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0).inserted }
    }
}
