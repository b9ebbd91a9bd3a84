import Testing
@testable import FlourishCore

/// The day's quote under the snapshot and the dashboard (Drip's): chosen by the report date's
/// day of the year, off with `option quote off`, never in JSON.
@Suite struct DailyQuoteTests {
    @Test func sixQuotesRotateByTheDayOfTheYear() {
        let first = DailyQuote.of(CivilDate(year: 2026, month: 1, day: 1)!)
        #expect(first == DailyQuote.all[0])
        var seen: [String] = []
        for day in 1...6 { seen.append(DailyQuote.of(CivilDate(year: 2027, month: 1, day: day)!).source) }
        #expect(seen == ["Seneca, Letters 2", "Epictetus, Fragments", "Marcus Aurelius, Meditations 7.67", "Seneca, Letters 16",
                         "Epictetus, Fragments", "Marcus Aurelius, Meditations 7.27"])
        // Two from each: Epictetus, Seneca and Marcus Aurelius.
        let authors = DailyQuote.all.map { $0.source.split(separator: ",")[0] }
        #expect(authors.filter { $0 == "Seneca" }.count == 2 && authors.filter { $0 == "Epictetus" }.count == 2
                && authors.filter { $0 == "Marcus Aurelius" }.count == 2)
        // 2026-11-23 is day 327 of its year: 326 days after January 1, 326 = 6 × 54 + 2.
        #expect(DailyQuote.of(CivilDate(year: 2026, month: 11, day: 23)!) == DailyQuote.all[2])
    }

    @Test func theSnapshotAndTheDashboardEndWithTheQuoteUnlessTurnedOff() {
        let drip = TestSupport.root + "/examples/drip.flourish"
        let snapshot = TestSupport.run(["report", "snapshot", drip]).stdout
        #expect(snapshot.hasSuffix("• Total: $2,605.51\n\n“Remember this: a happy life asks for very little.” — Marcus Aurelius, Meditations 7.67\n"))
        let dashboard = TestSupport.run(["report", "dashboard", drip, "--date", "2026-11-24"], environment: ["LANG": "C.UTF-8"]).stdout
        #expect(dashboard.hasSuffix("\n\n“Live as nature asks and you are never poor; live as opinion asks and you are never rich.” — Seneca, Letters 16\n"))
        let ascii = TestSupport.run(["report", "dashboard", drip, "--date", "2026-11-24", "--ascii"], environment: ["LANG": "C.UTF-8"]).stdout
        #expect(ascii.hasSuffix("\n\n\"Live as nature asks and you are never poor; live as opinion asks and you are never rich.\" -- Seneca, Letters 16\n"))
        for format in ["json", "csv"] {
            #expect(!TestSupport.run(["report", "dashboard", drip, "--format", format]).stdout.contains("Seneca"), "\(format)")
        }
        #expect(!TestSupport.run(["report", "snapshot", drip, "--format", "json"]).stdout.contains("Aurelius"))
        let html = TestSupport.run(["report", "dashboard", drip, "--format", "html"]).stdout
        #expect(html.contains("<figure class=\"quote\"><blockquote><p>Remember this: a happy life asks for very little.</p></blockquote><figcaption>Marcus Aurelius, Meditations 7.67</figcaption></figure>"))
        // Berlin's ledger turns it off.
        let berlin = TestSupport.root + "/examples/berlin.flourish"
        for kind in ["snapshot", "dashboard"] {
            let text = TestSupport.run(["report", kind, berlin]).stdout
            #expect(!DailyQuote.all.contains { text.contains($0.source) }, "\(kind)")
        }
    }

    @Test func theOptionIsCheckedAsTheOthers() {
        let twice = TestSupport.check("currency USD\noption quote off\noption quote on\n")
        #expect(twice.contains("test.flourish:3:14: error: option `quote` is declared more than once"))
        let wrong = TestSupport.check("currency USD\noption quote maybe\n")
        #expect(wrong.contains("error: unknown value `maybe`"))
    }
}
