import Testing
@testable import FlourishCore

/// The booking stage: one journal in date order, amounts filled in, parents named.
@Suite struct BookingTests {
    static let text = """
    currency USD
    account Bank checking
    category Food:Dining
    category Food:Groceries
    correction 2026-01-05 Bank 1.00 interest
    2026-01-05 Lunch
      Food:Dining  10.00
      Bank
    2026-01-02 Shop
      Food:Groceries  20.00
      Bank
    opening 2026-01-05 Bank 100.00

    """

    @Test func itemsAreInDateOrderOpeningsFirstCorrectionsLast() {
        let journal = TestSupport.book(TestSupport.load(Self.text))
        let kinds = journal.items.map { item -> String in
            switch item.kind {
            case .opening: return "opening \(item.date)"
            case .entry(let i): return "\(journal.ledger.description(of: journal.ledger.entries[i])) \(item.date)"
            case .correction: return "correction \(item.date)"
            }
        }
        #expect(kinds == ["Shop 2026-01-02", "opening 2026-01-05", "Lunch 2026-01-05", "correction 2026-01-05"])
        #expect(journal.dateRange == CivilDate(year: 2026, month: 1, day: 2)!...CivilDate(year: 2026, month: 1, day: 5)!)
    }

    @Test func figuresRollCategoriesUpAndFillInLeftOutAmounts() throws {
        let journal = TestSupport.book(TestSupport.load(Self.text))
        let names = journal.ledger.names
        let food = try #require(names.id(of: "Food"))
        let bank = try #require(names.id(of: "Bank"))
        let balances = try journal.balances(through: CivilDate(year: 2026, month: 1, day: 5)!)
        // By hand: 100.00 opening + 1.00 correction − 10.00 − 20.00.
        #expect(balances[Int(bank)] == Money(minorUnits: 7_100))
        #expect(balances[Int(food)] == Money(minorUnits: 3_000))
        let early = try journal.balances(through: CivilDate(year: 2026, month: 1, day: 4)!)
        #expect(early[Int(bank)] == Money(minorUnits: -2_000))
        let totals = try journal.categoryTotals(in: CivilDate(year: 2026, month: 1, day: 3)!...CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(totals[food] == Money(minorUnits: 1_000))
        #expect(journal.ancestry(try #require(names.id(of: "Food:Dining"))).map { names[$0] } == ["Food", "Food:Dining"])
        #expect(try journal.spendingByDay(in: CivilDate(year: 2026, month: 1, day: 1)!...CivilDate(year: 2026, month: 1, day: 5)!)
            .map(\.minorUnits) == [0, 2_000, 0, 0, 1_000])
    }

    /// An editor's unsaved buffer stands in for an included file, even one not on disk yet.
    @Test func includesResolveFromMemoryFirst() {
        let folder = TestSupport.temporaryDirectory()
        let main = SourceFile(path: folder + "/main.flourish", text: "currency USD\ninclude \"accounts.flourish\"\n")
        let overlay = [folder + "/accounts.flourish": Array("account Bank checking\nopening 2026-01-01 Bank 5.00\n".utf8)]
        let loaded = LedgerLoader.load(sources: [main], overlay: overlay)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.ledger.accounts.count == 1)
        let missing = LedgerLoader.load(sources: [main])
        #expect(missing.diagnostics.map(\.id) == ["include-not-found"])
    }
}
