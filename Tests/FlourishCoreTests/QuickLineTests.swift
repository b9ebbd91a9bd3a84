import Testing
@testable import FlourishCore

/// Entry lines and split lines of the common shape are read straight from their bytes
/// (`Parser.quickEntryHeader`, `Parser.quickPosting`); every other line token by token.
/// Both readings must give the same ledger and the same problems, at the same places, on any
/// line, and record the same tokens for `fmt`.
@Suite struct QuickLineTests {
    /// What a parse gives that later stages read: names, split lines, entries, where the
    /// first amount is, stray names, goals, currency codes and prices and every diagnostic.
    func summary(_ parsed: ParsedFile) -> String {
        let ledger = parsed.ledger
        var lines = ledger.names.names.enumerated().map { "name \($0.offset) \($0.element)" }
        lines += ledger.postings.enumerated().map { index, posting in
            "line \(index) \(posting.target.id)@\(posting.target.location.range) \(posting.amount.minorUnits)/\(posting.amountScale)"
                + " \(posting.amountLocation.map { "\($0.range)" } ?? "-") goal \(ledger.postingGoals[index].map { "\($0.id)" } ?? "-")"
                + (posting.hasCodeOrPrice ? " code or price" : "")
        }
        lines += ledger.entries.map {
            "entry \($0.date) \($0.status) \($0.descriptionLocation.range) \($0.postings) \($0.tagRange) \($0.location.range)"
        }
        lines += ledger.entryTags.map { "tag \($0.id)@\($0.location.range)" }
        lines += ledger.strayReferences.map { "stray \($0.id)@\($0.location.range)" }
        lines += ledger.amountCodes.all.sorted { $0.key.start < $1.key.start }.map { "code \($0.key.range) \($0.value.value)@\($0.value.location.range)" }
        lines += ledger.writtenForeign.map { written in
            func code(_ index: Int32) -> String { index >= 0 ? ledger.lineCodes[Int(index)] : "-" }
            let price = written.price(file: 0).map { "\($0.kind) \($0.value.value.mantissa)/\($0.value.value.scale)@\($0.value.location.range)" } ?? "-"
            return "written line \(written.line) \(code(written.code))@\(written.codeStart) price \(price) \(code(written.priceCode))@\(written.priceCodeStart)"
        }
        lines += ledger.amountPrices.all.map { "price \($0.key.range) \($0.value.kind) \($0.value.value.value.mantissa)/\($0.value.value.value.scale)@\($0.value.value.location.range)" }
        lines.append("first amount \(parsed.firstAmount.map { "\($0.range)" } ?? "-")")
        lines += DiagnosticRenderer(files: [parsed.file]).render(parsed.diagnostics).split(separator: "\n").map(String.init)
        return lines.joined(separator: "\n")
    }

    /// The lines recorded for `fmt`: each line's kind, tokens and comment.
    func recorded(_ parsed: ParsedFile) -> String {
        (parsed.lines ?? []).enumerated().map { number, line in
            "\(number) \(line.kind): " + line.tokens.map { "\($0.kind)\($0.range)" }.joined(separator: " ")
                + (line.comment.map { " comment\($0.range)" } ?? "")
        }.joined(separator: "\n")
    }

    /// The file read quickly and in full (each line token by token), both recording lines as
    /// `fmt` does, and quickly without recording: the quick summaries (with the recorded
    /// lines, and without recording) and the full one.
    func bothReadings(_ text: String) -> (quick: String, full: String) {
        let file = SourceFile(path: "quick.flourish", text: text)
        let quick = Parser.parse(file, fileIndex: 0, recordLines: true)
        let full = Parser.parse(file, fileIndex: 0, recordLines: true, quickLines: false)
        let unrecorded = summary(Parser.parse(file, fileIndex: 0))
        return (summary(quick) + "\n" + recorded(quick) + (unrecorded == summary(quick) ? "" : "\nwithout recording:\n" + unrecorded),
                summary(full) + "\n" + recorded(full))
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
                       "0.001", "-", "12;c", "12\"", "999999999999999999", "9999999999999999999", "5.", ".5", "",
                       "12.50 USD @@ 11.48", "-3 USD @ 0.92", "12 JPY @@ 0.08 EUR", "12 USD @@", "12 USD @@ -3", "12 USD @@ +3", "12 USD @@@ 3",
                       "12 USD@@ 3", "12 @@ 3", "12 USD @x 3", "12 USD @ 1.2.3", "12 USD @@ 3 usd", "12 USD @@ 3;c", "12 USD;c", "12 USD @@ \"3\"",
                       "12 BTC\t@\t1", "12 USD @@ 3 EUR EUR", "12 USD USD", "12 U @@ 3", "12 USD @@ 99999999999999999999"]
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
            if quick != full {
                // The first line the readings differ on, then the file.
                let (q, f) = (quick.split(separator: "\n"), full.split(separator: "\n"))
                let at = (0..<min(q.count, f.count)).first { q[$0] != f[$0] } ?? min(q.count, f.count)
                disagreements.append("round \(round): quick \(at < q.count ? q[at] : "-"), full \(at < f.count ? f[at] : "-")\n\(text)")
            }
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
            0 directive: word0..<8 word9..<12
            1 entryHeader: word13..<23 text24..<28
            2 posting: string31..<47 word49..<55 comment57..<71
            3 posting: word74..<79 word80..<85
            """)
    }
}
