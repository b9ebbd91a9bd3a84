/// `flourish report register [NAME…]`: the split lines touching the named accounts, categories
/// or people (a category matches its sub-categories), with a running balance; or every line
/// of every entry when no name is given (the CSV export of the whole ledger). Opening
/// balances and corrections appear as lines of their accounts. The running balance includes
/// the lines before the period, so an account's register ends at its balance.
public struct RegisterReport: Sendable {
    /// A line as kept: the journal item it belongs to and its own figures. Its words (the
    /// description, tags and name) are read from the journal when the line is shown, so a
    /// register of a million entries holds no text of its own.
    struct Kept: Sendable {
        var item: Int32
        var target: Int32
        var amount: Money
        var running: Money
    }

    public var from: CivilDate
    public var to: CivilDate
    /// The query's words, for the title ("all lines" without any).
    public var subject: String
    let journal: Journal
    let kept: [Kept]
    /// Each kept item's lines as the other side is told from them (`Sides`), by journal item:
    /// read from the entries once, as the lines are kept, not again when measured and written.
    let itemSides: [Sides]
    /// The depth names are shown at (nil: as written).
    let depth: Int?
    /// The kept lines in another currency, by their index in `kept`: the register then shows
    /// each line's own amount and the rate of its home amount.
    let foreign: [Int: ForeignAmount]
    /// The width of each item's description as `widest` measured it (by journal item; empty
    /// until then), given with the description to the renderer so it is measured once.
    let measured = MeasuredWidths()

    /// Widths noted while measuring, read back while writing rows (one report, one thread).
    final class MeasuredWidths: @unchecked Sendable {
        var descriptions: [Int32] = []
    }

    /// How many lines the register shows.
    public var count: Int { kept.count }

    /// Keeps the lines the query keeps (every line without terms); with `depth`, each line
    /// is shown under its category's ancestor at that depth (`Food` for `Food:Dining` at 1).
    /// The running balance sums the kept lines from the start (without names, each target's
    /// own).
    public static func make(_ context: ReportContext, query: ReportQuery, depth: Int? = nil) throws(MoneyOverflow) -> RegisterReport {
        let journal = context.journal
        var kept: [Kept] = []
        // Every line, without terms: room for all at once (grown by doubling, the list's pages
        // were touched about twice over).
        if query.isEmpty {
            kept.reserveCapacity(journal.ledger.postings.count + journal.ledger.openings.count + journal.ledger.corrections.count)
        }
        // Without names, each line's running balance is that of its own account, category or
        // person (as shown): a sum booking has checked, where one over every line of the
        // ledger could overflow on the way though no total does. Lines before the period
        // count towards the running balance without being shown.
        let running: Journal.Running = query.isEmpty ? .perName(depth: depth) : .overAll(depth: depth)
        let byLocation = journal.ledger.foreignAmounts.isEmpty && journal.ledger.foreignDirectives.isEmpty ? [:] : journal.foreignLinesByLocation
        var foreign: [Int: ForeignAmount] = [:]
        var itemSides = [Sides](repeating: Sides(count: 0, first: none, second: none), count: journal.items.count)
        var lastItem = -1
        try journal.forEachRunningLine(through: context.to, filter: query.filter, running: running) { index, shown, amount, balance, location in
            guard journal.items[index].date >= context.from else { return }
            if !byLocation.isEmpty, let line = byLocation[location] { foreign[kept.count] = line }
            if index != lastItem {
                lastItem = index
                itemSides[index] = sides(of: index, journal)
            }
            kept.append(Kept(item: Int32(index), target: shown, amount: amount, running: balance))
        }
        return RegisterReport(from: context.from, to: context.to, subject: query.isEmpty ? "all lines" : query.summary,
                              journal: journal, kept: kept, itemSides: itemSides, depth: depth, foreign: foreign)
    }

