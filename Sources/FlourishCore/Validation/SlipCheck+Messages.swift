/// The problems `SlipCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var slipMessage: String? {
        switch self {
        case .dateFarAhead(let date, let latestOther):
            let years = (date.dayNumber - latestOther.dayNumber) / 365
            return "this entry is dated \(date), \(years == 1 ? "a year" : "\(years) years") after every other (the latest: \(latestOther))"
        case .incomeSign(let category):
            return "`\(Self.shown(category))` is an income category, but this line puts money into it from an account"
        case .creditOpenedWithMoney(let account, let amount, let currency):
            return "the credit account `\(Self.shown(account))` opens with \(MoneyFormat(currency).text(amount)) on it, counted as money you have"
        default:
            return nil
        }
    }

    /// The hint, for the problems here; nil for any other.
    var slipHint: String? {
        switch self {
        case .dateFarAhead:
            return "a mistyped year? Reports count up to the ledger's last date"
        case .incomeSign:
            return "income is negative on its category and positive on the account it goes to (`Salary  -3400.00`); for money paid back, use an expense category"
        case .creditOpenedWithMoney(let account, let amount, let currency):
            return "what you owe on a card is negative: `opening DATE \(StringLiteral.name(account)) -\(amount.formatted(decimals: currency.decimals, grouping: false))`"
        default:
            return nil
        }
    }
}
