/// `subscription DATE NAME AMOUNT FREQUENCY next DATE from ACCOUNT [category CATEGORY]`.
public struct Subscription: Sendable {
    public enum Frequency: String, CaseIterable, Sendable {
        case weekly, monthly, yearly
    }

    public var date: CivilDate
    public var name: NameRef
    public var amount: Located<Money>
    public var frequency: Frequency
    public var nextDue: Located<CivilDate>
    public var account: NameRef
    public var category: NameRef?
    public var location: SourceLocation
}
