/// Money from one currency into another: the one place a rate is applied (grammar.md,
/// "Several currencies").
extension Money {
    /// `amount` (minor units of a currency with `decimals`) at `rate` (the home currency's
    /// worth of one unit, as written: its digits and their scale), in minor units of the home
    /// currency with `homeDecimals`: the exact product, rounded once to the nearest minor unit,
    /// a half away from zero. Throws when the result does not fit.
    static func converted(_ amount: Money, decimals: Int, rate: NumberSyntax.Decimal, homeDecimals: Int) throws(MoneyOverflow) -> Money {
        // |amount| × |rate| fits 128 bits; the result is that over 10^(decimals + scale −
        // homeDecimals), or times its inverse.
        let product = UInt128(amount.minorUnits.magnitude) * UInt128(rate.mantissa.magnitude)
        let shift = decimals + rate.scale - homeDecimals
        var magnitude: UInt128
        if shift <= 0 {
            var scaled = product
            for _ in 0..<(-shift) {
                let (next, overflow) = scaled.multipliedReportingOverflow(by: 10)
                guard !overflow else { throw MoneyOverflow() }
                scaled = next
            }
            magnitude = scaled
        } else {
            guard shift <= 38 else { return .zero }
            var divisor: UInt128 = 1
            for _ in 0..<shift { divisor *= 10 }
            magnitude = product / divisor
            if (product % divisor) * 2 >= divisor { magnitude += 1 }
        }
        guard magnitude <= UInt128(Int64.max) else { throw MoneyOverflow() }
        let negative = (amount.minorUnits < 0) != (rate.mantissa < 0)
        let value = Int64(magnitude)
        return Money(minorUnits: negative ? -value : value)
    }

    /// Whether `converted` needs no rounding: `amount` at `rate` is a whole number of the home
    /// currency's minor units.
    static func convertsExactly(_ amount: Money, decimals: Int, rate: NumberSyntax.Decimal, homeDecimals: Int) -> Bool {
        let product = UInt128(amount.minorUnits.magnitude) * UInt128(rate.mantissa.magnitude)
        let shift = decimals + rate.scale - homeDecimals
        guard shift > 0 else { return true }
        guard shift <= 38 else { return product == 0 }
        var divisor: UInt128 = 1
        for _ in 0..<shift { divisor *= 10 }
        return product % divisor == 0
    }

    /// `home` (minor units of the home currency with `homeDecimals`) in a currency one unit of
    /// which is worth `rate` of the home one: home ÷ rate, in minor units of that currency
    /// with `decimals`, rounded once, a half away from zero (`report --value`). Throws when the
    /// rate is not above zero or the result does not fit.
    static func valued(_ home: Money, homeDecimals: Int, rate: NumberSyntax.Decimal, decimals: Int) throws(MoneyOverflow) -> Money {
        guard rate.mantissa > 0 else { throw MoneyOverflow() }
        // home × 10^(decimals + scale − homeDecimals) ÷ mantissa.
        let shift = decimals + rate.scale - homeDecimals
        var numerator = Int128(home.minorUnits)
        var denominator = Int128(rate.mantissa)
        guard abs(shift) <= 30 else { throw MoneyOverflow() }
        for _ in 0..<max(shift, 0) { numerator *= 10 }
        for _ in 0..<max(-shift, 0) { denominator *= 10 }
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder.magnitude * 2 >= denominator.magnitude { quotient += numerator < 0 ? -1 : 1 }
        guard let value = Int64(exactly: quotient) else { throw MoneyOverflow() }
        return Money(minorUnits: value)
    }

    /// `total × part ÷ whole`, rounded once to the nearest minor unit, a half away from zero:
    /// the part of a holding's booked home value (`total`) that `part` of its `whole` native
    /// amount carries. Throws when `whole` is zero or the result does not fit.
    static func share(of total: Money, part: Money, whole: Money) throws(MoneyOverflow) -> Money {
        guard whole.minorUnits != 0 else { throw MoneyOverflow() }
        let numerator = Int128(total.minorUnits) * Int128(part.minorUnits)
        let denominator = Int128(whole.minorUnits)
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder.magnitude * 2 >= denominator.magnitude { quotient += (numerator < 0) != (denominator < 0) ? -1 : 1 }
        guard let value = Int64(exactly: quotient) else { throw MoneyOverflow() }
        return Money(minorUnits: value)
    }

    /// A number as written (digits and scale) in minor units of a currency with `decimals`,
    /// rounded once to the nearest minor unit, a half away from zero (a `@@` total written
    /// with more decimals than the home currency has).
    static func rounded(_ number: NumberSyntax.Decimal, decimals: Int) throws(MoneyOverflow) -> Money {
        try converted(Money(minorUnits: number.mantissa), decimals: number.scale, rate: NumberSyntax.Decimal(mantissa: 1, scale: 0),
                      homeDecimals: decimals)
    }

    /// The rate a home amount stands for: `home` ÷ `native` as the home currency's worth of
    /// one unit, in units of 10^−places (rounded half away from zero); nil for a zero native
    /// amount or a rate too large to hold.
    static func rate(home: Money, homeDecimals: Int, native: Money, decimals: Int, places: Int) -> Money? {
        guard native.minorUnits != 0 else { return nil }
        // home × 10^(decimals + places − homeDecimals) ÷ native.
        let shift = decimals + places - homeDecimals
        guard shift >= 0, shift <= 30 else { return nil }
        var numerator = Int128(home.minorUnits)
        for _ in 0..<shift { numerator *= 10 }
        let denominator = Int128(native.minorUnits)
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder.magnitude * 2 >= denominator.magnitude { quotient += (numerator < 0) != (denominator < 0) ? -1 : 1 }
        return Int64(exactly: quotient).map { Money(minorUnits: $0) }
    }
}
