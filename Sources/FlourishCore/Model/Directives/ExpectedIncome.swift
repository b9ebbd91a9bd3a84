/// `income DATE AMOUNT [monthly|yearly]`: the income one expects, from DATE on.
public struct ExpectedIncome: Sendable {
    public enum Period: String, CaseIterable, Sendable {
        case monthly, yearly
    }

    public var date: CivilDate
    public var amount: Located<Money>
    public var period: Period
    public var location: SourceLocation
}
