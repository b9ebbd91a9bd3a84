/// Interns every name written in the ledger (accounts, categories, people, goals,
/// subscriptions, tags) to a small integer id, so the model refers to names by id.
public struct NameTable: Sendable {
    private var ids: [String: Int32] = [:]
    public private(set) var names: [String] = []

    public init() {}

    /// The id of `name`, adding it on first sight.
    public mutating func intern(_ name: String) -> Int32 {
        if let id = ids[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        ids[name] = id
        return id
    }

    /// The id of `name` if it was ever written.
    public func id(of name: String) -> Int32? { ids[name] }

    public subscript(id: Int32) -> String { names[Int(id)] }
}

/// A use of a name: its id in the ledger's `NameTable` and where it was written.
public struct NameRef: Hashable, Sendable {
    public var id: Int32
    public var location: SourceLocation

    public init(id: Int32, location: SourceLocation) {
        self.id = id
        self.location = location
    }
}
