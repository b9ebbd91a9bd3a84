/// The words after a report's kind that choose what it counts, as in hledger:
///
/// - `Food` (any case) names a category, account or person, with everything under it;
/// - `Food:*` is a glob (`*` any characters), `re:^food` a regular expression (the import
///   rules' own, grammar.md §9: found anywhere in the name, ignoring case, bounded work);
///   each brings what is under its matches;
/// - `desc:TEXT` keeps entries whose description contains TEXT (ignoring case);
/// - `tag:NAME` keeps entries with that tag;
/// - `amt:>100`, `amt:<=-20`, `amt:50`: lines by amount; without a sign the comparison is
///   of the size (`amt:>100` is more than 100 either way), with one it is signed.
///
/// Terms of one kind widen (any name, any description, any tag); kinds narrow each other,
/// and every amount test must hold. A name, pattern or tag that matches nothing is an error.
public struct ReportQuery {
    public enum Term: Equatable, Sendable {
        case name(String)
        case glob(String)
        case regex(String)
        case description(String)
        case tag(String)
        case amount(AmountTest)
    }

    public struct AmountTest: Equatable, Sendable {
        public enum Comparison: String, Sendable { case less = "<", lessOrEqual = "<=", equal = "=", greaterOrEqual = ">=", greater = ">" }
        public var comparison: Comparison
        public var value: Money
        /// Written with a sign: compared with the signed amount, else with its size.
        public var signed: Bool

