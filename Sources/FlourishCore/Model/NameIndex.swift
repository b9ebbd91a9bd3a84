/// What each name in the ledger was declared as, for resolving uses.
public struct NameIndex: Sendable {
    public enum Kind: Hashable, Sendable {
        case account, category, incomeCategory, person, goal

        /// "account", "income category", as used in messages.
        var noun: String {
            switch self {
            case .account: return "account"
            case .category: return "expense category"
            case .incomeCategory: return "income category"
            case .person: return "person"
            case .goal: return "goal"
            }
        }

        /// "an account", "a category".
        var phrase: String {
            (noun.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + noun
        }
    }

    /// Kind of each name id that names an account, category or person (an array indexed by
    /// id: looked up for every split line, so no hashing).
    private(set) var kinds: [Kind?]
    private(set) var goals: Set<Int32> = []
    let names: NameTable

    public init(_ ledger: Ledger) {
        names = ledger.names
        kinds = [Kind?](repeating: nil, count: ledger.names.names.count)
        for account in ledger.accounts where kinds[Int(account.name.id)] == nil {
            kinds[Int(account.name.id)] = .account
        }
        for person in ledger.people where kinds[Int(person.name.id)] == nil {
            kinds[Int(person.name.id)] = .person
        }
        for category in ledger.categories {
            let kind: Kind = category.isIncome ? .incomeCategory : .category
            if kinds[Int(category.name.id)] == nil { kinds[Int(category.name.id)] = kind }
        }
        // Parents of hierarchical categories are categories too.
        var implied: [(String, Kind)] = []
        for category in ledger.categories {
            let name = ledger.names[category.name.id]
            var parts = name.split(separator: ":")
            while parts.count > 1 {
                parts.removeLast()
                implied.append((parts.joined(separator: ":"), category.isIncome ? .incomeCategory : .category))
            }
        }
        for (parent, kind) in implied {
            if let id = ledger.names.id(of: parent), kinds[Int(id)] == nil { kinds[Int(id)] = kind }
        }
        for goal in ledger.goals { goals.insert(goal.name.id) }
    }

    public func kind(of id: Int32) -> Kind? { kinds[Int(id)] }

    /// Whether `id` names an account (not a category or a person).
    public func isAccount(_ id: Int32) -> Bool { kinds[Int(id)] == .account }

    /// Declared names of the given kinds, for suggestions.
    func names(of wanted: [Kind]) -> [String] {
        kinds.indices.filter { kinds[$0].map(wanted.contains) ?? false }.map { names[Int32($0)] }.sorted()
    }

    var goalNames: [String] { goals.map { names[$0] }.sorted() }
}
