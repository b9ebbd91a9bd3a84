import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FlourishCore

/// The HTML review and dashboard: well-formed, self-contained, accessible, and showing the same
/// figures as the JSON reports; and the terminal charts.
@Suite struct HTMLTests {
    static let household = TestSupport.root + "/examples/household.flourish"
    static let drip = TestSupport.root + "/examples/drip.flourish"

    /// Parses the page as XML; returns the element names in order, or the parser's error.
    static func elements(_ html: String) -> (names: [String], error: String?) {
        final class Collector: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) { names.append(name) }
        }
        let parser = XMLParser(data: Data(html.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        return (collector.names, ok ? nil : String(describing: parser.parserError))
    }

    @Test(arguments: [["report", "review", household, "--format", "html"],
                      ["report", "review", drip, "--format", "html"],
                      ["report", "dashboard", household, "--format", "html", "--date", "2026-11-27"],
                      ["report", "dashboard", drip, "--format", "html"]])
    func wellFormedSelfContainedAndLabelled(arguments: [String]) {
        let html = TestSupport.run(arguments).stdout
        let parsed = Self.elements(html)
        #expect(parsed.error == nil)
        #expect(parsed.names.first == "html")
        // No scripts, no external resources.
        #expect(!parsed.names.contains("script") && !parsed.names.contains("link") && !parsed.names.contains("img"))
        #expect(!html.contains("http://") || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"))
        #expect(!html.contains("https://"))
        // Every chart has a title and a description for screen readers.
        let charts = parsed.names.filter { $0 == "svg" }.count
        #expect(charts >= 1)
        #expect(html.components(separatedBy: "role=\"img\" aria-labelledby=").count - 1 == charts)
        #expect(parsed.names.filter { $0 == "desc" }.count == charts)
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
    }

    /// Table reports as pages: well-formed, self-contained, every figure of the text report.
    @Test(arguments: ["balances", "budget", "register", "people", "subscriptions", "goals"])
    func tablePagesAreWellFormedAndHoldTheTextFigures(kind: String) {
        let html = TestSupport.run(["report", kind, Self.household, "--format", "html", "--monthly"].filter { $0 != "--monthly" || kind == "balances" || kind == "budget" }).stdout
        let parsed = Self.elements(html)
        #expect(parsed.error == nil)
        #expect(!parsed.names.contains("script") && !parsed.names.contains("link") && !html.contains("https://"))
        #expect(parsed.names.contains("caption") == false && parsed.names.contains("thead"))
        let text = TestSupport.run(["report", kind, Self.household, "--monthly"].filter { $0 != "--monthly" || kind == "balances" || kind == "budget" }).stdout
        // Every amount in the text is in the page.
        let amounts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.contains("$") && $0.contains(".") }
        #expect(!amounts.isEmpty)
        for amount in amounts { #expect(html.contains(">" + amount + "<"), "\(kind): \(amount)") }
    }

    @Test func reviewShowsTheFiguresOfTheJSONReport() throws {
        let html = TestSupport.run(["report", "review", Self.household, "--format", "html"]).stdout
        let json = TestSupport.run(["report", "review", Self.household, "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let tables = try #require(object["tables"] as? [[String: Any]])
        func rows(_ id: String) -> [[String: Any]] { tables.first { $0["id"] as? String == id }?["rows"] as? [[String: Any]] ?? [] }
        func shown(_ decimal: String) -> String {
            let money = MoneyFormat(Currency(code: "USD", decimals: 2))
            guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(decimal.utf8))) else { return "?" }
            return HTMLPage.escape(money.text(Money(minorUnits: NumberSyntax.minorUnits(value, decimals: 2) ?? 0)))
        }
        var figures: [String] = []
        let percentages: Set<String> = ["Savings rate", "Savings target"]
        for row in rows("summary") where !percentages.contains(row["figure"] as? String ?? "") {
            if let value = row["value"] as? String { figures.append(value) }
        }
        for row in rows("projection") { if let value = row["value"] as? String, value.contains(".") { figures.append(value) } }
        for row in rows("categories") + rows("budget") { if let spent = row["spent"] as? String { figures.append(spent) } }
        #expect(figures.count >= 10)
        for figure in figures { #expect(html.contains(shown(figure)), "the HTML lacks \(figure)") }
        #expect(html.contains("Status: " + (object["title"] as? String ?? "").components(separatedBy: ": ").last!))
    }

    @Test func goldenCategoryChart() {
        let chart = SVGChart.bars(id: "categories", title: "Spending by category", description: "Rent $1,180.00, Coffee $45.00", [
            .init(label: "Rent", value: Money(minorUnits: 118_000), caption: "$1,180.00 (96%)"),
            .init(label: "Coffee & tea", value: Money(minorUnits: 4_500), caption: "$45.00 (3%)", style: "over", marker: Money(minorUnits: 4_000)),
        ])
        let golden = TestSupport.golden(TestSupport.fixtures + "/reports/category-chart.svg", chart)
        #expect(golden.actual == golden.expected)
    }

    @Test func goldenDripReviewPage() {
        let html = TestSupport.run(["report", "review", Self.drip, "--format", "html"]).stdout
        let golden = TestSupport.golden(TestSupport.fixtures + "/reports/drip-review.html", html)
        #expect(golden.actual == golden.expected)
    }

    @Test func htmlForTableReportsAndWrittenWithOutput() {
        let snapshot = TestSupport.run(["report", "snapshot", Self.drip, "--format", "html"])
        #expect(snapshot.status == .usage)
        #expect(snapshot.stderr.hasPrefix("Error: the snapshot report has no HTML form; use --format text or json\n"))
        #expect(TestSupport.run(["report", "budget", Self.drip, "--format", "html"]).stdout.hasPrefix("<!DOCTYPE html>"))
        let path = TestSupport.temporaryDirectory() + "/review.html"
        let result = TestSupport.run(["report", "review", Self.drip, "--format", "html", "-o", path])
        #expect(result.stdout == "wrote \(path)\n")
        #expect(TestSupport.read(path).hasPrefix("<!DOCTYPE html>"))
    }

    @Test func terminalChartsInUnicodeOrASCII() {
        let unicode = TestSupport.run(["report", "review", Self.household], environment: ["LANG": "C.UTF-8"]).stdout
        #expect(unicode.contains("Spending each day, 2026-11-01 to 2026-11-21\n↑▁▁▁▂▁↑▁▆▁▁▁▁█▁▅▁▁▂▁▁\n"))
        #expect(unicode.contains("Rent       $1,200.00    58%  [██████░░░░]\n"))
        let ascii = TestSupport.run(["report", "review", Self.household, "--ascii"], environment: ["LANG": "C.UTF-8"]).stdout
        #expect(ascii.contains("Spending each day, 2026-11-01 to 2026-11-21\n^   . ^ +    # =  .  \n"))
        #expect(ascii.contains("Rent       $1,200.00    58%  [######----]\n"))
        #expect(!ascii.contains("█") && !ascii.contains("▁") && !ascii.contains("↑"))
        #expect(DocumentRenderer.sparkline([0, 7, 14], unicode: true) == "▁▄█")
        #expect(DocumentRenderer.sparkline([0, 7, 14], unicode: false) == " -#")
        #expect(DocumentRenderer.bar(12_000, unicode: true) == "[██████████]+")
        #expect(ReportCommand.isUTF8(["LC_ALL": "en_US.UTF-8"]) && !ReportCommand.isUTF8(["LANG": "C"]) && !ReportCommand.isUTF8([:]))
    }
}
