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
        // Digits written from the right: at most 19 digits, 6 group separators, a point, a
        // sign and the padding zeros of `decimals` (kept under 18).
        let decimals = min(max(decimals, 0), 18)
        var magnitude = minorUnits.magnitude
        var index = 48
        func put(_ byte: UInt8) {
            index -= 1
            out[index] = byte
        }
        for _ in 0..<decimals {
            put(UInt8(48 + magnitude % 10))
            magnitude /= 10
        }
        if decimals > 0 { put(UInt8(ascii: ".")) }
        var written = 0
        repeat {
            if grouping && written > 0 && written % 3 == 0 { put(UInt8(ascii: ",")) }
            put(UInt8(48 + magnitude % 10))
            magnitude /= 10
            written += 1
        } while magnitude > 0
        if signed && minorUnits < 0 { put(UInt8(ascii: "-")) }
        let count = 48 - index
        for offset in 0..<count { out[offset] = out[index + offset] }
        return count
    }
}
