/// `flourish report log`: Drip's logs over a range of days.
public struct LogReport: Sendable {
    public var range: ClosedRange<CivilDate>
    public var log: BucketLog
    public var currency: Currency?

    public static func make(_ journal: Journal, range: ClosedRange<CivilDate>) throws(MoneyOverflow) -> LogReport {
        let outcome = try BucketEngine(journal).run(through: range.upperBound, recordLog: true, logFrom: range.lowerBound, everyDay: false) { _, _ in }.checked()
        var log = outcome.log
        log.days.removeAll { !range.contains($0.date) }
        log.reserve.removeAll { !range.contains($0.date) }
        log.corrections.removeAll { !range.contains($0.date) }
        log.exchangeRates.removeAll { !range.contains($0.date) }
        return LogReport(range: range, log: log, currency: journal.ledger.currency)
    }
}
