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
        /// An abbreviation of several declared names.
        case ambiguous(String, candidates: [String])

        /// "an account, category or person", "an account".
        static func noun(_ wanted: [NameIndex.Kind]) -> String {
            let kinds = Set(wanted)
            var nouns: [String] = []
            if kinds.contains(.account) { nouns.append("account") }
            if kinds.contains(.category) && kinds.contains(.incomeCategory) { nouns.append("category") }
            else if kinds.contains(.category) { nouns.append("expense category") }
            else if kinds.contains(.incomeCategory) { nouns.append("income category") }
            if kinds.contains(.person) { nouns.append("person") }
            if kinds.contains(.goal) { nouns.append("goal") }
            guard let last = nouns.popLast() else { return "name" }
            return nouns.isEmpty ? last : nouns.joined(separator: ", ") + " or " + last
        }

        /// One line for the command line: "unknown category 'Fod'; did you mean 'Food'?"
        public var message: String {
            switch self {
            case .unknown(let name, let wanted, let suggestion):
                var message = "unknown \(Self.noun(wanted)) '\(name)'"
                if let suggestion { message += "; did you mean '\(suggestion)'?" }
                return message
            case .wrongKind(let name, let actual, let wanted):
                let noun = Self.noun(wanted)
                return "'\(name)' is \(actual.phrase), not \("aeiou".contains(noun.first ?? "x") ? "an" : "a") \(noun)"
            case .ambiguous(let name, let candidates):
                return "'\(name)' could be " + candidates.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
                    + (candidates.count > 10 ? ", …" : "") + "; write more of the name"
            }
        }
    }

    /// The id of `name` when it is declared as one of `wanted`.
    public func resolve(_ name: String, as wanted: [NameIndex.Kind]) -> Result<Int32, Failure> {
        resolve(names.id(of: name), written: name, as: wanted)
    }

    /// The id of `name`, or with `abbreviated` of the one declared name it abbreviates: its
    /// full name, or one of its `:`-separated parts, starts with `name` (ignoring case), so
    /// `din` is `Food:Dining` when nothing else starts that way.
    public func resolve(_ name: String, as wanted: [NameIndex.Kind], abbreviated: Bool) -> Result<Int32, Failure> {
        let exact = resolve(name, as: wanted)
        guard abbreviated, case .failure(.unknown) = exact, !name.isEmpty else { return exact }
        let prefix = name.lowercased()
        let candidates = (wanted == [.goal] ? index.goalNames : index.names(of: wanted)).filter { candidate in
            let lowered = candidate.lowercased()
            return lowered.hasPrefix(prefix) || lowered.split(separator: ":").contains { $0.hasPrefix(prefix) }
        }
        if candidates.count == 1, let id = names.id(of: candidates[0]) { return .success(id) }
        if candidates.count > 1 { return .failure(.ambiguous(name, candidates: candidates)) }
        return exact
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
