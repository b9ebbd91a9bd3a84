import Foundation
import Testing
@testable import FlourishCore

/// Bad input never crashes or hangs: each yields diagnostics or success.
@Suite struct RobustnessTests {
    func check(bytes: [UInt8]) -> (diagnostics: [Diagnostic], ledger: Ledger) {
        let loaded = LedgerLoader.load(sources: [SourceFile(path: "t.flourish", bytes: bytes)])
        let validated = Validator.validated(loaded)
        _ = DiagnosticRenderer(files: loaded.ledger.files).render(validated.diagnostics)
        return (validated.diagnostics, validated.journal.ledger)
    }

    @Test func binaryGarbage() {
        var generator = LedgerGenerator(seed: 42)
        let bytes = (0..<200_000).map { _ in UInt8(generator.next(256)) }
        let result = check(bytes: bytes)
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
        #expect(Formatter.format(SourceFile(path: "t", bytes: bytes)).formatted == nil)
    }

    @Test func tenMegabyteLine() {
        let line = "currency USD\nperson " + String(repeating: "x", count: 10 << 20) + " extra\n"
        let result = check(bytes: Array(line.utf8))
        #expect(result.diagnostics.map(\.id) == ["unexpected-text"])
        let rendered = DiagnosticRenderer(files: result.ledger.files).render(result.diagnostics)
        #expect(rendered.count < 1_000, "the excerpt of a huge line is cut")
        #expect(rendered.contains("t.flourish:2:10485769: error: unexpected `extra`"))
    }

    @Test func crlfBomTabsAndNonASCIINames() {
        let text = "\u{FEFF}currency EUR\r\naccount Café\tchecking\r\ncategory Crème:Brûlée\r\n2026-01-01 * Déjeuner\r\n\tCrème:Brûlée\t4,50\r\n\tCafé\r\n"
        let result = check(bytes: Array(text.utf8))
        // 4,50 is not an amount here: the decimal mark is `.`; the caret lands on it.
        #expect(result.diagnostics.map(\.id) == ["invalid-amount"])
        let fixed = check(bytes: Array(text.replacingOccurrences(of: "4,50", with: "4.50").utf8))
        #expect(fixed.diagnostics.isEmpty)
        #expect(fixed.ledger.postings.map(\.amount.minorUnits) == [450, -450])
        #expect(fixed.ledger.names.id(of: "Café") != nil)
    }

    @Test func columnsCountCharactersNotBytes() {
        let result = check(bytes: Array("currency USD\nperson Zoë x\n".utf8))
        let rendered = DiagnosticRenderer(files: result.ledger.files).render(result.diagnostics)
        #expect(rendered.hasPrefix("t.flourish:2:12: error: unexpected `x`\n 2 | person Zoë x\n   |            ^\n"))
    }

    @Test func emptyFile() {
        let result = TestSupport.run(["check", TestSupport.temporaryDirectory() + "/empty.flourish"])
        #expect(result.status == .noInput)
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("", to: dir + "/empty.flourish")
        let empty = TestSupport.run(["check", dir + "/empty.flourish"])
        #expect(empty.status == .success)
        #expect(empty.stdout == "ok: 0 entries in 1 file, no problems\n")
    }

    @Test func selfInclude() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("include \"self.flourish\"\n", to: dir + "/self.flourish")
        let result = TestSupport.run(["check", dir + "/self.flourish"])
        #expect(result.status == .problems)
        #expect(result.stderr.contains("error: include cycle: \(dir)/self.flourish → \(dir)/self.flourish"))
    }

    @Test func thousandDeepIncludeChain() throws {
        let dir = TestSupport.temporaryDirectory()
        let depth = 1_000
        for level in 0..<depth {
            let next = level + 1 < depth ? "include \"\(level + 1).flourish\"\n" : "person Last\n"
            let header = level == 0 ? "currency USD\n" : ""
            TestSupport.write(header + next, to: dir + "/\(level).flourish")
        }
        let result = TestSupport.run(["check", dir + "/0.flourish"])
        #expect(result.status == .success)
        #expect(result.stdout == "ok: 0 entries in \(depth) files, no problems\n")
    }

    @Test func amountsAtTheLimitsOfInt64() {
        let max = check(bytes: Array("currency USD 0\naccount A checking\naccount B cash\n2026-01-01 x\n  A  9223372036854775807\n  B\n".utf8))
        #expect(max.diagnostics.isEmpty)
        #expect(max.ledger.postings.map(\.amount.minorUnits) == [.max, -.max])
        let min = check(bytes: Array("currency USD 0\naccount A checking\naccount B cash\n2026-01-01 x\n  A  -9223372036854775808\n  B\n".utf8))
        #expect(min.diagnostics.map(\.id) == ["amount-overflow"])
        let scaled = check(bytes: Array("currency USD 8\naccount A checking\nopening 2026-01-01 A 100000000000\n".utf8))
        #expect(scaled.diagnostics.map(\.id) == ["amount-overflow"])
    }

    @Test func everyProblemInOneRun() {
        let text = "currency USD\nbogus\n2026-99-99 x\naccount Bank pocket\n  orphan 1\nperson\n"
        let result = check(bytes: Array(text.utf8))
        #expect(result.diagnostics.map(\.id) == ["unknown-directive", "invalid-date", "unknown-word", "orphan-line", "syntax"])
    }

    @Test func theLastDayOfTheCalendarEndsTheBucketRun() {
        let text = "currency USD\naccount Bank checking\ncategory Food\nopening 9999-12-30 Bank 1000\nallowance 9999-12-30 1.00\n9999-12-31 x\n  Food  1\n  Bank\n"
        let result = check(bytes: Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        let december = BudgetMonth(containing: CivilDate(year: 9999, month: 12, day: 31)!, startDay: 25)
        #expect(december.first == CivilDate(year: 9999, month: 12, day: 25) && december.last == CivilDate.latest)
        #expect(CivilDate.latest.adding(days: 1) == CivilDate.latest)
        #expect(CivilDate.earliest.adding(days: -1) == CivilDate.earliest)
    }
}
