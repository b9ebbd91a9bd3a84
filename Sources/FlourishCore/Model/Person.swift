/// Someone expenses are shared with: `person NAME`.
public struct Person: Sendable {
    public var name: NameRef
    public var location: SourceLocation
}
