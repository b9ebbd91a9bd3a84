import Testing
@testable import FlourishCore

/// Entry lines and split lines of the common shape are read straight from their bytes
/// (`Parser.quickEntryHeader`, `Parser.quickPosting`); every other line token by token.
/// Reading a file for `fmt` records its tokens and so takes the full reading for every line:
/// both readings must give the same ledger and the same problems, at the same places, on any
/// line.
@Suite struct QuickLineTests {
    /// What a parse gives that later stages read: names, split lines, entries, where the
    /// first amount is, stray names, goals, currency codes and every diagnostic.
    func summary(_ parsed: ParsedFile) -> String {
        let ledger = parsed.ledger
        var lines = ledger.names.names.enumerated().map { "name \($0.offset) \($0.element)" }
        lines += ledger.postings.enumerated().map { index, posting in
            "line \(index) \(posting.target.id)@\(posting.target.location.range) \(posting.amount.minorUnits)/\(posting.amountScale)"
                + " \(posting.amountLocation.map { "\($0.range)" } ?? "-") goal \(ledger.postingGoals[index].map { "\($0.id)" } ?? "-")"
        }
        lines += ledger.entries.map {
            "entry \($0.date) \($0.status) \($0.descriptionLocation.range) \($0.postings) \($0.tagRange) \($0.location.range)"
        }
        lines += ledger.entryTags.map { "tag \($0.id)@\($0.location.range)" }
        lines += ledger.strayReferences.map { "stray \($0.id)@\($0.location.range)" }
        lines += ledger.amountCodes.sorted { $0.key.start < $1.key.start }.map { "code \($0.key.range) \($0.value.value)" }
        lines.append("first amount \(parsed.firstAmount.map { "\($0.range)" } ?? "-")")
        lines += DiagnosticRenderer(files: [parsed.file]).render(parsed.diagnostics).split(separator: "\n").map(String.init)
        return lines.joined(separator: "\n")
    }

    func bothReadings(_ text: String) -> (quick: String, full: String) {
        let file = SourceFile(path: "quick.flourish", text: text)
        return (summary(Parser.parse(file, fileIndex: 0)), summary(Parser.parse(file, fileIndex: 0, recordLines: true)))
    }

    /// 400 files of 30 entries, each entry line and split line put together from pieces near
    /// the edges of the common shape: dates that are not, statuses stuck to a word, quoted
    /// descriptions, `;` and `#` inside descriptions, tags stuck together or followed by more
    /// text; quoted names with and without escapes or their closing quote, names that
    /// are numbers or have empty parts, amounts with signs, codes, letters or too many digits,
    /// comments right after a word, tags, goals, strings where an amount goes, tabs.
    @Test func bothReadingsAgreeOnRandomLines() {
        var generator = LedgerGenerator(seed: 41)
        let names = ["Food", "Café", "\"Compte Chèque\"", "\"Zoë\"", "\"a\\\"b\"", "\"open", "12.50", "Food::x", "\"\"", "\"A:\"",
                     "Alimentation:Courses", "\"Maison:Petits travaux\"", "#x", "Bank\"q\"", "Food;c", "\"Zoë\";c", "\"Zoë\"12", "\"x\\", "\"a\\\\b\""]
        let gaps = [" ", "  ", "\t", "", "   \t "]
        let amounts = ["12", "-3.50", "+1", "1.2.3", "12EUR", "12 EUR", "12 eur", "goal", "#x", "\"7\"", "1234567890123456789012",
                       "0.001", "-", "12;c", "12\"", "999999999999999999", "9999999999999999999", "5.", ".5", ""]
        let tails = ["", "  ; note", " # note", "#", "  #tag", "  goal Japan", " extra", "  \"q\"", "\t;", "  goal", " #"]
        let dates = ["2026-01-12", "2026-01-31", "2026-02-29", "2024-02-29", "0000-01-01", "2026-13-01", "2026-1-01", "2026-01-12x",
                     "2026/01/12", "2026-01-12;x", "2026-01-1a", "9999-12-31", "2026-00-10"]
        let statuses = ["", " *", " !", " *x", "\t!", " * ", "*", " !;"]
        let descriptions = ["", " Shop", " SNCF, billet aller-retour, pain", "  Zoë's café  ", " \"Quoted\"", " \"open", " a;b",
                            " Item#3", " a #", " #", " x\t#tag", " ; only a comment", " # comment"]
        let headerTails = ["", "  #maison", " #a#b", " #a #b ; c", "  #tag;x", " #x extra", " #\"q\"", " #", "\t#t\t", " #é"]
        var disagreements: [String] = []
        for round in 0..<400 {
            var text = "currency EUR\n"
            for entry in 0..<30 {
                if generator.next(3) == 0 {
                    text += generator.pick(dates) + generator.pick(statuses) + generator.pick(descriptions) + generator.pick(headerTails) + "\n"
                } else {
                    text += "2026-01-\(10 + entry % 18) * Shop \(entry)\(generator.next(4) == 0 ? "  #tag" : "")\n"
                }
                for _ in 0..<(1 + generator.next(4)) {
                    let indent = generator.next(6) == 0 ? "\t" : "  "
                    var line = indent + generator.pick(names)
                    if generator.next(4) > 0 { line += generator.pick(gaps) + generator.pick(amounts) }
                    if generator.next(3) == 0 { line += generator.pick(tails) }
                    text += line + "\n"
                }
                if generator.next(5) == 0 { text += "  ; an indented comment\n" }
                text += generator.next(8) == 0 ? "" : "\n"
            }
            let (quick, full) = bothReadings(text)
            if quick != full { disagreements.append("round \(round):\n\(text)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) files read differently; the first:\n\(disagreements.first ?? "")")
    }

    /// A few lines by hand, with what both readings give.
    @Test func theCommonShapesReadAsWritten() {
        let (quick, full) = bothReadings("currency EUR\n2026-01-02 Shop\n  \"Compte Chèque\"  -92.78  ; à vérifier\n  Café\t92.78\n")
        #expect(quick == full)
        #expect(quick == """
            name 0 Compte Chèque
            name 1 Café
            line 0 0@31..<47 -9278/2 49..<55 goal -
            line 1 1@74..<79 9278/2 80..<85 goal -
            entry 2026-01-02 unmarked 24..<28 0..<2 0..<0 13..<28
            first amount 49..<55
            """)
    }
}
