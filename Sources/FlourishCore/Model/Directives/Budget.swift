/// `budget DATE CATEGORY AMOUNT`: the monthly budget of a category from DATE's month on.
public struct Budget: Sendable {
    public var date: CivilDate
    public var category: NameRef
    public var amount: Located<Money>
    /// `rollover`: unspent money carries into the next month and overspending reduces it.
    public var rollover: Bool = false
    public var location: SourceLocation
}
