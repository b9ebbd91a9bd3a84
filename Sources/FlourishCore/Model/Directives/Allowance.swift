/// `allowance DATE AMOUNT`: the daily allowance from DATE on.
public struct Allowance: Sendable {
    public var date: CivilDate
    public var amount: Located<Money>
    public var location: SourceLocation
}
