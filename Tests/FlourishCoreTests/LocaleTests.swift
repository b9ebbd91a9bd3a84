import Foundation
import Testing
@testable import FlourishCore

/// Money in the reader's way: `display` in the ledger or `--locale`, from Flourish's own table.
@Suite struct LocaleTests {
    func shown(_ minor: Int64, _ code: String, _ locale: DisplayLocale, decimals: Int = 2) -> String {
        MoneyFormat(Currency(code: code, decimals: decimals), display: locale).text(Money(minorUnits: minor))
    }

    @Test func theIssuesExamples() {
        #expect(shown(123_450, "EUR", .deDE) == "1.234,50 €")
        #expect(shown(123_450, "EUR", .frFR) == "1 234,50 €")
        #expect(shown(123_450, "CHF", .deCH) == "CHF 1'234.50")
        #expect(shown(12_345_650, "INR", .enIN) == "₹1,23,456.50")
        #expect(shown(-12_345_650_00, "INR", .enIN) == "-₹1,23,45,650.00")
        #expect(shown(-123_450, "EUR", .deDE) == "-1.234,50 €")
        #expect(shown(-123_450, "CHF", .deCH) == "-CHF 1'234.50")
        #expect(shown(5, "EUR", .deDE) == "0,05 €")
        #expect(shown(1235, "JPY", .jaJP, decimals: 0) == "¥1,235")
        #expect(shown(123_450, "SEK", .svSE) == "1 234,50 kr")
        #expect(shown(123_450, "BRL", .ptBR) == "R$ 1.234,50")
        #expect(shown(Int64.min, "EUR", .deDE) == "-92.233.720.368.547.758,08 €")
        // Without a display, Flourish's own way, as before.
        #expect(MoneyFormat(Currency(code: "CHF", decimals: 2)).text(Money(minorUnits: 123_450)) == "CHF 1,234.50")
    }

