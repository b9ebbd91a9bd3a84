import Foundation
import Testing
@testable import FlourishCore

/// A ledger of several files is found by its include lines, then parsed on every core: it
/// must read exactly as reading the files one by one does (the path the language server's
/// cache takes), nested includes, cycles, duplicates, missing and outside files included.
@Suite struct ParallelLoadTests {
    func summary(_ result: LedgerLoader.Result) -> String {
        let ledger = result.ledger
        let diagnostics = DiagnosticRenderer(files: ledger.files).render(Validator.validated(result).diagnostics)
        let entries = ledger.entries.map { "\($0.date) \(ledger.description(of: $0)) \(ledger.postings[$0.postings].map { "\(ledger.names[$0.target.id]) \($0.amount.minorUnits)" })" }
        return (ledger.files.map(\.path) + entries + [diagnostics]).joined(separator: "\n")
    }

    func both(_ main: String) throws -> (parallel: String, sequential: String) {
        let source = SourceFile(path: main, bytes: Array(TestSupport.read(main).utf8))
        return (summary(LedgerLoader.load(sources: [source])), summary(LedgerLoader.load(sources: [source], cache: ParseCache())))
    }

    /// Booking scales and fills in the split lines the loader linked in place: a copy of them
    /// (a million entries have 3.5 million lines, 112 MB) cost 7 ms at 100,000 entries and
    /// half again the memory. Both with one file and with several (linking copies those).
    @Test func bookingChangesTheLinkedLinesInPlace() throws {
        let household = TestSupport.root + "/examples/household.flourish"
        let single = TestSupport.temporaryDirectory() + "/single.flourish"
        TestSupport.write("currency EUR\naccount Bank checking\ncategory Food\n2026-01-02 Shop\n  Food  2.5\n  Bank\n", to: single)
        for path in [household, single] {
            let loaded = LedgerLoader.load(sources: [SourceFile(path: path, bytes: Array(TestSupport.read(path).utf8))])
            let linked = loaded.ledger.postings.withUnsafeBufferPointer { $0.baseAddress }
            let validated = Validator.validated(consume loaded)
            #expect(!validated.hasErrors, "\(path)")
            #expect(validated.journal.ledger.postings.withUnsafeBufferPointer { $0.baseAddress } == linked, "\(path)")
        }
    }

    @Test func theHouseholdReadsTheSame() throws {
        let (parallel, sequential) = try both(TestSupport.root + "/examples/household.flourish")
        #expect(parallel == sequential)
        #expect(parallel.contains("household/accounts.flourish"))
    }

    @Test func nestedCyclesDuplicatesAndMissingFilesReadTheSame() throws {
        let dir = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/years", withIntermediateDirectories: true)
        TestSupport.write("""
        currency EUR
        account "Compte Chèque" checking
        category Café
        include "years/2025.flourish"
        include "years/2026.flourish"
        include "years/2025.flourish"
        include "missing.flourish"
        include "../outside.flourish"
        2026-12-01 Main
          Café  1.00
          "Compte Chèque"

        """, to: dir + "/main.flourish")
        TestSupport.write("include \"2025-q4.flourish\"\n2025-01-02 January\n  Café  2.00\n  \"Compte Chèque\"\n", to: dir + "/years/2025.flourish")
        TestSupport.write("include \"2025.flourish\"\n2025-10-02 October\n  Café  3.00\n  \"Compte Chèque\"\n", to: dir + "/years/2025-q4.flourish")
        TestSupport.write("2026-01-02 Next year\n  Café  4.00\n  \"Compte Chèque\"\n", to: dir + "/years/2026.flourish")
        let (parallel, sequential) = try both(dir + "/main.flourish")
        #expect(parallel == sequential)
        // The first pass finds the includes the full parse finds, so the two-pass path is the
        // one taken (on a disagreement it would quietly read the files one by one).
        for name in ["main", "years/2025", "years/2025-q4", "years/2026"] {
            let file = SourceFile(path: dir + "/\(name).flourish", bytes: Array(TestSupport.read(dir + "/\(name).flourish").utf8))
            let first = Parser.includes(of: file, fileIndex: 0).includes
            let full = Parser.parse(file, fileIndex: 0).includes
            #expect(first.map(\.path) == full.map(\.path) && first.map(\.location) == full.map(\.location), "\(name)")
        }
        #expect(parallel.contains("error: include cycle: "))
        #expect(parallel.contains("error: `years/2025.flourish` is included more than once"))
        #expect(parallel.contains("error: `../outside.flourish` is outside the ledger's folder; it was not read"))
        #expect(parallel.contains("Next year"))
    }
}
