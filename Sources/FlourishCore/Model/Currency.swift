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

    /// Decimals of a code when the `currency` line does not give them.
    public static func standardDecimals(for code: String) -> Int {
        switch code {
        case "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XAF", "XOF": return 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD": return 3
        default: return 2
        }
    }
}
