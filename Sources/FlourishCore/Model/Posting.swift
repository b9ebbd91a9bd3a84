/// One split line of an entry: `TARGET [AMOUNT]`. Its place in the file is its target's.
///
/// Kept to 32 bytes: a million entries have millions of lines. The rare `goal NAME` clause
/// lives in `Ledger.postingGoals`.
public struct Posting: Sendable, BitwiseCopyable {
    /// An account, a category or a person.
    public var target: NameRef
    /// The amount written, or the balancing amount when it was left out. As parsed, it is the
    /// number's digits without its decimal point (`12.5` → 125, `amountScale` 1); booking
    /// scales it to minor units of the ledger's currency.
    public var amount: Money
    /// Byte range of the amount in the target's file; -1 when the amount was left out.
    private var amountStart: Int32
    private var amountLength: UInt16
    /// Digits after the decimal point as written; once booking has scaled the amount, the
    /// currency's decimals.
    public internal(set) var amountScale: UInt8
    /// Whether another currency's code or a price (`@ RATE`, `@@ TOTAL`) is written after the
    /// amount (the parser says, so that booking looks up codes and prices only for such lines).
    public internal(set) var hasCodeOrPrice: Bool

    public init(target: NameRef, amount: Money, amountLocation: SourceLocation?, scale: Int = 0, hasCodeOrPrice: Bool = false) {
        self.target = target
        self.amount = amount
        amountStart = amountLocation?.start ?? -1
        amountLength = UInt16(clamping: amountLocation?.range.count ?? 0)
        amountScale = UInt8(clamping: scale)
        self.hasCodeOrPrice = hasCodeOrPrice
    }

    /// Where the amount was written; nil when it was left out.
    public var amountLocation: SourceLocation? {
        guard amountStart >= 0 else { return nil }
        return SourceLocation(file: Int(target.location.file), range: Int(amountStart)..<Int(amountStart) + Int(amountLength))
    }

    /// Whether the amount was left out (booking fills it in).
    public var isInferred: Bool { amountStart == -1 }

    /// A line booking adds to an entry (an exchange difference, grammar.md "Several
    /// currencies"): written nowhere, its target's place its entry's date line.
    static func made(target: NameRef, amount: Money, scale: Int) -> Posting {
        var posting = Posting(target: target, amount: amount, amountLocation: nil, scale: scale)
        posting.amountStart = -2
        return posting
    }

    /// Whether booking added the line (`made`).
    public var isMade: Bool { amountStart == -2 }
}
