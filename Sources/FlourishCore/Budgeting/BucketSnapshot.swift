/// The buckets at the end of one day, before that day's unspent allowance moves to main
/// savings (Drip's snapshot). Funds always equal the sum of the buckets.
public struct BucketSnapshot: Sendable {
    public struct AccountFunds: Sendable {
        public var name: String
        public var kind: Account.Kind
        public var isReserve: Bool
        public var balance: Money
    }

    public struct EarmarkStatus: Sendable {
        public var category: String
        public var amount: Money
        public var dueDay: Int?
        /// What the first payment this month came to, if it was paid.
        public var paid: Money?
        /// The part still set aside: the amount until paid, then nothing.
        public var setAside: Money { paid == nil ? amount : .zero }
    }

    /// A bill of this budgeting month: an occurrence of a schedule or a subscription that
    /// spends, set aside until the entry that pays it is recorded.
    public struct BillStatus: Sendable {
        public var name: String
        public var due: CivilDate
        public var amount: Money
        /// What the paying entry spent, once it is recorded.
        public var paid: Money?
        public var isPaid: Bool
        public var setAside: Money { isPaid ? .zero : amount }
    }

    /// A rollover budget's envelope this month.
    public struct EnvelopeStatus: Sendable {
        public var category: String
        /// This month's budget, added on the month's first day.
        public var budget: Money
        /// Left over (or, negative, overspent) from the months before.
        public var carriedIn: Money
        public var spent: Money
        /// Carried in + budget − spent.
        public var available: Money
        /// What is set aside: the money available, none when it is overspent.
        public var setAside: Money { max(.zero, available) }
    }

    public struct GoalStatus: Sendable {
        public var name: String
        public var balance: Money
        public var target: Money
        public var deadline: CivilDate?
    }

    /// What stands between you and a person: positive, they owe you (not funds); negative, you
    /// owe them (set aside).
    public struct Debt: Sendable {
        public var person: String
        public var balance: Money
        /// What you owe them: set aside until repaid.
        public var owed: Money { balance < .zero ? (balance.negated ?? .zero) : .zero }
    }

    public var date: CivilDate
    public var month: BudgetMonth
    /// On-budget accounts, in declaration order.
    public var accounts: [AccountFunds]
    public var funds: Money
    public var dailyAllowance: Money
    public var allowanceSpentToday: Money
    /// What is left of today's allowance (never below zero: overspending comes out of main savings).
    public var remainingToday: Money
    /// Days of the budgeting month after today.
    public var daysAfterToday: Int
    /// Remaining today plus the allowance for each day after today.
    public var allowanceSetAside: Money
    /// Earmarks in effect this month.
    public var earmarks: [EarmarkStatus]
    /// Bills due this month (schedules and subscriptions), in due order.
    public var bills: [BillStatus]
    public var monthlySetAside: Money
    public var goals: [GoalStatus]
    public var goalsTotal: Money
    /// Rollover budgets' envelopes, in the order they were first funded.
    public var envelopes: [EnvelopeStatus]
    public var envelopesTotal: Money
    /// Each declared person's balance with you.
    public var people: [Debt]
    /// What you owe people, set aside so that repaying them leaves main savings unchanged.
    public var owedToPeople: Money
    /// The remainder: funds minus every set-aside. The bucket rule wants it never negative.
    public var mainSavings: Money
    /// What new exchange rates did today to on-budget accounts kept in other currencies: each
    /// change moved main savings.
    public var exchangeRates: [BucketLog.Revaluation] = []

    /// One thing the day sets aside, for the messages that name the biggest.
    public struct SetAside: Sendable {
        public enum Kind: Sendable, Hashable {
            case allowance, earmark(String), bill(String), goal(String), envelope(String), debt(String)

            /// The set-aside's name in a message (`goal New bike`).
            public var name: String {
                switch self {
                case .allowance: return "the allowance"
                case .earmark(let name): return "earmark \(name)"
                case .bill(let name): return "bill \(name)"
                case .goal(let name): return "goal \(name)"
                case .envelope(let name): return "envelope \(name)"
                case .debt(let name): return "what you owe \(name)"
                }
            }
        }

        public var kind: Kind
        public var what: String
        public var amount: Money
    }

    /// Everything set aside above zero, biggest first (in bucket order among equals).
    public var setAsides: [SetAside] {
        var items = [SetAside(kind: .allowance, what: "the allowance for the rest of the month", amount: allowanceSetAside)]
        items += earmarks.map { SetAside(kind: .earmark($0.category), what: "earmark \($0.category)", amount: $0.setAside) }
        items += bills.map { SetAside(kind: .bill($0.name), what: "bill \($0.name) due \($0.due)", amount: $0.setAside) }
        items += goals.map { SetAside(kind: .goal($0.name), what: "goal \($0.name)", amount: $0.balance) }
        items += envelopes.map { SetAside(kind: .envelope($0.category), what: "envelope \($0.category)", amount: $0.setAside) }
        items += people.map { SetAside(kind: .debt($0.person), what: "what you owe \($0.person)", amount: $0.owed) }
        return items.filter { $0.amount > .zero }.enumerated()
            .sorted { ($1.element.amount, $0.offset) < ($0.element.amount, $1.offset) }.map(\.element)
    }
}

extension BucketSnapshot {
    /// A day with nothing in it (the engine's start, before its first snapshot is made).
    init(date: CivilDate, month: BudgetMonth) {
        self.init(date: date, month: month, accounts: [], funds: .zero, dailyAllowance: .zero, allowanceSpentToday: .zero,
                  remainingToday: .zero, daysAfterToday: 0, allowanceSetAside: .zero, earmarks: [], bills: [],
                  monthlySetAside: .zero, goals: [], goalsTotal: .zero, envelopes: [], envelopesTotal: .zero, people: [],
                  owedToPeople: .zero, mainSavings: .zero)
    }
}
