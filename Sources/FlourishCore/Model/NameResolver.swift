/// Resolves a name as written (in a ledger, a rules file or on the command line) to a declared
/// name of the wanted kinds, or says what is wrong with a "did you mean" suggestion. The one
/// place names are resolved: the reference check, `add`, `import` and `report register` use it.
public struct NameResolver: Sendable {
    let index: NameIndex
    let names: NameTable
    private let memo = Memo()

    /// How many failures get a "did you mean" before the rest go without one: on hostile input
    /// (thousands of unknown names) the search is the slow part, and only the first few are read.
    public static let suggestionLimit = 100

    public init(_ journal: Journal) {
        index = journal.index
        names = journal.ledger.names
    }

    init(index: NameIndex, names: NameTable) {
        self.index = index
        self.names = names
    }

    /// Declared names by the kinds asked for (sorted once), and the suggestions made so far.
    private final class Memo: @unchecked Sendable {
        var candidates: [[NameIndex.Kind]: Suggestion.Candidates] = [:]
        var suggestions: [String: String?] = [:]
        var searches = 0
    }

    private func suggestion(for written: String, among wanted: [NameIndex.Kind]) -> String? {
        let key = written + "\u{0}" + wanted.map { "\($0)" }.joined(separator: ",")
        if let known = memo.suggestions[key] { return known }
        guard memo.searches < Self.suggestionLimit else { return nil }
        memo.searches += 1
        let candidates: Suggestion.Candidates
        if let known = memo.candidates[wanted] {
            candidates = known
        } else {
            candidates = Suggestion.Candidates(wanted == [.goal] ? index.goalNames : index.names(of: wanted))
            memo.candidates[wanted] = candidates
        }
        let found = Suggestion.closest(to: written, in: candidates)
        memo.suggestions[key] = found
        return found
    }

    /// Why a name did not resolve.
    public enum Failure: Error, Sendable {
        /// Not declared as anything of the wanted kinds; the closest declared one, if any.
        case unknown(String, wanted: [NameIndex.Kind], suggestion: String?)
        /// Declared, but as something else.
        case wrongKind(String, actual: NameIndex.Kind, wanted: [NameIndex.Kind])

        /// "an account, category or person", "an account".
        static func noun(_ wanted: [NameIndex.Kind]) -> String {
            if Set(wanted).isSuperset(of: [.account, .category, .person]) { return "account, category or person" }
            if Set(wanted) == [.category, .incomeCategory] { return "category" }
            return wanted.first?.noun ?? "name"
        }

        /// One line for the command line: "unknown category 'Fod'; did you mean 'Food'?"
        public var message: String {
            switch self {
            case .unknown(let name, let wanted, let suggestion):
                var message = "unknown \(Self.noun(wanted)) '\(name)'"
                if let suggestion { message += "; did you mean '\(suggestion)'?" }
                return message
            case .wrongKind(let name, let actual, let wanted):
                return "'\(name)' is \(actual.phrase), not \(Self.noun(wanted) == "category" ? "a category" : wanted[0].phrase)"
            }
        }
    }

    /// The id of `name` when it is declared as one of `wanted`.
    public func resolve(_ name: String, as wanted: [NameIndex.Kind]) -> Result<Int32, Failure> {
        resolve(names.id(of: name), written: name, as: wanted)
    }

    /// The same for a name already interned (nil: never written in the ledger).
    func resolve(_ id: Int32?, written name: @autoclosure () -> String, as wanted: [NameIndex.Kind]) -> Result<Int32, Failure> {
        // The common case first, without touching the name's text.
        if let id {
            if wanted == [.goal] ? index.goals.contains(id) : index.kind(of: id).map(wanted.contains) ?? false {
                return .success(id)
            }
            if wanted != [.goal], let kind = index.kind(of: id) {
                return .failure(.wrongKind(name(), actual: kind, wanted: wanted))
            }
        }
        let written = name()
        return .failure(.unknown(written, wanted: wanted, suggestion: suggestion(for: written, among: wanted)))
    }
}
