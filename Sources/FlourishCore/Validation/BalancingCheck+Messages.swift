/// The problems `BalancingCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var balancingMessage: String? {
        switch self {
        case .unbalancedEntry(let sum, let currency):
            return "entry does not balance: its lines sum to \(Self.amount(sum, currency))"
        case .multipleMissingAmounts(let count):
            return "\(count) lines leave their amount out; at most one may"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var balancingHint: String? {
        switch self {
        case .unbalancedEntry(let sum, let currency):
            let negated = (try? -sum).map { Self.amount($0, currency) } ?? "the opposite amount"
            return "add a line of \(negated), or leave one amount out to balance the entry"
        case .multipleMissingAmounts:
            return "write the amounts of all lines but one"
        default:
            return nil
        }
    }
}
