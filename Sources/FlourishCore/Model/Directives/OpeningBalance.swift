/// `opening DATE ACCOUNT AMOUNT`: the account's balance when the ledger begins tracking it.
public struct OpeningBalance: Sendable {
    public var date: CivilDate
    public var account: NameRef
    public var amount: Located<Money>
    public var location: SourceLocation
}
