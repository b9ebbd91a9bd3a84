/// An exact amount of money in minor units of the ledger's currency (cents for USD).
public struct Money: Hashable, Comparable, Sendable, BitwiseCopyable {
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
        String(writingAtMost: 48) { out in write(decimals: decimals, grouping: grouping, into: out) }
    }

    /// How many characters `formatted` (and `write`) give: a sign, the whole digits (at least
    /// one) with a separator every three when grouping, a point and the decimals. The one
    /// place the width of an amount is worked out from its digits.
    public func writtenLength(decimals: Int, grouping: Bool, signed: Bool = true) -> Int {
        layout(decimals: decimals, grouping: grouping, signed: signed).length
    }

    /// How the amount is laid out in writing: its whole digits, its decimals and the length of
    /// it all. A renderer that pads an amount works it out once and writes with it.
    struct Layout {
        let whole: Int
        let decimals: Int
        let grouping: Bool
        let signed: Bool
        let length: Int
    }

    func layout(decimals: Int, grouping: Bool, signed: Bool = true) -> Layout {
        let decimals = min(max(decimals, 0), 18)
        let whole = max(Money.digitCount(minorUnits.magnitude) - decimals, 1)
        let sign = signed && minorUnits < 0 ? 1 : 0
        let length = sign + whole + (grouping ? (whole - 1) / 3 : 0) + (decimals > 0 ? 1 + decimals : 0)
        return Layout(whole: whole, decimals: decimals, grouping: grouping, signed: signed, length: length)
    }

    /// Writes the amount as `formatted` does into `out` (48 bytes are always enough) and
    /// returns how many bytes it took: renderers of long reports write amounts straight into
    /// their output. Unsigned, the minus sign is left out (text puts it before the symbol).
    func write(decimals: Int, grouping: Bool, signed: Bool = true, into out: MutableByteView) -> Int {
        write(layout(decimals: decimals, grouping: grouping, signed: signed), into: out)
    }

    /// Writes the amount as `layout` (this amount's) lays it out; returns its length.
    func write(_ layout: Layout, into out: MutableByteView) -> Int {
        // At most 20 digits (with the padding zeros of `decimals`, kept under 18), 6 group
        // separators, a point and a sign. The length is worked out first, so the digits are
        // written from the right straight into place.
        let (decimals, whole, grouping, signed, count) = (layout.decimals, layout.whole, layout.grouping, layout.signed, layout.length)
        let magnitude = minorUnits.magnitude
        // From the right, two digits at a time where it can (`Money.pairs`).
        var index = count
        var value = magnitude
        let pairs = Money.pairs.view
        @inline(__always) func pair(_ two: UInt64) {
            index -= 2
            out[index] = pairs[Int(two) * 2]
            out[index + 1] = pairs[Int(two) * 2 + 1]
        }
        @inline(__always) func digit(_ one: UInt64) {
            index -= 1
            out[index] = UInt8(truncatingIfNeeded: 48 + one)
        }
        var left = decimals
        while left >= 2 {
            pair(value % 100)
            value /= 100
            left -= 2
        }
        if left == 1 {
            digit(value % 10)
            value /= 10
        }
        if decimals > 0 {
            index -= 1
            out[index] = UInt8(ascii: ".")
        }
        // The whole part: groups of three under a separator, then the one to three digits of
        // the first group.
        var first = whole
        if grouping {
            while first > 3 {
                let group = value % 1000
                value /= 1000
                pair(group % 100)
                digit(group / 100)
                index -= 1
                out[index] = UInt8(ascii: ",")
                first -= 3
            }
        }
        while first >= 2 {
            pair(value % 100)
            value /= 100
            first -= 2
        }
        if first == 1 { digit(value % 10) }
        if signed && minorUnits < 0 { out[0] = UInt8(ascii: "-") }
        return count
    }

    /// How many decimal digits `magnitude` has (one for zero), from its bit length:
    /// `bits × log10(2)` (1233/4096, a little under it) is the count or one less, told apart
    /// by one power of ten (a magnitude is below 2^64, under 10^20).
    @inline(__always)
    static func digitCount(_ magnitude: UInt64) -> Int {
        let bits = UInt64.bitWidth - magnitude.leadingZeroBitCount
        let estimate = (bits * 1233) >> 12
        return max(1, estimate + (magnitude >= powersOfTen[estimate] ? 1 : 0))
    }

    /// 10^0 to 10^19, written out: a list of literals is laid down when the program is built,
    /// where one worked out is made on first use, behind a check at every use.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// `00` to `99`, two bytes each.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
