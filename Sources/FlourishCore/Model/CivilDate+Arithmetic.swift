extension CivilDate {
    /// The first and last dates the format allows.
    public static let earliest = CivilDate(year: 1, month: 1, day: 1)!
    public static let latest = CivilDate(year: 9999, month: 12, day: 31)!

    /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's civil-from-days), clamped
    /// to `earliest...latest`.
    public init(dayNumber: Int) {
        let dayNumber = min(max(dayNumber, CivilDate.earliest.dayNumber), CivilDate.latest.dayNumber)
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // The arithmetic above only yields real dates.
        self = CivilDate(year: year, month: month, day: day) ?? CivilDate.latest
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: CivilDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The same day of another month, clamped to that month's last day.
    static func clamped(year: Int, month: Int, day: Int) -> CivilDate? {
        var year = year
        var month = month
        while month < 1 { month += 12; year -= 1 }
        while month > 12 { month -= 12; year += 1 }
        guard (1...9999).contains(year) else { return nil }
        return CivilDate(year: year, month: month, day: min(day, daysIn(month: month, year: year)))
    }
}
