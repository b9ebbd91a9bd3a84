/// `flourish report snapshot`: the buckets at the end of one day.
public struct SnapshotReport: Sendable {
    public var snapshot: BucketSnapshot
    public var currency: Currency?
    /// The day's quote, as Drip's snapshot ends (nil with `option quote off`).
    public var quote: DailyQuote?

    /// The snapshot at the end of `date`; nil when the ledger has no dated lines.
    public static func make(_ journal: Journal, date: CivilDate) throws(MoneyOverflow) -> SnapshotReport? {
        guard let snapshot = try BucketEngine(journal).snapshot(at: date) else { return nil }
        return SnapshotReport(snapshot: snapshot, currency: journal.ledger.currency, quote: DailyQuote.of(date, journal.ledger))
    }
}
