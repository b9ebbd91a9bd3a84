import Foundation
import Testing
@testable import FlourishCore

/// The pattern engine (a Pike machine) finds what a plain backtracking matcher finds — the
/// leftmost match, greedy, the left alternative first, the same groups — in time linear in
/// the text.
@Suite struct PatternEngineTests {
    /// Backtracking by continuations over the pattern's tree: the reference.
    final class Reference {
        let text: [Unicode.Scalar]
        var captures: [Range<Int>?]
        init(_ text: [Unicode.Scalar], groups: Int) {
            self.text = text
            captures = Array(repeating: nil, count: groups + 1)
        }

        func run(_ node: Pattern.Node, _ at: Int, _ next: (Int) -> Int?) -> Int? {
            switch node {
            case .scalar(let scalar): return at < text.count && text[at] == scalar ? next(at + 1) : nil
            case .any: return at < text.count && text[at] != "\n" ? next(at + 1) : nil
            case .set(let ranges, let negated):
                return at < text.count && ranges.contains(where: { $0.contains(text[at].value) }) != negated ? next(at + 1) : nil
            case .start: return at == 0 ? next(at) : nil
            case .end: return at == text.count ? next(at) : nil
            case .group(let inner, let index):
                return run(inner, at) { end in
                    let previous = self.captures[index]
                    self.captures[index] = at..<end
                    if let result = next(end) { return result }
                    self.captures[index] = previous
                    return nil
                }
            case .sequence(let nodes): return sequence(nodes[...], at, next)
            case .alternation(let options):
                for option in options { if let end = run(option, at, next) { return end } }
                return nil
            case .repeated(let inner, let min, let max): return repeated(inner, min, max, 0, at, next)
            }
        }

        func sequence(_ nodes: ArraySlice<Pattern.Node>, _ at: Int, _ next: (Int) -> Int?) -> Int? {
            guard let first = nodes.first else { return next(at) }
            return run(first, at) { self.sequence(nodes.dropFirst(), $0, next) }
        }

        func repeated(_ node: Pattern.Node, _ min: Int, _ max: Int?, _ count: Int, _ at: Int, _ next: (Int) -> Int?) -> Int? {
            if max.map({ count < $0 }) ?? true {
                let more = run(node, at) { end in
                    guard end > at || count < min else { return nil }
                    return self.repeated(node, min, max, count + 1, end, next)
                }
                if more != nil { return more }
            }
            return count >= min ? next(at) : nil
        }

        static func match(_ pattern: Pattern, _ subject: String) -> [String]? {
            let scalars = Array(subject.unicodeScalars)
            for start in 0...scalars.count {
                let reference = Reference(scalars, groups: pattern.groups)
                if let end = reference.run(pattern.root, start, { $0 }) {
                    reference.captures[0] = start..<end
                    return reference.captures.map { $0.map { String(String.UnicodeScalarView(scalars[$0])) } ?? "" }
                }
            }
            return nil
        }
    }