    /// What stands on the other side of a line, as hledger's register shows it: the name on the
    /// other line of a two-line entry (as written), `split` (`Self.split`) for an entry of more
    /// lines, none (`Self.none`) for an opening balance or a correction.
    /// An item's lines as the other side is told from them: how many, and the first two names
    /// (read once per item: a register shows an entry's lines one after another).
    static func sides(of item: Int, _ journal: Journal) -> Sides {
        guard case .entry(let i) = journal.items[item].kind else { return Sides(count: 0, first: none, second: none) }
        let ledger = journal.ledger
        let lines = ledger.entries[i].postings
        guard lines.count == 2 else { return Sides(count: Int32(clamping: lines.count), first: none, second: none) }
        return Sides(count: 2, first: ledger.postings[lines.lowerBound].target.id, second: ledger.postings[lines.lowerBound + 1].target.id)
    }

    struct Sides {
        var count: Int32
        var first: Int32
        var second: Int32
    }

    /// The other side of a kept line, from its item's `Sides`.
    func otherSide(of line: Kept) -> Int32 {
        let sides = itemSides[Int(line.item)]
        let target = line.target
        guard sides.count == 2 else { return sides.count > 2 ? Self.split : Self.none }
        let shownFirst = depth.map { journal.ancestor(of: sides.first, atDepth: $0 - 1) } ?? sides.first
        return shownFirst == target ? sides.second : sides.first
    }
    static let none: Int32 = -1
    static let split: Int32 = -2

    /// The words a register repeats on many rows, from static storage (no string to look
    /// into for each row).
    static let clearedMark: StaticString = "*"
    static let pendingMark: StaticString = "!"
    static let splitWord: StaticString = "split"
    static let noWord: StaticString = ""

    /// An item's status, description and tags, as cells.
    func words(of item: Journal.Item) -> [ReportDocument.Cell] {
        var cells: [ReportDocument.Cell] = []
        appendWords(of: item, to: &cells)
        return cells
    }

    /// `words(of:)` appended to a row (no list of their own for each entry).
    func appendWords(of item: Journal.Item, to cells: inout [ReportDocument.Cell]) {
        let ledger = journal.ledger
        var status = ""
        var tags = ""
        if case .entry(let i) = item.kind {
            let entry = ledger.entries[i]
            switch entry.status {
            case .cleared: status = "*"
            case .pending: status = "!"
            case .unmarked: break
            }
            for (number, tag) in ledger.tags(of: entry).enumerated() {
                tags += (number > 0 ? " #" : "#") + ledger.names[tag.id]
            }
        }
        cells.append(.text(status))
        cells.append(.text(journal.description(of: item)))
        cells.append(.text(tags))
    }

