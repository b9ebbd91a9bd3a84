/// How amounts are shown to a reader (grammar.md, `display`): the decimal mark, how digits are
/// grouped, and where the currency's symbol stands. A small table of its own, so that output
/// never depends on the machine's locale data. Amounts in a ledger are always written with
/// `.` as the decimal mark; CSV and JSON always show plain decimals.
public enum DisplayLocale: String, CaseIterable, Sendable {
    case enUS = "en-US"
    case enGB = "en-GB"
    case enIN = "en-IN"
    case deDE = "de-DE"
    case deAT = "de-AT"
    case deCH = "de-CH"
    case frFR = "fr-FR"
    case itIT = "it-IT"
    case esES = "es-ES"
    case nlNL = "nl-NL"
    case svSE = "sv-SE"
    case jaJP = "ja-JP"
    case ptBR = "pt-BR"

    public var decimalMark: Character {
        switch self {
        case .enUS, .enGB, .enIN, .deCH, .jaJP: return "."
        default: return ","
        }
    }

    /// Between groups of digits.
    public var groupSeparator: String {
        switch self {
        case .enUS, .enGB, .enIN, .jaJP: return ","
        case .deCH: return "'"
        case .frFR, .svSE: return " "
        default: return "."
        }
    }

    /// A number written as a display locale writes it, in the form a ledger line takes
    /// (`4,50` → `4.50`, `1.234,50` and `1 234,50` → `1234.50`, `1'234.50` → `1234.50`); nil
    /// for a word that is not such a number, or that a ledger line reads as it is (`1,234` is
    /// one thousand two hundred and thirty-four, as written in the canonical form). Only what
    /// no ledger line could mean otherwise is read: a decimal comma with one or two digits
    /// after it, groups of three before it.
    public static func canonicalAmount(_ word: String) -> String? {
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        var text = Substring(word)
        var sign = ""
        if let first = text.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            text = text.dropFirst()
        }
        // The decimal mark: a comma (`1.234,50`), or a point after Swiss groups (`1'234.50`).
        guard text.contains(",") || text.contains("'") else { return nil }
        let mark: Character = text.contains(",") ? "," : "."
        let parts = text.split(separator: mark, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let whole = parts[0]
        let decimals = parts.count == 2 ? parts[1] : ""
        guard decimals.allSatisfy(isDigit), mark == "." || (1...2).contains(decimals.count) else { return nil }
        // Groups of three after the first, apart by one kind of separator.
        let used = Set(whole.filter { !isDigit($0) })
        guard used.count <= 1, used.isSubset(of: [".", " ", "\u{00A0}", "\u{202F}", "'"]) else { return nil }
        let groups = used.first.map { whole.split(separator: $0, omittingEmptySubsequences: false) } ?? [whole]
        guard let head = groups.first, !head.isEmpty,
              groups.count == 1 || (head.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }) else { return nil }
        return sign + groups.joined() + (decimals.isEmpty ? "" : "." + decimals)
    }

    /// Indian grouping: the last three digits, then groups of two (1,23,456.50).
    public var groupsOfTwo: Bool { self == .enIN }

    /// The symbol after the number (`1.234,50 €`) rather than before (`€ 1.234,50`).
    public var symbolAfter: Bool {
        switch self {
        case .deDE, .frFR, .itIT, .esES, .svSE: return true
        default: return false
        }
    }

    /// A space between a symbol before the number and the number (`€ 1.234,50`); a symbol
    /// after always has one, and a symbol made of letters (`CHF`) too.
    public var spaceAfterSymbol: Bool {
        switch self {
        case .deAT, .deCH, .nlNL, .ptBR: return true
        default: return false
        }
    }

    /// The symbol of a currency (`Currency.symbol(of:)`; its code when it has none).
    public static func symbol(of code: String) -> String { Currency.symbol(of: code) ?? code }

    /// `amount` as this locale shows it, from its plain form (`-1234.50`).
    public func text(plain: String, symbol: String) -> String {
        var digits = Substring(plain)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let point = digits.firstIndex(of: ".")
        let whole = Array(point.map { digits[..<$0] } ?? digits)
        let fraction = point.map { digits[digits.index(after: $0)...] }
        // Groups from the right: three, then three (or two, in Indian grouping) at a time.
        var groups: [String] = []
        var end = whole.count
        var size = 3
        while end > 0 {
            let start = max(0, end - size)
            groups.insert(String(whole[start..<end]), at: 0)
            end = start
            if groupsOfTwo { size = 2 }
        }
        var number = groups.joined(separator: groupSeparator)
        if let fraction { number += String(decimalMark) + fraction }
        let letters = symbol.unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
        let shown = symbolAfter ? number + " " + symbol
            : symbol + (spaceAfterSymbol || letters ? " " : "") + number
        return (negative ? "-" : "") + shown
    }
}
