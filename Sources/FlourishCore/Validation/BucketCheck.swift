extension Check {
    /// The bucket reconciliation rule: on every day's snapshot main savings is not negative and
    /// no goal is overdrawn; `snapshot` assertions hold. Applies from the day the ledger first
    /// sets anything aside (`BucketEngine.ruleStart`); `snapshot` assertions are checked always,
/// and a bucket figure that overflows is an error whenever anything is set aside.
    /// Runs only on a ledger without other errors.
    static let buckets = Check(name: "buckets", needsValidLedger: true, withOptions: { journal, options in
        let ledger = journal.ledger
        let engine = BucketEngine(journal)
        // Subscriptions set money aside even where no bucket rule applies: the engine runs
        // for them too, so a figure of theirs that overflows is the error here it is in reports.
        guard let range = engine.dateRange, engine.hasBudget || !ledger.snapshotAssertions.isEmpty || !ledger.subscriptions.isEmpty
        else { return [] }
        let end = max(options.asOf ?? range.upperBound, ledger.snapshotAssertions.map(\.date).max() ?? range.lowerBound)
        let ruleEnd = options.asOf ?? range.upperBound
        let assertions = Dictionary(grouping: ledger.snapshotAssertions, by: \.date)
        var diagnostics: [Diagnostic] = []
        var overcommitment: (diagnostic: Diagnostic, days: Int, last: CivilDate)?
        var overdrawn: Set<String> = []

        func closeOvercommitment() {
            guard let open = overcommitment else { return }
            var diagnostic = open.diagnostic
            if case .overcommitted(let date, let shortfall, let funds, _, _, let biggest, let currency) = diagnostic.problem {
                diagnostic.problem = .overcommitted(date: date, shortfall: shortfall, funds: funds, days: open.days,
                                                    through: open.last, biggest: biggest, currency: currency)
            }
            diagnostics.append(diagnostic)
            overcommitment = nil
        }

        let outcome = engine.run(through: end) { snapshot, lastLocation in
            if let ruleStart = engine.ruleStart, ruleStart <= snapshot.date, snapshot.date <= ruleEnd, let location = lastLocation {
                if snapshot.mainSavings < .zero {
                    if overcommitment == nil {
                        let shortfall = snapshot.mainSavings.negated ?? snapshot.mainSavings
                        let problem = Problem.overcommitted(date: snapshot.date, shortfall: shortfall, funds: snapshot.funds,
                                                            days: 1, through: snapshot.date,
                                                            biggest: biggestSetAsides(snapshot), currency: journal.currency)
                        overcommitment = (Diagnostic(problem, at: location), 1, snapshot.date)
                    } else {
                        overcommitment?.days += 1
                        overcommitment?.last = snapshot.date
                    }
                } else {
                    closeOvercommitment()
                }
                for goal in snapshot.goals {
                    if goal.balance < .zero {
                        if overdrawn.insert(goal.name).inserted {
                            diagnostics.append(Diagnostic(.goalOverdrawn(goal: goal.name, date: snapshot.date,
                                                                         by: goal.balance.negated ?? goal.balance,
                                                                         currency: journal.currency),
                                                          at: location))
                        }
                    } else if !overdrawn.isEmpty {
                        overdrawn.remove(goal.name)
                    }
                }
            }
            for assertion in assertions.isEmpty ? [] : assertions[snapshot.date] ?? [] {
                if let mismatch = check(assertion, snapshot, journal) { diagnostics.append(mismatch) }
            }
        }
        closeOvercommitment()
        if let overflow = outcome.overflow {
            diagnostics.append(Diagnostic(.sumOverflow(what: overflow.error.what ?? overflow.what, currency: journal.currency),
                                          at: overflow.location))
        }
        return diagnostics
    })

    /// Up to three of the largest set-asides, e.g. "the allowance for the rest of the month 795.69".
    private static func biggestSetAsides(_ snapshot: BucketSnapshot) -> [Problem.SetAside] {
        snapshot.setAsides.prefix(3).map { .init($0.what, $0.amount) }
    }

    private static func check(_ assertion: SnapshotAssertion, _ snapshot: BucketSnapshot, _ journal: Journal) -> Diagnostic? {
        let name: String
        let actual: Money
        switch assertion.bucket {
        case .funds: (name, actual) = ("funds", snapshot.funds)
        case .allowance: (name, actual) = ("the allowance set-aside", snapshot.allowanceSetAside)
        case .monthly: (name, actual) = ("the monthly set-aside", snapshot.monthlySetAside)
        case .goals: (name, actual) = ("the goals", snapshot.goalsTotal)
        case .owed: (name, actual) = ("what you owe people", snapshot.owedToPeople)
        case .mainSavings: (name, actual) = ("main savings", snapshot.mainSavings)
        case .goal(let ref):
            let goal = journal.name(ref.id)
            name = "goal `\(goal)`"
            actual = snapshot.goals.first { $0.name == goal }?.balance ?? .zero
        }
        guard actual != assertion.amount.value else { return nil }
        return Diagnostic(.snapshotMismatch(bucket: name, date: assertion.date, expected: assertion.amount.value, actual: actual,
                                            currency: journal.currency),
                          at: assertion.amount.location)
    }
}
