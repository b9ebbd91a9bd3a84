/// A report's period cut into columns: budgeting months, quarters of them or years of them
/// (`--monthly`, `--quarterly`, `--yearly`), the first and last clipped to the period.
public struct PeriodColumns: Sendable {
    public enum Interval: String, CaseIterable, Sendable {
        case monthly, quarterly, yearly
    }

    public struct Column: Sendable, Equatable {
        /// `2026-11`, `2026-Q4`, `2026`, or the dates of a period that is not one of those.
        public var label: String
        public var range: ClosedRange<CivilDate>
        /// The budgeting months in it, whole or in part.
        public var months: [BudgetMonth]
    }

    public var columns: [Column]
    /// How the period was cut (nil: one column for all of it).
    public var interval: Interval?

    /// "by month", "by quarter", "by year", for titles.
    public var title: String {
        switch interval {
        case .monthly: return "by month"
        case .quarterly: return "by quarter"
        case .yearly: return "by year"
        case nil: return "in all"
        }
    }

    /// At most this many columns: a hundred years of months.
    public static let limit = 1_200
    /// The columns a report over the whole ledger shows when no period is asked for: the
    /// latest two years of months (all of the quarters and years of a ledger up to 24 long).
    public static let mostByDefault = 24

    /// The columns of `range` by `interval`; nil when there would be more than `limit`.
    public static func make(_ range: ClosedRange<CivilDate>, interval: Interval, startDay: Int) -> PeriodColumns? {
        var columns: [Column] = []
        var month = BudgetMonth(containing: range.lowerBound, startDay: startDay)
        while month.first <= range.upperBound {
            let label: String
            switch interval {
            case .monthly: label = month.description
            case .quarterly: label = String(month.description.prefix(4)) + "-Q\((month.month - 1) / 3 + 1)"
            case .yearly: label = String(month.description.prefix(4))
            }
            let clipped = max(month.first, range.lowerBound)...min(month.last, range.upperBound)
            if columns.last?.label == label {
                columns[columns.count - 1].range = columns[columns.count - 1].range.lowerBound...clipped.upperBound
                columns[columns.count - 1].months.append(month)
            } else {
                if columns.count == limit { return nil }
                columns.append(Column(label: label, range: clipped, months: [month]))
            }
            guard month.last < .latest else { break }
            month = month.next
        }
        return PeriodColumns(columns: columns, interval: interval)
    }

    /// One column for the whole of `range`, named by its dates; nil when it holds more than
    /// `limit` budgeting months.
    public static func whole(_ range: ClosedRange<CivilDate>, startDay: Int) -> PeriodColumns? {
        var months: [BudgetMonth] = []
        var month = BudgetMonth(containing: range.lowerBound, startDay: startDay)
        while month.first <= range.upperBound {
            if months.count == limit { return nil }
            months.append(month)
            guard month.last < .latest else { break }
            month = month.next
        }
        return PeriodColumns(columns: [Column(label: "\(range.lowerBound)..\(range.upperBound)", range: range, months: months)], interval: nil)
    }
}
