/// Reads dates, amounts and small numbers from the bytes of one word (grammar.md, "Values").
enum NumberSyntax {
    /// An amount as written: an integer mantissa and the number of decimals written.
    struct Decimal: Equatable, Sendable {
        var mantissa: Int64
        var scale: Int

        /// The same number without zeros at the end of its decimals (`2.50` → `2.5`).
        var normalized: Decimal {
            var value = self
            while value.scale > 0, value.mantissa % 10 == 0 { value = Decimal(mantissa: value.mantissa / 10, scale: value.scale - 1) }
            return value
        }
    }

    enum Failure: Error {
        case malformed
        case overflow
    }

    /// `YYYY-MM-DD`; the failure reason says what is wrong with a well-formed but impossible date.
    static func date<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Result<CivilDate, DateFailure>
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let base = bytes.startIndex
        guard bytes.count == 10, bytes[base + 4] == UInt8(ascii: "-"), bytes[base + 7] == UInt8(ascii: "-") else {
            return .failure(.malformed)
        }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[base + index]
                guard ByteClass.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10) else {
            return .failure(.malformed)
        }
        guard year >= 1 else { return .failure(.impossible("there is no year 0")) }
        guard (1...12).contains(month) else { return .failure(.impossible("there is no month \(month)")) }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            let count = CivilDate.daysIn(month: month, year: year)
            let name = CivilDate.monthNames[month - 1]
            return .failure(.impossible("\(name) \(year) has \(count) days"))
        }
        return .success(date)
    }

    /// The ten bytes of `bytes` from `start` as a date when they are one (`YYYY-MM-DD`, a
    /// real day), for the common entry line; nil otherwise (`date` then says what is wrong).
    @inline(__always)
    static func plainDate(_ bytes: ByteView, at start: Int) -> CivilDate? {
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return nil }
        var year = 0
        for index in start..<start + 4 {
            let digit = Int(bytes[index]) - 0x30
            guard digit >= 0 && digit <= 9 else { return nil }
            year = year * 10 + digit
        }
        let m1 = Int(bytes[start + 5]) - 0x30, m2 = Int(bytes[start + 6]) - 0x30
        let d1 = Int(bytes[start + 8]) - 0x30, d2 = Int(bytes[start + 9]) - 0x30
        guard m1 >= 0 && m1 <= 9, m2 >= 0 && m2 <= 9, d1 >= 0 && d1 <= 9, d2 >= 0 && d2 <= 9 else { return nil }
        return CivilDate(year: year, month: m1 * 10 + m2, day: d1 * 10 + d2)
    }

    enum DateFailure: Error {
        case malformed
        case impossible(String)
    }

    /// `[+-]DIGITS[.DIGITS]` with optional `,` thousands separators in groups of three.
    ///
    /// The common shape is read where this is called (it is inlined); the rest, with its
    /// separators and overflow tests, by `separatedDecimal`.
    @inline(__always)
    static func decimal<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Result<Decimal, Failure>
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        if let plain = plainDecimal(bytes, from: index) {
            return .success(Decimal(mantissa: negative ? -plain.mantissa : plain.mantissa, scale: plain.scale))
        }
        return separatedDecimal(bytes, from: index, negative: negative)
    }

    /// `decimal` after the sign, for any shape: thousands separators, more than 18 digits.
    @inline(never)
    private static func separatedDecimal<Bytes: RandomAccessCollection>(_ bytes: Bytes, from start: Int, negative: Bool) -> Result<Decimal, Failure>
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = start
        let end = bytes.endIndex
        var mantissa: Int64 = 0
        var overflow = false
        func push(_ byte: UInt8) {
            let (times, o1) = mantissa.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(byte - 0x30))
            overflow = overflow || o1 || o2
            mantissa = sum
        }
        var groupLength = 0
        var sawComma = false
        var integerDigits = 0
        while index < end {
            let byte = bytes[index]
            if ByteClass.isDigit(byte) {
                push(byte)
                groupLength += 1
                integerDigits += 1
            } else if byte == UInt8(ascii: ",") {
                if integerDigits == 0 || (sawComma ? groupLength != 3 : groupLength > 3) { return .failure(.malformed) }
                sawComma = true
                groupLength = 0
            } else {
                break
            }
            index += 1
        }
        if integerDigits == 0 || (sawComma && groupLength != 3) { return .failure(.malformed) }
        var scale = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, ByteClass.isDigit(bytes[index]) {
                push(bytes[index])
                scale += 1
                index += 1
            }
            if scale == 0 { return .failure(.malformed) }
        }
        if index != end { return .failure(.malformed) }
        if overflow { return .failure(.overflow) }
        return .success(Decimal(mantissa: negative ? -mantissa : mantissa, scale: scale))
    }

    /// The common shape alone after the sign, `DIGITS[.DIGITS]` without separators and with
    /// at most 18 digits (eighteen always fit in an `Int64`, so none is tested for overflow),
    /// unsigned; nil for anything else, which `decimal` then reads in full.
    @inline(__always)
    private static func plainDecimal<Bytes: RandomAccessCollection>(_ bytes: Bytes, from start: Int) -> Decimal?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = start
        let end = bytes.endIndex
        guard end - index <= 18 else { return nil }
        var mantissa: Int64 = 0
        while index < end, ByteClass.isDigit(bytes[index]) {
            mantissa = mantissa * 10 + Int64(bytes[index] - 0x30)
            index += 1
        }
        guard index > start else { return nil }
        var scale = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, ByteClass.isDigit(bytes[index]) {
                mantissa = mantissa * 10 + Int64(bytes[index] - 0x30)
                scale += 1
                index += 1
            }
            guard scale > 0 else { return nil }
        }
        guard index == end else { return nil }
        return Decimal(mantissa: mantissa, scale: scale)
    }

    /// The decimal in minor units of a currency with `decimals` decimals.
    static func minorUnits(_ value: Decimal, decimals: Int) -> Int64? {
        var result = value.mantissa
        var scale = value.scale
        while scale < decimals {
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = times
            scale += 1
        }
        return result
    }

    /// A small unsigned integer such as a day of the month.
    static func smallInteger<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        guard !bytes.isEmpty, bytes.count <= 6 else { return nil }
        var value = 0
        for byte in bytes {
            guard ByteClass.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
