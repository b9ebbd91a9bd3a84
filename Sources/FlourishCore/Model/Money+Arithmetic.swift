/// Checked arithmetic on money: every sum, difference, product and division either gives the
/// exact result or throws `MoneyOverflow`. It never wraps and never traps.
///
/// This file is the one place where money is added, subtracted, multiplied or divided; code
/// elsewhere writes `try a + b`, `try a * 12`, `try a.dividedRounded(by: 30)`.
public struct MoneyOverflow: Error, Sendable, Equatable {
    /// The line that pushed the figure over, when known.
    public var location: SourceLocation?
    /// The figure, e.g. "the projected spending of 2026-01", when known.
    public var what: String?

    public init(at location: SourceLocation? = nil, what: String? = nil) {
        self.location = location
        self.what = what
    }
}

/// Runs `body`; an overflow that names no line is blamed on `location` and described as
/// `what`, so that every overflow a report meets is a diagnostic at a line of the ledger.
public func blaming<T>(_ location: @autoclosure () -> SourceLocation?, _ what: @autoclosure () -> String,
                       _ body: () throws(MoneyOverflow) -> T) throws(MoneyOverflow) -> T {
    do {
        return try body()
    } catch {
        throw MoneyOverflow(at: error.location ?? location(), what: error.what ?? what())
    }
}

extension Money {
    public static func + (lhs: Money, rhs: Money) throws(MoneyOverflow) -> Money {
        let (value, overflow) = lhs.minorUnits.addingReportingOverflow(rhs.minorUnits)
        if overflow { throw MoneyOverflow() }
        return Money(minorUnits: value)
    }

    public static func - (lhs: Money, rhs: Money) throws(MoneyOverflow) -> Money {
        let (value, overflow) = lhs.minorUnits.subtractingReportingOverflow(rhs.minorUnits)
        if overflow { throw MoneyOverflow() }
        return Money(minorUnits: value)
    }

    public static func * (lhs: Money, rhs: Int) throws(MoneyOverflow) -> Money {
        guard let factor = Int64(exactly: rhs) else { throw MoneyOverflow() }
        let (value, overflow) = lhs.minorUnits.multipliedReportingOverflow(by: factor)
        if overflow { throw MoneyOverflow() }
        return Money(minorUnits: value)
    }

    public static prefix func - (value: Money) throws(MoneyOverflow) -> Money {
        guard let negated = value.negated else { throw MoneyOverflow() }
        return negated
    }

    /// The amount without its sign, or an overflow for the one value that has none.
    public func magnitude() throws(MoneyOverflow) -> Money {
        minorUnits < 0 ? try -self : self
    }

    /// self ÷ divisor, rounded half away from zero. Division by zero gives zero.
    public func dividedRounded(by divisor: Int) throws(MoneyOverflow) -> Money {
        guard let divisor = Int64(exactly: divisor) else { throw MoneyOverflow() }
        return Money(minorUnits: try Money.roundedQuotient(minorUnits, divisor))
    }

    /// self ÷ divisor cut towards zero to the minor unit, for divisor > 0.
    public func dividedTruncating(by divisor: Int) throws(MoneyOverflow) -> Money {
        guard let divisor = Int64(exactly: divisor), divisor > 0 else { throw MoneyOverflow() }
        return Money(minorUnits: minorUnits / divisor)
    }

    /// A yearly amount's share of one month: a twelfth, rounded half away from zero to the
    /// minor unit (grammar.md, `income`): 1000.06 a year is 83.34 a month.
    public static func monthlyShare(ofYearly yearly: Money) throws(MoneyOverflow) -> Money {
        try yearly.dividedRounded(by: 12)
    }

    /// A weekly amount's share of one month: × 52 ÷ 12, rounded half away from zero.
    public static func monthlyShare(ofWeekly weekly: Money) throws(MoneyOverflow) -> Money {
        try weekly.scaled(by: 52, over: 12)
    }

    /// self ÷ divisor rounded up (away from zero) to the minor unit, for divisor > 0.
    public func dividedRoundingUp(by divisor: Int) throws(MoneyOverflow) -> Money {
        guard divisor > 0, let d = Int64(exactly: divisor) else { throw MoneyOverflow() }
        let (q, r) = minorUnits.quotientAndRemainder(dividingBy: d)
        // |q| ≤ |self| ÷ 2 whenever r ≠ 0, so the step away from zero cannot overflow.
        return Money(minorUnits: r == 0 ? q : q + (minorUnits < 0 ? -1 : 1))
    }

    /// self × numerator ÷ denominator, rounded half away from zero, exact even when the
    /// intermediate product needs more than 64 bits. Throws only when the result does not fit.
    public func scaled(by numerator: Int, over denominator: Int) throws(MoneyOverflow) -> Money {
        guard denominator != 0 else { return .zero }
        guard let n = Int64(exactly: numerator), let d = Int64(exactly: denominator) else { throw MoneyOverflow() }
        let negative = ((minorUnits < 0) != (n < 0)) != (d < 0)
        let product = minorUnits.magnitude.multipliedFullWidth(by: n.magnitude)
        let divisor = d.magnitude
        guard product.high < divisor else { throw MoneyOverflow() }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        // Round half away from zero: compare 2 × remainder with the divisor without overflowing.
        var magnitude = quotient
        if remainder >= divisor - remainder {
            let (next, overflow) = magnitude.addingReportingOverflow(1)
            if overflow { throw MoneyOverflow() }
            magnitude = next
        }
        return try Money.signed(magnitude, negative: negative)
    }

    /// `part ÷ whole` in basis points (10000 = 100%), cut towards zero; nil when the
    /// whole is zero. Shares too large for an `Int` are clamped, as they are only ever shown.
    public static func basisPoints(_ part: Money, of whole: Money) -> Int? {
        guard whole.minorUnits != 0 else { return nil }
        // Cut towards zero, never rounded up: 179.99 of 200.00 is 8,999 (89 %), not "near" 90 %.
        // A 128-bit product cannot overflow; a share past Int's range is its end.
        let share = Int128(part.minorUnits) * 10_000 / Int128(whole.minorUnits)
        return Int(exactly: share) ?? (share < 0 ? Int.min : Int.max)
    }

    /// The sum of many amounts.
    public static func sum<S: Sequence>(_ amounts: S) throws(MoneyOverflow) -> Money where S.Element == Money {
        var total = Money.zero
        for amount in amounts { total = try total + amount }
        return total
    }

    /// a ÷ b rounded half away from zero, for b ≠ 0.
    private static func roundedQuotient(_ a: Int64, _ b: Int64) throws(MoneyOverflow) -> Int64 {
        guard b != 0 else { return 0 }
        if a == .min && b == -1 { throw MoneyOverflow() }
        let q = a / b
        let r = a % b
        // |r| × 2 ≥ |b|, written so that neither side can overflow.
        if r.magnitude >= b.magnitude - r.magnitude { return q + ((a < 0) != (b < 0) ? -1 : 1) }
        return q
    }

    private static func signed(_ magnitude: UInt64, negative: Bool) throws(MoneyOverflow) -> Money {
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw MoneyOverflow() }
            return Money(minorUnits: magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { throw MoneyOverflow() }
        return Money(minorUnits: Int64(magnitude))
    }
}
