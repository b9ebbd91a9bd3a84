import Foundation
import Testing
@testable import FlourishCore

/// Every construct of grammar.md parses into the model it means.
@Suite struct ParserTests {
    /// The ledger as parsed, linked and booked (amounts in minor units).
    func ledger(_ text: String) -> Ledger {
        let loaded = TestSupport.load(text)
        let booked = Booker.book(loaded.ledger)
        let diagnostics = loaded.diagnostics + booked.diagnostics
        #expect(diagnostics.isEmpty, "\(DiagnosticRenderer(files: loaded.ledger.files).render(diagnostics))")
        return booked.journal.ledger
    }

    func name(_ ledger: Ledger, _ ref: NameRef) -> String { ledger.names[ref.id] }

    @Test func currencyWithDefaultAndExplicitDecimals() {
        #expect(ledger("currency USD").currency == Currency(code: "USD", decimals: 2))
        #expect(ledger("currency JPY").currency == Currency(code: "JPY", decimals: 0))
        #expect(ledger("currency BTC 8").currency == Currency(code: "BTC", decimals: 8))
    }

    @Test func monthStart() {
        #expect(ledger("month-start 25").monthStartDay == 25)
        #expect(ledger("").monthStartDay == 1)
    }

    @Test func accountsWithKindsAndFlags() {
        let l = ledger("account Bank checking\naccount \"Cash Reserve\" cash reserve\naccount Broker savings off-budget reserve")
        #expect(l.accounts.map { name(l, $0.name) } == ["Bank", "Cash Reserve", "Broker"])
        #expect(l.accounts.map(\.kind) == [.checking, .cash, .savings])
        #expect(l.accounts[1].isReserve && !l.accounts[1].isOffBudget)
        #expect(l.accounts[2].flags == [.offBudget, .reserve])
    }

    @Test func categoriesAndPeople() {
        let l = ledger("category Food:Dining\ncategory Salary income\ncategory Rent expense\nperson Sam\nperson \"Zoë\"")
        #expect(l.categories.map { name(l, $0.name) } == ["Food:Dining", "Salary", "Rent"])
        #expect(l.categories.map(\.isIncome) == [false, true, false])
        #expect(l.people.map { name(l, $0.name) } == ["Sam", "Zoë"])
    }

    @Test func entryWithSplitsAndInferredAmount() {
        let text = """
        currency USD
        2026-11-22 * Dinner with Sam  #friends
          Dining   30.00
          Sam      30.00   ; Sam owes me his half
          Visa
        """
        let l = ledger(text)
        #expect(l.entries.count == 1)
        let entry = l.entries[0]
        #expect(entry.date == CivilDate(year: 2026, month: 11, day: 22))
        #expect(entry.status == .cleared)
        #expect(l.description(of: entry) == "Dinner with Sam")
        #expect(l.tags(of: entry).map { name(l, $0) } == ["friends"])
        let lines = l.postings[entry.postings]
        #expect(lines.map { name(l, $0.target) } == ["Dining", "Sam", "Visa"])
        #expect(lines.map(\.amount.minorUnits) == [3000, 3000, -6000])
        // Parsing reads amounts as written and leaves the missing one out; booking scales
        // them and fills it in.
        let parsed = TestSupport.load(text).ledger
        #expect(parsed.postings[entry.postings].map(\.amount.minorUnits) == [3000, 3000, 0])
        #expect(parsed.postings[entry.postings].map(\.amountScale) == [2, 2, 0])
        #expect(lines.map(\.isInferred) == [false, false, true])
    }

    @Test func entryStatusesAndQuotedDescription() {
        let l = ledger("currency USD\n2026-01-02 ! \"Invoice #7\"\n  A  1\n  B\n2026-01-03 Plain\n  A  1\n  B")
        #expect(l.entries.map(\.status) == [.pending, .unmarked])
        #expect(l.description(of: l.entries[0]) == "Invoice #7")
    }

    @Test func amountsWithSignsSeparatorsAndCode() {
        let l = ledger("currency USD\n2026-01-02 x\n  A  +1,234,567.8\n  B  -1234567.80 USD\n")
        #expect(l.postings.map(\.amount.minorUnits) == [123_456_780, -123_456_780])
    }

