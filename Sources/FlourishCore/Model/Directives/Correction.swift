/// `correction DATE ACCOUNT AMOUNT REASON`: a signed adjustment found when reconciling.
public struct Correction: Sendable {
    public var date: CivilDate
    public var account: NameRef
    public var amount: Located<Money>
    public var reason: Located<String>
    public var location: SourceLocation
}
