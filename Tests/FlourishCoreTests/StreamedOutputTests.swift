import Testing
@testable import FlourishCore

/// Long reports and exports are written as they are made: the register's rows are made, not
/// stored, and the pieces that write straight into the output (dates, amounts, widths, JSON
/// rows) agree with the plain formatting they stand for.
@Suite struct StreamedOutputTests {
    /// Counts the writes, to show the output leaves in more than one piece.
    final class Pieces: TextOutput {
        var text = ""
        var writes = 0
        let isTerminal = false
        func write(_ text: String) {
            self.text += text
            writes += 1
        }
    }

    /// Runs of a byte of every length up to past the eight-byte stores' limit, between other
    /// text: exactly so many, nothing past them.
    @Test func runsOfABlankAreExactlyAsLong() {
        let output = Pieces()
        let block = OutputBlock(output)
        var expected = ""
        for length in 0...130 {
            block.append("|")
            block.append(repeating: UInt8(ascii: length % 2 == 0 ? " " : "-"), count: length)
            expected += "|" + String(repeating: length % 2 == 0 ? " " : "-", count: length)
        }
        block.append("|")
        block.flush()
        #expect(output.text == expected + "|")
    }

    static let register = """
    currency EUR 2
    account "Compte Chèque" checking
    category Food
    person Zoë

    opening 2026-01-01 "Compte Chèque" 100.00

    """

    /// A ledger of `count` entries with quoted names, tags and a comma in every description.
    static func ledger(_ count: Int) -> String {
        var text = register
        for day in 0..<count {
            let date = CivilDate(year: 2026, month: 1, day: 1)!.adding(days: day / 4)
            text += "\(date) Café, \"au coin\" \(day) #food\n  Food 1.25\n  Zoë 0.50\n  \"Compte Chèque\"\n\n"
        }
        return text
    }