    @Test func datedDirectives() {
        let l = ledger("""
        currency USD
        opening 2026-11-01 Bank 2382.19
        balance 2026-11-30 Bank 1234.56
        correction 2026-11-22 Bank 0.42 bank interest ; found on the statement
        budget 2026-11-01 Dining 300
        earmark 2026-11-01 Rent 1200 due 1
        earmark 2026-11-01 Water 40
        allowance 2026-11-01 88.41
        goal 2026-11-01 "Japan trip" 2000 by 2027-06-01
        goal 2026-11-01 Rainy 500
        move 2026-11-05 200 to "Japan trip"
        move 2026-11-06 50 from "Japan trip"
        income 2026-11-01 4200
        income 2026-11-01 50000 yearly
        savings-target 2026-11-01 12.5%
        subscription 2026-11-01 Netflix 15.49 monthly next 2026-11-12 from Visa category Streaming
        subscription 2026-11-01 Paper 5 weekly from Bank next 2026-11-03
        """)
        #expect(l.openings.map(\.amount.value.minorUnits) == [238_219])
        #expect(l.balanceAssertions.map(\.date) == [CivilDate(year: 2026, month: 11, day: 30)])
        #expect(l.corrections.map(\.reason.value) == ["bank interest"])
        #expect(l.budgets.map { name(l, $0.category) } == ["Dining"])
        #expect(l.earmarks.map { $0.dueDay?.value } == [1, nil])
        #expect(l.allowances.map(\.amount.value.minorUnits) == [8841])
        #expect(l.goals.map { name(l, $0.name) } == ["Japan trip", "Rainy"])
        #expect(l.goals.map { $0.deadline?.value } == [CivilDate(year: 2027, month: 6, day: 1), nil])
        #expect(l.goalMoves.map(\.direction) == [.to, .from])
        #expect(l.goalMoves.map(\.amount.value.minorUnits) == [20000, 5000])
        #expect(l.incomes.map(\.period) == [.monthly, .yearly])
        #expect(l.savingsTargets.map(\.basisPoints.value) == [1250])
        #expect(l.subscriptions.map(\.frequency) == [.monthly, .weekly])
        #expect(l.subscriptions.map { name(l, $0.account) } == ["Visa", "Bank"])
        #expect(l.subscriptions.map { $0.category.map { name(l, $0) } } == ["Streaming", nil])
        #expect(l.subscriptions.map(\.nextDue.value) == [CivilDate(year: 2026, month: 11, day: 12), CivilDate(year: 2026, month: 11, day: 3)])
    }

    @Test func correctionReasonMayBeQuoted() {
        let l = ledger("currency USD\ncorrection 2026-11-22 Bank -3 \"fee; not in app\"")
        #expect(l.corrections.map(\.reason.value) == ["fee; not in app"])
        #expect(l.corrections.map(\.amount.value.minorUnits) == [-300])
    }

    @Test func commentsAndBlankLinesAddNothing() {
        let l = ledger("; c\n# c\n\ncurrency USD ; trailing\nperson Sam # trailing too\n")
        #expect(l.people.count == 1)
    }

    @Test func blankLineEndsAnEntry() {
        let loaded = TestSupport.load("currency USD\n2026-01-01 x\n  A  1\n  B\n\n  C  2\n")
        #expect(loaded.ledger.entries.count == 1)
        #expect(loaded.diagnostics.map(\.id) == ["orphan-line"])
    }

    @Test func locationsPointAtTheSource() {
        let l = ledger("currency USD\n2026-01-01 x\n  Dining  1.50\n  Visa")
        let posting = l.postings[0]
        let renderer = DiagnosticRenderer(files: l.files)
        #expect(renderer.position(of: posting.target.location) == (3, 3))
        #expect(renderer.position(of: posting.amountLocation!) == (3, 11))
    }

    @Test func includeIsFollowedRelativeToTheIncludingFile() throws {
        let dir = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        TestSupport.write("currency USD\ninclude \"sub/people.flourish\"\n", to: dir + "/main.flourish")
        TestSupport.write("include \"more.flourish\"\nperson Sam\n", to: dir + "/sub/people.flourish")
        TestSupport.write("person Zoë\n", to: dir + "/sub/more.flourish")
        let loaded = try LedgerLoader.load(paths: [dir + "/main.flourish"])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.ledger.people.map { loaded.ledger.names[$0.name.id] } == ["Zoë", "Sam"])
        #expect(loaded.ledger.files.map(\.path) == [dir + "/main.flourish", dir + "/sub/people.flourish", dir + "/sub/more.flourish"])
    }
}
