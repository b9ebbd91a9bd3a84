/// How amounts are shown in reports: with the currency's symbol in text, as plain decimal
/// strings in JSON.
public struct MoneyFormat: Sendable {
    public var currency: Currency {
        didSet { symbol = Self.symbol(of: currency) }
    }
    /// What goes before the digits in text.
    private var symbol: String

    public init(_ currency: Currency?) {
        let currency = currency ?? Currency(code: "USD", decimals: 2)
        self.currency = currency
        symbol = Self.symbol(of: currency)
    }

    /// `$1,234.50`, `-$0.05`, `€3.00`, `CHF 12.00`.
    public func text(_ money: Money) -> String {
        let digits = money.formatted(decimals: currency.decimals)
        guard money.minorUnits < 0 else { return symbol + digits }
        return "-" + symbol + digits.dropFirst()
    }

    /// `1234.50`: no grouping, no symbol.
    public func plain(_ money: Money) -> String {
        money.formatted(decimals: currency.decimals, grouping: false)
    }

    public func json(_ money: Money) -> JSONValue { .string(plain(money)) }

    private static func symbol(of currency: Currency) -> String {
        switch currency.code {
        case "USD", "AUD", "CAD", "NZD", "SGD", "HKD", "MXN": return "$"
        case "EUR": return "€"
        case "GBP": return "£"
        case "JPY", "CNY": return "¥"
        case "INR": return "₹"
        default: return currency.code + " "
        }
    }
}