    /// grammar.md's table: every locale's way with 1234.50 EUR.
    @Test func grammarsTableIsWhatFlourishShows() throws {
        let grammar = TestSupport.read(TestSupport.root + "/grammar.md")
        let table = try #require(grammar.components(separatedBy: "| locale | 1234.50 in EUR |").dropFirst().first)
        var seen: Set<DisplayLocale> = []
        for row in table.split(separator: "\n").dropFirst().prefix(while: { $0.hasPrefix("  |") || $0.hasPrefix("|") }) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard cells.count >= 2 else { continue }
            let locales = cells[0].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.compactMap { DisplayLocale(rawValue: $0.element) }
            let euro = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            for locale in locales {
                #expect(shown(123_450, "EUR", locale) == euro, "\(locale.rawValue)")
                seen.insert(locale)
            }
        }
        #expect(seen == Set(DisplayLocale.allCases))
    }

    static let ledger = """
        currency EUR
        account Girokonto checking
        account Kreditkarte credit
        category Lebensmittel
        category Miete
        category Gehalt income
        opening 2026-11-01 Girokonto 1234.50
        budget 2026-11-01 Lebensmittel 450.00

        2026-11-01 * Gehalt
          Gehalt     -123456.78
          Girokonto

        2026-11-02 * Miete
          Miete      1180.00
          Girokonto

        2026-11-05 * Wocheneinkauf
          Lebensmittel  86.40
          Kreditkarte

        """

    /// The balances report in each locale (golden text).
    @Test(arguments: DisplayLocale.allCases)
    func eachLocalesReport(locale: DisplayLocale) {
        let path = TestSupport.temporaryDirectory() + "/konto.flourish"
        TestSupport.write(Self.ledger, to: path)
        let result = TestSupport.run(["report", "balances", path, "--locale", locale.rawValue])
        #expect(result.status == .success)
        let golden = TestSupport.golden(TestSupport.fixtures + "/locales/balances-\(locale.rawValue).txt", result.stdout)
        #expect(golden.actual == golden.expected)
    }

    @Test func theLedgerSaysAndLocaleOverrides() {
        let path = TestSupport.temporaryDirectory() + "/konto.flourish"
        TestSupport.write(Self.ledger.replacingOccurrences(of: "currency EUR\n", with: "currency EUR\ndisplay de-DE\n"), to: path)
        let text = TestSupport.run(["report", "budget", path]).stdout
        // 1,234.50 + 123,456.78 − 1,180.00 in the account; 86.40 owed on the card.
        #expect(text.contains("\nLebensmittel  450,00 €     86,40 €   363,60 €   19%  "))
        #expect(text.contains("\nMiete                   1.180,00 €                                 unbudgeted\n"))
        let french = TestSupport.run(["report", "budget", path, "--locale", "fr-FR"]).stdout
        #expect(french.contains("\nLebensmittel  450,00 €     86,40 €   363,60 €   19%  "))
        #expect(french.contains("\nMiete                   1 180,00 €                                 unbudgeted\n"))
        #expect(TestSupport.run(["report", "balances", path, "--locale", "fr-FR"]).stdout.contains("\nGirokonto        checking         123 511,28 €\n"))
        // CSV and JSON keep plain decimals.
        #expect(TestSupport.run(["report", "budget", path, "--format", "csv"]).stdout.contains("Lebensmittel,450.00,86.40,363.60,"))
        #expect(TestSupport.run(["report", "budget", path, "--format", "json"]).stdout.contains("\"spent\": \"86.40\""))
        // HTML follows the display.
        #expect(TestSupport.run(["report", "dashboard", path, "--format", "html"]).stdout.contains("123.424,88 €"))
        // The snapshot too.
        #expect(TestSupport.run(["report", "snapshot", path]).stdout.contains("• Total: 123.424,88 €\n"))
        let bad = TestSupport.run(["report", "budget", path, "--locale", "de_DE"])
        #expect(bad.status == .usage)
        #expect(bad.stderr.hasPrefix("Error: unknown locale 'de_DE'; Flourish knows: en-US, en-GB, en-IN, de-DE, de-AT, de-CH, fr-FR, it-IT, es-ES, nl-NL, sv-SE, ja-JP, pt-BR\nDid you mean 'de-DE'?\n"))
    }

    @Test func displayLinesAreChecked() {
        let output = TestSupport.check("currency EUR\ndisplay de-DX\ndisplay de-DE\ndisplay fr-FR\n")
        #expect(output.contains("test.flourish:2:9: error: unknown display locale `de-DX`\n"))
        #expect(output.contains("= hint: did you mean `de-DE`?\n"))
        #expect(output.contains("test.flourish:4:9: error: "))
        #expect(output.contains("`fr-FR`"))
    }
    /// A number as a locale writes it, read in the form a ledger line takes; what a ledger
    /// line would read otherwise is left alone.
    @Test func amountsWrittenTheLocalWay() {
        let read: [(String, String?)] = [
            ("4,50", "4.50"), ("-4,5", "-4.5"), ("1.234,50", "1234.50"), ("1 234,50", "1234.50"), ("1\u{202F}234,50", "1234.50"),
            ("1'234.50", "1234.50"), ("12.345.678,90", "12345678.90"),
            ("1,234", nil), ("1234.50", nil), ("4,500", nil), ("12.34,50", nil), ("1.234 567,80", nil), ("abc,50", nil), (",50", nil), ("4,5,0", nil),
        ]
        for (word, expected) in read { #expect(DisplayLocale.canonicalAmount(word) == expected, "\(word)") }
    }

    /// `add` in a ledger shown the German way takes `4,50` as four fifty.
    @Test func addReadsAnAmountTheLocalWay() {
        let path = TestSupport.temporaryDirectory() + "/berlin.flourish"
        TestSupport.write(TestSupport.read(TestSupport.root + "/examples/berlin.flourish"), to: path)
        let result = TestSupport.run(["add", "2026-11-20", "Bäckerei", "4,50", "Groceries", "--from", "Girokonto", "--file", path])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("2026-11-20 * Bäckerei\n  Groceries  4.50\n  Girokonto\n"))
    }
}