    @Test func theRegisterMakesItsRowsAsTheyAreWritten() throws {
        let journal = TestSupport.book(TestSupport.load(Self.ledger(3000)))
        let context = ReportContext(journal: journal, from: CivilDate.earliest, to: CivilDate.latest, asOf: CivilDate.latest)
        let report = try RegisterReport.make(context, query: ReportQuery(journal))
        let document = report.document
        let table = try #require(document.tables.first)
        #expect(table.rows.isEmpty)
        #expect(table.madeRows?.count == 9001)
        #expect(table.body.count == 9001)
        #expect(table.body.rows[1] == [.date(CivilDate(year: 2026, month: 1, day: 1)!), .text(""), .text("Café, \"au coin\" 0"),
                                  .text("#food"), .text("Food"), .text("split"), .money(Money(minorUnits: 125)), .money(Money(minorUnits: 125))])
        let renderer = DocumentRenderer(currency: journal.currency)
        for (format, whole) in [("text", renderer.text(document)), ("csv", renderer.csv(document)), ("json", renderer.json(document))] {
            let pieces = Pieces()
            switch format {
            case "text": renderer.text(document, to: pieces)
            case "csv": renderer.csv(document, to: pieces)
            default: renderer.json(document, to: pieces)
            }
            #expect(pieces.text == whole, "\(format)")
            #expect(pieces.writes > 5, "\(format) in \(pieces.writes) writes")
        }
        let csv = renderer.csv(document).split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(csv[2] == "2026-01-01,,\"Café, \"\"au coin\"\" 0\",#food,Food,split,1.25,1.25")
    }

    /// The register's widest cells (what the text renderer measures instead of making every
    /// row twice) lay out the same text as measuring every row, in every way of writing
    /// amounts, for a register of all lines and of one name, with amounts of both signs.
    @Test func theRegistersWidestCellsStandForEveryRow() throws {
        var text = Self.ledger(400)
        text += "2026-06-01 Refund, \"long\" description of the shop's return #food #refund\n  Food -1234.56\n  \"Compte Chèque\"\n\n"
        text += "2026-06-02 x\n  Zoë -98765.43\n  \"Compte Chèque\"\n\n"
        text += "2026-06-03 * \"A quoted \\\"escaped\\\" description, longer than any other in this ledger\"\n  Food 1\n  Zoë\n\n"
        let journal = TestSupport.book(TestSupport.load(text))
        let context = ReportContext(journal: journal, from: CivilDate.earliest, to: CivilDate.latest, asOf: CivilDate.latest)
        let term = try ReportQuery.term("Zoë", currency: journal.currency).get()
        let one = try ReportQuery.resolve([term], in: journal, kinds: [.account, .category, .person]).get()
        for query in [ReportQuery(journal), one] {
            let document = try RegisterReport.make(context, query: query).document
            #expect(document.tables[0].madeRows?.widest != nil)
            var measured = document
            measured.tables[0].madeRows?.widest = nil
            for display in [nil] + DisplayLocale.allCases {
                let renderer = DocumentRenderer(currency: journal.currency, display: display)
                #expect(renderer.text(document) == renderer.text(measured))
            }
        }
    }

    /// On a terminal with colour, status words are painted after the columns are measured:
    /// the escapes take no room, amounts stay right-aligned, trailing blanks are cut.
    @Test func paintedStatusWordsKeepTheirColumns() {
        var document = ReportDocument(kind: "k", title: "T", from: nil, to: nil)
        var table = ReportDocument.Table(id: "t", title: "Budgets", columns: [.init("c", "Category"), .init("s", "Status"),
                                                                           .init("a", "Left", numeric: true), .init("n", "Note")])
        table.rows = [[.text("Food"), .text("over"), .money(Money(minorUnits: -1250)), .text("")],
                      [.text("Transport and travel"), .text("on track"), .money(Money(minorUnits: 5)), .text("x")]]
        document.tables = [table]
        let renderer = DocumentRenderer(currency: Currency(code: "EUR", decimals: 2), colour: true)
        let red = "\u{1B}[31mover\u{1B}[0m", green = "\u{1B}[32mon track\u{1B}[0m"
        #expect(renderer.text(document) == """
            T

            Budgets
            Category              Status       Left  Note
            Food                  \(red)      -€12.50
            Transport and travel  \(green)    €0.05  x

            """)
    }

    /// JSON rows written straight into the output, a row a line, read as the values they stand
    /// for.
    @Test func jsonRowsAreTheValuesTheyStandFor() {
        var document = ReportDocument(kind: "k", title: "T", from: nil, to: nil)
        var table = ReportDocument.Table(id: "t", title: "T", columns: [.init("a", "A"), .init("b", "B"), .init("c", "C"), .init("d", "D")])
        table.rows = [[.date(CivilDate(year: 2026, month: 2, day: 3)!), .money(Money(minorUnits: -5)), .integer(7), .empty],
                      [.text("##[x] \"q\""), .percent(1250), .progress(10_000), .name("Zoë", depth: 2)], []]
        document.tables = [table]
        let renderer = DocumentRenderer(currency: Currency(code: "EUR", decimals: 2))
        // A row a line, each value as JSON writes it: dates and amounts as strings, counts as
        // numbers, nothing as null, `##[` broken up, text escaped.
        let expected = ##"""
        {
          "report": "k",
          "title": "T",
          "from": null,
          "to": null,
          "currency": "EUR",
          "tables": [
            {
              "id": "t",
              "title": "T",
              "columns": ["a", "b", "c", "d"],
              "rows": [
                {"a": "2026-02-03", "b": "-0.05", "c": 7, "d": null},
                {"a": "#\u0023[x] \"q\"", "b": "12.50", "c": "100.00", "d": "Zoë"},
                {}
              ],
              "totals": []
            }
          ],
          "notes": []
        }

        """##
        #expect(renderer.json(document) == expected)
    }

    /// Amounts written from the right into a buffer read as the digits worked out here.
    @Test func amountsAreWrittenAsTheirDigits() {
        func reference(_ units: Int64, _ decimals: Int, _ grouping: Bool) -> String {
            let digits = String(units.magnitude)
            let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
            var whole = String(padded.dropLast(decimals))
            if grouping {
                var grouped = ""
                for (index, digit) in whole.enumerated() {
                    if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
                    grouped.append(digit)
                }
                whole = grouped
            }
            return (units < 0 ? "-" : "") + whole + (decimals > 0 ? "." + padded.suffix(decimals) : "")
        }
        var generator = LedgerGenerator(seed: 11)
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1000, -1000, 123_456_789, .max, .min, .min + 1]
        for _ in 0..<500 {
            let digits = 1 + generator.next(19)
            var value: Int64 = 0
            for _ in 0..<digits { value = value % 100_000_000_000_000_000 * 10 + Int64(generator.next(10)) }
            values.append(generator.next(2) == 0 ? value : -value)
        }
        var wrong: [String] = []
        for value in values {
            for decimals in 0...4 {
                for grouping in [false, true] where Money(minorUnits: value).formatted(decimals: decimals, grouping: grouping) != reference(value, decimals, grouping) {
                    wrong.append("\(value) \(decimals) \(grouping)")
                }
            }
        }
        #expect(wrong == [])
        #expect(CivilDate(year: 7, month: 3, day: 9)!.description == "0007-03-09")
        #expect(CivilDate.latest.description == "9999-12-31")
    }

    /// Widths counted on the bytes are the grapheme clusters Swift counts.
    @Test func widthsAreCharactersOnScreen() {
        let texts = ["", "Food", "Compte Chèque", "Zoë", "€1,234.50", "-£0.05", "¥3", "₹12.00", "CHF 12.00", "e\u{301}te\u{301}",
                     "a\u{20D7}b", "👩‍👩‍👧", "🇫🇷", "日本語", "x\u{FE0F}", "Ωμέγα", "ǅ", "\u{2060}", "ŀl"]
        var wrong: [String] = []
        for text in texts where TextTable.width(text) != text.count { wrong.append(text) }
        #expect(wrong == [])
        // Eight bytes at a time while they are ASCII: the odd character at every place of a
        // long text, and texts whose length is not a multiple of eight.
        let base = "Weekly shop, bakery and the market"
        for odd in ["é", "€", "e\u{301}", "日", "👩‍👩‍👧"] {
            for place in 0...base.count {
                var text = base
                text.insert(contentsOf: odd, at: text.index(text.startIndex, offsetBy: place))
                if TextTable.width(text) != text.count { wrong.append(text) }
            }
        }
        for length in 0...40 where TextTable.width(String(repeating: "a", count: length)) != length { wrong.append("\(length) a's") }
        #expect(wrong == [])
        // Eight bytes at a time while they are ASCII and Latin letters of two bytes: random
        // texts of such letters with Greek, combining marks, symbols of three bytes among them.
        let pieces = ["a", "Z", " ", ",", "é", "È", "ñ", "ü", "ő", "ǅ", "ɐ", "ˇ", "À", "ÿ", "Ω", "e\u{301}", "€", "日", "\u{300}"]
        var generator = LedgerGenerator(seed: 21)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<generator.next(30) { text += generator.next(4) == 0 ? generator.pick(pieces) : generator.pick(Array(pieces.prefix(14))) }
            if TextTable.width(text) != text.count { wrong.append(text) }
        }
        #expect(wrong.prefix(5) == [])
    }

    /// An amount's width, counted from its digits, is the width of its text.
    @Test func amountWidthsAreTheirTextsWidths() {
        var wrong: [String] = []
        let values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1_000, -1_000, 99_999, 100_000, 123_456_789, -987_654_321_012,
                               Int64.max, Int64.min, Int64.min + 1]
        for (code, decimals) in [("USD", 2), ("JPY", 0), ("KWD", 3), ("BTC", 8), ("CHF", 2), ("EUR", 2)] {
            for display in [nil] + DisplayLocale.allCases.map(Optional.some) {
                let format = MoneyFormat(Currency(code: code, decimals: decimals), display: display)
                for value in values {
                    let money = Money(minorUnits: value)
                    if format.textWidth(money) != TextTable.width(format.text(money)) { wrong.append("\(code) \(display?.rawValue ?? "-") \(value)") }
                }
            }
        }
        #expect(wrong == [])
    }

    /// CSV quoting agrees with judging each byte another way: every special
    /// character at every place, quotes doubled, lengths that are not a multiple of eight.
    @Test func csvQuotingAgreesWithTheByteByByteRule() {
        func slow(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var wrong: [String] = []
        let base = "Weekly shop at the Marché and bakery"
        for special in [",", "\"", "\n", "\r", "\"\"", "\t", "é"] {
            for place in 0...base.count {
                var text = base
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: place))
                var bytes: [UInt8] = []
                OutputBlock.appendField(text, to: &bytes)
                if String(decoding: bytes, as: UTF8.self) != slow(text) { wrong.append(text) }
            }
        }
        for length in 0...20 {
            var bytes: [UInt8] = []
            OutputBlock.appendField(String(repeating: "x", count: length) + "\"", to: &bytes)
            if String(decoding: bytes, as: UTF8.self) != slow(String(repeating: "x", count: length) + "\"") { wrong.append("\(length)") }
        }
        #expect(wrong == [])
    }
}
