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
        String(unsafeUninitializedCapacity: 48) { out in write(decimals: decimals, grouping: grouping, into: out) }
    }

    /// Writes the amount as `formatted` does into `out` (48 bytes are always enough) and
    /// returns how many bytes it took: renderers of long reports write amounts straight into
    /// their output. Unsigned, the minus sign is left out (text puts it before the symbol).
    public func write(decimals: Int, grouping: Bool, signed: Bool = true, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // At most 20 digits (with the padding zeros of `decimals`, kept under 18), 6 group
        // separators, a point and a sign. The length is worked out first, so the digits are
        // written from the right straight into place.
        let decimals = min(max(decimals, 0), 18)
        let magnitude = minorUnits.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let whole = max(digits - decimals, 1)
        let sign = signed && minorUnits < 0 ? 1 : 0
        let count = sign + whole + (grouping ? (whole - 1) / 3 : 0) + (decimals > 0 ? 1 + decimals : 0)
        var index = count
        var value = magnitude
        for _ in 0..<decimals {
            index -= 1
            out[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
            value /= 10
        }
        if decimals > 0 {
            index -= 1
            out[index] = UInt8(ascii: ".")
        }
        var inGroup = 0
        for _ in 0..<whole {
            if grouping && inGroup == 3 {
                index -= 1
                out[index] = UInt8(ascii: ",")
                inGroup = 0
            }
            index -= 1
            out[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
            value /= 10
            inGroup += 1
        }
        if sign == 1 { out[0] = UInt8(ascii: "-") }
        return count
    }
}
