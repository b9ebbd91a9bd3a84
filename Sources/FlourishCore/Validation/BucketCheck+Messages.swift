/// The broken bucket rules `BucketCheck` finds, worded.
extension Problem {
    /// The message, for the problems here; nil for any other.
    var bucketMessage: String? {
        switch self {
        case .overcommitted(let date, let shortfall, let funds, let days, let through, _, let currency):
            let lasting = days > 1 ? " (for \(days) days, through \(through))" : ""
            // With nothing set aside, the shortfall is the funds below zero: say so.
            if (try? funds + shortfall) == .zero {
                return "main savings is below zero by \(Self.amount(shortfall, currency)) on \(date): the funds are \(Self.amount(funds, currency)) and nothing is set aside\(lasting)"
            }
            return "overcommitted by \(Self.amount(shortfall, currency)) on \(date): the set-asides exceed the funds of \(Self.amount(funds, currency))\(lasting)"
        case .goalOverdrawn(let goal, let date, let by, let currency):
            return "goal `\(Self.shown(goal))` is overdrawn by \(Self.amount(by, currency)) on \(date)"
        case .snapshotMismatch(let bucket, let date, let expected, let actual, let currency):
            return "snapshot assertion failed for \(bucket) at the end of \(date): expected \(Self.amount(expected, currency)), "
                + "actual \(Self.amount(actual, currency)), difference \(Self.difference(actual, expected, currency))"
        default:
            return nil
        }
    }

    /// The hint, for the problems here (nil where there is none); nil for any other.
    var bucketHint: String? {
        switch self {
        case .overcommitted(_, _, _, _, _, let biggest, let currency):
            if biggest.isEmpty { return "the accounts hold less than nothing: record the income or transfers that cover the spending" }
            return "the biggest set-asides are " + biggest.map { "\($0.what) \(Self.amount($0.amount, currency))" }.joined(separator: ", ")
                + "; lower them or add money"
        case .goalOverdrawn:
            return "move money into the goal before charging spending to it"
        case .snapshotMismatch:
            return "run `flourish report snapshot --date DATE` to see how the figure is made up"
        default:
            return nil
        }
    }
}
