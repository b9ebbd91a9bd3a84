/// Drip's logs: what the allowance did each day, cash reserve movements, corrections, and
/// what new exchange rates did to the funds.
public struct BucketLog: Sendable {
    public struct Day: Sendable {
        public var date: CivilDate
        public var allowance: Money
        public var spent: Money
        /// Unspent allowance carried to main savings at the end of the day.
        public var toSavings: Money
        /// Spending beyond the allowance, taken from main savings.
        public var fromSavings: Money
    }

    public struct ReserveMovement: Sendable {
        public var date: CivilDate
        public var account: String
        public var description: String
        public var amount: Money
        public var balance: Money
    }

    public struct CorrectionRecord: Sendable {
        public var date: CivilDate
        public var account: String
        public var amount: Money
        public var reason: String
    }

    /// An on-budget account kept in another currency worth more or less at a new rate (the
    /// change moves main savings).
    public struct Revaluation: Sendable {
        public var date: CivilDate
        public var account: String
        public var amount: Money
        /// `USD 0.95`: the rate line's code and rate.
        public var rate: String
    }

    public var days: [Day] = []
    public var reserve: [ReserveMovement] = []
    public var corrections: [CorrectionRecord] = []
    public var exchangeRates: [Revaluation] = []
}
