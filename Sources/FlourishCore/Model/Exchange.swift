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

/// What is written after a split line's amount when it is in another currency or has a price
/// (`12.50 USD @@ 11.48`), as the parser keeps it for booking: one record a line, in the
/// lines' order in `Ledger.writtenForeign`, each code by its place in `Ledger.lineCodes` (its
/// text kept once, not once a line). Directives' codes and prices are kept by place instead
/// (`Ledger.amountCodes`, `Ledger.amountPrices`).
public struct WrittenForeign: Sendable, BitwiseCopyable {
    /// The price's number as written (its digits; how many of them follow the decimal point
    /// is `priceScale`).
    private var priceMantissa: Int64
    /// The line's index in `Ledger.postings` (in its file's lines while the file is parsed).
    var line: Int32
    /// The code after the amount (its place in `Ledger.lineCodes`, -1: none) and where it is
    /// written in the line's file.
    var code: Int32
    var codeStart: Int32
    /// The code after the price, likewise.
    var priceCode: Int32
    var priceCodeStart: Int32
    /// Where the price's number is written in the line's file.
    private var priceStart: Int32
    private var priceEnd: Int32
    private var priceScale: UInt8
    /// 0: no price; 1: `@ RATE`; 2: `@@ TOTAL`. (Kept flat, in 40 bytes a line: as an optional
    /// `LinePrice`, a record took 56 and was copied byte by byte.)
    private var priceKind: UInt8

    init(line: Int32, code: Int32, codeStart: Int32, priceCode: Int32, priceCodeStart: Int32, price: LinePrice?) {
        (self.line, self.code, self.codeStart, self.priceCode, self.priceCodeStart) = (line, code, codeStart, priceCode, priceCodeStart)
        priceMantissa = price?.value.value.mantissa ?? 0
        priceScale = UInt8(clamping: price?.value.value.scale ?? 0)
        priceStart = price?.value.location.start ?? 0
        priceEnd = price?.value.location.end ?? 0
        priceKind = switch price?.kind {
        case nil: 0
        case .perUnit: 1
        case .total: 2
        }
    }

    /// Whether a price is written.
    var hasPrice: Bool { priceKind != 0 }

    /// The price written, if any; `file`: the line's file.
    func price(file: Int32) -> LinePrice? {
        guard priceKind != 0 else { return nil }
        let location = SourceLocation(file: Int(file), range: Int(priceStart)..<Int(priceEnd))
        return LinePrice(kind: priceKind == 1 ? .perUnit : .total,
                         value: Located(NumberSyntax.Decimal(mantissa: priceMantissa, scale: Int(priceScale)), at: location))
    }

    /// Where a code starting at `start`, the text `code`, is written in `file`.
    static func location(of code: String, at start: Int32, file: Int32) -> SourceLocation {
        SourceLocation(file: Int(file), range: Int(start)..<Int(start) + code.utf8.count)
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
