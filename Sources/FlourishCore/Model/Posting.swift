/// One split line of an entry: `TARGET [AMOUNT]`. Its place in the file is its target's.
///
/// Kept to 32 bytes: a million entries have millions of lines. The rare `goal NAME` clause
/// lives in `Ledger.postingGoals`.
public struct Posting: Sendable {
    /// An account, a category or a person.
    public var target: NameRef
    /// The amount written, or the balancing amount when it was left out.
    public var amount: Money
    /// Byte range of the amount in the target's file; -1 when the amount was left out.
    private var amountStart: Int32
    private var amountEnd: Int32

    public init(target: NameRef, amount: Money, amountLocation: SourceLocation?) {
        self.target = target
        self.amount = amount
        amountStart = amountLocation?.start ?? -1
        amountEnd = amountLocation?.end ?? -1
    }

    /// Where the amount was written; nil when it was left out.
    public var amountLocation: SourceLocation? {
        guard amountStart >= 0 else { return nil }
        return SourceLocation(file: Int(target.location.file), range: Int(amountStart)..<Int(amountEnd))
    }

    public var isInferred: Bool { amountStart < 0 }
}
