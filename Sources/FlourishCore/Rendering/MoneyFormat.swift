/// How amounts are shown in reports: with the currency's symbol in text, as plain decimal
/// strings in JSON.
public struct MoneyFormat: Sendable {
    public var currency: Currency {
        didSet { symbol = Self.symbol(of: currency) }
    }
    /// What goes before the digits in text, and its width.
    private var symbol: String {
        didSet {
            symbolWidth = TextTable.width(symbol)
            symbolBytes = Array(symbol.utf8)
        }
    }
    private var symbolBytes: [UInt8] = []
    private var symbolWidth = 0
    /// The reader's way of writing amounts (`display` in the ledger, or `--locale`); nil for
    /// Flourish's own: `$1,234.50`, `€3.00`, `CHF 12.00`.
    public var display: DisplayLocale?

    public init(_ currency: Currency?, display: DisplayLocale? = nil) {
        let currency = currency ?? Currency(code: "USD", decimals: 2)
        self.currency = currency
        self.display = display
        symbol = Self.symbol(of: currency)
        symbolWidth = TextTable.width(symbol)
        symbolBytes = Array(symbol.utf8)
    }

    /// `$1,234.50`, `-$0.05`, `€3.00`, `CHF 12.00`; with a display locale, its way
    /// (`1.234,50 €`, `CHF 1'234.50`, `₹1,23,456.50`).
    public func text(_ money: Money) -> String {
        if let display { return display.text(plain: plain(money), symbol: DisplayLocale.symbol(of: currency.code)) }
        let digits = money.formatted(decimals: currency.decimals)
        guard money.minorUnits < 0 else { return symbol + digits }
        return "-" + symbol + digits.dropFirst()
    }

    /// `text(money)` in Flourish's own way (no display locale) written into a block: the sign,
    /// the symbol, the grouped digits.
    func write(_ money: Money, to block: OutputBlock) {
        if money.minorUnits < 0 { block.append(byte: UInt8(ascii: "-")) }
        block.append(bytes: symbolBytes)
        block.append(money, decimals: currency.decimals, grouping: true, signed: false)
    }

    /// The symbol's bytes and its width: for amounts written straight into a block
    /// (`OutputBlock.append(_:symbol:layout:blanks:)`).
    struct Symbol {
        var bytes: [UInt8]
        var width: Int
    }

    /// The symbol; nil with a display locale (whose amounts are laid out its own way).
    var symbolInPlace: Symbol? {
        guard display == nil else { return nil }
        return Symbol(bytes: symbolBytes, width: symbolWidth)
    }

    /// How wide `text(money)` is on screen: counted from the digits in Flourish's own way, from
    /// the text with a display locale.
    public func textWidth(_ money: Money) -> Int {
        if display != nil { return TextTable.width(text(money)) }
        return symbolWidth + money.writtenLength(decimals: currency.decimals, grouping: true)
    }

    /// `1234.50`: no grouping, no symbol.
    public func plain(_ money: Money) -> String {
        money.formatted(decimals: currency.decimals, grouping: false)
    }

    public func json(_ money: Money) -> JSONValue { .string(plain(money)) }

    private static func symbol(of currency: Currency) -> String {
        Currency.leadingSymbol(of: currency.code) ?? currency.code + " "
    }
}
