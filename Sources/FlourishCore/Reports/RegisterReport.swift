/// `flourish report register [NAME…]`: the split lines touching the named accounts, categories
/// or people (a category matches its sub-categories), with a running balance; or every line
/// of every entry when no name is given (the CSV export of the whole ledger). Opening
/// balances and corrections appear as lines of their accounts. The running balance includes
/// the lines before the period, so an account's register ends at its balance.
public struct RegisterReport: Sendable {
    public struct Line: Sendable {
        public var date: CivilDate
        public var status: Entry.Status
        public var description: String
        public var tags: [String]
        public var target: String
        public var amount: Money
        public var running: Money
    }

    public var from: CivilDate
    public var to: CivilDate
    public var names: [String]
    public var lines: [Line]

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
        var lines: [Line] = []
        // Lines before the period count towards the running balance without being shown.
        for item in journal.items[0..<journal.end(through: context.to)] {
            let description: String
            var tags: [String] = []
            var status = Entry.Status.unmarked
            switch item.kind {
            case .entry(let i):
                let entry = ledger.entries[i]
                description = ledger.description(of: entry)
                tags = ledger.tags(of: entry).map { ledger.names[$0.id] }
                status = entry.status
                if let tagName, !tags.contains(tagName) { continue }
            case .opening:
                description = "opening balance"
                if tagName != nil { continue }
            case .correction(let i):
                description = "correction: " + ledger.corrections[i].reason.value
                if tagName != nil { continue }
            }
            if let needle, !description.lowercased().contains(needle) { continue }
            var failure: MoneyOverflow?
            journal.forEachLine(of: item) { target, amount, location in
                guard failure == nil, keep(target) else { return }
                do { running = try running + amount } catch { failure = MoneyOverflow(at: location); return }
                guard item.date >= context.from else { return }
                lines.append(Line(date: item.date, status: status, description: description, tags: tags,
                                  target: context.name(target), amount: amount, running: running))
            }
            if let failure { throw failure }
        }
        return RegisterReport(from: context.from, to: context.to, names: names, lines: lines)
    }

    public var document: ReportDocument {
        let subject = names.isEmpty ? "all lines" : names.joined(separator: ", ")
        var document = ReportDocument(kind: "register", title: "Register of \(subject) from \(from) to \(to)", from: from, to: to)
        var table = ReportDocument.Table(id: "lines", title: "Lines", columns: [
            .init("date", "Date"), .init("status", "St"), .init("description", "Description"), .init("tags", "Tags"),
            .init("target", "Account, category or person"), .init("amount", "Amount", numeric: true),
            .init("running", "Running", numeric: true),
        ])
        for line in lines {
            let status: String
            switch line.status {
            case .cleared: status = "*"
            case .pending: status = "!"
            case .unmarked: status = ""
            }
            table.rows.append([.date(line.date), .text(status), .text(line.description),
                               .text(line.tags.map { "#" + $0 }.joined(separator: " ")), .text(line.target),
                               .money(line.amount), .money(line.running)])
        }
        document.tables = [table]
        return document
    }
}
