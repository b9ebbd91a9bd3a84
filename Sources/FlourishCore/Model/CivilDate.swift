/// A calendar date without time or time zone, as written in the ledger (YYYY-MM-DD).
///
/// Stored in four bytes (year × 512 + month × 32 + day), which keeps entries small and makes
/// comparing two dates one integer comparison.
public struct CivilDate: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
    private let packed: Int32

    public var year: Int { Int(packed >> 9) }
    public var month: Int { Int((packed >> 5) & 0xF) }
    public var day: Int { Int(packed & 0x1F) }

    /// A validated date, or nil when the day does not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        packed = Int32(year << 9 | month << 5 | day)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.packed < rhs.packed
    }

    /// Days since 1970-01-01 (Howard Hinnant's days-from-civil, integer arithmetic only).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DD`, written straight into the string's storage (a register prints one a line).
    public var description: String {
        String(writingAtMost: 10) { out in
            write(into: out)
            return 10
        }
    }

    /// `YYYY-MM-DD` into the first ten bytes of `out` (renderers write dates straight into
    /// their output). The year is 1...9999 (the initializer's range): four digits.
    func write(into out: MutableByteView) {
        let (year, month, day) = (self.year, self.month, self.day)
        func digit(_ value: Int) -> UInt8 { UInt8(48 + value) }
        out[0] = digit(year / 1000)
        out[1] = digit(year / 100 % 10)
        out[2] = digit(year / 10 % 10)
        out[3] = digit(year % 10)
        out[4] = UInt8(ascii: "-")
        out[5] = digit(month / 10)
        out[6] = digit(month % 10)
        out[7] = UInt8(ascii: "-")
        out[8] = digit(day / 10)
        out[9] = digit(day % 10)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}
