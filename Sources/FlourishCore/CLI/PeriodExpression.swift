/// Period expressions as hledger users write them after `-p`, `-b` and `-e`.
///
/// A *span* names days: `2026-11-05` (a day), `2026-11` (a budgeting month), `2026-Q4`,
/// `2026` (a year of budgeting months), `today`, `yesterday`, `this month`, `last quarter`,
/// `next year`. A *period* is a span, or `from A to B`, `A..B`, `from A`, `to B`, `A..`,
/// `..B`: from the first day of A to the day before B begins (B is excluded, as in hledger).
/// Relative words count from the report date, never from the clock.
enum PeriodExpression {
    /// The first and last days of a period; nil at an open end.
    struct Bounds: Equatable {
        var first: CivilDate?
        var last: CivilDate?
    }

    /// The period `text` names, or a message saying what is wrong with it.
    static func period(_ text: String, reference: CivilDate, startDay: Int) -> Result<Bounds, Invocation.UsageError> {
        // `A..B` is `from A to B`, with or without spaces around the dots.
        let words = text.lowercased().replacing("..", with: " .. ")
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var from: [String] = []
        var to: [String] = []
        if let dots = words.firstIndex(of: "..") {
            from = Array(words[..<dots])
            to = Array(words[(dots + 1)...])
            guard !to.contains("..") else { return .failure(problem(text)) }
        } else {
            var rest = words[...]
            if rest.first == "in" { rest = rest.dropFirst() }
            if rest.first == "from" || rest.first == "since" {
                rest = rest.dropFirst()
                let end = rest.firstIndex(of: "to") ?? rest.endIndex
                from = Array(rest[..<end])
                if from.isEmpty { return .failure(problem(text)) }
                rest = rest[end...]
            }
            if rest.first == "to" || rest.first == "until" {
                to = Array(rest.dropFirst())
                if to.isEmpty { return .failure(problem(text)) }
            } else if from.isEmpty {
                // One span: its first and last day.
                guard let span = span(Array(rest), reference: reference, startDay: startDay) else { return .failure(problem(text)) }
                return .success(Bounds(first: span.lowerBound, last: span.upperBound))
            } else if !rest.isEmpty {
                return .failure(problem(text))
            }
        }
        if from.isEmpty && to.isEmpty { return .failure(problem(text)) }
        return bounds(from: from, to: to.isEmpty ? nil : to, text, reference, startDay)
    }

    /// The first day of the span `from` and the day before the span `to` begins.
    private static func bounds(from: [String], to: [String]?, _ text: String, _ reference: CivilDate, _ startDay: Int) -> Result<Bounds, Invocation.UsageError> {
        var result = Bounds()
        if !from.isEmpty {
            guard let span = span(from, reference: reference, startDay: startDay) else { return .failure(problem(text)) }
            result.first = span.lowerBound
        }
        if let to {
            guard let span = span(to, reference: reference, startDay: startDay) else { return .failure(problem(text)) }
            guard span.lowerBound > .earliest else { return .failure(problem(text)) }
            result.last = span.lowerBound.adding(days: -1)
        }
        if let first = result.first, let last = result.last, first > last {
            return .failure(Invocation.UsageError(message: "the period '\(text)' ends before it begins (the end is excluded: 'from 2026-09 to 2026-12' is September to November)"))
        }
        return .success(result)
    }

    /// The days one span names.
    static func span(_ words: [String], reference: CivilDate, startDay: Int) -> ClosedRange<CivilDate>? {
        if words.count == 1 {
            let word = words[0]
            switch word {
            case "today": return reference...reference
            case "yesterday": let day = reference.adding(days: -1); return day...day
            case "tomorrow": let day = reference.adding(days: 1); return day...day
            default: return absolute(word, startDay: startDay)
            }
        }
        guard words.count == 2, let step = ["last": -1, "this": 0, "next": 1][words[0]] else { return nil }
        let current = BudgetMonth(containing: reference, startDay: startDay)
        switch words[1] {
        case "month":
            let month = BudgetMonth.named(year: current.year, month: current.month + step, startDay: startDay)
            return month.map { $0.first...$0.last }
        case "quarter":
            let quarter = (current.month - 1) / 3 + 1 + step
            return months(year: current.year, from: quarter * 3 - 2, through: quarter * 3, startDay: startDay)
        case "year":
            return months(year: current.year + step, from: 1, through: 12, startDay: startDay)
        default:
            return nil
        }
    }

    /// `YYYY`, `YYYY-MM`, `YYYY-Qn` or `YYYY-MM-DD`.
    static func absolute(_ word: String, startDay: Int) -> ClosedRange<CivilDate>? {
        let bytes = Array(word.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ ByteClass.isDigit(bytes[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), year >= 1 else { return nil }
        switch bytes.count {
        case 4:
            return months(year: year, from: 1, through: 12, startDay: startDay)
        case 7 where bytes[4] == UInt8(ascii: "-") && (bytes[5] == UInt8(ascii: "q")):
            guard let quarter = number(6..<7), (1...4).contains(quarter) else { return nil }
            return months(year: year, from: quarter * 3 - 2, through: quarter * 3, startDay: startDay)
        case 7 where bytes[4] == UInt8(ascii: "-"):
            guard let month = number(5..<7), (1...12).contains(month),
                  let named = BudgetMonth.named(year: year, month: month, startDay: startDay) else { return nil }
            return named.first...named.last
        case 10:
            guard case .success(let day) = NumberSyntax.date(ArraySlice(bytes)) else { return nil }
            return day...day
        default:
            return nil
        }
    }

    /// From the first day of budgeting month `first` to the last of `last`, in `year`
    /// (months outside 1–12 roll into the years around it).
    private static func months(year: Int, from first: Int, through last: Int, startDay: Int) -> ClosedRange<CivilDate>? {
        guard let start = BudgetMonth.named(year: year, month: first, startDay: startDay),
              let end = BudgetMonth.named(year: year, month: last, startDay: startDay) else { return nil }
        return start.first...end.last
    }

    private static func problem(_ text: String) -> Invocation.UsageError {
        Invocation.UsageError(message: """
            '\(text)' is not a period; write 2026, 2026-Q4, 2026-11, 2026-11-05, this month, last year, \
            from 2026-09 to 2026-12 or 2026-09..2026-12 (the end is excluded)
            """)
    }
}
