/// The problems booking finds (`Booker`, `RunningTotals`: an implausible date, a sum too large), worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var bookingMessage: String? {
        switch self {
        case .implausibleDate(let date, let around):
            return "\(date) is more than \(Booker.plausibleYears) years from the ledger's other dates (around \(around))"
        case .sumOverflow(let what, _):
            return "\(what) is too large to compute exactly"
        case .missingRate(let code, let date, _):
            return "no rate for \(code) on \(date)"
        case .accountCurrency(let account, let kept, let written):
            return "\(Self.shown(account)) is kept in \(kept), and this amount is in \(written)"
        case .foreignLeftOut(let account, let kept):
            return "the amount of \(Self.shown(account)), kept in \(kept), cannot be left out of an entry in other currencies"
        case .ratesDiffer(let code, let difference, let home):
            return "these lines balance in \(code), but their \(home.code) amounts are off by \(Self.amount(Money(minorUnits: Int64(clamping: difference.minorUnits.magnitude)), home)) \(home.code)"
        case .exchangeUndeclared(let category, let difference, let code, let home, let revalued):
            let word = difference.minorUnits < 0 ? "gain" : "loss"
            let amount = "\(Self.amount(Money(minorUnits: Int64(clamping: difference.minorUnits.magnitude)), home)) \(home.code)"
            if revalued {
                return "at this rate, the \(code) held is worth another amount than it was booked at: the \(word) of \(amount) goes to \(Self.shown(category))"
            }
            return "this line moves \(code) at another value than it was booked at: the \(word) of \(amount) goes to \(Self.shown(category))"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var bookingHint: String? {
        switch self {
        case .sumOverflow(_, let currency):
            return Self.limitHint(currency)
        case .implausibleDate:
            return "a date this far is most often a typo in the year; a ledger's dates lie within \(Booker.plausibleYears) years of one another"
        case .missingRate(let code, let date, let home):
            return "write what the line cost in \(home) after its amount (`@ RATE` for each \(code), `@@ TOTAL` for the line), or a line `rate \(date) \(code) RATE`"
        case .accountCurrency(_, let kept, _):
            return "write the amount in \(kept), with `@@ TOTAL` after it for what it cost in the home currency"
        case .foreignLeftOut(_, let kept):
            return "write its amount in \(kept) with its cost, e.g. `-100.00 \(kept) @@ 92.00`"
        case .ratesDiffer:
            return "give the lines one rate, or write each line's cost with `@@ TOTAL` so that they balance"
        case .exchangeUndeclared(let category, _, _, _, _):
            return "declare the category that takes exchange gains and losses: `category \(category) exchange`"
        default:
            return nil
        }
    }
}
