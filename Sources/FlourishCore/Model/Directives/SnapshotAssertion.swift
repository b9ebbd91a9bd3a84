/// `snapshot DATE BUCKET AMOUNT`: pins a bucket's figure in the snapshot of DATE.
public struct SnapshotAssertion: Sendable {
    /// What the assertion pins.
    public enum Bucket: Sendable {
        case funds
        case allowance
        case monthly
        case goals
        /// What you owe people.
        case owed
        case mainSavings
        case goal(NameRef)
    }

    public var date: CivilDate
    public var bucket: Bucket
    public var amount: Located<Money>
    public var location: SourceLocation
}
