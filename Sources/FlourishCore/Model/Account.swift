/// Where money really is: `account NAME KIND [FLAG…]`.
public struct Account: Sendable {
    /// What sort of place holds the money.
    public enum Kind: String, CaseIterable, Sendable {
        case checking, savings, cash, credit
    }

    /// Options that change how budgeting treats the account.
    public enum Flag: String, CaseIterable, Sendable {
        /// Not part of the funds the budget divides (an investment, a loan).
        case offBudget = "off-budget"
        /// A cash reserve: spending from it does not count against the daily allowance.
        case reserve
    }

    public var name: NameRef
    public var kind: Kind
    public var flags: [Flag]
    /// The currency the account is kept in, when not the home one (`account Revolut checking
    /// USD`): its lines without a code are in it.
    public var currency: Located<String>? = nil
    public var location: SourceLocation

    public var isOffBudget: Bool { flags.contains(.offBudget) }
    public var isReserve: Bool { flags.contains(.reserve) }
}
