/// How amounts are shown in reports: with the currency's symbol in text, as plain decimal
/// strings in JSON.
public struct MoneyFormat: Sendable {
    public var currency: Currency

    public init(_ currency: Currency?) {
        self.currency = currency ?? Currency(code: "USD", decimals: 2)
    }

    /// `$1,234.50`, `-$0.05`, `€3.00`, `CHF 12.00`.
    public func text(_ money: Money) -> String {
        let digits = money.formatted(decimals: currency.decimals)
        let unsigned = digits.hasPrefix("-") ? String(digits.dropFirst()) : digits
        let sign = digits.hasPrefix("-") ? "-" : ""
        return sign + symbol + unsigned
    }

    /// `1234.50`: no grouping, no symbol.
    public func plain(_ money: Money) -> String {
        money.formatted(decimals: currency.decimals, grouping: false)
    }

    public func json(_ money: Money) -> JSONValue { .string(plain(money)) }

    private var symbol: String {
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
