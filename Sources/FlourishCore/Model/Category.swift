/// A spending or income category: `category NAME [income]`. Names may be hierarchical
/// (`Food:Dining`); the parents are implied.
public struct Category: Sendable {
    public var name: NameRef
    public var isIncome: Bool
    /// `category NAME exchange`: takes the differences booking finds when money in another
    /// currency moves at another value than it was booked at (an income category too).
    public var isExchange = false
    public var location: SourceLocation
}
