import Foundation
import Testing
@testable import FlourishCore

/// Incremental sync, references, rename, document symbols and inlay hints.
@Suite struct LanguageServerNavigationTests {
    typealias Client = LanguageServerTests.Client
    let uri = LanguageServerTests.uri

    func opened(_ text: String) -> Client { LanguageServerTests().opened(text).0 }

    func at(_ line: Int, _ character: Int) -> String { "{\"line\":\(line),\"character\":\(character)}" }

    /// `line:character-line:character` of an LSP range.
    func span(_ range: JSONValue?) -> String {
        func point(_ p: JSONValue?) -> String { "\(p?["line"]?.intValue ?? -1):\(p?["character"]?.intValue ?? -1)" }
        return point(range?["start"]) + "-" + point(range?["end"])
    }

    @Test func incrementalChangesEditTheBufferInPlace() throws {
        let client = opened(LanguageServerTests.ledger)
        // "  Food:Dining  12.50" is line 8; the amount is characters 15 to 20.
        let broken = client.notify("textDocument/didChange", """
        {"textDocument":{"uri":"\(uri)","version":2},"contentChanges":[{"range":{"start":\(at(8, 15)),"end":\(at(8, 20))},"text":"12.5x"}]}
        """)
        let codes = try #require(broken.first?["params"]?["diagnostics"]?.arrayValue).compactMap { $0["code"]?.stringValue }
        #expect(codes == ["invalid-amount"])
        // Two changes in one message, the second in the text the first left: fixed, then a line added.
        let fixed = client.notify("textDocument/didChange", """
        {"textDocument":{"uri":"\(uri)","version":3},"contentChanges":[{"range":{"start":\(at(8, 15)),"end":\(at(8, 20))},"text":"20.00"},{"range":{"start":\(at(10, 0)),"end":\(at(10, 0))},"text":"2026-11-04 Coffee\\n  Food:Dining  3.00\\n  Bank\\n"}]}
        """)
        #expect(fixed.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(1, 9))}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue == "**Bank** — account, declared at line 2\n\nbalance at the end of 2026-11-04: $77.00")
    }

    /// On a date line, the ledger's descriptions, most recent first; each fills in the whole
    /// entry from the last one with that description.
    @Test func aDescriptionFillsInTheEntryFromTheLastOne() throws {
        let text = "currency USD\naccount Bank checking\ncategory Food\ncategory Rent\n\n2026-11-01 Rent for November\n  Rent  700.00\n  Bank\n\n2026-11-02 * Coffee\n  Food  3.00\n  Bank\n\n2026-11-04 * Coffee\n  Food  3.50\n  Bank  -3.50\n\n2026-11-05 * Cof\n  Food  1.00\n  Bank\n"
        let client = opened(text)
        let items = try #require(client.request("textDocument/completion", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(17, 16))}")?["result"]?.arrayValue)
        let descriptions = items.filter { $0["kind"]?.intValue == 1 }
        #expect(descriptions.compactMap { $0["label"]?.stringValue } == ["Coffee", "Rent for November"])
        #expect(descriptions.first?["textEdit"]?["newText"]?.stringValue == "Coffee\n  Food  3.50\n  Bank  -3.50")
        #expect(span(descriptions.first?["textEdit"]?["range"]) == "17:13-17:16")
        #expect(descriptions.first?["detail"]?.stringValue == "as on 2026-11-04")
    }

