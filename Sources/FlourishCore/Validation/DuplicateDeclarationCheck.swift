extension Check {
    /// Each name is declared once (accounts, categories and people share one namespace, as
    /// any of them can stand on a split line); one currency, one month start.
    static let duplicateDeclarations = Check(name: "duplicate-declarations") { journal in
        let ledger = journal.ledger
        var diagnostics: [Diagnostic] = []
        func report(_ name: String, kind: String, at location: SourceLocation, first: SourceLocation) {
            diagnostics.append(Diagnostic(.duplicateDeclaration(name, kind: kind), at: location,
                                          notes: [.init(message: "first declared here", location: first)]))
        }
        if let first = ledger.currencyDeclarations.first {
            for later in ledger.currencyDeclarations.dropFirst() {
                report(later.value.code, kind: "currency", at: later.location, first: first.location)
            }
        }
        if let first = ledger.monthStarts.first {
            for later in ledger.monthStarts.dropFirst() {
                report(String(later.value), kind: "month start", at: later.location, first: first.location)
            }
        }
        if let first = ledger.displays.first {
            for later in ledger.displays.dropFirst() {
                report(later.value.rawValue, kind: "display", at: later.location, first: first.location)
            }
        }
        if let first = ledger.overdueDays.first {
            for later in ledger.overdueDays.dropFirst() {
                report("overdue-days", kind: "option", at: later.location, first: first.location)
            }
        }
        if let first = ledger.quoteOption.first {
            for later in ledger.quoteOption.dropFirst() {
                report("quote", kind: "option", at: later.location, first: first.location)
            }
        }
        if let first = ledger.rolloverOption.first {
            for later in ledger.rolloverOption.dropFirst() {
                report("rollover", kind: "option", at: later.location, first: first.location)
            }
        }
        var declared: [Int32: SourceLocation] = [:]
        let names = ledger.accounts.map { ($0.name, "account") } + ledger.categories.map { ($0.name, "category") }
            + ledger.people.map { ($0.name, "person") }
        for (name, kind) in names.sorted(by: { $0.0.location < $1.0.location }) {
            if let first = declared[name.id] {
                report(ledger.names[name.id], kind: kind, at: name.location, first: first)
            } else {
                declared[name.id] = name.location
            }
        }
        var goals: [Int32: SourceLocation] = [:]
        for goal in ledger.goals {
            if let first = goals[goal.name.id] {
                report(ledger.names[goal.name.id], kind: "goal", at: goal.name.location, first: first)
            } else {
                goals[goal.name.id] = goal.name.location
            }
        }
        var subscriptions: [Int32: SourceLocation] = [:]
        for subscription in ledger.subscriptions {
            if let first = subscriptions[subscription.name.id] {
                report(ledger.names[subscription.name.id], kind: "subscription", at: subscription.name.location, first: first)
            } else {
                subscriptions[subscription.name.id] = subscription.name.location
            }
        }
        return diagnostics
    }
}