    /// The widest cell of each column (`MadeRows.widest`): each item's words measured once
    /// (an entry's description on the file's bytes, its tags from each tag's width), each name
    /// shown once (after the lines: a name of the same width stands for another), and the
    /// extreme amounts.
    var widest: [[ReportDocument.Cell]] {
        let ledger = journal.ledger
        var widest: [[ReportDocument.Cell]] = Array(repeating: [], count: 8)
        var nameWidths = [Int](repeating: -1, count: ledger.names.names.count)
        func width(of name: Int32) -> Int {
            if nameWidths[Int(name)] < 0 { nameWidths[Int(name)] = ByteScan.displayWidth(ledger.names[name]) }
            return nameWidths[Int(name)]
        }
        var marked = false
        var widestWords: (description: (width: Int, item: Int32), tags: (width: Int, item: Int32)) = ((-1, -1), (-1, -1))
        var widestName: (width: Int, id: Int32) = (-1, -1)
        // The extreme amounts, and which names the lines show (each measured once after).
        var amounts = (least: kept.first?.amount ?? .zero, most: kept.first?.amount ?? .zero)
        var running = (least: kept.first?.running ?? .zero, most: kept.first?.running ?? .zero)
        var shown = [Bool](repeating: false, count: ledger.names.names.count)
        var others = [Bool](repeating: false, count: ledger.names.names.count)
        var anySplit = false
        var lastItem: Int32 = -1
        var descriptions = [Int32](repeating: -1, count: journal.items.count)
        defer { measured.descriptions = descriptions }
        for kept in kept {
            if kept.item != lastItem {
                lastItem = kept.item
                let item = journal.items[Int(kept.item)]
                if widest[0].isEmpty { widest[0] = [.date(item.date)] }
                var description: Int
                if case .entry(let i) = item.kind {
                    let entry = ledger.entries[i]
                    marked = marked || entry.status != .unmarked
                    description = ledger.withDescriptionBytes(of: entry) { $0.displayWidth }
                    let tags = ledger.tags(of: entry)
                    if !tags.isEmpty {
                        // `#a #b`: a `#` before each, a blank between.
                        let width = tags.reduce(2 * tags.count - 1) { $0 + width(of: $1.id) }
                        if width > widestWords.tags.width { widestWords.tags = (width, kept.item) }
                    }
                } else {
                    description = ByteScan.displayWidth(journal.description(of: item))
                }
                descriptions[Int(kept.item)] = Int32(truncatingIfNeeded: description)
                if description > widestWords.description.width { widestWords.description = (description, kept.item) }
            }
            shown[Int(kept.target)] = true
            let other = otherSide(of: kept)
            if other >= 0 { others[Int(other)] = true } else if other == Self.split { anySplit = true }
            if kept.amount < amounts.least { amounts.least = kept.amount }
            if kept.amount > amounts.most { amounts.most = kept.amount }
            if kept.running < running.least { running.least = kept.running }
            if kept.running > running.most { running.most = kept.running }
        }
        for id in shown.indices where shown[id] {
            let name = width(of: Int32(id))
            if name > widestName.width { widestName = (name, Int32(id)) }
        }
        if marked { widest[1] = [.text("*")] }
        if widestWords.description.item >= 0 {
            widest[2] = [words(of: journal.items[Int(widestWords.description.item)])[1]]
        }
        if widestWords.tags.item >= 0 { widest[3] = [words(of: journal.items[Int(widestWords.tags.item)])[2]] }
        if widestName.id >= 0 { widest[4] = [.text(journal.name(widestName.id))] }
        var widestOther: (width: Int, id: Int32) = anySplit ? (5, Self.split) : (-1, Self.none)
        for id in others.indices where others[id] {
            let name = width(of: Int32(id))
            if name > widestOther.width { widestOther = (name, Int32(id)) }
        }
        if widestOther.id >= 0 { widest[5] = [.text(journal.name(widestOther.id))] } else if widestOther.id == Self.split { widest[5] = [.text("split")] }
        if !kept.isEmpty {
            widest[6] = [.money(amounts.least), .money(amounts.most)]
            widest[7] = [.money(running.least), .money(running.most)]
        }
        if !foreign.isEmpty {
            // The own amounts: each currency's largest and most negative (as for the amounts);
            // the rates: the widest.
            var extremes: [String: (currency: Currency, least: Money, most: Money)] = [:]
            var rate: (width: Int, cell: ReportDocument.Cell) = (-1, .empty)
            for (index, line) in foreign {
                let known = extremes[line.currency.code] ?? (line.currency, line.native, line.native)
                extremes[line.currency.code] = (line.currency, min(known.least, line.native), max(known.most, line.native))
                let cells = Self.ownCells(line, home: kept[index].amount, journal.currency)
                if cells.rate.count > rate.width { rate = (cells.rate.count, .text(cells.rate)) }
            }
            widest.append(extremes.keys.sorted().flatMap { code in
                [ReportDocument.Cell.foreign(extremes[code]!.least, extremes[code]!.currency), .foreign(extremes[code]!.most, extremes[code]!.currency)]
            })
            widest.append([rate.cell])
        }
        return widest
    }

    public var document: ReportDocument {
        var document = ReportDocument(kind: "register", title: "Register of \(subject) from \(from) to \(to)", from: from, to: to)
        var table = ReportDocument.Table(id: "lines", title: "Lines", columns: [
            .init("date", "Date"), .init("status", "St"), .init("description", "Description"), .init("tags", "Tags"),
            .init("target", "Account, category or person"), .init("other", "Other side"), .init("amount", "Amount", numeric: true),
            .init("running", "Running", numeric: true),
        ] + (foreign.isEmpty ? [] : [.init("own", "Own amount", numeric: true), .init("rate", "Rate", numeric: true)]))
        // A row per split line, made as the renderer reaches it.
        let report = self
        table.madeRows = ReportDocument.MadeRows(count: kept.count, sharedColumns: 4, widest: { report.widest }) { sink in
            report.write(into: sink)
        }
        document.tables = [table]
        return document
    }

