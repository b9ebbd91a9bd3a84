/// The problems booking finds (`Booker`, `RunningTotals`: an implausible date, a sum too large), worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var bookingMessage: String? {
        switch self {
        case .implausibleDate(let date, let around):
            return "\(date) is more than \(Booker.plausibleYears) years from the ledger's other dates (around \(around))"
        case .sumOverflow(let what, _):
            return "\(what) is too large to compute exactly"
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
        default:
            return nil
        }
    }
}