    /// The fixed words a place takes: locales after `display`, a schedule's recurrence, the
    /// unit after `every N`, an option's value.
    @Test func fixedWordsComplete() throws {
        let client = opened("currency USD\ndisplay \nschedule 2026-11-01 Rent \nschedule 2026-11-01 Gym every 2 \noption rollover o")
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            try #require(client.request("textDocument/completion", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(line, character))}")?["result"]?.arrayValue)
                .filter { $0["kind"]?.intValue == 14 }.compactMap { $0["label"]?.stringValue }
        }
        #expect(try labels(1, 8).contains("de-DE"))
        #expect(try labels(2, 25) == ["daily", "weekly", "monthly", "quarterly", "yearly", "every"])
        #expect(try labels(3, 32) == ["days", "weeks", "months"])
        #expect(try labels(4, 17) == ["on", "off"])
    }

    /// After `#` on a date line, the ledger's tags, most used first.
    @Test func tagsComplete() throws {
        let text = "currency USD\naccount Bank checking\ncategory Food\n\n2026-11-02 Lunch  #work #trip\n  Food  3.00\n  Bank\n\n2026-11-03 Tea  #trip\n  Food  1.00\n  Bank\n\n2026-11-04 Dinner  #tr"
        let client = opened(text)
        let items = try #require(client.request("textDocument/completion", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(12, 22))}")?["result"]?.arrayValue)
        #expect(items.compactMap { $0["label"]?.stringValue }.filter { $0.hasPrefix("#") }.prefix(2) == ["#trip", "#work"])
        #expect(items.first?["textEdit"]?["newText"]?.stringValue == "#trip")
        #expect(span(items.first?["textEdit"]?["range"]) == "12:19-12:22")
    }

    /// A name with a blank is completed quoted, replacing what was typed from its opening
    /// quote: `"Joi` becomes `"Joint Account"`, never `""Joint Account"`; the client filters
    /// by the quoted form, so the typed prefix still matches.
    @Test func aQuotedNameIsCompletedOverItsOpeningQuote() throws {
        let text = "currency USD\naccount \"Joint Account\" checking\naccount Bank checking\n\n2026-11-02 * Lunch\n  \"Joi"
        let client = opened(text)
        let items = try #require(client.request("textDocument/completion", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(5, 6))}")?["result"]?.arrayValue)
        let joint = try #require(items.first { $0["label"]?.stringValue == "Joint Account" })
        #expect(joint["filterText"]?.stringValue == "\"Joint Account\"")
        #expect(joint["textEdit"]?["newText"]?.stringValue == "\"Joint Account\"")
        #expect(span(joint["textEdit"]?["range"]) == "5:2-5:6")
        // Typed without a quote: replaced from the word's start, filtered by the name.
        _ = client.notify("textDocument/didChange", "{\"textDocument\":{\"uri\":\"\(uri)\",\"version\":2},\"contentChanges\":[{\"range\":{\"start\":\(at(5, 2)),\"end\":\(at(5, 6))},\"text\":\"Ba\"}]}")
        let plain = try #require(client.request("textDocument/completion", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(5, 4))}")?["result"]?.arrayValue)
        let bank = try #require(plain.first { $0["label"]?.stringValue == "Bank" })
        #expect(bank["filterText"]?.stringValue == "Bank")
        #expect(span(bank["textEdit"]?["range"]) == "5:2-5:4")
    }

    /// Hover on a goal: what its bucket holds, of its target.
    @Test func hoverOnAGoalShowsWhatItHolds() throws {
        let text = "currency USD\naccount Bank checking\nopening 2026-11-01 Bank 500.00\ngoal 2026-11-01 Bike 600.00 by 2027-03-01\nmove 2026-11-02 150.00 to Bike\n"
        let client = opened(text)
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(4, 27))}")
        let value = try #require(hover?["result"]?["contents"]?["value"]?.stringValue)
        #expect(value.hasPrefix("**Bike** — goal"), "\(value)")
        #expect(value.hasSuffix("saved $150.00 of $600.00 at the end of 2026-11-02, by 2027-03-01"), "\(value)")
    }

    /// Hover on the account of a `balance` line: its balance on the asserted day, not on the
    /// ledger's last.
    @Test func hoverOnABalanceLineShowsTheAssertedDay() throws {
        let client = opened(LanguageServerTests.ledger + "\n2026-11-05 * Groceries\n  Food:Dining  40.00\n  Bank\n\nbalance 2026-11-03 Bank 87.50\n")
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(15, 20))}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue == "**Bank** — account, declared at line 2\n\nbalance at the end of 2026-11-03: $87.50")
    }

    @Test func theLeftOutAmountIsAnInlayHint() throws {
        let client = opened(LanguageServerTests.ledger)
        let hints = try #require(client.request("textDocument/inlayHint", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"range\":{\"start\":\(at(0, 0)),\"end\":\(at(20, 0))}}")?["result"]?.arrayValue)
        #expect(hints.count == 1)
        #expect(span(.object([("start", hints[0]["position"]!), ("end", hints[0]["position"]!)])) == "9:6-9:6")
        #expect(hints[0]["label"]?.stringValue == "-$12.50")
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(9, 3))}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue == "**Bank** — account, declared at line 2\n\nbalance at the end of 2026-11-02: $87.50\n\namount left out on this line: -$12.50")
    }

    /// An account kept in dollars in a euro ledger: the amount left out on its line is shown in
    /// dollars with its euro value (12.50 USD at the rate line's 0.92: €11.50), and its balance
    /// on hover likewise (100.00 − 12.50 = 87.50 USD; €92.00 − €11.50 = €80.50).
    @Test func aLineAndAnAccountInAnotherCurrencyAreShownInItWithTheirHomeValue() throws {
        let text = "currency EUR\naccount Revolut checking USD\ncategory Food\nrate 2026-11-01 USD 0.92\n"
            + "opening 2026-11-01 Revolut 100.00 USD\n\n2026-11-02 * Lunch in NYC\n  Food  12.50 USD\n  Revolut\n"
        let client = opened(text)
        let hints = try #require(client.request("textDocument/inlayHint", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"range\":{\"start\":\(at(0, 0)),\"end\":\(at(10, 0))}}")?["result"]?.arrayValue)
        #expect(hints.map { $0["label"]?.stringValue } == ["-12.50 USD (-€11.50)"])
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(8, 4))}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue
                == "**Revolut** — account, declared at line 2\n\nbalance at the end of 2026-11-02: 87.50 USD (€80.50)\n\namount left out on this line: -12.50 USD (-€11.50)")
    }

    /// Only the hints within the range asked for (the lines on screen) are sent.
    @Test func inlayHintsStayWithinTheirRange() throws {
        let entries = (1...9).map { "\n2026-11-0\($0) Coffee\n  Food:Dining  3.00\n  Bank\n" }.joined()
        let client = opened(LanguageServerTests.ledger + entries)
        func hints(_ from: Int, _ to: Int) throws -> [String] {
            try #require(client.request("textDocument/inlayHint", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"range\":{\"start\":\(at(from, 0)),\"end\":\(at(to, 0))}}")?["result"]?.arrayValue)
                .map { span(.object([("start", $0["position"]!), ("end", $0["position"]!)])) }
        }
        #expect(try hints(0, 100).count == 10)
        // Lines 12 to 20: the hints after `Bank` on lines 13 and 17 only.
        #expect(try hints(12, 20) == ["13:6-13:6", "17:6-17:6"])
        #expect(try hints(0, 5).isEmpty)
    }

    /// Past `symbolEntries` entries a document's outline is its months alone.
    @Test func aLongHistoryIsOutlinedByMonth() throws {
        var text = LanguageServerTests.ledger
        for day in 0..<(LanguageServer.symbolEntries + 1) {
            let date = CivilDate(year: 2020, month: 1, day: 1)!.adding(days: day)
            text += "\n\(date) Coffee\n  Food:Dining  1.00\n  Bank\n"
        }
        let client = opened(text)
        let symbols = try #require(client.request("textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"\(uri)\"}}")?["result"]?.arrayValue)
        let months = symbols.filter { $0["kind"]?.intValue == 3 }
        // The example's own November first (the order months are written in), then 2020 on.
        #expect(months.map { $0["name"]?.stringValue ?? "" }.prefix(2) == ["2026-11", "2020-01"])
        #expect(months[1]["detail"]?.stringValue == "31 entries")
        #expect(months.allSatisfy { $0["children"] == nil })
        // 2020-01 to 2033-09 (5,001 days), one of them the example's November.
        #expect(months.count == 165)
    }

    @Test func referencesFindEveryUse() throws {
        let client = opened(LanguageServerTests.ledger + "budget 2026-11-01 Food:Dining 300.00\n")
        let all = try #require(client.request("textDocument/references", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(8, 4)),\"context\":{\"includeDeclaration\":true}}")?["result"]?.arrayValue)
        #expect(all.map { span($0["range"]) } == ["2:9-2:20", "8:2-8:13", "10:18-10:29"])
        let uses = try #require(client.request("textDocument/references", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(8, 4)),\"context\":{\"includeDeclaration\":false}}")?["result"]?.arrayValue)
        #expect(uses.map { span($0["range"]) } == ["8:2-8:13", "10:18-10:29"])
    }

    /// Two ledgers in one folder include the same year's file: the one the client names
    /// (`mainFile`), or the project's `flourish.main`, is the one an included file opened alone
    /// is checked with; no false errors, whichever ledger the folder lists first.
    @Test func theMainLedgerIsTheOneNamed() throws {
        let dir = TestSupport.temporaryDirectory()
        let year = "2026-11-02 * Lunch\n  Food  12.50\n  Bank\n"
        TestSupport.write(year, to: dir + "/2026.flourish")
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\ninclude \"2026.flourish\"\n", to: dir + "/home.flourish")
        // A ledger that sorts first and would read the year with names it does not declare.
        TestSupport.write("currency USD\naccount Cash cash\ninclude \"2026.flourish\"\n", to: dir + "/a-draft.flourish")
        let yearURI = "file://" + dir + "/2026.flourish"
        func problems(_ initialize: String) -> [String] {
            let client = Client()
            _ = client.request("initialize", initialize)
            let published = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(yearURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(year))}}")
            return published.filter { $0["params"]?["uri"]?.stringValue == yearURI }
                .flatMap { $0["params"]?["diagnostics"]?.arrayValue ?? [] }.compactMap { $0["code"]?.stringValue }
        }
        // Found from the include graph alone, the first ledger that includes it: false errors.
        #expect(!problems("{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}").isEmpty)
        #expect(problems("{\"rootUri\":\"file://\(dir)\",\"capabilities\":{},\"initializationOptions\":{\"mainFile\":\"home.flourish\"}}") == [])
        TestSupport.write("home.flourish\n", to: dir + "/flourish.main")
        #expect(problems("{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}") == [])
    }

    /// A file not open is named by a URI its client can read back: `#`, `%`, blanks and
    /// letters beyond ASCII percent-encoded.
    @Test func theURIOfAFileNotOpenIsPercentEncoded() throws {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("category Food\n", to: dir + "/names #1 100% é.flourish")
        let main = "include \"names #1 100% é.flourish\"\ncurrency USD\naccount Bank checking\n"
        TestSupport.write(main, to: dir + "/main.flourish")
        let client = Client()
        _ = client.request("initialize", "{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}")
        let published = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"file://\(dir)/main.flourish\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(main))}}")
        let uris = published.compactMap { $0["params"]?["uri"]?.stringValue }
        #expect(uris.contains("file://" + dir + "/names%20%231%20100%25%20%C3%A9.flourish"), "\(uris)")
        #expect(LanguageServer.path(LanguageServer.uri(dir + "/names #1 100% é.flourish")) == dir + "/names #1 100% é.flourish")
    }

    @Test func renameIsOneEditAcrossAnIncludedFile() throws {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("category Food:Dining\ncategory Rent\n", to: dir + "/names.flourish")
        let main = "include \"names.flourish\"\ncurrency USD\naccount Bank checking\nopening 2026-11-01 Bank 100.00\n\n2026-11-02 * Lunch\n  Food:Dining  12.50\n  Bank\n"
        TestSupport.write(main, to: dir + "/main.flourish")
        let client = Client()
        _ = client.request("initialize", "{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}")
        let mainURI = "file://" + dir + "/main.flourish"
        _ = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(mainURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(main))}}")
        let reply = client.request("textDocument/rename", "{\"textDocument\":{\"uri\":\"\(mainURI)\"},\"position\":\(at(6, 5)),\"newName\":\"Eating out\"}")
        let changes = try #require(reply?["result"]?["changes"])
        let inMain = try #require(changes[mainURI]?.arrayValue)
        let inNames = try #require(changes["file://" + dir + "/names.flourish"]?.arrayValue)
        #expect(inMain.map { span($0["range"]) + " " + ($0["newText"]?.stringValue ?? "") } == ["6:2-6:13 \"Eating out\""])
        #expect(inNames.map { span($0["range"]) + " " + ($0["newText"]?.stringValue ?? "") } == ["0:9-0:20 \"Eating out\""])
        // A name that exists already is refused: the two would merge.
        let refused = client.request("textDocument/rename", "{\"textDocument\":{\"uri\":\"\(mainURI)\"},\"position\":\(at(6, 5)),\"newName\":\"Rent\"}")
        #expect(refused?["error"]?["code"]?.intValue == -32803)
        #expect(refused?["error"]?["message"]?.stringValue == "“Rent” is already declared (expense category): renaming “Food:Dining” to it would merge the two")
        let unreadable = client.request("textDocument/rename", "{\"textDocument\":{\"uri\":\"\(mainURI)\"},\"position\":\(at(6, 5)),\"newName\":\"\"}")
        #expect(unreadable?["error"]?["message"]?.stringValue == "“” is not a name Flourish can read")
    }

    /// A rename edits where the name is used, not words that happen to read the same: a
    /// schedule or a subscription named like the category keeps its name (renamed with the
    /// category, `due` would list the schedule's past months as late).
    @Test func renameLeavesAScheduleNamedLikeTheCategory() throws {
        let text = """
            currency USD
            account Bank checking
            category Rent
            schedule 2026-11-01 Rent monthly
              Rent  700.00
              Bank
            subscription 2026-11-01 Rent 700.00 monthly next 2026-12-01 from Bank category Rent
            budget 2026-11-01 Rent 700.00

            2026-11-01 Rent
              Rent  700.00
              Bank

            """
        let client = opened(text)
        let reply = client.request("textDocument/rename", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(2, 10)),\"newName\":\"Housing\"}")
        let edits = try #require(reply?["result"]?["changes"]?[uri]?.arrayValue)
        #expect(TestSupport.check(text).isEmpty)
        #expect(edits.map { span($0["range"]) } == ["2:9-2:13", "4:2-4:6", "6:79-6:83", "7:18-7:22", "10:2-10:6"])
        let references = try #require(client.request("textDocument/references", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(at(10, 3)),\"context\":{\"includeDeclaration\":false}}")?["result"]?.arrayValue)
        #expect(references.map { span($0["range"]) } == ["4:2-4:6", "6:79-6:83", "7:18-7:22", "10:2-10:6"])
    }

    /// An included file edited while its main file is open is checked as part of the main
    /// file's ledger (its names are declared there), and only the edited file is parsed again.
    @Test func anIncludedFileIsCheckedWithItsMainFile() throws {
        let dir = TestSupport.temporaryDirectory()
        let main = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 100.00\ninclude \"2026.flourish\"\n"
        let year = "2026-11-02 * Lunch\n  Food  12.50\n  Bank\n"
        TestSupport.write(main, to: dir + "/main.flourish")
        TestSupport.write(year, to: dir + "/2026.flourish")
        let mainURI = "file://" + dir + "/main.flourish"
        let yearURI = "file://" + dir + "/2026.flourish"
        let client = Client()
        _ = client.request("initialize", "{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}")
        let opened = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(mainURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(main))}}")
        #expect(opened.compactMap { $0["params"]?["uri"]?.stringValue } == [mainURI, yearURI])
        _ = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(yearURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(year))}}")
        let parsedBefore = client.server.parseCount
        // A typo in the included file: one problem, there, and none about undeclared names.
        let published = client.notify("textDocument/didChange", """
        {"textDocument":{"uri":"\(yearURI)","version":2},"contentChanges":[{"range":{"start":\(at(1, 2)),"end":\(at(1, 6))},"text":"Fod"}]}
        """)
        #expect(published.compactMap { $0["params"]?["uri"]?.stringValue } == [mainURI, yearURI])
        let problems = try #require(published.last?["params"]?["diagnostics"]?.arrayValue)
        #expect(problems.map { ($0["code"]?.stringValue ?? "") + " " + span($0["range"]) } == ["unknown-name 1:2-1:5"])
        #expect(published.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
        #expect(client.server.parseCount == parsedBefore + 1)  // the main file was not parsed again
        // Hover in the included file reads the whole ledger.
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(yearURI)\"},\"position\":\(at(2, 3))}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue
                == "**Bank** — account, declared at \(dir)/main.flourish:2\n\nbalance at the end of 2026-11-02: $87.50\n\namount left out on this line: -$12.50")
        let definition = client.request("textDocument/definition", "{\"textDocument\":{\"uri\":\"\(yearURI)\"},\"position\":\(at(2, 3))}")
        #expect(definition?["result"]?["uri"]?.stringValue == mainURI)
        #expect(span(definition?["result"]?["range"]) == "1:8-1:12")
    }

    /// Opened alone, an included file is checked with the workspace's main file that includes
    /// it (read from the disk): its names are known and its balances are the whole ledger's.
    @Test func anIncludedFileOpenedAloneFindsItsMainFileInTheWorkspace() throws {
        let dir = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/years", withIntermediateDirectories: true)
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 100.00\ninclude \"years/2026.flourish\"\n", to: dir + "/main.flourish")
        TestSupport.write("currency USD\n", to: dir + "/other.flourish")
        let year = "2026-11-02 * Lunch\n  Food  12.50\n  Bank\n"
        TestSupport.write(year, to: dir + "/years/2026.flourish")
        let yearURI = "file://" + dir + "/years/2026.flourish"
        let client = Client()
        _ = client.request("initialize", "{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}")
        let published = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(yearURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(year))}}")
        #expect(published.compactMap { $0["params"]?["uri"]?.stringValue } == ["file://" + dir + "/main.flourish", yearURI])
        #expect(published.allSatisfy { $0["params"]?["diagnostics"]?.arrayValue?.isEmpty == true })
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(yearURI)\"},\"position\":\(at(2, 3))}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue
                == "**Bank** — account, declared at \(dir)/main.flourish:2\n\nbalance at the end of 2026-11-02: $87.50\n\namount left out on this line: -$12.50")
        // Without a workspace, the file is checked alone: its names are unknown.
        let alone = Client()
        _ = alone.request("initialize", "{\"capabilities\":{}}")
        let problems = alone.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(yearURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(year))}}")
        #expect(problems.first?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }.contains("unknown-name") == true)
    }

    @Test func formattingARangeTakesWholeEntries() throws {
        let client = opened("currency   USD\naccount Bank checking\ncategory Food\n2026-11-02   Lunch\n  Food 12.50\n    Bank\n")
        // From inside the entry's first split line to the start of the next line.
        let edits = try #require(client.request("textDocument/rangeFormatting", """
        {"textDocument":{"uri":"\(uri)"},"range":{"start":\(at(4, 3)),"end":\(at(5, 0))},"options":{"tabSize":2,"insertSpaces":true}}
        """)?["result"]?.arrayValue)
        #expect(edits.map { span($0["range"]) + " " + ($0["newText"]?.stringValue ?? "") } == ["3:0-6:0 2026-11-02 Lunch\n  Food  12.50\n  Bank\n"])
        // The currency line is left as it is unless the range takes it.
        let first = try #require(client.request("textDocument/rangeFormatting", """
        {"textDocument":{"uri":"\(uri)"},"range":{"start":\(at(0, 0)),"end":\(at(0, 3))},"options":{"tabSize":2,"insertSpaces":true}}
        """)?["result"]?.arrayValue)
        #expect(first.map { span($0["range"]) + " " + ($0["newText"]?.stringValue ?? "") } == ["0:0-1:0 currency USD\n"])
    }

    @Test func symbolsAreDeclarationsThenEntriesByMonth() throws {
        let client = opened(LanguageServerTests.ledger + "\n2026-12-01 Rent day\n  Food:Dining  1.00\n  Bank\n")
        let symbols = try #require(client.request("textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"\(uri)\"}}")?["result"]?.arrayValue)
        let outline = symbols.map { symbol in
            "\(symbol["name"]?.stringValue ?? "") (\(symbol["detail"]?.stringValue ?? "")) \(span(symbol["range"]))"
                + (symbol["children"]?.arrayValue?.map { " / " + ($0["name"]?.stringValue ?? "") + " " + span($0["range"]) }.joined() ?? "")
        }
        #expect(outline == [
            "Bank (account) 1:8-1:12",
            "Food:Dining (category) 2:9-2:20",
            "Sam (person) 3:7-3:10",
            "2026-11 (1 entry) 7:0-9:6 / 2026-11-02 Lunch 7:0-9:6",
            "2026-12 (1 entry) 11:0-13:6 / 2026-12-01 Rent day 11:0-13:6",
        ])
    }

    /// A check is abandoned while newer messages wait (the next keystroke): its problems come
    /// with the next batch, from the text as it then stands; after three batches in a row
    /// the check is made anyway, so that problems show while typing goes on.
    @Test func aCheckIsAbandonedWhileNewerInputWaits() throws {
        let client = opened(LanguageServerTests.ledger)
        var waiting = true
        client.server.newInputWaiting = { waiting }
        func change(_ version: Int, _ amount: String) -> [JSONValue] {
            client.notify("textDocument/didChange", """
            {"textDocument":{"uri":"\(uri)","version":\(version)},"contentChanges":[{"range":{"start":\(at(8, 15)),"end":\(at(8, 20))},"text":"\(amount)"}]}
            """)
        }
        #expect(change(2, "12.5x").isEmpty)
        #expect(change(3, "12.5y").isEmpty)
        waiting = false
        let published = change(4, "13.00")
        #expect(published.count == 1)
        #expect(published.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
        // Input always waiting: three batches without a check, then one with it.
        waiting = true
        #expect(change(5, "1x.00").isEmpty && change(6, "1y.00").isEmpty && change(7, "1z.00").isEmpty)
        let codes = try #require(change(8, "2x.00").first?["params"]?["diagnostics"]?.arrayValue).compactMap { $0["code"]?.stringValue }
        #expect(codes == ["invalid-amount"])
    }

    /// A completion that comes with the change typed before it leaves before that change is
    /// checked (`send`, which `flourish lsp` sets to its standard output); the problems follow.
    @Test func aCompletionLeavesBeforeTheCheckOfTheChangeAheadOfIt() throws {
        let client = opened(LanguageServerTests.ledger)
        var sent: [[JSONValue]] = []
        client.server.send = { sent.append(LanguageServerTests.Client.messages($0)) }
        let change = LanguageServerTests.Client.framed("""
        {"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\(uri)","version":2},"contentChanges":[{"range":{"start":\(at(9, 2)),"end":\(at(9, 6))},"text":"Ba"}]}}
        """)
        let completion = LanguageServerTests.Client.framed("""
        {"jsonrpc":"2.0","id":99,"method":"textDocument/completion","params":{"textDocument":{"uri":"\(uri)"},"position":\(at(9, 4))}}
        """)
        let returned = LanguageServerTests.Client.messages(client.server.receive(change + completion))
        #expect(sent.count == 1)
        let reply = try #require(sent.first?.first)
        #expect(sent.first?.count == 1 && reply["id"]?.intValue == 99)
        #expect(reply["result"]?.arrayValue?.contains { $0["label"]?.stringValue == "Bank" } == true)
        #expect(returned.map { $0["method"]?.stringValue } == ["textDocument/publishDiagnostics"])
        #expect(returned.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == false)
    }

    /// During the check at the end of a batch (`flourish lsp` makes it on another thread and
    /// reads the client meanwhile), the next keystroke's change is applied and its completion
    /// answered at once from the last check; a hover behind them waits for the check, and the
    /// change is checked next. (Whether the check was given up for the change or had already
    /// ended, the client sees the same: the completion first, then the hover, and the last
    /// problems those of the text as changed.)
    @Test func aChangeAndItsCompletionAreTakenWhileTheCheckBeforeThemRuns() throws {
        let client = opened(LanguageServerTests.ledger)
        var sent: [JSONValue] = []
        client.server.send = { sent += LanguageServerTests.Client.messages($0) }
        func change(_ from: Int, _ to: Int, _ text: String) -> [UInt8] {
            LanguageServerTests.Client.framed("""
            {"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\(uri)","version":2},"contentChanges":[{"range":{"start":\(at(9, from)),"end":\(at(9, to))},"text":"\(text)"}]}}
            """)
        }
        let completion = LanguageServerTests.Client.framed("""
        {"jsonrpc":"2.0","id":99,"method":"textDocument/completion","params":{"textDocument":{"uri":"\(uri)"},"position":\(at(9, 4))}}
        """)
        let hover = LanguageServerTests.Client.framed("""
        {"jsonrpc":"2.0","id":100,"method":"textDocument/hover","params":{"textDocument":{"uri":"\(uri)"},"position":\(at(9, 3))}}
        """)
        // `Bank` cut to `Ba`; while that is checked, `Ba` made `Bank` again, a completion, a hover.
        var arriving = [change(4, 4, "nk") + completion + hover]
        client.server.awaitInput = { _ in arriving.isEmpty ? [] : arriving.removeFirst() }
        var returned = LanguageServerTests.Client.messages(client.server.receive(change(2, 6, "Ba")))
        #expect(arriving.isEmpty)
        let reply = try #require(sent.first)
        #expect(reply["id"]?.intValue == 99)
        #expect(reply["result"]?.arrayValue?.contains { $0["label"]?.stringValue == "Bank" } == true)
        #expect(client.server.hasHeldMessages && !returned.contains { $0["id"]?.intValue == 100 })
        while client.server.hasHeldMessages || client.server.hasUncheckedChanges {
            returned += LanguageServerTests.Client.messages(client.server.receive([]))
        }
        let all = sent + returned
        #expect(all.filter { $0["id"] != nil }.compactMap { $0["id"]?.intValue } == [99, 100])
        #expect(all.last { $0["id"]?.intValue == 100 }?["result"]?["contents"] != nil)
        let published = all.last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(published?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
    }

    /// A goal is a name like the others: its definition, its references (the `goal` line, a
    /// line's `goal NAME`, `move … to NAME`) and a rename of them all.
    @Test func goalsHaveDefinitionReferencesAndRename() throws {
        let text = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 500.00\ngoal 2026-11-01 Trip 300.00\nmove 2026-11-02 50.00 to Trip\n\n2026-11-03 * Tickets\n  Food  20.00 goal Trip\n  Bank\n"
        let client = opened(text)
        let document = "\"textDocument\":{\"uri\":\"\(uri)\"}"
        let definition = client.request("textDocument/definition", "{\(document),\"position\":\(at(5, 26))}")?["result"]
        #expect(span(definition?["range"]) == "4:16-4:20")
        let references = try #require(client.request("textDocument/references", "{\(document),\"position\":\(at(8, 20)),\"context\":{\"includeDeclaration\":true}}")?["result"]?.arrayValue)
        #expect(references.map { span($0["range"]) } == ["4:16-4:20", "5:25-5:29", "8:19-8:23"])
        let rename = client.request("textDocument/rename", "{\(document),\"position\":\(at(4, 17)),\"newName\":\"Summer trip\"}")
        let edits = try #require(rename?["result"]?["changes"]?[uri]?.arrayValue)
        #expect(edits.map { span($0["range"]) + " " + ($0["newText"]?.stringValue ?? "") } == ["4:16-4:20 \"Summer trip\"", "5:25-5:29 \"Summer trip\"", "8:19-8:23 \"Summer trip\""])
    }

    /// Token columns and lengths are UTF-16 units: `é` is one, `🍕` two.
    @Test func semanticTokensCountUTF16Units() throws {
        let client = opened("currency EUR\naccount Café checking\ncategory \"🍕 Pizza\"\n\n2026-11-02 * Zoë's 🍕\n  \"🍕 Pizza\"  3.00\n  Café\n")
        let data = try #require(client.request("textDocument/semanticTokens/full", "{\"textDocument\":{\"uri\":\"\(uri)\"}}")?["result"]?["data"]?.arrayValue).compactMap(\.intValue)
        #expect(data == [1, 8, 4, 0, 1,  1, 9, 10, 1, 1,  3, 2, 10, 1, 0,  1, 2, 4, 0, 0])
    }

    /// Folding: each month's run of entries and each entry; an include line links to its file;
    /// names are semantic tokens by what they are; workspace symbols match the query's letters.
    @Test func foldsLinksTokensAndWorkspaceSymbols() throws {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("category Food\nperson \"Sam Lee\"\n", to: dir + "/names.flourish")
        let main = """
        include "names.flourish"
        currency USD
        account Bank checking
        category Salary income

        2026-10-30 * Lunch
          Food  12.50
          Bank

        2026-11-01 * Pay
          Salary  -100.00
          Bank

        2026-11-02 * Dinner
          Food       10.00
          "Sam Lee"  10.00
          Bank

        """
        TestSupport.write(main, to: dir + "/main.flourish")
        let client = Client()
        let capabilities = client.request("initialize", "{\"rootUri\":\"file://\(dir)\",\"capabilities\":{}}")?["result"]?["capabilities"]
        #expect(capabilities?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.compactMap(\.stringValue)
            == ["variable", "type", "enum", "parameter", "property"])
        let mainURI = "file://" + dir + "/main.flourish"
        _ = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(mainURI)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(main))}}")
        let document = "{\"textDocument\":{\"uri\":\"\(mainURI)\"}}"
        let folds = try #require(client.request("textDocument/foldingRange", document)?["result"]?.arrayValue)
        // October's one entry (lines 5–7), November's two (9–16), then each entry.
        #expect(folds.map { "\($0["startLine"]?.intValue ?? -1)-\($0["endLine"]?.intValue ?? -1)" } == ["5-7", "9-16", "5-7", "9-11", "13-16"])
        let links = try #require(client.request("textDocument/documentLink", document)?["result"]?.arrayValue)
        #expect(links.count == 1)
        #expect(links.first?["target"]?.stringValue == "file://" + dir + "/names.flourish")
        let linkSpan = span(links.first?["range"])
        #expect(linkSpan.hasPrefix("0:"), "\(linkSpan)")
        let data = try #require(client.request("textDocument/semanticTokens/full", document)?["result"]?["data"]?.arrayValue).compactMap(\.intValue)
        // Five numbers a token: Bank declared (line 2), Salary declared (3), then Food, Bank,
        // Salary, Bank, Food, "Sam Lee", Bank on the entries' lines.
        let tokens = stride(from: 0, to: data.count, by: 5).map { Array(data[$0..<$0 + 5]) }
        #expect(tokens.map { $0[3] } == [0, 2, 1, 0, 2, 0, 1, 3, 0])
        #expect(tokens.first == [2, 8, 4, 0, 1])
        #expect(tokens[7] == [1, 2, 9, 3, 0])
        let symbols = try #require(client.request("workspace/symbol", "{\"query\":\"sl\"}")?["result"]?.arrayValue)
        #expect(symbols.compactMap { $0["name"]?.stringValue } == ["Salary", "Sam Lee"])
        #expect(symbols.last?["location"]?["uri"]?.stringValue == "file://" + dir + "/names.flourish")
        #expect(symbols.last?["containerName"]?.stringValue == "person")
    }
}

/// Quick fixes for what `check` finds.
@Suite struct LanguageServerCodeActionTests {
    let uri = LanguageServerTests.uri

    /// Each action as `title: line:col-line:col → new text` (edits in the document).
    func actions(_ text: String, line: Int) throws -> [String] {
        let client = LanguageServerTests().opened(text).0
        let reply = client.request("textDocument/codeAction", """
        {"textDocument":{"uri":"\(uri)"},"range":{"start":{"line":\(line),"character":0},"end":{"line":\(line),"character":0}},"context":{"diagnostics":[]}}
        """)
        return try #require(reply?["result"]?.arrayValue).map { action in
            let edits = action["edit"]?["changes"]?[uri]?.arrayValue ?? []
            return (action["title"]?.stringValue ?? "") + ": " + edits.map { edit in
                let range = LanguageServerNavigationTests().span(edit["range"])
                return "\(range) → \(edit["newText"]?.stringValue ?? "")"
            }.joined(separator: ", ")
        }
    }

    static let ledger = "currency USD\naccount Bank checking\ncategory Food:Dining\n\n"

    @Test func didYouMeanAndDeclare() throws {
        let text = Self.ledger + "2026-11-02 Lunch\n  Fod:Dining  12.50\n  Bank\n"
        #expect(try actions(text, line: 5) == [
            "Replace with Food:Dining: 5:2-5:12 → Food:Dining",
            "Declare Fod:Dining as a category: 3:0-3:0 → category Fod:Dining\n",
            "Declare Fod:Dining as an account: 3:0-3:0 → account Fod:Dining checking\n",
            "Declare Fod:Dining as a person: 3:0-3:0 → person Fod:Dining\n",
        ])
    }

    /// In a file without declarations, a declaration goes after its header (its comment lines
    /// and its currency), not above them.
    @Test func aDeclarationGoesAfterTheHeader() throws {
        let text = "; Our budget\n; kept by Ana\ncurrency USD\n\n2026-11-02 Lunch\n  Food  12.00\n  Cash\n"
        let offered = try actions(text, line: 5)
        #expect(offered.contains("Declare Food as a category: 3:0-3:0 → category Food\n"), "\(offered)")
    }

    @Test func balanceThisEntry() throws {
        let text = Self.ledger + "2026-11-02 Lunch\n  Food:Dining  12.50\n  Bank  -12.00\n"
        #expect(try actions(text, line: 4) == ["Balance this entry: make the last amount -12.50: 6:8-6:14 → -12.50"])
        // From any line of the entry, not only its date line.
        #expect(try actions(text, line: 6) == ["Balance this entry: make the last amount -12.50: 6:8-6:14 → -12.50"])
    }

    @Test func quoteANameOfSeveralWords() throws {
        let text = "currency USD\naccount Bank checking\ncategory Eating out\nperson Sam Lee\n\n2026-11-02 Lunch\n  Eating out  12.00\n  Bank\n"
        #expect(try actions(text, line: 2) == ["Quote the name Eating out: 2:9-2:19 → \"Eating out\""])
        #expect(try actions(text, line: 3) == ["Quote the name Sam Lee: 3:7-3:14 → \"Sam Lee\""])
        #expect(try actions(text, line: 6).last == "Quote the name Eating out: 6:2-6:12 → \"Eating out\"")
        // A word that stops the line's reading (`&` read as an amount) is still part of the name.
        let gifts = "currency USD\naccount Bank checking\n\n2026-11-02 Present\n  Gifts & Giving  90.00\n  Bank\n"
        let offered = try actions(gifts, line: 4)
        #expect(offered.contains("Quote the name Gifts & Giving: 4:2-4:16 → \"Gifts & Giving\""), "\(offered)")
    }

    @Test func keepOursTheirsOrBothOfAConflictBlock() throws {
        let block = "<<<<<<< ours\n2026-11-02 Lunch\n  Food:Dining  12.50\n  Bank\n=======\n2026-11-02 Lunch\n  Food:Dining  14.00\n  Bank\n>>>>>>> theirs\n"
        let text = Self.ledger + block + "\n2026-11-03 Tea\n  Food:Dining  2.00\n  Bank\n"
        #expect(try actions(text, line: 4) == [
            "Keep ours: 4:0-13:0 → 2026-11-02 Lunch\n  Food:Dining  12.50\n  Bank\n",
            "Keep theirs: 4:0-13:0 → 2026-11-02 Lunch\n  Food:Dining  14.00\n  Bank\n",
            "Keep both (ours first): 4:0-13:0 → 2026-11-02 Lunch\n  Food:Dining  12.50\n  Bank\n\n2026-11-02 Lunch\n  Food:Dining  14.00\n  Bank\n",
        ])
        // One side deleted the item: keeping that side removes the block.
        let deleted = Self.ledger + "<<<<<<< ours\n=======\n2026-11-02 Lunch\n  Food:Dining  14.00\n  Bank\n>>>>>>> theirs\n"
        #expect(try actions(deleted, line: 4) == [
            "Keep ours: 4:0-10:0 → ",
            "Keep theirs: 4:0-10:0 → 2026-11-02 Lunch\n  Food:Dining  14.00\n  Bank\n",
            "Keep both (ours first): 4:0-10:0 → 2026-11-02 Lunch\n  Food:Dining  14.00\n  Bank\n",
        ])
    }
}

/// Completion offers what the place takes.
@Suite struct LanguageServerCompletionTests {
    let uri = LanguageServerTests.uri

    static let ledger = """
    currency USD
    account Bank checking
    category Food:Dining
    category Salary income
    person Sam
    goal 2026-11-01 "Japan trip" 2000.00

    2026-11-02 * Lunch
      Food:Dining  12.50
      Bank

    """

    /// The labels offered after `typed` on a new last line, in the client's order (`sortText`).
    func labels(after typed: String) throws -> [String] {
        let text = Self.ledger + typed
        let client = LanguageServerTests().opened(text).0
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let reply = client.request("textDocument/completion", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":{\"line\":\(line),\"character\":\(typed.utf16.count)}}")
        let items = try #require(reply?["result"]?.arrayValue)
        return items.sorted { ($0["sortText"]?.stringValue ?? "") < ($1["sortText"]?.stringValue ?? "") }
            .map { ($0["label"]?.stringValue ?? "") + (($0["insertText"]?.stringValue).map { $0.hasPrefix("\"") ? " inserts " + $0 : "" } ?? "") }
    }

    @Test func eachPlaceTakesItsKind() throws {
        // Categories, most used first (`Food` is the parent `Food:Dining` declares).
        #expect(try labels(after: "budget 2026-11-01 ") == ["Food:Dining", "Food"])
        #expect(try labels(after: "budget 2026-11-01 Fo") == ["Food:Dining", "Food"])
        #expect(try labels(after: "opening 2026-11-01 ") == ["Bank"])
        #expect(try labels(after: "move 2026-11-05 50.00 to ") == ["Japan trip inserts \"Japan trip\""])
        #expect(try labels(after: "  ") == ["Bank", "Food:Dining", "Food", "Salary", "Sam"])
        #expect(try labels(after: "  Food:Dining  10.00 goal ") == ["Japan trip inserts \"Japan trip\""])
        #expect(try labels(after: "budget 2026-11-01 Food:Dining ") == [])
    }

    @Test func aLineStartOffersDatesAndKeywords() throws {
        let offered = try labels(after: "")
        #expect(Array(offered.prefix(2)) == ["2026-11-02", "2026-11-22"])
        #expect(offered.contains("budget") && offered.contains("subscription"))
    }
}

/// Hover as of the line's date: a category's month against its budget, a day's buckets.
@Suite struct LanguageServerHoverTests {
    let uri = LanguageServerTests.uri

    static let ledger = """
    currency USD
    account Bank checking
    category Food:Dining
    opening 2026-11-01 Bank 1000.00
    budget 2026-11-01 Food:Dining 300.00
    allowance 2026-11-01 10.00

    2026-11-02 * Lunch
      Food:Dining  12.50
      Bank

    2026-11-20 * Dinner
      Food:Dining  40.00
      Bank

    """

    func hover(_ line: Int, _ character: Int) -> String? {
        let client = LanguageServerTests().opened(Self.ledger).0
        let reply = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":{\"line\":\(line),\"character\":\(character)}}")
        return reply?["result"]?["contents"]?["value"]?.stringValue
    }

    @Test func aCategoryAsOfItsLinesDate() {
        #expect(hover(8, 4) == "**Food:Dining** — expense category, declared at line 3\n\n2026-11 to 2026-11-02: $12.50 of a $300.00 budget")
        #expect(hover(12, 4) == "**Food:Dining** — expense category, declared at line 3\n\n2026-11 to 2026-11-20: $52.50 of a $300.00 budget")
    }

    @Test func anEntrysDateShowsThatDaysBuckets() {
        // Funds 1000.00 - 12.50 = 987.50. Nothing is left of today's 10.00 (12.50 was spent),
        // and 10.00 is set aside for each of the 28 days after today: 280.00. Main savings is
        // the rest: 707.50.
        #expect(hover(7, 3) == "**2026-11-02** — the buckets at the end of the day\n\nfunds $987.50 · allowance set aside $280.00 · monthly $0.00 · goals $0.00 · main savings $707.50")
    }
}
