/// `close DATE ACCOUNT`: the account is closed at the end of DATE. It must be at zero then, no
/// line may use it afterwards, and after DATE it is no longer listed among the funds.
public struct AccountClosing: Sendable {
    public var date: CivilDate
    public var account: NameRef
    public var location: SourceLocation
}