    /// Every line as a row into `sink`, texts read where they stand: an entry's lines follow
    /// one another, so its date and words (status, description, tags) begin a run its other
    /// lines continue (`MadeRows`).
    func write(into sink: RowSink) {
        let ledger = journal.ledger
        var tagBytes: [UInt8] = []
        let descriptionWidths = measured.descriptions
        /// The width of item `number`'s description when `widest` measured it.
        func descriptionWidth(_ number: Int32) -> Int? {
            guard Int(number) < descriptionWidths.count, descriptionWidths[Int(number)] >= 0 else { return nil }
            return Int(descriptionWidths[Int(number)])
        }
        ledger.names.withNameBytes { names in
            // Each name's width, measured once (a register names the same few on many lines).
            let nameWidths = (0..<ledger.names.names.count).map { names[Int32($0)].displayWidth }
            var lastItem: Int32 = -1
            for (number, kept) in kept.enumerated() {
                let continuesRun = lastItem == kept.item
                sink.beginRow(continuingRun: continuesRun)
                if !continuesRun {
                    lastItem = kept.item
                    let item = journal.items[Int(kept.item)]
                    sink.add(.date(item.date))
                    if case .entry(let i) = item.kind {
                        let entry = ledger.entries[i]
                        switch entry.status {
                        case .cleared: sink.add(text: Self.clearedMark.view, width: 1)
                        case .pending: sink.add(text: Self.pendingMark.view, width: 1)
                        case .unmarked: sink.add(text: Self.noWord.view, width: 0)
                        }
                        ledger.withDescriptionBytes(of: entry) { sink.add(text: $0, width: descriptionWidth(kept.item)) }
                        // `#a #b`: a `#` before each, a blank between.
                        let tags = ledger.tags(of: entry)
                        tagBytes.removeAll(keepingCapacity: true)
                        for tag in tags {
                            if !tagBytes.isEmpty { tagBytes.append(UInt8(ascii: " ")) }
                            tagBytes.append(UInt8(ascii: "#"))
                            tagBytes.append(contentsOf: names[tag.id])
                        }
                        let tagWidth = tags.reduce(2 * tags.count - 1) { $0 + nameWidths[Int($1.id)] }
                        tagBytes.withView { sink.add(text: $0, width: max(0, tagWidth)) }
                    } else {
                        sink.add(text: Self.noWord.view, width: 0)
                        journal.description(of: item).withView { sink.add(text: $0, width: descriptionWidth(kept.item)) }
                        sink.add(text: Self.noWord.view, width: 0)
                    }
                }
                sink.add(name: kept.target, text: names[kept.target], width: nameWidths[Int(kept.target)])
                let other = otherSide(of: kept)
                if other >= 0 {
                    sink.add(name: other, text: names[other], width: nameWidths[Int(other)])
                } else if other == Self.split {
                    sink.add(text: Self.splitWord.view, width: 5)
                } else {
                    sink.add(text: Self.noWord.view, width: 0)
                }
                sink.add(.money(kept.amount))
                sink.add(.money(kept.running))
                if !foreign.isEmpty {
                    if let line = foreign[number] {
                        let cells = Self.ownCells(line, home: kept.amount, journal.currency)
                        sink.add(cells.own)
                        sink.add(cells.rate.isEmpty ? .empty : .text(cells.rate))
                    } else {
                        // A line in the home currency has neither (null in JSON).
                        sink.add(.empty)
                        sink.add(.empty)
                    }
                }
                sink.endRow()
            }
        }
    }

    /// A line in another currency's own amount (`4.50 USD`) and the rate of its home amount,
    /// the home currency's worth of one unit to six decimals (`Money.rate`).
    static func ownCells(_ line: ForeignAmount, home: Money, _ currency: Currency) -> (own: ReportDocument.Cell, rate: String) {
        let rate = Money.rate(home: home, homeDecimals: currency.decimals, native: line.native, decimals: line.currency.decimals, places: 6)
        return (.foreign(line.native, line.currency), rate.map { $0.formatted(decimals: 6, grouping: false) } ?? "")
    }
}
