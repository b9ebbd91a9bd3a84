extension Check {
    /// Amounts of budgeting directives have a sensible sign; goal deadlines follow their start.
    static let directiveValues = Check(name: "directive-values") { journal in
        let ledger = journal.ledger
        var diagnostics: [Diagnostic] = []
        func require(_ amount: Located<Money>, _ what: String, allowZero: Bool) {
            let ok = allowZero ? amount.value >= .zero : amount.value > .zero
            if !ok {
                diagnostics.append(Diagnostic(.outOfRange(what: what, value: ledger.format(amount.value),
                                                          allowed: allowZero ? "zero or more" : "more than zero"),
                                              at: amount.location))
            }
        }
        for budget in ledger.budgets { require(budget.amount, "a budget", allowZero: true) }
        for earmark in ledger.earmarks { require(earmark.amount, "an earmark", allowZero: true) }
        for allowance in ledger.allowances { require(allowance.amount, "a daily allowance", allowZero: true) }
        for goal in ledger.goals {
            require(goal.target, "a goal's target", allowZero: false)
            if let deadline = goal.deadline, deadline.value <= goal.date {
                diagnostics.append(Diagnostic(.deadlineBeforeStart(goal: ledger.names[goal.name.id]), at: deadline.location))
            }
        }
        for move in ledger.goalMoves { require(move.amount, "an amount moved", allowZero: false) }
        for income in ledger.incomes { require(income.amount, "an expected income", allowZero: false) }
        for subscription in ledger.subscriptions { require(subscription.amount, "a subscription's price", allowZero: false) }
        return diagnostics
    }
}
