/// A spending or income category: `category NAME [income]`. Names may be hierarchical
/// (`Food:Dining`); the parents are implied.
public struct Category: Sendable {
    public var name: NameRef
    public var isIncome: Bool
    public var location: SourceLocation
}
