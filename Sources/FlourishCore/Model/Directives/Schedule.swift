/// `schedule DATE NAME FREQUENCY [until DATE | times N]` followed by split lines: an entry
/// that recurs (rent, a salary, a bill). Its lines are a template; nothing is booked until an
/// entry is recorded (`flourish record`), and the budget sets its expenses aside (grammar.md,
/// sections 5.2 and 8).
public struct Schedule: Sendable {
    public var name: Located<String>
    public var recurrence: Recurrence
    /// The template's split lines in `Ledger.postings` (not part of any entry).
    public var postings: Range<Int>
    /// The header line.
    public var location: SourceLocation

    public var date: CivilDate { recurrence.first }
}
