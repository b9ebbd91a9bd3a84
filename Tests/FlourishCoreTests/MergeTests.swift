import Foundation
import Testing
@testable import FlourishCore

/// `flourish merge` on its own: the three-way merge of items (docs/git.md).
@Suite struct MergeTests {
    static let head = "currency EUR\n\naccount Bank checking\ncategory Food\ncategory Rent\n"

    static func entry(_ date: String, _ description: String, _ amount: String, comment: String = "") -> String {
        "\n\(date) \(description)\(comment)\n  Food  \(amount)\n  Bank\n"
    }

    static func merge(_ base: String, _ ours: String, _ theirs: String) -> (text: String, conflicts: Int) {
        let result = ThreeWayMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
    }

    @Test func bothAppendAndTheEntriesGoInDateOrder() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00")
        let ours = base + Self.entry("2026-11-03", "Bakery", "4.00") + Self.entry("2026-11-05", "Cafe", "3.00")
        let theirs = base + Self.entry("2026-11-04", "Lunch", "12.00")
        let merged = Self.merge(base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(merged.text == base + Self.entry("2026-11-03", "Bakery", "4.00") + Self.entry("2026-11-04", "Lunch", "12.00")
            + Self.entry("2026-11-05", "Cafe", "3.00"))
    }

    @Test func oneSideAloneChangedGivesThatSideByteForByte() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00")
        let changed = "currency   EUR\r\n" + base.dropFirst(13) + "; a note without a line end"
        #expect(Self.merge(base, changed, base) == (changed, 0))
        #expect(Self.merge(base, base, changed) == (changed, 0))
        #expect(Self.merge(base, changed, changed) == (changed, 0))
        #expect(Self.merge(changed, changed, changed) == (changed, 0))
    }

    @Test func editsOfDifferentItemsAndDeletionsAreAllApplied() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00") + Self.entry("2026-11-02", "Bakery", "4.00")
            + Self.entry("2026-11-03", "Cafe", "3.00")
        let ours = Self.head + Self.entry("2026-11-01", "Market", "11.00") + Self.entry("2026-11-02", "Bakery", "4.00")
            + Self.entry("2026-11-03", "Cafe", "3.00")
        let theirs = Self.head + Self.entry("2026-11-01", "Market", "10.00") + Self.entry("2026-11-03", "Cafe", "3.50")
        #expect(Self.merge(base, ours, theirs) == (Self.head + Self.entry("2026-11-01", "Market", "11.00")
            + Self.entry("2026-11-03", "Cafe", "3.50"), 0))
    }

    @Test func theSameEntryEditedBothWaysIsOneConflictBlock() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00") + Self.entry("2026-11-02", "Bakery", "4.00")
        let ours = Self.head + Self.entry("2026-11-01", "Market", "12.00") + Self.entry("2026-11-02", "Bakery", "4.00")
        let theirs = Self.head + Self.entry("2026-11-01", "Market", "15.00") + Self.entry("2026-11-02", "Bakery", "4.00")
        let merged = Self.merge(base, ours, theirs)
        #expect(merged.conflicts == 1)
        #expect(merged.text == Self.head + "\n<<<<<<< ours\n2026-11-01 Market\n  Food  12.00\n  Bank\n=======\n2026-11-01 Market\n  Food  15.00\n  Bank\n>>>>>>> theirs\n"
            + Self.entry("2026-11-02", "Bakery", "4.00"))
        // check reads the block as one error at its first line, and ours meanwhile.
        #expect(TestSupport.check(merged.text) == """
            test.flourish:7:1: error: merge conflict: both sides changed this
             7 | <<<<<<< ours
               | ^~~~~~~~~~~~
               = hint: keep one side (or both) and delete the marker lines; until then the lines before `=======` (ours) are read

            """)
    }

    @Test func editedOnOneSideAndDeletedOnTheOtherIsAConflict() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00") + Self.entry("2026-11-02", "Bakery", "4.00")
        let ours = Self.head + Self.entry("2026-11-02", "Bakery", "4.00")
        let theirs = Self.head + Self.entry("2026-11-01", "Market", "10.50") + Self.entry("2026-11-02", "Bakery", "4.00")
        let merged = Self.merge(base, ours, theirs)
        #expect(merged.conflicts == 1)
        #expect(merged.text == Self.head + "\n<<<<<<< ours\n=======\n2026-11-01 Market\n  Food  10.50\n  Bank\n>>>>>>> theirs\n"
            + Self.entry("2026-11-02", "Bakery", "4.00"))
        // Deleted on one side and untouched on the other: deleted.
        let untouched = Self.merge(base, ours, base + Self.entry("2026-11-09", "Cafe", "3.00"))
        #expect(untouched == (ours + Self.entry("2026-11-09", "Cafe", "3.00"), 0))
    }

    @Test func aDeclarationOrAnImportAddedOnBothSidesAppearsOnce() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00")
        let declared = base.replacingOccurrences(of: "category Rent\n", with: "category Rent\ncategory Gifts\n")
        let row = Self.entry("2026-11-04", "FRESHMART", "42.10", comment: "  ; import:0a4a4e816780da9a")
        let ours = declared + row
        let theirs = declared + Self.entry("2026-11-02", "Cafe", "3.00") + row
        #expect(Self.merge(base, ours, theirs) == (declared + Self.entry("2026-11-02", "Cafe", "3.00") + row, 0))
    }

    @Test func oneBankRowImportedWithDifferentRulesIsAConflictNotTwoEntries() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00")
        let ours = base + Self.entry("2026-11-04", "FRESHMART", "42.10", comment: "  ; import:0a4a4e816780da9a")
        let theirs = base + Self.entry("2026-11-04", "Weekly shop", "42.10", comment: "  ; import:0a4a4e816780da9a")
        let merged = Self.merge(base, ours, theirs)
        #expect(merged.conflicts == 1)
        #expect(merged.text == base + "\n<<<<<<< ours\n2026-11-04 FRESHMART  ; import:0a4a4e816780da9a\n  Food  42.10\n  Bank\n=======\n"
            + "2026-11-04 Weekly shop  ; import:0a4a4e816780da9a\n  Food  42.10\n  Bank\n>>>>>>> theirs\n")
    }

    @Test func outOfDateOrderAnAdditionFollowsTheItemItFollowed() {
        let base = Self.head + Self.entry("2026-11-05", "Market", "10.00") + Self.entry("2026-11-01", "Rent", "700.00")
        let ours = base + Self.entry("2026-11-09", "Cafe", "3.00")
        let theirs = Self.head + Self.entry("2026-11-05", "Market", "10.00") + Self.entry("2026-11-02", "Bakery", "4.00")
            + Self.entry("2026-11-01", "Rent", "700.00")
        #expect(Self.merge(base, ours, theirs) == (Self.head + Self.entry("2026-11-05", "Market", "10.00")
            + Self.entry("2026-11-02", "Bakery", "4.00") + Self.entry("2026-11-01", "Rent", "700.00")
            + Self.entry("2026-11-09", "Cafe", "3.00"), 0))
    }

    @Test func commentsTravelWithTheItemTheyPrecede() {
        let base = Self.head + Self.entry("2026-11-01", "Market", "10.00")
        let ours = base + "\n; the bakery on the corner\n2026-11-03 Bakery\n  Food  4.00\n  Bank\n"
        let theirs = base + "\n; lunch with Sam\n2026-11-02 Lunch\n  Food  12.00\n  Bank\n"
        #expect(Self.merge(base, ours, theirs) == (base + "\n; lunch with Sam\n2026-11-02 Lunch\n  Food  12.00\n  Bank\n"
            + "\n; the bakery on the corner\n2026-11-03 Bakery\n  Food  4.00\n  Bank\n", 0))
    }

    /// For random base ledgers and random independent edits on each side (additions, amount
    /// edits, deletions of different entries), the merge is both edit sets applied; a version
    /// merged with itself comes back unchanged.
    @Test(arguments: 0..<40) func mergingIsApplyingBothEditSets(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        struct Row: Equatable { var day: Int; var name: String; var cents: Int }
        func text(_ rows: [Row]) -> String {
            Self.head + rows.map { Self.entry(String(format2: $0.day), $0.name, "\($0.cents / 100).\(String(twoDigits: $0.cents % 100))") }.joined()
        }
        let base = (0..<Int(random.next() % 12)).map { Row(day: 1 + $0 * 2, name: "Shop\($0)", cents: 100 + Int(random.next() % 9000)) }
        // Each base row is left alone, edited by one side or deleted by one side.
        var ours = base
        var theirs = base
        var expected = base
        for index in base.indices.reversed() {
            switch random.next() % 5 {
            case 0: ours[index].cents += 1; expected[index].cents += 1
            case 1: theirs[index].cents += 7; expected[index].cents += 7
            case 2: ours.remove(at: index); expected.remove(at: index)
            case 3: theirs.remove(at: index); expected.remove(at: index)
            default: break
            }
        }
        // Additions after the base's days, on odd and even days beyond it.
        for number in 0..<Int(random.next() % 4) { ours.append(Row(day: 30 + number * 2, name: "Ours\(number)", cents: 500)) }
        for number in 0..<Int(random.next() % 4) { theirs.append(Row(day: 31 + number * 2, name: "Theirs\(number)", cents: 700)) }
        expected = expected + (ours + theirs).filter { $0.day >= 30 }.sorted { $0.day < $1.day }
        let merged = Self.merge(text(base), text(ours), text(theirs))
        #expect(merged.conflicts == 0)
        #expect(merged.text == text(expected))
        #expect(Self.merge(text(ours), text(ours), text(ours)) == (text(ours), 0))
    }
}

private extension String {
    init(format2 day: Int) { self = "2026-\(day > 31 ? "12" : "10")-\(String(twoDigits: day > 31 ? day - 31 : day))" }
    init(twoDigits value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}

