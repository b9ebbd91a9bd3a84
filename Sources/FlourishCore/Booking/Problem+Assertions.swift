/// The problems booking's running totals find in `balance` and `close` lines (`RunningTotals`), worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var assertionMessage: String? {
        switch self {
        case .balanceAssertionFailed(let account, let date, let expected, let actual, let currency):
            return "balance assertion failed for `\(Self.shown(account))` at the end of \(date): expected \(Self.amount(expected, currency)), "
                + "actual \(Self.amount(actual, currency)), difference \(Self.difference(actual, expected, currency))"
        case .closedWithBalance(let account, let date, let balance, let currency):
            return "`\(Self.shown(account))` is closed on \(date) with a balance of \(Self.amount(balance, currency))"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var assertionHint: String? {
        switch self {
        case .balanceAssertionFailed:
            return "record the missing entries, or add a `correction` with the reason"
        case .closedWithBalance:
            return "move the money out (a transfer, or a `correction` with the reason) on or before the closing day"
        default:
            return nil
        }
    }
}
