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
/// (Kept for each such line, in 32 bytes: the number first, then its kind.)
public struct LinePrice: Sendable {
    public enum Kind: Sendable { case perUnit, total }
    /// The number as written (a total's sign is the line's).
    var value: Located<NumberSyntax.Decimal>
    public var kind: Kind

    init(kind: Kind, value: Located<NumberSyntax.Decimal>) {
        self.value = value
        self.kind = kind
    }
}

/// A split line in a currency other than the home one, as booked: its amount in that
/// currency (what the bank shows) and the rate that made its home amount (`Posting.amount`).
/// (Kept for each such line, in 32 bytes: its currency's code and decimals are kept apart, in
/// the order that packs them.)
public struct ForeignAmount: Sendable {
    /// Minor units of `currency`.
    public var native: Money
    private var code: String
    /// Where the rate came from: written on the line, or a `rate` line.
    public var rate: RateSource
    private var decimals: UInt8

    public var currency: Currency {
        get { Currency(code: code, decimals: Int(decimals)) }
        set { (code, decimals) = (newValue.code, UInt8(clamping: newValue.decimals)) }
    }

    public init(currency: Currency, native: Money, rate: RateSource) {
        self.native = native
        code = currency.code
        self.rate = rate
        decimals = UInt8(clamping: currency.decimals)
    }

    public enum RateSource: Sendable {
        /// The price written after the line's amount (`Ledger.amountPrices`, at the amount's
        /// place; kept once, there).
        case written
        /// A `rate` line, by its place in `Ledger.rates`.
        case rateLine(Int32)
        /// An entry whose every line is in `currency`: the rate of its other lines.
        case entry
    }
}
