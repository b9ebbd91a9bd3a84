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
    /// contains `match` (ignoring case) and that carry `tag`.
    public static func make(_ context: ReportContext, names: [String], match: String?, tag: String?) -> RegisterReport {
        let ledger = context.ledger
        let wanted = Set(names)
        let needle = match?.lowercased()
        let tagName = tag.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        // Entries, opening balances and corrections, in date order (file order within a day).
        var items: [(date: CivilDate, location: SourceLocation, line: Line)] = []
        func keep(_ target: String) -> Bool {
            wanted.isEmpty || ReportContext.ancestry(target).contains(where: wanted.contains)
        }
        // Lines before the period count towards the running balance without being shown.
        let range = CivilDate(year: 1, month: 1, day: 1)!...context.to
        for entry in ledger.entries where range.contains(entry.date) {
            let description = ledger.description(of: entry)
            if let needle, !description.lowercased().contains(needle) { continue }
            let tags = ledger.tags(of: entry).map { ledger.names[$0.id] }
            if let tagName, !tags.contains(tagName) { continue }
            for posting in ledger.postings[entry.postings] where keep(context.name(posting.target.id)) {
                items.append((entry.date, posting.target.location,
                              Line(date: entry.date, status: entry.status, description: description, tags: tags,
                                   target: context.name(posting.target.id), amount: posting.amount, running: .zero)))
            }
        }
        if tagName == nil {
            for opening in ledger.openings where range.contains(opening.date) && keep(context.name(opening.account.id)) {
                let description = "opening balance"
                if let needle, !description.contains(needle) { continue }
                items.append((opening.date, opening.location,
                              Line(date: opening.date, status: .unmarked, description: description, tags: [],
                                   target: context.name(opening.account.id), amount: opening.amount.value, running: .zero)))
            }
            for correction in ledger.corrections where range.contains(correction.date) && keep(context.name(correction.account.id)) {
                let description = "correction: " + correction.reason.value
                if let needle, !description.lowercased().contains(needle) { continue }
                items.append((correction.date, correction.location,
                              Line(date: correction.date, status: .unmarked, description: description, tags: [],
                                   target: context.name(correction.account.id), amount: correction.amount.value, running: .zero)))
            }
        }
        items.sort { ($0.date, $0.location) < ($1.date, $1.location) }
        var running: Int64 = 0
        var lines: [Line] = []
        for item in items {
            var line = item.line
            running &+= line.amount.minorUnits
            line.running = Money(minorUnits: running)
            if line.date >= context.from { lines.append(line) }
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
