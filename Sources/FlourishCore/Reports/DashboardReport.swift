/// `flourish report dashboard` (or `flourish report`): one screen — funds and buckets, the
/// month's budget, bills and subscriptions due within a week, people, and what needs doing.
public struct DashboardReport: Sendable {
    public struct Upcoming: Sendable {
        public var date: CivilDate
        public var what: String
        public var amount: Money
    }

    /// How far ahead bills and subscriptions are listed.
    public static let upcomingDays = 7
    /// Friends who owe you for longer than this are an action.
    public static let oweDays = 30
    /// Main savings below this many days of allowance is a low balance.
    public static let lowSavingsDays = 7

    public var asOf: CivilDate
    public var snapshot: BucketSnapshot
    public var budget: BudgetReport
    public var upcoming: [Upcoming]
    public var people: PeopleReport
    public var actions: [ReportDocument.Sentence]
    /// The day's quote (nil with `option quote off`).
    public var quote: DailyQuote?

    public static func make(_ context: ReportContext) throws(MoneyOverflow) -> DashboardReport? {
        guard let snapshot = try BucketEngine(context.journal).snapshot(at: context.asOf) else { return nil }
        typealias Sentence = ReportDocument.Sentence
        let asOf = context.asOf
        let horizon = asOf.adding(days: upcomingDays)
        let budget = try BudgetReport.make(context, month: snapshot.month, snapshot: snapshot)
        let people = try PeopleReport.make(context, settle: false)
        let goals = try GoalsReport.make(context, snapshot: snapshot)
        let subscriptions = try SubscriptionsReport.make(context)

        var upcoming: [Upcoming] = []
        for earmark in snapshot.earmarks {
            guard let day = earmark.dueDay else { continue }
            let thisMonth = snapshot.month.date(ofDay: day)
            if earmark.paid == nil && thisMonth >= asOf && thisMonth <= horizon {
                upcoming.append(Upcoming(date: thisMonth, what: "bill: \(earmark.category)", amount: earmark.amount))
            }
            let nextMonth = snapshot.month.next.date(ofDay: day)
            if nextMonth <= horizon {
                upcoming.append(Upcoming(date: nextMonth, what: "bill: \(earmark.category)", amount: earmark.amount))
            }
        }
        for line in subscriptions.lines where line.nextDue <= horizon {
            upcoming.append(Upcoming(date: line.nextDue, what: "subscription: \(line.name)", amount: line.amount))
        }
        upcoming.sort { ($0.date, $0.what) < ($1.date, $1.what) }

        var actions: [Sentence] = []
        for line in budget.lines where line.status == .over {
            actions.append(Sentence("over-budget", [.value("category", .text(line.category)), .words(" is over budget: "),
                                                    .value("spent", .money(line.spent)), .words(" spent of "),
                                                    .value("budget", .money(line.budget ?? .zero)), .words(".")]))
        }
        for earmark in snapshot.earmarks where earmark.paid == nil {
            guard let day = earmark.dueDay else { continue }
            let due = snapshot.month.date(ofDay: day)
            if due < asOf {
                actions.append(Sentence("bill-unpaid", [.value("category", .text(earmark.category)), .words(" ("),
                                                        .value("amount", .money(earmark.amount)), .words(") was due on "),
                                                        .value("due", .date(due)), .words(" and is not paid.")]))
            }
        }
        for account in snapshot.accounts where account.kind != .credit && account.balance < .zero {
            actions.append(Sentence("overdrawn", [.value("account", .text(account.name)), .words(" is overdrawn: "),
                                                  .value("balance", .money(account.balance)), .words(".")]))
        }
        if let week = try? snapshot.dailyAllowance * lowSavingsDays, snapshot.mainSavings < week {
            actions.append(Sentence("low-savings", [.words("Main savings ("), .value("mainSavings", .money(snapshot.mainSavings)),
                                                    .words(") is below a week of allowance ("), .value("week", .money(week)),
                                                    .words(").")]))
        }
        for goal in goals.lines where goal.schedule == .behind || goal.schedule == .missed {
            actions.append(Sentence(goal.schedule == .missed ? "goal-missed" : "goal-behind", [
                .words("Goal "), .value("goal", .text(goal.name)),
                .words(goal.schedule == .missed ? " is past its deadline: " : " is behind schedule: "),
                .value("saved", .money(goal.saved)), .words(" of "), .value("expectedByNow", .money(goal.expectedByNow ?? .zero)),
                .words(" expected by now."),
            ]))
        }
        for balance in people.balances where balance.amount > .zero {
            if let since = balance.since, since.days(until: asOf) > oweDays {
                actions.append(Sentence("owed-long", [.value("person", .text(balance.person)), .words(" has owed you "),
                                                      .value("amount", .money(balance.amount)), .words(" for "),
                                                      .value("days", .integer(since.days(until: asOf))), .words(" days, since "),
                                                      .value("since", .date(since)), .words(".")]))
            }
        }
        for line in subscriptions.lines where line.isOverdue {
            guard let expected = line.lastExpected else { continue }
            actions.append(Sentence("charge-missing", [.words("No charge for "), .value("subscription", .text(line.name)),
                                                       .words(" found around "), .value("due", .date(expected)),
                                                       .words("; was it paid?")]))
        }
        return DashboardReport(asOf: asOf, snapshot: snapshot, budget: budget, upcoming: upcoming, people: people, actions: actions,
                               quote: DailyQuote.of(asOf, context.ledger))
    }

