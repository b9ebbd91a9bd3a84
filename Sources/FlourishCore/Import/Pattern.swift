/// A small regular expression matcher for import rules, written here (grammar.md §9 lists
/// exactly what it supports): literals; `.`; classes `[a-z]`, `[^0-9]`; `\d \w \s` and their
/// negations `\D \W \S`; escapes `\.` `\(` and the like; anchors `^` `$`; groups `( )` that
/// capture (`\1` … `\9` in a rewritten description); alternation `|`; and the quantifiers
/// `*` `+` `?` `{m}` `{m,}` `{m,n}` (greedy). Matching ignores case, finds the leftmost match,
/// looks at the first `subjectLimit` characters of a field and gives up after `stepLimit`
/// steps, so no pattern can hang an import or run out of stack.
struct Pattern: Sendable {
    indirect enum Node: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set([ClosedRange<UInt32>], negated: Bool)
        case start, end
        case group(Node, index: Int)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    let root: Node
    let groups: Int

    /// Why a pattern does not read, and where.
    struct SyntaxError: Error, Sendable {
        var message: String
        var offset: Int
    }

    /// The longest pattern read, in characters, and the deepest nesting of groups and
    /// quantifiers: matching and parsing recurse along both, so they stay far from the stack's
    /// end whatever a rules file or a query holds.
    static let maximumLength = 1_000
    static let maximumNesting = 32

    init(_ text: String) throws(SyntaxError) {
        let scalars = Array(text.lowercased().unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw SyntaxError(message: "a pattern is at most \(Self.maximumLength) characters long", offset: Self.maximumLength)
        }
        var parser = Parser(scalars: scalars)
        root = try parser.alternation()
        if parser.index < parser.scalars.count {
            throw SyntaxError(message: "unmatched `)`", offset: parser.index)
        }
        groups = parser.groupCount
    }

