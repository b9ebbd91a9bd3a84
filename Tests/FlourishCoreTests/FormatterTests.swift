import Foundation
import Testing
@testable import FlourishCore

/// `flourish fmt`: canonical output, idempotence, losslessness, and safe writes.
@Suite struct FormatterTests {
    func format(_ text: String) -> String? {
        Formatter.format(SourceFile(path: "t.flourish", text: text)).formatted
    }

    /// What must survive formatting: every line's kind, tokens and comment, in order, with
    /// runs of blank lines counted as one.
    func fingerprint(_ text: String) -> [String] {
        let file = SourceFile(path: "t", text: text)
        var out: [String] = []
        for line in Parser.parse(file, fileIndex: 0, recordLines: true).lines ?? [] {
            let kind = line.kind == .indentedComment ? "posting-comment" : "\(line.kind)"
            let texts = (line.tokens + (line.comment.map { [$0] } ?? [])).map { file.text($0.range) }
            let rendered = ([kind] + texts).joined(separator: "|")
            if line.kind == .blank && (out.isEmpty || out.last == rendered) { continue }
            out.append(rendered)
        }
        while out.last == "blank" { out.removeLast() }
        return out
    }

    @Test func canonicalForm() {
        let input = """
        ; Budget
        currency   USD\t; dollars


        account  Bank   checking
        2026-11-22   *   Dinner with Sam #friends   #food ;  split
        \tDining 30.00
            Sam   30 ; owes me
          "Joint Account"   -1,060.00 USD
          ; comment inside
          Visa

        """
        let expected = """
        ; Budget
        currency USD  ; dollars

        account Bank checking
        2026-11-22 * Dinner with Sam  #friends #food  ;  split
          Dining               30.00
          Sam                  30         ; owes me
          "Joint Account"  -1,060.00 USD
          ; comment inside
          Visa

        """
        #expect(format(input) == expected)
    }

    @Test func emptyAndBlankFilesFormatToEmpty() {
        #expect(format("") == "")
        #expect(format("\n\n  \n") == "")
    }

    @Test func crlfAndBomAreNormalised() {
        #expect(format("\u{FEFF}currency USD\r\nperson Sam\r\n") == "currency USD\nperson Sam\n")
    }

    @Test func examplesAreAlreadyCanonical() {
        let result = TestSupport.run(["fmt", "--check", TestSupport.root + "/examples/household.flourish",
                                      TestSupport.root + "/examples/household/accounts.flourish",
                                      TestSupport.root + "/examples/drip.flourish"])
        #expect(result.stdout == "")
        #expect(result.status == .success)
    }

