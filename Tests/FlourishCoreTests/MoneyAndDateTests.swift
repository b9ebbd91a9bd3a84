import Testing
@testable import FlourishCore

/// Exact money and civil dates.
@Suite struct MoneyAndDateTests {
    @Test func formatting() {
        #expect(Money(minorUnits: 123_456_789).formatted(decimals: 2) == "1,234,567.89")
        #expect(Money(minorUnits: -5).formatted(decimals: 2) == "-0.05")
        #expect(Money(minorUnits: 1500).formatted(decimals: 0) == "1,500")
        #expect(Money(minorUnits: 100).formatted(decimals: 2, grouping: false) == "1.00")
        #expect(Money(minorUnits: .min).formatted(decimals: 2) == "-92,233,720,368,547,758.08")
    }

    @Test func overflowIsDetectedNotWrapped() {
        #expect(Money(minorUnits: .max).adding(Money(minorUnits: 1)) == nil)
        #expect(Money(minorUnits: .min).negated == nil)
        #expect(Money(minorUnits: 5).adding(Money(minorUnits: -7)) == Money(minorUnits: -2))
    }

    @Test func decimalSyntax() throws {
        func parse(_ text: String) -> NumberSyntax.Decimal? {
            if case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(text.utf8))) { return value }
            return nil
        }
        #expect(parse("1,234.5").map { [$0.mantissa, Int64($0.scale)] } == [12345, 1])
        #expect(parse("-0.05").map { [$0.mantissa, Int64($0.scale)] } == [-5, 2])
        for bad in ["", "-", "1.", ".5", "1,23", "12,34.5", ",123", "1,2345", "1.2.3", "1e5", "--1", "١٢"] {
            #expect(parse(bad) == nil, "\(bad) should not parse")
        }
    }

    @Test func civilDates() {
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 1970, month: 1, day: 1)?.dayNumber == 0)
        #expect(CivilDate(year: 2026, month: 11, day: 22)?.dayNumber == 20_779)
        #expect(CivilDate(year: 2026, month: 3, day: 5)?.description == "2026-03-05")
    }
}