    @Test func agreesWithBacktrackingOnRandomPatterns() throws {
        var generator = SystemRandomNumberGenerator()
        func atom(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 2 ? 4 : 7), using: &generator) {
            case 0, 1: return ["a", "b", "c"].randomElement(using: &generator)!
            case 2: return ["[ab]", "[^a]", ".", "\\d"].randomElement(using: &generator)!
            case 3: return ["^", "$", "a"].randomElement(using: &generator)!
            case 4: return "(" + pattern(depth + 1) + ")"
            case 5: return "(" + pattern(depth + 1) + "|" + pattern(depth + 1) + ")"
            default: return atom(depth + 1) + ["*", "+", "?", "{2}", "{1,3}", "{0,2}"].randomElement(using: &generator)!
            }
        }
        func pattern(_ depth: Int) -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in atom(depth) }.joined()
        }
        var compared = 0
        for _ in 0..<5_000 {
            let text = pattern(0)
            guard let compiled = try? Pattern(text) else { continue }
            for _ in 0..<5 {
                let subject = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in "abc1".randomElement(using: &generator)! })
                #expect(compiled.match(subject) == Reference.match(compiled, subject), "\(text) on \(subject)")
                compared += 1
            }
        }
        #expect(compared > 10_000)
    }

    /// A letter or a digit after `\` that the matcher has no meaning for is refused, never
    /// read as the letter (`\bTESCO\b` would then never match); signs are themselves.
    @Test func escapesItDoesNotKnowAreRefused() throws {
        for unknown in ["\\bTESCO\\b", "\\q", "(a)\\1", "[\\b]", "\\n"] {
            #expect(throws: Pattern.SyntaxError.self, "\(unknown)") { try Pattern(unknown) }
        }
        do {
            _ = try Pattern("\\bTESCO")
        } catch {
            #expect(error.message == "`\\b` is not something these patterns know (they know \\d \\w \\s, \\D \\W \\S, \\t, and a sign after `\\`, as in `\\.`)")
        }
        #expect(try Pattern("a\\.b\\(c\\)").match("xa.b(c)") == ["a.b(c)"])
        #expect(try Pattern("a\\tb").match("a\tb") == ["a\tb"])
        #expect(try Pattern("[\\t,]").match("x\ty") == ["\t"])
    }

    /// A folder with the household example and its Big Bank statement and rules, to change.
    static func copyOfTheImportExample() -> String {
        let folder = TestSupport.temporaryDirectory()
        for sub in ["household", "import"] { try? FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        for name in ["household.flourish", "household/accounts.flourish", "import/bigbank.csv", "import/bigbank.rules"] {
            TestSupport.write(TestSupport.read(TestSupport.root + "/examples/" + name), to: folder + "/" + name)
        }
        return folder
    }

    /// In a rules file, such a pattern is an error at its rule's line and nothing is imported.
    @Test func aRuleWithAnUnknownEscapeIsRefusedAtItsLine() {
        let folder = Self.copyOfTheImportExample()
        let rules = folder + "/import/bigbank.rules"
        TestSupport.write(TestSupport.read(rules) + "if ~ \"\\bgrocer\\b\"\n  to Food:Dining\n", to: rules)
        let lines = TestSupport.read(rules).split(separator: "\n", omittingEmptySubsequences: false).count - 2
        let before = TestSupport.read(folder + "/household.flourish")
        let result = TestSupport.run(["import", "csv", folder + "/import/bigbank.csv", "--rules", rules, "-f", folder + "/household.flourish"])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("bigbank.rules:\(lines):6: error: expected a pattern (`\\b` is not something these patterns know"), "\(result.stderr)")
        #expect(TestSupport.read(folder + "/household.flourish") == before)
    }

    /// A comment takes the groups the pattern captured, as a description does.
    @Test func aCommentTakesTheCapturedGroups() {
        let folder = Self.copyOfTheImportExample()
        let rules = folder + "/import/bigbank.rules"
        TestSupport.write(TestSupport.read(rules) + "if ~ \"(pharm\\w+)\"\n  to Health\n  comment \"at the \\1\"\n", to: rules)
        let result = TestSupport.run(["import", "csv", folder + "/import/bigbank.csv", "--rules", rules, "-f", folder + "/household.flourish", "--dry-run"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("  ; at the Pharmacy\n"), "\(result.stdout)")
    }

    @Test func whatImportRulesUse() throws {
        #expect(try Pattern("^amzn mktp uk\\*(\\w+)").match("AMZN Mktp UK*ab12cd") == ["AMZN Mktp UK*ab12cd", "ab12cd"])
        #expect(try Pattern("(\\d+)-(\\d+)").match("ref 12-345 x") == ["12-345", "12", "345"])
        #expect(try Pattern("a|ab").match("ab") == ["a"])
        #expect(try Pattern("x(a)?y").match("xy") == ["xy", ""])
        #expect(try Pattern("z").match("abc") == nil)
    }

    /// Once catastrophic for backtracking: the text is read once, whatever the pattern.
    @Test func nestedRepetitionsTakeTimeLinearInTheText() throws {
        let evil = try Pattern("(a*)*b")
        #expect(evil.match(String(repeating: "a", count: 500)) == nil)
        #expect(try Pattern("(a|a)*c").match(String(repeating: "a", count: 499) + "c")?.first?.count == 500)
        #expect(throws: Pattern.SyntaxError.self) { try Pattern("(a{1000}){1000}") }
    }

    /// A statement's patterns share one allowance of steps; when it runs out, matching stops
    /// and says so (the import is refused with `pattern-work`).
    @Test func stepsRunOutAndSaySo() throws {
        let pattern = try Pattern("(a|aa)*(b|c){1,20}x$")
        let field = String(repeating: "a", count: 400)
        var plenty = Int.max
        #expect(pattern.match(field, steps: &plenty) == nil)
        let used = Int.max - plenty
        #expect(used > 400 && used < 400 * 100)   // linear: a few threads a character
        var few = used / 2
        #expect(pattern.match(field + "bx", steps: &few) == nil)
        #expect(few <= 0)
        #expect(Problem.patternWork(limit: Pattern.statementSteps).message
                == "the rules' patterns took more than 10,000,000 steps on this statement; it was read up to this row")
    }
}
