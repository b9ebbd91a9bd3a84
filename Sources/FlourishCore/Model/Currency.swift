/// The ledger's one currency: an ISO 4217 style code and its number of decimals.
public struct Currency: Hashable, Sendable {
    public var code: String
    public var decimals: Int

    public init(code: String, decimals: Int) {
        self.code = code
        self.decimals = decimals
    }

    /// currency-code = upper upper upper (grammar.md, section 3).
    public static func isCode<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.count == 3 && bytes.allSatisfy(ByteClass.isUpper)
    }

    public static func isCode(_ text: String) -> Bool { isCode(text.utf8) }

    /// Whether the bytes are the code of another currency or a commodity (`USD`, `BTC`, `VTI`,
    /// `GOOG`): 2 to 24 capital letters (a letter last, so that an amount and its code are
    /// told apart on their last byte).
    public static func isCommodityCode<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        (2...24).contains(bytes.count) && bytes.allSatisfy(ByteClass.isUpper)
    }

    /// Decimals of a code when the `currency` line does not give them.
    public static func standardDecimals(for code: String) -> Int {
        switch code {
        case "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XAF", "XOF": return 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD": return 3
        default: return 2
        }
    }

    /// The sign people write for the currency, when it has a common one: the one table of
    /// currency signs (a display locale writes amounts with it; `convert` reads amounts
    /// written with it).
    public static func symbol(of code: String) -> String? {
        symbols.first { $0.code == code }?.symbol
    }

    /// The sign Flourish's own way of writing amounts (no display locale) puts before the
    /// figure, `$1,234.50`: the signs read the same in every language; other currencies are
    /// written with their code, `SEK 1,234.50`.
    public static func leadingSymbol(of code: String) -> String? {
        symbols.first { $0.code == code && $0.leads }?.symbol
    }

    /// The code a written sign stands for (`€` → EUR, `US$` → USD, `kr` → SEK).
    public static func code(ofSymbol symbol: String) -> String? {
        symbols.first { $0.symbol == symbol }?.code ?? aliases[symbol]
    }

    /// Each code with its sign, the sign a report writes first where several codes share one.
    private static let symbols: [(code: String, symbol: String, leads: Bool)] = [
        ("USD", "$", true), ("AUD", "$", true), ("CAD", "$", true), ("NZD", "$", true), ("SGD", "$", true), ("HKD", "$", true),
        ("MXN", "$", true), ("EUR", "€", true), ("GBP", "£", true), ("JPY", "¥", true), ("CNY", "¥", true), ("INR", "₹", true),
        ("BRL", "R$", false), ("SEK", "kr", false), ("NOK", "kr", false), ("DKK", "kr", false), ("PLN", "zł", false),
        ("CZK", "Kč", false), ("KRW", "₩", false), ("RUB", "₽", false), ("TRY", "₺", false), ("ILS", "₪", false),
    ]

    /// Signs written for one currency that reports do not write.
    private static let aliases = ["US$": "USD", "C$": "CAD", "A$": "AUD", "Fr.": "CHF"]
}
