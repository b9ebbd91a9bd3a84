import Foundation
import Testing
@testable import FlourishCore

/// Every HTML report page as a person sees it: opened in headless Chromium on a laptop (light
/// and dark), on a phone 390 px wide, and printed to A4 (`Support/pages/pages.py`, with
/// Selenium, and poppler's `pdftotext` to read the printed pages). On each: no sideways scroll
/// on the phone, no text under 11 px, no date or negative amount broken across lines, no chart
/// text past the chart's edge, a chart's lines told apart by dashes and named in its legend,
/// no heading alone at a printed page's foot. Screenshots of every page, each way, are written
/// to `.build/screenshots/pages` for a person to look at. `.ci/run` installs what it needs;
/// without it the test is skipped with a message.
@Suite struct HTMLPagesBrowserTests {
    static let usable: Bool = {
        guard Tools.has("chromium"), Tools.has("chromedriver"), Tools.has("pdftotext"), Tools.has("pdftoppm"),
              let python = Tools.path("python3") else { return false }
        return Tools.run(python, ["-c", "import selenium"]).status == 0
    }()

    static let screenshots = TestSupport.root + "/.build/screenshots/pages"

    @Test(.enabled(if: usable, "Chromium, chromedriver, Selenium or poppler-utils is missing (apt-get install chromium chromium-driver poppler-utils; pip install selenium)"))
    func everyPageFitsAPhoneAndPaper() throws {
        let folder = TestSupport.temporaryDirectory()
        let household = TestSupport.root + "/examples/household.flourish"
        // The household with a rent its income cannot carry: a forecast that breaks, its bank
        // drawn beside funds and main savings.
        let breaking = TestSupport.copyOfHousehold()
        TestSupport.write(TestSupport.read(breaking) + "\nschedule 2026-12-01 \"Rent increase\" monthly on day 1\n  Rent  10800.00\n  Bank\n", to: breaking)
        let pages: [(name: String, arguments: [String])] = [
            ("dashboard", ["dashboard", household]), ("review", ["review", household]), ("forecast", ["forecast", household]),
            ("budget", ["budget", household]), ("budget-monthly", ["budget", household, "--monthly"]),
            ("balances", ["balances", household]), ("register", ["register", household]), ("people", ["people", household]),
            ("subscriptions", ["subscriptions", household]), ("goals", ["goals", household]),
            ("forecast-breaking", ["forecast", breaking]),
            ("drip-dashboard", ["dashboard", TestSupport.root + "/examples/drip.flourish"]),
            ("drip-forecast", ["forecast", TestSupport.root + "/examples/drip.flourish"]),
            ("berlin-review", ["review", TestSupport.root + "/examples/berlin.flourish"]),
        ]
        var arguments = [Self.screenshots]
        for page in pages {
            let path = "\(folder)/\(page.name).html"
            let result = TestSupport.run(["report"] + page.arguments + ["--format", "html", "-o", path])
            try #require(result.status == .success, "\(page.name): \(result.stderr)")
            arguments.append("\(page.name)=\(path)")
        }
        let text = try Self.check(arguments)
        #expect(text == """
        dashboard: fits a phone and paper
        review: fits a phone and paper
        forecast: fits a phone and paper (2 lines, each its own dashes, in the legend)
        budget: fits a phone and paper
        budget-monthly: fits a phone and paper
        balances: fits a phone and paper
        register: fits a phone and paper
        people: fits a phone and paper
        subscriptions: fits a phone and paper
        goals: fits a phone and paper
        forecast-breaking: fits a phone and paper (3 lines, each its own dashes, in the legend)
        drip-dashboard: fits a phone and paper
        drip-forecast: fits a phone and paper (2 lines, each its own dashes, in the legend)
        berlin-review: fits a phone and paper

        """)
        for page in pages {
            for way in ["light", "dark", "phone", "print-1"] {
                #expect(FileManager.default.fileExists(atPath: "\(Self.screenshots)/\(page.name)-\(way).png"), "\(page.name)-\(way).png")
            }
        }
    }

    /// The same pages served live by `flourish serve` (its bar, controls and forms around
    /// them), and a ledger file's page.
    @Test(.enabled(if: usable, "Chromium, chromedriver, Selenium or poppler-utils is missing (apt-get install chromium chromium-driver poppler-utils; pip install selenium)"))
    func everyServedPageFitsAPhoneAndPaper() throws {
        let binary = TestSupport.root + "/.build/debug/flourish"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build flourish first (swift build)")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["serve", TestSupport.copyOfHousehold(), "--port", "0", "--today", "2026-11-27"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        try server.run()
        defer {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        // The first line names the address, with its token.
        var printed = ""
        while !printed.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let address = try #require(printed.split(separator: " ").first { $0.hasPrefix("http://") }.map { String($0.prefix { !$0.isWhitespace }) })
        let origin = try #require(address.components(separatedBy: "/?").first)
        let reports = ["budget", "balances", "register", "review", "forecast", "people", "subscriptions", "goals", "log"]
        let text = try Self.check([Self.screenshots, "served-home=\(address)"] + reports.map { "served-\($0)=\(origin)/report/\($0)" }
                                  + ["served-file=\(origin)/file/0"])
        #expect(text == """
        served-home: fits a phone and paper
        served-budget: fits a phone and paper
        served-balances: fits a phone and paper
        served-register: fits a phone and paper
        served-review: fits a phone and paper
        served-forecast: fits a phone and paper (2 lines, each its own dashes, in the legend)
        served-people: fits a phone and paper
        served-subscriptions: fits a phone and paper
        served-goals: fits a phone and paper
        served-log: fits a phone and paper
        served-file: fits a phone and paper

        """)
    }

    /// What `pages.py` printed for the pages given.
    static func check(_ arguments: [String]) throws -> String {
        try TestSupport.python("pages/pages.py", arguments)
    }
}
