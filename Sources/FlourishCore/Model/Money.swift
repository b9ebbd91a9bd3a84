/// An exact amount of money in minor units of the ledger's currency (cents for USD).
public struct Money: Hashable, Comparable, Sendable {
    public var minorUnits: Int64

    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    public static let zero = Money(minorUnits: 0)

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

    /// The sum, or nil when it does not fit in 64 bits.
    public func adding(_ other: Money) -> Money? {
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: sum)
    }

    /// The negation, or nil for the one value that has none.
    public var negated: Money? {
        minorUnits == .min ? nil : Money(minorUnits: -minorUnits)
    }

    /// Renders the amount with exactly `decimals` decimals, e.g. `-1,234.50`.
    public func formatted(decimals: Int, grouping: Bool = true) -> String {
        let negative = minorUnits < 0
        let magnitude = minorUnits.magnitude
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let whole = String(magnitude / scale)
        var out = negative ? "-" : ""
        if grouping {
            for (index, digit) in whole.enumerated() {
                if index > 0 && (whole.count - index) % 3 == 0 { out.append(",") }
                out.append(digit)
            }
        } else {
            out += whole
        }
        if decimals > 0 {
            let fraction = String(magnitude % scale)
            out += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return out
    }
}
