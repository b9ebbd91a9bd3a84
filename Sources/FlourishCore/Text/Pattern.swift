/// A small regular expression matcher for import rules, written here (grammar.md §9 lists
/// exactly what it supports): literals; `.`; classes `[a-z]`, `[^0-9]`; `\d \w \s` and their
/// negations `\D \W \S`; `\t`; escapes `\.` `\(` and the like (a letter or a digit after `\`
/// that is none of these, `\b` or `\1`, is refused); anchors `^` `$`; groups `( )` that
/// capture (`\1` … `\9` in a rewritten description); alternation `|`; and the quantifiers
/// `*` `+` `?` `{m}` `{m,}` `{m,n}` (greedy). Matching ignores case, finds the leftmost match
/// and looks at the first `subjectLimit` characters of a field; it runs a Pike machine
/// (`Program`), in time linear in the text for every pattern, so no pattern can hang an
/// import or run out of stack.
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
    let program: Program

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
        program = try Program(root, groups: groups)
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
    /// The most instructions a pattern compiles to, its repetitions written out (`a{1000}` is a
    /// thousand): matching takes at most this many steps a character.
    static let maximumProgram = 4_000

    /// The steps an import's patterns may take on one statement (a step: one thread moved on
    /// by one character), shared by all its rows: what is left is passed from match to match,
    /// and a statement that would need more is refused (`pattern-work`) instead of taking
    /// minutes — at most about a second of work.
    static let statementSteps = 10_000_000

    func match(_ text: String) -> [String]? {
        var unbounded = Int.max
        return match(text, steps: &unbounded)
    }

    /// As `match(_:)`, taking its steps from `steps`; nil once they run out (then ≤ 0).
    func match(_ text: String, steps: inout Int) -> [String]? {
        let original = Array(text.unicodeScalars.prefix(Self.subjectLimit))
        let scalars = Array(String(String.UnicodeScalarView(original)).lowercased().unicodeScalars)
        guard scalars.count == original.count else { return nil }  // a case change that alters lengths
        guard let slots = program.run(scalars, steps: &steps) else { return nil }
        return (0...groups).map { group in
            let (start, end) = (slots[2 * group], slots[2 * group + 1])
            return start >= 0 && end >= start ? String(String.UnicodeScalarView(original[start..<end])) : ""
        }
    }

    /// The pattern as instructions for a Pike machine (Thompson's construction with captures):
    /// every thread is advanced one character at a time, so a match takes time linear in the
    /// text whatever the pattern — no backtracking, nothing to give up on.
    struct Program: Sendable {
        enum Instruction: Sendable {
            case scalar(Unicode.Scalar)
            case any
            case set([ClosedRange<UInt32>], negated: Bool)
            case start, end
            /// Go on at both; the first is preferred (greedy, or the left alternative).
            case split(Int, Int)
            case jump(Int)
            /// Note the position in a capture slot (or a repetition's register).
            case save(Int)
            /// Go on only past the position noted in a register: a repetition's optional step
            /// that matched nothing ends the repetition there, as backtracking has it.
            case advanced(Int)
            case match
        }

        var instructions: [Instruction] = []
        /// Capture slots (two a group, the whole match first), then one register a repetition.
        var slots: Int

        init(_ root: Node, groups: Int) throws(SyntaxError) {
            slots = 2 * (groups + 1)
            instructions.append(.save(0))
            try emit(root)
            instructions.append(.save(1))
            instructions.append(.match)
        }

        private mutating func add(_ instruction: Instruction) throws(SyntaxError) -> Int {
            guard instructions.count < Pattern.maximumProgram else {
                throw SyntaxError(message: "the pattern is too large once its repetitions are written out (at most \(Pattern.maximumProgram) steps)", offset: 0)
            }
            instructions.append(instruction)
            return instructions.count - 1
        }

        private mutating func emit(_ node: Node) throws(SyntaxError) {
            switch node {
            case .scalar(let scalar): _ = try add(.scalar(scalar))
            case .any: _ = try add(.any)
            case .set(let ranges, let negated): _ = try add(.set(ranges, negated: negated))
            case .start: _ = try add(.start)
            case .end: _ = try add(.end)
            case .group(let inner, let index):
                _ = try add(.save(2 * index))
                try emit(inner)
                _ = try add(.save(2 * index + 1))
            case .sequence(let nodes):
                for node in nodes { try emit(node) }
            case .alternation(let options):
                var jumps: [Int] = []
                for (number, option) in options.enumerated() {
                    if number < options.count - 1 {
                        let split = try add(.split(0, 0))
                        try emit(option)
                        jumps.append(try add(.jump(0)))
                        instructions[split] = .split(split + 1, instructions.count)
                    } else {
                        try emit(option)
                    }
                }
                for jump in jumps { instructions[jump] = .jump(instructions.count) }
            case .repeated(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                let register = slots
                slots += 1
                if let max {
                    // Each further one optional, and all of them skipped at once when not taken.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(try add(.split(0, 0)))
                        _ = try add(.save(register))
                        try emit(inner)
                        _ = try add(.advanced(register))
                    }
                    for split in splits { instructions[split] = .split(split + 1, instructions.count) }
                } else {
                    let split = try add(.split(0, 0))
                    _ = try add(.save(register))
                    try emit(inner)
                    _ = try add(.advanced(register))
                    _ = try add(.jump(split))
                    instructions[split] = .split(split + 1, instructions.count)
                }
            }
        }

        /// The capture slots of the leftmost match, preferring as backtracking would: the
        /// greedy choice, the left alternative. A slot not reached holds -1.
        func run(_ text: [Unicode.Scalar], steps: inout Int) -> [Int]? {
            struct Thread {
                var pc: Int
                var slots: [Int]
            }
            var current: [Thread] = []
            var next: [Thread] = []
            // The position each instruction was last added at: a thread reaching an
            // instruction already added for this position is dropped (it could only repeat a
            // preferred one), which also ends loops that match nothing.
            var added = [Int](repeating: -1, count: instructions.count)
            var matched: [Int]?
            /// The work list of `follow`, kept between calls (one allocation a match).
            var stack: [(pc: Int, slots: [Int])] = []

            /// Follows jumps, splits, saves and anchors from `pc` at `at`, adding the threads
            /// that wait on a character (or match) to `list`, most preferred first.
            func follow(_ pc: Int, _ slots: [Int], at: Int, into list: inout [Thread]) {
                stack.removeAll(keepingCapacity: true)
                stack.append((pc, slots))
                while let (pc, slots) = stack.popLast() {
                    // A check is not marked: a thread it stops must not keep out a later one
                    // that passes it (it only ever leads forward, so no loop goes round it).
                    if case .advanced = instructions[pc] {} else {
                        guard added[pc] != at else { continue }
                        added[pc] = at
                    }
                    switch instructions[pc] {
                    case .jump(let target): stack.append((target, slots))
                    case .split(let first, let second):
                        stack.append((second, slots))
                        stack.append((first, slots))
                    case .save(let slot):
                        var saved = slots
                        saved[slot] = at
                        stack.append((pc + 1, saved))
                    case .advanced(let register): if at > slots[register] { stack.append((pc + 1, slots)) }
                    case .start: if at == 0 { stack.append((pc + 1, slots)) }
                    case .end: if at == text.count { stack.append((pc + 1, slots)) }
                    default: list.append(Thread(pc: pc, slots: slots))
                    }
                }
            }

            let empty = [Int](repeating: -1, count: slots)
            for at in 0...text.count {
                // A new start at each place, least preferred, until a match is found.
                if matched == nil { follow(0, empty, at: at, into: &current) }
                if current.isEmpty {
                    if matched != nil { break }
                    continue
                }
                next.removeAll(keepingCapacity: true)
                steps -= current.count
                if steps <= 0 { return nil }
                for thread in current {
                    let advances: Bool
                    switch instructions[thread.pc] {
                    case .match:
                        matched = thread.slots
                        advances = false
                    case .scalar(let scalar): advances = at < text.count && text[at] == scalar
                    case .any: advances = at < text.count && text[at] != "\n"
                    case .set(let ranges, let negated):
                        advances = at < text.count && ranges.contains(where: { $0.contains(text[at].value) }) != negated
                    default: advances = false
                    }
                    if case .match = instructions[thread.pc] { break }  // the rest are less preferred
                    if advances { follow(thread.pc + 1, thread.slots, at: at + 1, into: &next) }
                }
                swap(&current, &next)
            }
            return matched
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
            case "t": return .scalar("\t")
            default: return .scalar(try Self.literal(escaped: scalar, at: index - 2))
            }
        }

        /// What `\x` stands for when x is not a class: the character itself when it is a
        /// sign (`\.`, `\(`, `\\`); a letter or a digit (`\b`, `\q`, `\1`) is a construct this
        /// matcher does not have, refused rather than read as the letter and never matching.
        static func literal(escaped scalar: Unicode.Scalar, at offset: Int) throws(SyntaxError) -> Unicode.Scalar {
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return scalar }
            throw SyntaxError(message: "`\\\(scalar)` is not something these patterns know (they know \\d \\w \\s, \\D \\W \\S, \\t, and a sign after `\\`, as in `\\.`)",
                              offset: offset)
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
                    case "t": low = "\t"
                    default: low = try Self.literal(escaped: escaped, at: index - 2)
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
