/// A use of a name: its id in the ledger's `NameTable` and where it was written.
public struct NameRef: Hashable, Sendable, BitwiseCopyable {
    public var id: Int32
    public var location: SourceLocation

    public init(id: Int32, location: SourceLocation) {
        self.id = id
        self.location = location
    }
}
