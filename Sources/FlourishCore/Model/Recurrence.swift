/// When something recurs: a first date, a frequency, and an optional end (a last date or a
/// number of times). Schedules and subscriptions share it (grammar.md, `schedule`).
///
/// Occurrences are computed from the first date, never from the one before, so months of
/// different lengths don't drift: monthly from January 31 falls on February 28 (or 29), then
/// March 31.
public struct Recurrence: Sendable, Equatable {
    public enum Frequency: Sendable, Equatable {
        /// Every `n` days.
        case days(Int)
        /// Every `n` weeks (the first date's weekday).
        case weeks(Int)
        /// Every `n` months on a day: the first date's, a fixed one, or the month's last.
        case months(Int, on: MonthDay)
        /// Every year on the first date's month and day (February 29 falls on the 28th in
        /// other years).
        case yearly
    }

    public enum MonthDay: Sendable, Equatable {
        case firstDate
        case day(Int)
        case last
    }

    public enum End: Sendable, Equatable {
        /// The last date an occurrence may fall on.
        case until(CivilDate)
        /// How many occurrences there are.
        case times(Int)
    }

    public var first: CivilDate
    public var frequency: Frequency
    public var end: End?

    public init(first: CivilDate, frequency: Frequency, end: End? = nil) {
        self.first = first
        self.frequency = frequency
        self.end = end
    }

    /// The date of occurrence number `n` (0 is the first) by the frequency alone, ignoring
    /// the end; nil past the calendar's last date.
    func nominal(_ n: Int) -> CivilDate? {
        switch frequency {
        case .days(let every):
            let (product, overflow) = n.multipliedReportingOverflow(by: every)
            guard !overflow, first.dayNumber + product <= CivilDate.latest.dayNumber else { return nil }
            return first.adding(days: product)
        case .weeks(let every):
            let (product, overflow) = n.multipliedReportingOverflow(by: every * 7)
            guard !overflow, first.dayNumber + product <= CivilDate.latest.dayNumber else { return nil }
            return first.adding(days: product)
        case .months(let every, let on):
            guard n <= 12 * 10_000 / max(1, every) else { return nil }
            // With a fixed day, the months start at the first date's month; occurrences before
            // the first date are skipped by `occurrence`.
            let month = first.month + n * every
            let day: Int
            switch on {
            case .firstDate: day = first.day
            case .day(let fixed): day = fixed
            case .last: day = 31
            }
            return CivilDate.clamped(year: first.year, month: month, day: day)
        case .yearly:
            guard n <= 10_000 else { return nil }
            return CivilDate.clamped(year: first.year + n, month: first.month, day: first.day)
        }
    }

    /// Occurrences on or after the first date, in order: with a fixed day of the month, the
    /// first month's may fall before the first date and is not one.
    private var skipsFirstNominal: Bool {
        guard case .months(_, let on) = frequency, on != .firstDate, let date = nominal(0) else { return false }
        return date < first
    }

    /// More days than can pass between two occurrences.
    private var longestGap: Int {
        switch frequency {
        case .days(let every): return every + 1
        case .weeks(let every): return 7 * every + 1
        case .months(let every, _): return 31 * (every + 1)
        case .yearly: return 367
        }
    }

    /// The first occurrence on or after `date`, if there is one.
    public func first(onOrAfter date: CivilDate) -> CivilDate? {
        let from = max(date, first)
        return occurrences(in: from...from.adding(days: longestGap)).first
    }

    /// The last occurrence before `date`, if there is one.
    public func last(before date: CivilDate) -> CivilDate? {
        guard first < date else { return nil }
        let low = max(first, date.adding(days: -longestGap))
        return occurrences(in: low...date.adding(days: -1)).last
    }

    /// The dates this recurs on within `range`, in order, honouring the end.
    public func occurrences(in range: ClosedRange<CivilDate>) -> [CivilDate] {
        var dates: [CivilDate] = []
        var counted = 0
        let skip = skipsFirstNominal ? 1 : 0
        // Start near the range for the frequencies whose step is fixed in days; a `times` end
        // counts from the first occurrence, so it starts there.
        var n = skip
        if case .times = end {} else {
            switch frequency {
            case .days(let every): n = max(skip, first.days(until: range.lowerBound) / every - 1)
            case .weeks(let every): n = max(skip, first.days(until: range.lowerBound) / (7 * every) - 1)
            case .months(let every, _):
                let months = (range.lowerBound.year - first.year) * 12 + range.lowerBound.month - first.month
                n = max(skip, months / every - 1)
            case .yearly: n = max(0, range.lowerBound.year - first.year - 1)
            }
        }
        while let date = nominal(n), date <= range.upperBound {
            counted = n - skip + 1
            if case .times(let count) = end, counted > count { break }
            if case .until(let last) = end, date > last { break }
            if date >= range.lowerBound && date >= first { dates.append(date) }
            n += 1
        }
        return dates
    }
}
