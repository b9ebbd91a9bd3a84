import Foundation
import Testing
@testable import FlourishCore

/// The fuzz targets (Fuzz/run) on the seed corpus, and every crasher ever found, replayed.
@Suite struct FuzzRegressionTests {
    static let crashers: [String] = {
        let folder = TestSupport.root + "/Fuzz/crashers"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }()

    static let seeds: [String] = {
        var paths = ["examples/household.flourish", "examples/drip.flourish", "examples/mistakes.flourish",
                     "examples/household/accounts.flourish"].map { TestSupport.root + "/" + $0 }
        let fixtures = TestSupport.fixtures + "/diagnostics"
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []).sorted() where name.hasSuffix(".flourish") {
            paths.append(fixtures + "/" + name)
        }
        return paths
    }()

    @Test func everyTargetRunsOnTheSeeds() {
        for path in Self.seeds {
            let bytes = Array(TestSupport.read(path).utf8)
            for target in FuzzTargets.all where target.name != "rules" { target.run(bytes) }
        }
        let rules = Array(TestSupport.read(TestSupport.root + "/examples/import/bigbank.rules").utf8)
        let csv = Array(TestSupport.read(TestSupport.root + "/examples/import/bigbank.csv").utf8)
        FuzzTargets.rules(rules + [0] + csv)
    }

    /// Each file in Fuzz/crashers is named TARGET-… after the target that found it.
    @Test(arguments: crashers)
    func crasherNoLongerCrashes(path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let target = try #require(FuzzTargets.all.first { name.hasPrefix($0.name + "-") }, "no target for \(name)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        target.run(bytes)
    }
}
