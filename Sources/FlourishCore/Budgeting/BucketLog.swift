/// Drip's logs: what the allowance did each day, cash reserve movements, corrections.
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

    public var days: [Day] = []
    public var reserve: [ReserveMovement] = []
    public var corrections: [CorrectionRecord] = []
}
