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

    /// Every way of writing an amount agrees with one made from the standard library's decimal
    /// digits (zeros in front to `decimals + 1`, the point, a comma every three digits from
    /// the point): every number of digits, the extremes, each decimal count, both groupings
    /// and signs.
    @Test func formattingAgreesWithAModelOnEveryLength() {
        func model(_ units: Int64, decimals: Int, grouping: Bool, signed: Bool) -> String {
            var digits = String(units.magnitude)
            if digits.count < decimals + 1 { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
            var whole = String(digits.dropLast(decimals))
            if grouping {
                var grouped = ""
                for (place, character) in whole.reversed().enumerated() {
                    if place > 0 && place % 3 == 0 { grouped.append(",") }
                    grouped.append(character)
                }
                whole = String(grouped.reversed())
            }
            let fraction = decimals > 0 ? "." + digits.suffix(decimals) : ""
            return (signed && units < 0 ? "-" : "") + whole + fraction
        }
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1000, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power, power - 1, -power, -(power - 1), power + 1, power / 3, -power / 7]
        }
        // Each bit length, at its ends (the digits are counted from it).
        for shift in 0..<63 { values += [Int64(1) << shift, (Int64(1) << shift) - 1, -(Int64(1) << shift)] }
        var generator = LedgerGenerator(seed: 11)
        for _ in 0..<2000 { values.append(Int64(generator.next(1_000_000_000)) * Int64(generator.next(1_000_000_000)) * (generator.next(2) == 0 ? 1 : -1)) }
        var wrong: [String] = []
        for units in values {
            for decimals in [0, 1, 2, 3, 4, 7, 18] {
                for grouping in [false, true] {
                    for signed in [false, true] {
                        let made = String(writingAtMost: 48) {
                            Money(minorUnits: units).write(decimals: decimals, grouping: grouping, signed: signed, into: $0)
                        }
                        let expected = model(units, decimals: decimals, grouping: grouping, signed: signed)
                        if made != expected { wrong.append("\(units) \(decimals) \(grouping) \(signed): \(made) ≠ \(expected)") }
                    }
                }
            }
        }
        #expect(wrong == [])
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

    /// The decimal reader against a model written here on its own (digits summed with a
    /// test for overflow at every step, separators checked in groups of three), on 50,000
    /// random words of digits, signs, points and commas, up to 22 bytes: around the
    /// eighteen digits read without a test and the nineteen that may overflow.
    @Test func decimalSyntaxAgreesWithAModelOnRandomWords() {
        enum Outcome: Equatable { case value(Int64, Int), malformed, overflow }
        func model(_ text: [UInt8]) -> Outcome {
            var body = text[...]
            var negative = false
            if let first = body.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                body = body.dropFirst()
            }
            let parts = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else { return .malformed }
            let groups = whole.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard let lead = groups.first, !lead.isEmpty, lead.count <= (groups.count > 1 ? 3 : Int.max),
                  groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return .malformed }
            let fraction = parts.count == 2 ? Array(parts[1]) : []
            if parts.count == 2 && fraction.isEmpty { return .malformed }
            let digits = groups.flatMap { $0 } + fraction
            guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return .malformed }
            var value: Int64 = 0
            for digit in digits {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int64(digit - 0x30))
                if o1 || o2 { return .overflow }
                value = sum
            }
            return .value(negative ? -value : value, fraction.count)
        }
        var random = LedgerGenerator(seed: 41)
        let alphabet = Array("0123456789".utf8) + Array("0123456789".utf8) + [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "x")]
        for _ in 0..<50_000 {
            var word: [UInt8] = []
            if random.next(4) == 0 { word.append(random.next(2) == 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")) }
            let length = random.next(23)
            for _ in 0..<length {
                // Mostly digits, so that long words of digits alone come up often.
                word.append(random.next(3) == 0 ? random.pick(alphabet) : UInt8(0x30 + random.next(10)))
            }
            let outcome: Outcome
            switch NumberSyntax.decimal(ArraySlice(word)) {
            case .success(let value): outcome = .value(value.mantissa, value.scale)
            case .failure(.overflow): outcome = .overflow
            case .failure: outcome = .malformed
            }
            #expect(outcome == model(word), "\(String(decoding: word, as: UTF8.self))")
        }
        #expect(NumberSyntax.decimal(ArraySlice(Array("999999999999999999".utf8))).map(\.mantissa) == .success(999_999_999_999_999_999))
        #expect(NumberSyntax.decimal(ArraySlice(Array("9223372036854775807".utf8))).map(\.mantissa) == .success(.max))
        guard case .failure(.overflow) = NumberSyntax.decimal(ArraySlice(Array("9223372036854775808".utf8))) else {
            Issue.record("one past the largest Int64 is an overflow")
            return
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
