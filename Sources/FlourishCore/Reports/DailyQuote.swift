/// A line about money for the day, as Drip's snapshot ends with one: six, two each from
/// Epictetus, Seneca and Marcus Aurelius (put into English here), the one for a date chosen by
/// its day of the year, so a report of the same date always shows the same one. A ledger with
/// `option quote off` shows none; JSON leaves it out.
public struct DailyQuote: Sendable, Equatable {
    public var text: String
    /// Who said it, and where (`Seneca, Letters 2`).
    public var source: String

    public static let all: [DailyQuote] = [
        DailyQuote(text: "It is not having little that makes one poor, but wanting more.", source: "Seneca, Letters 2"),
        DailyQuote(text: "Riches are not in owning much, but in wanting little.", source: "Epictetus, Fragments"),
        DailyQuote(text: "Remember this: a happy life asks for very little.", source: "Marcus Aurelius, Meditations 7.67"),
        DailyQuote(text: "Live as nature asks and you are never poor; live as opinion asks and you are never rich.", source: "Seneca, Letters 16"),
        DailyQuote(text: "Wise is the one who does not mourn what he lacks, but is glad of what he has.", source: "Epictetus, Fragments"),
        DailyQuote(text: "Think less of what you lack than of what you have, and how much you would miss it were it gone.",
                   source: "Marcus Aurelius, Meditations 7.27"),
    ]

    /// The quote of a date: the first on the first day of a year, the next the day after, and
    /// round again every six days.
    public static func of(_ date: CivilDate) -> DailyQuote {
        let first = CivilDate(year: date.year, month: 1, day: 1) ?? date
        return all[first.days(until: date) % all.count]
    }

    /// The quote for a report of a ledger on a date, unless the ledger turned quotes off.
    public static func of(_ date: CivilDate, _ ledger: Ledger) -> DailyQuote? {
        ledger.showsQuote ? of(date) : nil
    }
}