    /// A glob: `*` stands for any text, everything else for itself, ignoring case. Two pointers
    /// with backtracking to the last `*`: linear in practice, never exponential. (Import rules'
    /// file names and report queries' names.)
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let name = Array(text.lowercased().unicodeScalars)
        let wanted = Array(pattern.lowercased().unicodeScalars)
        var n = 0, p = 0
        var star: Int?
        var mark = 0
        while n < name.count {
            if p < wanted.count && wanted[p] != "*" && wanted[p] == name[n] {
                n += 1
                p += 1
            } else if p < wanted.count && wanted[p] == "*" {
                star = p
                mark = n
                p += 1
            } else if let star {
                p = star + 1
                mark += 1
                n = mark
            } else {
                return false
            }
        }
        while p < wanted.count && wanted[p] == "*" { p += 1 }
        return p == wanted.count
    }

    /// The captured groups of the leftmost match (index 0 is the whole match), or nil.
    static let subjectLimit = 500
    static let stepLimit = 20_000

    func match(_ text: String) -> [String]? {
        let original = Array(text.unicodeScalars.prefix(Self.subjectLimit))
        let scalars = Array(String(String.UnicodeScalarView(original)).lowercased().unicodeScalars)
        guard scalars.count == original.count else { return nil }  // a case change that alters lengths
        let state = State(groups: groups)
        let matcher = Matcher(scalars: scalars, state: state)
        for start in 0...scalars.count {
            state.captures = [Range<Int>?](repeating: nil, count: groups + 1)
            if let end = matcher.run(root, start, { $0 }) {
                state.captures[0] = start..<end
                return state.captures.map { range in range.map { String(String.UnicodeScalarView(original[$0])) } ?? "" }
            }
            if state.budget <= 0 { return nil }
        }
        return nil
    }

    /// What a match in progress has captured, and the steps it has left.
    private final class State {
        var captures: [Range<Int>?]
        var budget = Pattern.stepLimit

        init(groups: Int) { captures = [Range<Int>?](repeating: nil, count: groups + 1) }
    }

    /// Continuation-passing backtracking over scalars, with a step budget.
    private struct Matcher {
        let scalars: [Unicode.Scalar]
        let state: State

        func run(_ node: Node, _ at: Int, _ next: (Int) -> Int?) -> Int? {
            state.budget -= 1
            if state.budget <= 0 { return nil }
            switch node {
            case .scalar(let scalar):
                guard at < scalars.count, scalars[at] == scalar else { return nil }
                return next(at + 1)
            case .any:
                guard at < scalars.count, scalars[at] != "\n" else { return nil }
                return next(at + 1)
            case .set(let ranges, let negated):
                guard at < scalars.count else { return nil }
                let value = scalars[at].value
                guard ranges.contains(where: { $0.contains(value) }) != negated else { return nil }
                return next(at + 1)
            case .start:
                return at == 0 ? next(at) : nil
            case .end:
                return at == scalars.count ? next(at) : nil
            case .group(let inner, let index):
                return run(inner, at) { end in
                    let previous = state.captures[index]
                    state.captures[index] = at..<end
                    if let result = next(end) { return result }
                    state.captures[index] = previous
                    return nil
                }
            case .sequence(let nodes):
                return sequence(nodes[...], at, next)
            case .alternation(let options):
                for option in options {
                    if let end = run(option, at, next) { return end }
                    if state.budget <= 0 { return nil }
                }
                return nil
            case .repeated(let inner, let min, let max):
                return repeated(inner, min: min, max: max, count: 0, at, next)
            }
        }

        private func sequence(_ nodes: ArraySlice<Node>, _ at: Int, _ next: (Int) -> Int?) -> Int? {
            guard let first = nodes.first else { return next(at) }
            let rest = nodes.dropFirst()
            return run(first, at) { end in sequence(rest, end, next) }
        }

        private func repeated(_ node: Node, min: Int, max: Int?, count: Int, _ at: Int, _ next: (Int) -> Int?) -> Int? {
            // Greedy: one more first, unless the maximum is reached; an empty step ends it.
            if max.map({ count < $0 }) ?? true {
                let more = run(node, at) { end in
                    guard end > at else { return nil }
                    return repeated(node, min: min, max: max, count: count + 1, end, next)
                }
                if more != nil { return more }
            }
            return count >= min ? next(at) : nil
        }
    }

    /// Recursive descent over the pattern's scalars.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var groupCount = 0
        /// Groups open around the place being read.
        var depth = 0

        mutating func alternation() throws(SyntaxError) -> Node {
            var options = [try sequence()]
            while index < scalars.count && scalars[index] == "|" {
                index += 1
                options.append(try sequence())
            }
            return options.count == 1 ? options[0] : .alternation(options)
        }

        mutating func sequence() throws(SyntaxError) -> Node {
            var nodes: [Node] = []
            while index < scalars.count && scalars[index] != "|" && scalars[index] != ")" {
                var atom = try self.atom()
                var quantifiers = 0
                while index < scalars.count {
                    let scalar = scalars[index]
                    if "*+?{".unicodeScalars.contains(scalar) {
                        quantifiers += 1
                        guard depth + quantifiers <= Pattern.maximumNesting else {
                            throw SyntaxError(message: "groups and repetitions nest at most \(Pattern.maximumNesting) deep", offset: index)
                        }
                    }
                    if scalar == "*" { atom = .repeated(atom, min: 0, max: nil); index += 1 }
                    else if scalar == "+" { atom = .repeated(atom, min: 1, max: nil); index += 1 }
                    else if scalar == "?" { atom = .repeated(atom, min: 0, max: 1); index += 1 }
                    else if scalar == "{", let bounds = try braces() { atom = .repeated(atom, min: bounds.0, max: bounds.1) }
                    else { break }
                }
                nodes.append(atom)
            }
            return nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        /// `{m}`, `{m,}`, `{m,n}` (bounded to 1000); a `{` that starts none of them is a literal.
        mutating func braces() throws(SyntaxError) -> (Int, Int?)? {
            let start = index
            index += 1
            func number() -> Int? {
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { digits.unicodeScalars.append(scalars[index]); index += 1 }
                return Int(digits)
            }
            guard let low = number() else { index = start; return nil }
            var high: Int? = low
            if index < scalars.count && scalars[index] == "," {
                index += 1
                high = number()
            }
            guard index < scalars.count && scalars[index] == "}" else { index = start; return nil }
            index += 1
            guard low <= 1000, (high ?? low) <= 1000, (high ?? low) >= low else {
                throw SyntaxError(message: "a repetition goes from 0 to 1000, the smaller number first", offset: start)
            }
            return (low, high)
        }

        mutating func atom() throws(SyntaxError) -> Node {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case ".": return .any
            case "^": return .start
            case "$": return .end
            case "(":
                groupCount += 1
                let number = groupCount
                depth += 1
                defer { depth -= 1 }
                guard depth <= Pattern.maximumNesting else {
                    throw SyntaxError(message: "groups and repetitions nest at most \(Pattern.maximumNesting) deep", offset: index - 1)
                }
                let inner = try alternation()
                guard index < scalars.count && scalars[index] == ")" else {
                    throw SyntaxError(message: "`(` without its `)`", offset: index)
                }
                index += 1
                return .group(inner, index: number)
            case "[": return try characterClass()
            case "\\": return try escape()
            case "*", "+", "?":
                throw SyntaxError(message: "`\(scalar)` repeats nothing", offset: index - 1)
            default: return .scalar(scalar)
            }
        }

        mutating func escape() throws(SyntaxError) -> Node {
            guard index < scalars.count else { throw SyntaxError(message: "`\\` at the end", offset: index) }
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "d": return .set(Self.digits, negated: false)
            case "D": return .set(Self.digits, negated: true)
            case "w": return .set(Self.word, negated: false)
            case "W": return .set(Self.word, negated: true)
            case "s": return .set(Self.space, negated: false)
            case "S": return .set(Self.space, negated: true)
            default: return .scalar(scalar)
            }
        }

        static let digits: [ClosedRange<UInt32>] = [0x30...0x39]
        static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0xC0...0x24F]
        static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20, 0xA0...0xA0]

        mutating func characterClass() throws(SyntaxError) -> Node {
            var negated = false
            if index < scalars.count && scalars[index] == "^" { negated = true; index += 1 }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while index < scalars.count && (scalars[index] != "]" || first) {
                first = false
                var low = scalars[index]
                index += 1
                if low == "\\" && index < scalars.count {
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "d": ranges += Self.digits; continue
                    case "w": ranges += Self.word; continue
                    case "s": ranges += Self.space; continue
                    default: low = escaped
                    }
                }
                if index + 1 < scalars.count && scalars[index] == "-" && scalars[index + 1] != "]" {
                    let high = scalars[index + 1]
                    index += 2
                    guard low.value <= high.value else { throw SyntaxError(message: "a range runs from low to high", offset: index - 3) }
                    ranges.append(low.value...high.value)
                } else {
                    ranges.append(low.value...low.value)
                }
            }
            guard index < scalars.count else { throw SyntaxError(message: "`[` without its `]`", offset: index) }
            index += 1
            return .set(ranges, negated: negated)
        }
    }
}