    @Test(arguments: 0..<25)
    func generatedLedgersRoundTrip(seed: Int) throws {
        var generator = LedgerGenerator(seed: UInt64(seed))
        let original = generator.ledger(entries: 40)
        let once = try #require(format(original))
        #expect(format(once) == once, "fmt is not idempotent")
        #expect(fingerprint(once) == fingerprint(original), "fmt lost or changed content")
        // The meaning is unchanged too: same entries and amounts.
        let before = TestSupport.load(original)
        let after = TestSupport.load(once)
        #expect(before.diagnostics.isEmpty && after.diagnostics.isEmpty)
        #expect(before.ledger.postings.map(\.amount) == after.ledger.postings.map(\.amount))
        #expect(before.ledger.entries.map { before.ledger.description(of: $0) } ==
                after.ledger.entries.map { after.ledger.description(of: $0) })
    }

    /// Applies `formatLines` to a text: what an editor shows after "format selection".
    func formatLines(_ text: String, _ range: ClosedRange<Int>) -> String {
        let file = SourceFile(path: "t.flourish", text: text)
        guard let (lines, replacement) = Formatter.formatLines(file, range) else { return text }
        let starts = file.lineStarts
        let start = starts[lines.lowerBound]
        let end = lines.upperBound < starts.count ? starts[lines.upperBound] : file.bytes.count
        return String(decoding: file.bytes[..<start], as: UTF8.self) + replacement + String(decoding: file.bytes[end...], as: UTF8.self)
    }

    @Test func aRangeIsFormattedAsWholeEntriesAndNothingElse() {
        let input = "currency   USD\naccount  Bank   checking\n\n2026-11-22   *   Dinner\n  Dining 30.00\n    Bank\n2026-11-23  Lunch\n   Dining 5.00\n  Bank\n"
        // Line 4 (0-based) is inside the first entry: the entry is formatted, nothing else.
        #expect(formatLines(input, 4...4) == "currency   USD\naccount  Bank   checking\n\n2026-11-22 * Dinner\n  Dining  30.00\n  Bank\n2026-11-23  Lunch\n   Dining 5.00\n  Bank\n")
        // A directive alone.
        #expect(formatLines(input, 1...1) == "currency   USD\naccount Bank checking\n\n2026-11-22   *   Dinner\n  Dining 30.00\n    Bank\n2026-11-23  Lunch\n   Dining 5.00\n  Bank\n")
        // Canonical lines already: nothing to do.
        #expect(Formatter.formatLines(SourceFile(path: "t", text: "currency USD\n"), 0...0) == nil)
        // A syntax error in the lines asked for: nothing is touched.
        #expect(Formatter.formatLines(SourceFile(path: "t", text: "currency   USD\n2026-02-30  x\n  Food  1.00\n  Bank\n"), 1...1) == nil)
        // Elsewhere (a line read only for context): the lines asked for are formatted.
        let elsewhere = Formatter.formatLines(SourceFile(path: "t", text: "currency   USD\n2026-02-30 x\n"), 0...0)
        #expect(elsewhere?.lines == 0..<1 && elsewhere?.text == "currency USD\n")
    }

    /// Formatting a file piece by piece, from the last lines up (so the line numbers above
    /// stay true), gives exactly what formatting it whole gives, whatever the size of the
    /// pieces; one range over every line gives it at once.
    @Test(arguments: 0..<10)
    func rangesAgreeWithTheWholeFile(seed: Int) throws {
        var generator = LedgerGenerator(seed: UInt64(seed))
        let original = generator.ledger(entries: 15)
        let whole = try #require(format(original))
        #expect(whole != original)
        let count = SourceFile(path: "t", text: original).lineStarts.count
        #expect(formatLines(original, 0...count) == whole)
        for size in 1...4 {
            var text = original
            for start in stride(from: 0, to: count, by: size).reversed() {
                text = formatLines(text, start...(start + size - 1))
            }
            #expect(text == whole, "pieces of \(size) lines")
        }
    }

    /// A large file formatted in pieces gives exactly what formatting it whole gives, however
    /// small the pieces and wherever they end: after a blank line, a run of them, a comment or
    /// a split line (blank runs added before some date lines, some of blanks and tabs).
    @Test(arguments: 0..<40)
    func piecesAgreeWithTheWholeFile(seed: Int) throws {
        var generator = LedgerGenerator(seed: UInt64(1_000 + seed))
        var text = ""
        for line in generator.ledger(entries: 30).split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first.isNumber, generator.next(2) == 0 {
                text += ["\n", "\n\n", " \t\n", "\n \n\n"][generator.next(4)]
            }
            text += line + "\n"
        }
        let file = SourceFile(path: "t.flourish", text: text)
        let whole = String(decoding: try #require(Formatter.formatWhole(file).bytes), as: UTF8.self)
        // A piece for each entry, a few entries each, and two halves.
        for size in [1, 200, file.bytes.count / 2] {
            let points = Formatter.splitPoints(file.bytes, every: size)
            #expect(points.count > 2, "pieces of \(size) bytes")
            let pieces = try #require(Formatter.formatInPieces(file, from: 0, pieceSize: size))
            #expect(String(decoding: pieces, as: UTF8.self) == whole, "pieces of \(size) bytes")
        }
        // A small file is read whole; so is one with a problem in any piece.
        #expect(Formatter.formatInPieces(file) == nil)
        let broken = SourceFile(path: "t.flourish", text: text + "2026-02-30 x\n  Rent  1\n  Bank\n")
        #expect(Formatter.formatInPieces(broken, from: 0, pieceSize: 200) == nil)
        #expect(Formatter.format(broken).bytes == nil)
    }

    /// The pieces begin at 0 and at entries' date lines at least `size` bytes apart; the last
    /// ends where the file does.
    @Test func piecesBeginAtDateLines() {
        let text = "; head\n2026-01-01 a\n  X  1\n  Y\n\n2026-01-02 b\n  X  1\n  Y\n2026-01-03 c\n  X  1\n  Y\n"
        let file = SourceFile(path: "t.flourish", text: text)
        let dates = [7, 32, 56]
        #expect(Formatter.splitPoints(file.bytes, every: 1) == [0] + dates + [text.utf8.count])
        #expect(Formatter.splitPoints(file.bytes, every: 30) == [0, 32, text.utf8.count])
        #expect(Formatter.splitPoints(file.bytes, every: 40) == [0, 56, text.utf8.count])
        #expect(Formatter.splitPoints(file.bytes, every: 1_000) == [0, text.utf8.count])
    }

    @Test func fileWithSyntaxErrorsIsNeverTouched() {
        let dir = TestSupport.temporaryDirectory()
        let path = dir + "/broken.flourish"
        let text = "currency USD\naccount   Bank checking\n2026-02-30 x\n  A  1\n  B\n"
        TestSupport.write(text, to: path)
        let result = TestSupport.run(["fmt", path])
        #expect(result.status == .problems)
        #expect(TestSupport.read(path) == text)
        #expect(result.stderr.hasSuffix("\(path): not formatted: it has syntax errors\n"))
        #expect(result.stderr.contains("error: invalid date `2026-02-30`: February 2026 has 28 days"))
    }

    @Test func checkListsFilesAndChangesNothing() {
        let dir = TestSupport.temporaryDirectory()
        let messy = dir + "/messy.flourish"
        let tidy = dir + "/tidy.flourish"
        TestSupport.write("currency   USD\n", to: messy)
        TestSupport.write("currency USD\n", to: tidy)
        let result = TestSupport.run(["fmt", "--check", messy, tidy])
        #expect(result.status == .problems)
        #expect(result.stdout == "would reformat \(messy)\n")
        #expect(TestSupport.read(messy) == "currency   USD\n")
        #expect(TestSupport.run(["fmt", "--check", tidy]).status == .success)
    }

    @Test func writesInPlaceAtomicallyAndLeavesNoTemporaryFiles() throws {
        let dir = TestSupport.temporaryDirectory()
        let path = dir + "/ledger.flourish"
        TestSupport.write("currency   USD\nperson    Sam\n", to: path)
        let result = TestSupport.run(["fmt", path])
        #expect(result.status == .success)
        #expect(result.stdout == "reformatted \(path)\n")
        #expect(TestSupport.read(path) == "currency USD\nperson Sam\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ledger.flourish"])
        #expect(TestSupport.run(["fmt", path]).stdout == "")
    }

    @Test func includedFileWithoutCurrencyStillFormats() {
        #expect(format("opening 2026-01-01   Bank 10.00\n") == "opening 2026-01-01 Bank 10.00\n")
    }
}