    public var document: ReportDocument {
        typealias Cell = ReportDocument.Cell
        let s = snapshot
        var document = ReportDocument(kind: "dashboard", title: "Dashboard for \(asOf) (budgeting month \(s.month))",
                                      from: s.month.first, to: asOf)
        var funds = ReportDocument.Table(id: "funds", title: "Funds", columns: [
            .init("account", "Account"), .init("balance", "Balance", numeric: true),
        ])
        funds.rows = s.accounts.map { [.text($0.name), .money($0.balance)] }
        funds.totals = [[.text("Total"), .money(s.funds)]]
        var buckets = ReportDocument.Table(id: "buckets", title: "Buckets", columns: [
            .init("bucket", "Bucket"), .init("amount", "Amount", numeric: true),
        ])
        // The rows add up to the funds; what is left of today's allowance is part of the
        // allowance set aside, so it is shown under it.
        buckets.rows = [
            [.text("Set-aside (allowances)"), .money(s.allowanceSetAside)],
            [.name("of which left today", depth: 1), .money(s.remainingToday)],
            [.text("Set-aside (monthly)"), .money(s.monthlySetAside)],
            [.text("Goals"), .money(s.goalsTotal)],
        ]
        // Envelopes and debts to people, in the ledgers that have them.
        if !s.envelopes.isEmpty { buckets.rows.append([.text("Envelopes"), .money(s.envelopesTotal)]) }
        if !s.people.isEmpty { buckets.rows.append([.text("Owed to people"), .money(s.owedToPeople)]) }
        buckets.rows.append([.text("Main savings"), .money(s.mainSavings)])
        buckets.totals = [[.text("Total"), .money(s.funds)]]
        var budgetTable = ReportDocument.Table(id: "budget", title: "Budget this month", columns: [
            .init("category", "Category"), .init("budget", "Budget", numeric: true), .init("spent", "Spent", numeric: true),
            .init("used", "Used", numeric: true), .init("progress", "Progress"), .init("status", "Status"),
        ])
        budgetTable.rows = budget.lines.filter { $0.budget != nil }.map {
            [.text($0.category), $0.budget.map(Cell.money) ?? .empty, .money($0.spent),
             $0.usedBasisPoints.map(Cell.percent) ?? .empty, $0.usedBasisPoints.map(Cell.progress) ?? .empty,
             .text($0.status == .ok ? "" : $0.status.rawValue)]
        }
        let used = budget.totalUsedBasisPoints
        budgetTable.totals = [
            [.text("Budgeted"), .money(budget.totalBudget), .money(budget.budgetedSpent), used.map(Cell.percent) ?? .empty,
             used.map(Cell.progress) ?? .empty, .empty],
            [.text("All spending"), .empty, .money(budget.totalSpent), .empty, .empty, .empty],
        ]
        var upcomingTable = ReportDocument.Table(id: "upcoming", title: "Due in the next \(Self.upcomingDays) days", columns: [
            .init("date", "Date"), .init("what", "What"), .init("amount", "Amount", numeric: true),
        ])
        upcomingTable.rows = upcoming.map { [.date($0.date), .text($0.what), .money($0.amount)] }
        var peopleTable = ReportDocument.Table(id: "people", title: "People", columns: [
            .init("person", "Person"), .init("balance", "Balance", numeric: true), .init("meaning", "Meaning"),
        ])
        peopleTable.rows = people.balances.filter { $0.amount != .zero }.map {
            [.text($0.person), .money($0.amount), .text($0.amount > .zero ? "owes you" : "you owe")]
        }
        document.tables = [funds, buckets, budgetTable, upcomingTable, peopleTable]
        document.notes = [(id: "actions", title: "To do",
                           lines: actions.isEmpty ? [ReportDocument.Sentence("nothing-to-do", [.words("Nothing needs doing.")])] : actions)]
        document.quote = quote
        return document
    }
}
