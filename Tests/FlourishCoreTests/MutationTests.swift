import Testing
@testable import FlourishCore

/// Mutated copies of the example ledger never crash `check` or `fmt`, and whatever `fmt`
/// accepts it formats idempotently.
@Suite struct MutationTests {
    static let original = Array(TestSupport.read(TestSupport.root + "/examples/household.flourish").utf8)

    static func mutate(_ bytes: [UInt8], _ generator: inout LedgerGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + generator.next(4)) {
            guard !bytes.isEmpty else { break }
            let at = generator.next(bytes.count)
            switch generator.next(5) {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + 1 + generator.next(40)))
            case 1: bytes.insert(UInt8(generator.next(256)), at: at)
            case 2: bytes.insert(contentsOf: Array(generator.pick(["\"", "#", ";", "\n  ", "-", ",", ".", "9", "\r", " #x"]).utf8), at: at)
            case 3: bytes[at] = UInt8(generator.next(128))
            default:
                let other = generator.next(bytes.count)
                bytes.swapAt(at, other)
            }
        }
        return bytes
    }

    @Test(arguments: 0..<8)
    func mutatedLedgersAreHandled(batch: Int) {
        var generator = LedgerGenerator(seed: UInt64(1000 + batch))
        for _ in 0..<60 {
            let bytes = Self.mutate(Self.original, &generator)
            let loaded = LedgerLoader.load(sources: [SourceFile(path: "m.flourish", bytes: bytes)])
            let diagnostics = Validator.validate(loaded)
            let rendered = DiagnosticRenderer(files: loaded.ledger.files).render(diagnostics)
            // Each problem is at a place inside the file it names, and is shown once, headed
            // by that place as `file:line:col: severity:`.
            for diagnostic in diagnostics {
                #expect(Int(diagnostic.location.file) < loaded.ledger.files.count)
                #expect(diagnostic.location.range.upperBound <= loaded.ledger.files[Int(diagnostic.location.file)].bytes.count)
            }
            let headings = rendered.split(separator: "\n").filter { line in
                line.hasPrefix("m.flourish:") && (line.contains(": error: ") || line.contains(": warning: "))
            }
            #expect(headings.count == diagnostics.count, "\(rendered)")
            if let once = Formatter.format(SourceFile(path: "m", bytes: bytes)).formatted {
                #expect(Formatter.format(SourceFile(path: "m", text: once)).formatted == once)
            }
        }
    }
}