        func holds(for amount: Money) -> Bool {
            let order: Int
            if signed {
                order = amount < value ? -1 : (amount == value ? 0 : 1)
            } else {
                let size = amount.minorUnits.magnitude
                let limit = value.minorUnits.magnitude
                order = size < limit ? -1 : (size == limit ? 0 : 1)
            }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .equal: return order == 0
            case .greaterOrEqual: return order >= 0
            case .greater: return order > 0
            }
        }
    }

    /// The terms as given.
    public let terms: [Term]
    /// Per name id: chosen by a name term or under one (nil: no name terms, every name).
    let selected: [Bool]?
    let descriptions: [String]
    /// Tag ids (nil: no tag terms).
    let tags: Set<Int32>?
    let amounts: [AmountTest]
    let journal: Journal

    /// No terms: every line.
    public init(_ journal: Journal) {
        self.journal = journal
        terms = []
        selected = nil
        descriptions = []
        tags = nil
        amounts = []
    }

    /// Reads one word of the command line.
    public static func term(_ word: String, currency: Currency) -> Result<Term, QueryProblem> {
        if let text = word.dropPrefix("desc:") { return .success(.description(text)) }
        if let text = word.dropPrefix("tag:") { return .success(.tag(text.hasPrefix("#") ? String(text.dropFirst()) : text)) }
        if let text = word.dropPrefix("re:") {
            do { _ = try Pattern(text) } catch {
                return .failure(QueryProblem("'\(text)' is not a regular expression: \(error.message) (grammar.md, section 9, says what they may hold)"))
            }
            return .success(.regex(text))
        }
        if let text = word.dropPrefix("amt:") { return amountTest(text, currency: currency).map(Term.amount) }
        if word.contains("*") { return .success(.glob(word)) }
        return .success(.name(word))
    }

    static func amountTest(_ text: String, currency: Currency) -> Result<AmountTest, QueryProblem> {
        var rest = Substring(text)
        var comparison = AmountTest.Comparison.equal
        for candidate in [AmountTest.Comparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal] where rest.hasPrefix(candidate.rawValue) {
            comparison = candidate
            rest = rest.dropFirst(candidate.rawValue.count)
            break
        }
        let signed = rest.hasPrefix("-") || rest.hasPrefix("+")
        guard case .success(let decimal) = NumberSyntax.decimal(Array(rest.utf8)), decimal.scale <= currency.decimals,
              let minor = NumberSyntax.minorUnits(decimal, decimals: currency.decimals) else {
            return .failure(QueryProblem("'amt:\(text)' is not an amount test; write amt:>100, amt:<=-20.50 or amt:45 (at most \(currency.decimals) decimals)"))
        }
        return .success(AmountTest(comparison: comparison, value: Money(minorUnits: minor), signed: signed))
    }

    /// The query over `journal`: names, patterns and tags looked up among the names of the
    /// given kinds. Every one that matches nothing is a problem, with the closest name.
    public static func resolve(_ terms: [Term], in journal: Journal, kinds: Set<NameIndex.Kind>) -> Result<ReportQuery, QueryProblems> {
        let names = journal.ledger.names.names
        let candidates = (0..<names.count).filter { journal.index.kind(of: Int32($0)).map(kinds.contains) ?? false }
        var matched: [Bool]?
        var problems: [QueryProblem] = []
        var tags: Set<Int32>?
        let what = Self.noun(kinds)
        for term in terms {
            let test: (String) -> Bool
            switch term {
            case .name(let text):
                let lowered = text.lowercased()
                test = { $0.lowercased() == lowered }
            case .glob(let text):
                test = { Pattern.glob(text, matches: $0) }
            case .regex(let text):
                guard let pattern = try? Pattern(text) else { continue }
                test = { pattern.match($0) != nil }
            case .tag(let text):
                let known = Set(journal.ledger.entryTags.map(\.id))
                let found = known.filter { journal.ledger.names[$0].lowercased() == text.lowercased() }
                if found.isEmpty {
                    problems.append(QueryProblem("no entry has the tag '#\(text)'",
                                                 closest: Suggestion.closest(to: text, among: known.map { journal.ledger.names[$0] }.sorted())
                                                    .map { "tag:" + $0 }))
                }
                tags = (tags ?? []).union(found)
                continue
            case .description, .amount:
                continue
            }
            var any = false
            var chosen = matched ?? [Bool](repeating: false, count: names.count)
            for id in candidates where test(names[id]) {
                chosen[id] = true
                any = true
            }
            matched = chosen
            if !any { problems.append(noMatch(term, what: what, among: candidates.map { names[$0] })) }
        }
        guard problems.isEmpty else { return .failure(QueryProblems(problems: problems)) }
        // What is under a chosen name is chosen too (parents come before their children's ids
        // only sometimes, so walk up from each name).
        let selected = matched.map { matched in
            (0..<names.count).map { id -> Bool in
                var current = Int32(id)
                while current >= 0 {
                    if matched[Int(current)] { return true }
                    current = journal.parent[Int(current)]
                }
                return false
            }
        }
        var descriptions: [String] = []
        var amounts: [AmountTest] = []
        for term in terms {
            if case .description(let text) = term { descriptions.append(text.lowercased()) }
            if case .amount(let test) = term { amounts.append(test) }
        }
        return .success(ReportQuery(terms: terms, selected: selected, descriptions: descriptions, tags: tags,
                                    amounts: amounts, journal: journal))
    }

    /// A name term that matched nothing, with the closest name to offer.
    private static func noMatch(_ term: Term, what: String, among candidates: [String]) -> QueryProblem {
        let written: String
        switch term {
        case .name(let text), .glob(let text): written = text
        case .regex(let text): written = "re:" + text
        default: written = ""
        }
        var closest: String?
        switch term {
        case .name(let text), .glob(let text):
            // `Food.*`, as a hledger user writes a pattern: offered as a regular expression.
            if text.contains(where: { ".+[]()^$|\\".contains($0) }), let pattern = try? Pattern(text),
               candidates.contains(where: { pattern.match($0) != nil }) {
                closest = "re:" + text
            } else {
                // The closest whole name, else (for a name, not a pattern) the name whose last
                // part is closest (`Dinig` offers `Food:Dining`).
                let nested = term == .name(text) ? candidates.filter { $0.contains(":") } : []
                closest = Suggestion.closest(to: text, among: candidates) ?? Suggestion.closest(to: text, among: nested.map { Self.lastPart(of: $0) }).flatMap { part in
                    nested.first { Self.lastPart(of: $0) == part }
                }
            }
        default:
            break
        }
        return QueryProblem("no \(what) matches '\(written)'", closest: closest)
    }

    /// A name's last part: `Dining` of `Food:Dining`.
    private static func lastPart(of name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    private init(terms: [Term], selected: [Bool]?, descriptions: [String], tags: Set<Int32>?, amounts: [AmountTest], journal: Journal) {
        self.terms = terms
        self.selected = selected
        self.descriptions = descriptions
        self.tags = tags
        self.amounts = amounts
        self.journal = journal
    }

    /// Whether the query has any terms.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether the query chooses among names (else every name counts).
    public var choosesNames: Bool { selected != nil }

    /// Whether a name is chosen (by a term, or by being under a chosen name).
    public func chooses(_ id: Int32) -> Bool { selected?[Int(id)] ?? true }

    /// Whether an item passes the description and tag terms.
    public func keeps(_ item: Journal.Item) -> Bool {
        if !descriptions.isEmpty {
            let description = journal.description(of: item).lowercased()
            guard descriptions.contains(where: description.contains) else { return false }
        }
        if let tags {
            guard case .entry(let i) = item.kind,
                  journal.ledger.tags(of: journal.ledger.entries[i]).contains(where: { tags.contains($0.id) }) else { return false }
        }
        return true
    }

    /// Whether a line passes the name and amount terms.
    public func keeps(target: Int32, amount: Money) -> Bool {
        chooses(target) && amounts.allSatisfy { $0.holds(for: amount) }
    }

    /// The query as the journal's figures take it; nil when it keeps every line.
    public var filter: Journal.LineFilter? {
        guard !isEmpty else { return nil }
        let query = self
        return Journal.LineFilter(item: query.keeps, line: query.keeps(target:amount:))
    }

    /// The terms as written, for a report's title.
    public var summary: String {
        terms.map { term in
            switch term {
            case .name(let text), .glob(let text): return text
            case .regex(let text): return "re:" + text
            case .description(let text): return "desc:" + text
            case .tag(let text): return "tag:" + text
            case .amount(let test): return "amt:" + (test.comparison == .equal ? "" : test.comparison.rawValue)
                + (test.signed && test.value >= .zero ? "+" : "") + test.value.formatted(decimals: journal.currency.decimals, grouping: false)
            }
        }.joined(separator: ", ")
    }

    static func noun(_ kinds: Set<NameIndex.Kind>) -> String {
        if kinds == [.category, .incomeCategory] { return "category" }
        if kinds.contains(.person) { return "account, category or person" }
        return "account or category"
    }
}

/// A query word that cannot be used: its message, and the closest real name when there is one.
public struct QueryProblem: Error, Equatable, Sendable {
    public var message: String
    public var closest: String?

    init(_ message: String, closest: String? = nil) {
        self.message = message
        self.closest = closest
    }
}

/// Every word of a query that cannot be used.
public struct QueryProblems: Error, Sendable {
    public var problems: [QueryProblem]

    /// `Error: …` lines, as the command shows them.
    public var text: String {
        problems.map { "Error: \($0.message)" + ($0.closest.map { "; did you mean '\($0)'?" } ?? "") + "\n" }.joined()
    }
}

extension String {
    /// The rest after `prefix`, or nil when the string does not start with it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
