import Testing
@testable import FlourishCore

/// The tables booking keeps values in by line and by place, against a dictionary given the
/// same random settings, lookups, removals and merges.
@Suite struct LineTablesTests {
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func aLocationTableHoldsWhatADictionaryHolds(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var table = LocationTable<Int>()
        var reference: [FlourishCore.SourceLocation: Int] = [:]
        func place() -> FlourishCore.SourceLocation {
            let file = Int(random.next(below: 3))
            let start = Int(random.next(below: 60))
            return FlourishCore.SourceLocation(file: file, range: start..<(start + Int(random.next(below: 3))))
        }
        for step in 0..<400 {
            let location = place()
            switch random.next(below: 4) {
            case 0, 1:
                table[location] = step
                reference[location] = step
            case 2:
                table[location] = nil
                reference[location] = nil
            default:
                #expect(table[location] == reference[location])
            }
            #expect(table.count == reference.count)
        }
        // Merged into another: the first's values stay where both have one.
        var other = LocationTable<Int>()
        var otherReference: [FlourishCore.SourceLocation: Int] = [:]
        for step in 0..<100 {
            let location = place()
            other[location] = -step
            otherReference[location] = -step
        }
        let merged = reference.merging(otherReference) { first, _ in first }
        table.merge(other)
        #expect(table.count == merged.count)
        #expect(Dictionary(table.all.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) == merged)
        // `all` lists each file's places in order.
        let places = table.all.map(\.key)
        #expect(places == places.sorted())
    }

    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func aLineTableHoldsWhatADictionaryHolds(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var table = LineTable<Int>()
        var reference: [Int: Int] = [:]
        for step in 0..<400 {
            let line = Int(random.next(below: 80))
            switch random.next(below: 3) {
            case 0:
                table[line] = step
                reference[line] = step
            case 1:
                table[line] = nil
                reference[line] = nil
            default:
                #expect(table[line] == reference[line])
            }
            #expect(table.count == reference.count)
        }
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == reference)
    }
}
