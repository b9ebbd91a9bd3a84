/// A budgeting month: from the month-start day to the day before the next one.
///
/// With `month-start 1` it is a calendar month. With `month-start 25`, the budgeting month
/// "November 2026" runs from 2026-10-25 to 2026-11-24: it is named after the calendar month
/// in which it ends.
public struct BudgetMonth: Hashable, Sendable, CustomStringConvertible {
    public let first: CivilDate
    public let last: CivilDate
    /// The calendar month it is named after.
    public let year: Int
    public let month: Int

    /// The budgeting month containing `date` when months start on day `startDay` (1–28).
    public init(containing date: CivilDate, startDay: Int) {
        let start: CivilDate
        if date.day >= startDay {
            start = CivilDate.clamped(year: date.year, month: date.month, day: startDay) ?? date
        } else {
            start = CivilDate.clamped(year: date.year, month: date.month - 1, day: startDay) ?? date
        }
        first = start
        if let nextStart = CivilDate.clamped(year: start.year, month: start.month + 1, day: startDay) {
            last = nextStart.adding(days: -1)
        } else {
            last = CivilDate.latest  // the month after December 9999 does not exist
        }
        year = last.year
        month = last.month
    }

    public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }

    /// Days of the month after `date` (0 on its last day).
    public func daysAfter(_ date: CivilDate) -> Int { max(0, date.days(until: last)) }

    /// `2026-11`.
    public var description: String {
        (year < 1000 ? String(repeating: "0", count: 4 - String(year).count) : "") + "\(year)-\(month < 10 ? "0" : "")\(month)"
    }
}

extension BudgetMonth {
    /// The date in this budgeting month that falls on day `day` of a calendar month (the last
    /// day of shorter months).
    public func date(ofDay day: Int) -> CivilDate {
        let candidate = CivilDate.clamped(year: first.year, month: first.month, day: day) ?? first
        if candidate >= first { return candidate }
        return CivilDate.clamped(year: first.year, month: first.month + 1, day: day) ?? last
    }

    /// The budgeting month named after calendar month `month` of `year` (months outside 1–12
    /// roll into the years around it): the one that ends in that calendar month.
    public static func named(year: Int, month: Int, startDay: Int) -> BudgetMonth? {
        let lastDay = startDay > 1 ? startDay - 1 : 1
        guard let day = CivilDate.clamped(year: year, month: month, day: lastDay) else { return nil }
        return BudgetMonth(containing: day, startDay: startDay)
    }

    /// The budgeting month after this one.
    public var next: BudgetMonth { BudgetMonth(containing: last.adding(days: 1), startDay: first.day) }
}
