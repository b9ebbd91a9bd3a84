import Testing
@testable import FlourishCore

/// A register's rows come in runs (an entry's lines share its date and words) with their
/// texts read in place, and the renderers write a run's shared cells once and copy their
/// bytes to its other rows (`MadeRows`): the text, CSV and JSON are byte for byte those of
/// every row given whole as cells — on every example, on a ledger with quoted names, commas, quotes,
/// escapes, a formula-like description, statuses, tags, openings and corrections, on random
/// ledgers, with a query and with a depth, and with colour.
@Suite struct RowRunTests {
    /// The register in each format both ways: runs copied, and every row laid whole.
    func bothWays(_ journal: Journal, query: ReportQuery? = nil, depth: Int? = nil, colour: Bool = false) throws -> [(format: String, lines: String, cells: String)] {
        let context = ReportContext(journal: journal, from: CivilDate.earliest, to: CivilDate.latest, asOf: CivilDate.latest)
        let report = try RegisterReport.make(context, query: query ?? ReportQuery(journal), depth: depth)
        let renderer = DocumentRenderer(currency: journal.currency, colour: colour)
        var document = report.document
        #expect(document.tables.first?.madeRows?.sharedColumns == 4)
        let lines = [renderer.text(document), renderer.csv(document), renderer.json(document)]
        // The same rows gathered as cells, each given whole as a run of its own.
        if let made = document.tables[0].madeRows {
            document.tables[0].madeRows?.write = { sink in
                made.write(CellRows(shared: made.sharedColumns) { row in
                    sink.beginRow(continuingRun: false)
                    for cell in row { sink.add(cell) }
                    sink.endRow()
                })
            }
        }
        let cells = [renderer.text(document), renderer.csv(document), renderer.json(document)]
        return zip(["text", "csv", "json"], zip(lines, cells)).map { ($0, $1.0, $1.1) }
    }

    static let mixed = """
    currency EUR 2
    account "Compte Chèque" checking
    account Cash checking
    category Food
    category Food:Café
    category "Loisirs et sorties"
    person Zoë
    category "Gifts, cards"
    category "=SUM(A1)"

    opening 2026-01-01 "Compte Chèque" 1000.00
    opening 2026-01-01 Cash 20.00

    2026-01-02 * "Le \\"Petit\\" Café, rue Zoë"  #food #sortie
      Food:Café  12.50  ; a note
      "Compte Chèque"

    2026-01-03 ! Marché, légumes et fruits
      Food  1234567.89
      Zoë  0.01
      "Compte Chèque"

    2026-01-04 ""
      "Loisirs et sorties"  -3.00
      Cash

    2026-01-05 "=cmd|' /C calc'!A0, \\"quoted\\" \\\\ back"  #x
      Zoë  -0.01
      Cash

    2026-01-06 Two names to quote
      "Gifts, cards"  2.00
      "=SUM(A1)"  1.00
      Cash

    correction 2026-01-06 Cash -1.00 coins lost

    """

    @Test func aLedgerOfEveryKindOfLine() throws {
        let journal = TestSupport.book(TestSupport.load(Self.mixed))
        for (format, lines, cells) in try bothWays(journal) + bothWays(journal, depth: 1) {
            #expect(lines == cells, "\(format)")
            #expect(lines.contains("#food #sortie"), "\(format)")
            #expect(lines.contains("=cmd"), "\(format)")
        }
        let text = try bothWays(journal)[0].lines
        #expect(text.contains("Le \"Petit\" Café, rue Zoë"))
    }

    @Test func everyExample() throws {
        for name in ["household", "drip", "berlin"] {
            let loaded = try LedgerLoader.load(paths: [TestSupport.root + "/examples/\(name).flourish"])
            let journal = Booker.book(loaded.ledger).journal
            for (format, lines, cells) in try bothWays(journal) {
                #expect(lines == cells, "\(name) \(format)")
                #expect(lines.split(whereSeparator: \.isNewline).count > 10, "\(name) \(format)")
            }
        }
    }

    @Test func randomLedgersAndQueries() throws {
        for seed in 0..<40 {
            var generator = LedgerGenerator(seed: UInt64(900 + seed))
            let journal = TestSupport.book(TestSupport.load(generator.ledger(entries: 30)))
            for (format, lines, cells) in try bothWays(journal) { #expect(lines == cells, "seed \(seed) \(format)") }
            if let name = journal.ledger.names.names.first,
               case .success(let query) = ReportQuery.resolve([.name(name)], in: journal, kinds: [.account, .category, .incomeCategory, .person]) {
                for (format, lines, cells) in try bothWays(journal, query: query) {
                    #expect(lines == cells, "seed \(seed), \(name) \(format)")
                }
            }
        }
    }

    @Test func withColour() throws {
        let journal = TestSupport.book(TestSupport.load(Self.mixed))
        for (format, lines, cells) in try bothWays(journal, colour: true) { #expect(lines == cells, "\(format)") }
    }

    @Test func theStreamedLedger() throws {
        let journal = TestSupport.book(TestSupport.load(StreamedOutputTests.ledger(500)))
        for (format, lines, cells) in try bothWays(journal) { #expect(lines == cells, "\(format)") }
    }
}
