/// `rate DATE CODE AMOUNT` (hledger's and ledger's `P DATE CODE AMOUNT` reads the same): from
/// DATE on, one unit of CODE is worth AMOUNT of the home currency, until a later line for CODE.
public struct ExchangeRate: Sendable {
    public var date: CivilDate
    public var code: Located<String>
    /// The number as written: its digits and how many follow the decimal point.
    var rate: Located<NumberSyntax.Decimal>
    public var location: SourceLocation
}

/// What a split line in another currency cost in the home one, written after its amount:
/// `@ RATE` for each unit, `@@ TOTAL` for the line (grammar.md, "Several currencies").
public struct LinePrice: Sendable {
    public enum Kind: Sendable { case perUnit, total }
    public var kind: Kind
    /// The number as written (a total's sign is the line's).
    var value: Located<NumberSyntax.Decimal>
}

/// A split line in a currency other than the home one, as booked: its amount in that
/// currency (what the bank shows) and the rate that made its home amount (`Posting.amount`).
public struct ForeignAmount: Sendable {
    public var currency: Currency
    /// Minor units of `currency`.
    public var native: Money
    /// Where the rate came from: written on the line, or a `rate` line.
    public var rate: RateSource

    public enum RateSource: Sendable {
        /// The price written after the line's amount (`Ledger.amountPrices`, at the amount's
        /// place; kept once, there).
        case written
        case rateLine(Int)
        /// An entry whose every line is in `currency`: the rate of its other lines.
        case entry
    }
}
