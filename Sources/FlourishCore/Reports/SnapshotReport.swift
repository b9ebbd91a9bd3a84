/// `flourish report snapshot`: the buckets at the end of one day.
public struct SnapshotReport: Sendable {
    public var snapshot: BucketSnapshot
    public var currency: Currency?

    /// The snapshot at the end of `date`; nil when the ledger has no dated lines.
    public static func make(_ journal: Journal, date: CivilDate) -> SnapshotReport? {
        guard let snapshot = BucketEngine(journal).snapshot(at: date) else { return nil }
        return SnapshotReport(snapshot: snapshot, currency: journal.ledger.currency)
    }
}

/// `flourish report log`: Drip's logs over a range of days.
public struct LogReport: Sendable {
    public var range: ClosedRange<CivilDate>
    public var log: BucketLog
    public var currency: Currency?

    public static func make(_ journal: Journal, range: ClosedRange<CivilDate>) -> LogReport {
        let outcome = BucketEngine(journal).run(through: range.upperBound, recordLog: true, logFrom: range.lowerBound) { _, _ in }
        var log = outcome.log
        log.days.removeAll { !range.contains($0.date) }
        log.reserve.removeAll { !range.contains($0.date) }
        log.corrections.removeAll { !range.contains($0.date) }
        return LogReport(range: range, log: log, currency: journal.ledger.currency)
    }
}
