/// What `flourish init` has been told: the answers to its questions, and the ledger they make.
struct InitPlan {
    struct AccountPlan: Equatable {
        var name: String
        var kind: Account.Kind
        var opening: Money
        /// `off-budget` (an investment, a loan: not in the funds the budget divides) or
        /// `reserve` (a cash reserve: spending from it is not the daily allowance's).
        var flags: [Account.Flag] = []
    }

    struct Bill: Equatable {
        var category: String
        var amount: Money
        var due: Int?
    }

    var currency = Currency(code: "USD", decimals: 2)
    var monthStart = 1
    /// The income expected each month, or each year.
    var income: Money?
    var incomeIsYearly = false
    /// The share of income to save, in basis points (2000 is 20%).
    var savingsBasisPoints = 2_000
    var accounts: [AccountPlan] = []
    var bills: [Bill] = []
    var allowance: Money?
    var people: [String] = []
    var display: DisplayLocale?
    var date: CivilDate

    /// Categories every new ledger starts with, besides the bills'.
    static let everyday = ["Groceries", "Eating out", "Transport", "Household"]

    func amount(_ money: Money) -> String { money.formatted(decimals: currency.decimals, grouping: false) }

    /// The income of a month (a yearly figure's monthly share, `Money.monthlyShare(ofYearly:)`).
    var monthlyIncome: Money? {
        guard let income else { return nil }
        return incomeIsYearly ? try? Money.monthlyShare(ofYearly: income) : income
    }

    /// The daily allowance that leaves the savings target intact after the bills: what a month's
    /// income leaves once the target and the earmarks are set aside, over the days of the
    /// budgeting month the ledger starts in, rounded down to the cent; nil without an income.
    var allowanceForTheTarget: Money? {
        guard let monthly = monthlyIncome else { return nil }
        let month = BudgetMonth(containing: date, startDay: monthStart)
        do throws(MoneyOverflow) {
            let saved = try monthly.scaled(by: savingsBasisPoints, over: 10_000)
            let left = try monthly - saved - Money.sum(bills.map(\.amount))
            return max(.zero, try left.dividedTruncating(by: month.first.days(until: month.last) + 1))
        } catch {
            return nil
        }
    }

    /// The ledger, commented and in canonical form.
    func text(allowance: Money?) -> String {
        var out = """
            ; Our budget, begun with `flourish init` on \(date).
            ; Check it with `flourish check`; the format is described in grammar.md.

            currency \(currency.code)

            """
        if monthStart != 1 { out += "month-start \(monthStart)  ; budgeting months begin on day \(monthStart)\n" }
        if let display { out += "display \(display.rawValue)\n" }
        out += "\n; Where the money is.\n"
        for account in accounts {
            out += "account \(StringLiteral.name(account.name)) \(account.kind.rawValue)" + account.flags.map { " " + $0.rawValue }.joined() + "\n"
        }
        out += "\n; What it is spent on, and where it comes from.\n"
        var categories = bills.map(\.category)
        for name in Self.everyday where !categories.contains(name) { categories.append(name) }
        for category in categories { out += "category \(StringLiteral.name(category))\n" }
        if income != nil { out += "category Salary income\n" }
        if !people.isEmpty {
            out += "\n; People we share costs with: positive, they owe us; negative, we owe them.\n"
            for person in people { out += "person \(StringLiteral.name(person))\n" }
        }
        out += "\n; What each account held when we began.\n"
        for account in accounts { out += "opening \(date) \(StringLiteral.name(account.name)) \(amount(account.opening))\n" }
        out += "\n; The plan.\n"
        if let income { out += "income \(date) \(amount(income)) \(incomeIsYearly ? "yearly" : "monthly")\n" }
        out += "savings-target \(date) \(Self.percent(savingsBasisPoints))%\n"
        for bill in bills {
            out += "earmark \(date) \(StringLiteral.name(bill.category)) \(amount(bill.amount))" + (bill.due.map { " due \($0)" } ?? "") + "\n"
        }
        if let allowance, allowance > .zero {
            out += "allowance \(date) \(amount(allowance))  ; to spend each day; what is left over goes to savings\n"
        }
        out += """

            ; Record what happens with `flourish add`, for example:
            ;
            ; \(date) * Weekly shop
            ;   Groceries  42.50
            ;   \(accounts.first.map { StringLiteral.name($0.name) } ?? "Checking")

            """
        return Formatter.format(SourceFile(path: "(init)", text: out)).formatted ?? out
    }

    /// `20` for 2000 basis points, `12.5` for 1250.
    static func percent(_ basisPoints: Int) -> String {
        if basisPoints % 100 == 0 { return String(basisPoints / 100) }
        let text = Money(minorUnits: Int64(basisPoints)).formatted(decimals: 2, grouping: false)
        return text.hasSuffix("0") ? String(text.dropLast()) : text
    }

    /// The ledger `text` makes, read and checked as `check` would.
    func checked(allowance: Money?, path: String) -> Validator.Result {
        Validator.validated(LedgerLoader.load(sources: [SourceFile(path: path, text: text(allowance: allowance))]))
    }

    /// The largest daily allowance, up to `limit`, with which the ledger still checks clean:
    /// the funds must also cover what is set aside from the first day.
    func largestAllowance(upTo limit: Money, path: String) -> Money {
        func clean(_ allowance: Money) -> Bool {
            !checked(allowance: allowance, path: path).diagnostics.contains { $0.severity == .error }
        }
        if clean(limit) { return limit }
        var low: Int64 = 0
        var high = limit.minorUnits
        while low < high {
            let middle = low + (high - low + 1) / 2
            if clean(Money(minorUnits: middle)) { low = middle } else { high = middle - 1 }
        }
        return Money(minorUnits: low)
    }
}
