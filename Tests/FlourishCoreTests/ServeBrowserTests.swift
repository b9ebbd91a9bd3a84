import Foundation
import Testing
@testable import FlourishCore

/// `flourish serve` in a real browser: headless Chromium driven by Selenium
/// (`Support/serve/browser.py`), and the running server sent malformed, slow and many requests
/// over real sockets (`Support/serve/protocol.py`). `.ci/run` installs Chromium, its driver and
/// Selenium; without them the browser test is skipped with a message.
@Suite struct ServeBrowserTests {
    static let binary = TestSupport.root + "/.build/debug/flourish"

    static let hasBrowser: Bool = {
        guard Tools.has("chromium"), Tools.has("chromedriver"), let python = Tools.path("python3") else { return false }
        return Tools.run(python, ["-c", "import selenium"]).status == 0
    }()

    /// Where the screenshots go, for a person to look at: `.build/screenshots/serve`.
    static let screenshots = TestSupport.root + "/.build/screenshots/serve"

    static func run(_ script: String, _ arguments: [String]) throws -> String {
        try TestSupport.python("serve/" + script, arguments)
    }

    @Test(.enabled(if: hasBrowser, "Chromium, chromedriver or Selenium is missing (apt-get install chromium chromium-driver; pip install selenium)"))
    func aPersonSeesTodayAddsAnEntryWatchesTheFileAndCannotClobberIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build flourish first (swift build)")
        let ledger = TestSupport.copyOfHousehold()
        let folder = (ledger as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/import", withIntermediateDirectories: true)
        TestSupport.write(TestSupport.read(TestSupport.root + "/examples/import/bigbank.rules"), to: folder + "/import/bigbank.rules")
        // The figures the page must show: `report dashboard --format json` for the same day.
        let out = CapturedOutput()
        _ = Flourish.run(arguments: ["report", "dashboard", "--date", "2026-11-27", "--format", "json", ledger], stdout: out, stderr: CapturedOutput())
        let tables = try #require((try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])?["tables"] as? [[String: Any]])
        func figure(_ table: String, _ label: String) throws -> String {
            let found = try #require(tables.first { $0["id"] as? String == table })
            let rows = (found["rows"] as? [[String: Any]] ?? []) + (found["totals"] as? [[String: Any]] ?? [])
            let row = try #require(rows.first { $0.values.contains { $0 as? String == label } })
            let plain = try #require((row["amount"] ?? row["balance"]) as? String)
            return MoneyFormat(Currency(code: "USD", decimals: 2)).text(Money(minorUnits: try #require(Int64(plain.replacingOccurrences(of: ".", with: "")))))
        }
        let expected = "Funds=\(try figure("funds", "Total")); Allowance set aside=\(try figure("buckets", "Set-aside (allowances)")); "
            + "of which left today=\(try figure("buckets", "of which left today")); Main savings=\(try figure("buckets", "Main savings"))"
        // By hand: the funds of the four on-budget accounts, and one day's $25.00 of the allowance.
        #expect(expected == "Funds=$16,636.82; Allowance set aside=$100.00; of which left today=$25.00; Main savings=$15,018.64")
        let text = try Self.run("browser.py", [Self.binary, ledger, Self.screenshots])
        #expect(text == """
        address after the token: /
        home figures: \(expected)
        live status: Live
        after an edit in the editor: $16,626.82 within a second: True
        scroll position kept: True
        updated: True and the controls keep: Food
        the page says: added to \(ledger):
        the file ends with: '\\n2026-11-27 * Espresso\\n  Food:Dining  3.20\\n  Cash\\n'
        funds before and after: $16,626.82 $16,623.62
        a stale form is refused: True
        the file has the stale entry: False and keeps the edit: True
        the form keeps what was typed: Stale tea
        problems panel: The ledger has 1 error within a second: True
        its link: L225
        fixed, the figures are back: True
        import preview: would import 6 entries from bigbank.csv into LEDGER; nothing was written
        imported: imported 6 entries from bigbank.csv into LEDGER
        import preview: would import 0 entries from bigbank.csv into LEDGER (6 already there); nothing was written
        headings: Dashboard; Budget for 2026-11 (2026-11-01 to 2026-11-30); Balances at the end of 2026-11-27; Register of all lines from 2026-11-01 to 2026-11-30; Monthly review of 2026-11; Forecast; People at the end of 2026-11-27; Subscriptions at 2026-11-27; Goals at 2026-11-27; Log; Add an entry; Import a bank statement
        printed, the bar shows: False a form shows: False
        dark background: rgb(20, 23, 31)
        phone, 14 pages: the pages that scroll sideways: {}
        console errors: []

        """)
        for name in ["home-light", "home-dark", "home-phone"] {
            #expect(FileManager.default.fileExists(atPath: "\(Self.screenshots)/\(name).png"), "\(name).png")
        }
    }

    /// The server as a program: a bad request gets a 4xx and the server goes on; a client
    /// that sends slowly does not hold up others; two hundred connections at once are all
    /// answered or turned away, never a stop.
    @Test(.enabled(if: Tools.has("python3"), "python3 is missing"))
    func malformedSlowAndManyClientsNeverStopTheServer() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build flourish first (swift build)")
        let text = try Self.run("protocol.py", [Self.binary, TestSupport.copyOfHousehold()])
        #expect(text == """
        no token: 403
        another Host: 403
        garbage: 400
        HTTP/2: 505
        chunked body: 501
        body too large: 413
        headers too large: 431
        a bare LF request with the token: 303
        while a slow client holds a connection, the home page: 200
        the slow client, when it finishes: 200
        a client that never finishes: 408
        200 connections at once: every one answered (200, 503 or closed): True
        after all that, the home page: 200
        an event stream announces a change: event: change

        """)
    }
}
