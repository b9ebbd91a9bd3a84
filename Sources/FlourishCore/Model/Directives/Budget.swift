/// `budget DATE CATEGORY AMOUNT`: the monthly budget of a category from DATE's month on.
public struct Budget: Sendable {
    public var date: CivilDate
    public var category: NameRef
    public var amount: Located<Money>
    public var location: SourceLocation
}
