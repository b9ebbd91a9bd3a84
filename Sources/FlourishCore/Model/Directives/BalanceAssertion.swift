/// `balance DATE ACCOUNT AMOUNT`: the account holds exactly AMOUNT at the end of DATE.
public struct BalanceAssertion: Sendable {
    public var date: CivilDate
    public var account: NameRef
    public var amount: Located<Money>
    public var location: SourceLocation
}
