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
        // Places added as the parser adds them (each after the last of its file), then anywhere.
        var next = [0, 0, 0]
        for step in 0..<300 {
            let file = Int(random.next(below: 3))
            next[file] += Int(random.next(below: 3))
            let location = FlourishCore.SourceLocation(file: file, range: next[file]..<(next[file] + Int(random.next(below: 2))))
            table.add(step, at: location)
            reference[location] = step
            #expect(table.count == reference.count)
        }
        for step in 0..<400 {
            let location = place()
            switch random.next(below: 5) {
            case 0:
                table[location] = step
                reference[location] = step
            case 1:
                table.add(step, at: location)
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
        // Half the tables with room made first for lines below 60 (booking's case), half without.
        if seed % 2 == 0 { table.reserveCapacity(10, lines: 60) }
        var reference: [Int: Int] = [:]
        for step in 0..<400 {
            let line = Int(random.next(below: 80))
            switch random.next(below: 4) {
            case 0:
                table[line] = step
                reference[line] = step
            case 2:
                // After every line set so far (booking's case) or anywhere.
                let at = random.next(below: 2) == 0 ? line : table.reduce(-1) { max($0, $1.key) } + 1 + Int(random.next(below: 3))
                table.add(step, at: at)
                reference[at] = step
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

    /// What is kept for each line in another currency is as small as its comments say (a
    /// hundred thousand such lines: each 16 bytes saved is 1.6 MB less to fault in).
    @Test func foreignLineValuesKeepTheirSize() {
        #expect(MemoryLayout<ForeignAmount>.stride == 32)
        #expect(MemoryLayout<LinePrice>.stride == 32)
        let amount = ForeignAmount(currency: Currency(code: "BTC", decimals: 8), native: Money(minorUnits: 5), rate: .rateLine(3))
        #expect(amount.currency == Currency(code: "BTC", decimals: 8))
        #expect(amount.native == Money(minorUnits: 5))
    }
}
