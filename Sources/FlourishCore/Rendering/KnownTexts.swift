/// What a renderer found out about texts it has written before (a width, whether a text
/// needs escapes), a few slots a column, each text told by its words
/// (`StringBytes.identity`): an entry's description stands on each of its lines, a status
/// mark and a register's few names on many, and each is judged once. The texts themselves
/// are only kept, never read: held here, their storage cannot be freed and given to another
/// string.
struct KnownTexts {
    private var texts: [String]
    private var identities: [StringBytes.Identity]
    /// -1 for an empty slot.
    private var values: [Int]
    private static let slotsPerColumn = 64

    init(columns: Int) {
        let slots = columns * Self.slotsPerColumn
        texts = Array(repeating: "", count: slots)
        identities = Array(repeating: StringBytes.Identity(first: 0, second: 0), count: slots)
        values = Array(repeating: -1, count: slots)
    }

    /// The slot of a text in a column.
    @inline(__always)
    private static func slot(_ identity: StringBytes.Identity, _ column: Int) -> Int {
        let mixed = identity.first ^ (identity.first >> 29) ^ identity.second ^ (identity.second >> 41)
        return column * slotsPerColumn + Int(truncatingIfNeeded: mixed ^ (mixed >> 8)) & (slotsPerColumn - 1)
    }

    /// What was found out about `text` in `column`, when it was.
    func value(_ identity: StringBytes.Identity?, column: Int) -> Int? {
        guard let identity else { return nil }
        let slot = Self.slot(identity, column)
        guard values[slot] >= 0, identities[slot] == identity else { return nil }
        return values[slot]
    }

    /// Remembers what was found out about `text` in `column` (a value of 0 or more).
    mutating func remember(_ text: String, _ identity: StringBytes.Identity?, column: Int, value: Int) {
        guard let identity else { return }
        let slot = Self.slot(identity, column)
        texts[slot] = text
        identities[slot] = identity
        values[slot] = value
    }
}
