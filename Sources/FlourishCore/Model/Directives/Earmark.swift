/// `earmark DATE CATEGORY AMOUNT [due DAY]`: money set aside each month for a bill.
public struct Earmark: Sendable {
    public var date: CivilDate
    public var category: NameRef
    public var amount: Located<Money>
    public var dueDay: Located<Int>?
    public var location: SourceLocation
}
