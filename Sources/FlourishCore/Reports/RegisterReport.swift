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
    public var names: [String]
    let journal: Journal
    let kept: [Kept]

    /// How many lines the register shows.
    public var count: Int { kept.count }

    /// Keeps lines whose target is one of `names` (or under it), in entries whose description
    /// contains `match` (ignoring case) and that carry `tag`. The names must be declared (the
    /// command resolves them first); the running balance sums the kept lines from the start.
    public static func make(_ context: ReportContext, names: [String], match: String?, tag: String?) throws(MoneyOverflow) -> RegisterReport {
        let journal = context.journal
        let ledger = context.ledger
        var wanted = [Bool](repeating: false, count: journal.parent.count)
        for name in names { if let id = ledger.names.id(of: name) { wanted[Int(id)] = true } }
        let needle = match?.lowercased()
        let tagName = tag.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        let tagID = tagName.flatMap { ledger.names.id(of: $0) }
        func keep(_ target: Int32) -> Bool {
            if names.isEmpty || wanted[Int(target)] { return true }
            var id = journal.parent[Int(target)]
            while id >= 0 {
                if wanted[Int(id)] { return true }
                id = journal.parent[Int(id)]
            }
            return false
        }
        var running = Money.zero
        var kept: [Kept] = []
        // Lines before the period count towards the running balance without being shown.
        let end = journal.end(through: context.to)
        for index in 0..<end {
            let item = journal.items[index]
            if tagName != nil {
                guard case .entry(let i) = item.kind, let tagID,
                      ledger.tags(of: ledger.entries[i]).contains(where: { $0.id == tagID }) else { continue }
            }
            if let needle, !description(of: item, in: ledger).lowercased().contains(needle) { continue }
            var failure: MoneyOverflow?
            journal.forEachLine(of: item) { target, amount, location in
                guard failure == nil, keep(target) else { return }
                do { running = try running + amount } catch { failure = MoneyOverflow(at: location); return }
                guard item.date >= context.from else { return }
                kept.append(Kept(item: Int32(index), target: target, amount: amount, running: running))
            }
            if let failure { throw failure }
        }
        return RegisterReport(from: context.from, to: context.to, names: names, journal: journal, kept: kept)
    }

    static func description(of item: Journal.Item, in ledger: Ledger) -> String {
        switch item.kind {
        case .entry(let i): return ledger.description(of: ledger.entries[i])
        case .opening: return "opening balance"
        case .correction(let i): return "correction: " + ledger.corrections[i].reason.value
        }
    }

    public var document: ReportDocument {
        let subject = names.isEmpty ? "all lines" : names.joined(separator: ", ")
        var document = ReportDocument(kind: "register", title: "Register of \(subject) from \(from) to \(to)", from: from, to: to)
        var table = ReportDocument.Table(id: "lines", title: "Lines", columns: [
            .init("date", "Date"), .init("status", "St"), .init("description", "Description"), .init("tags", "Tags"),
            .init("target", "Account, category or person"), .init("amount", "Amount", numeric: true),
            .init("running", "Running", numeric: true),
        ])
        // A row per split line, made as the renderer reaches it.
        let report = self
        table.madeRows = ReportDocument.MadeRows(count: kept.count) { index in
            let kept = report.kept[index]
            let ledger = report.journal.ledger
            let item = report.journal.items[Int(kept.item)]
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
            return [.date(item.date), .text(status), .text(Self.description(of: item, in: ledger)), .text(tags),
                    .text(report.journal.name(kept.target)), .money(kept.amount), .money(kept.running)]
        }
        document.tables = [table]
        return document
    }
}
