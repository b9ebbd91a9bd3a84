import Foundation
import Testing
@testable import FlourishCore

/// `docs/flourish.1` is the help texts as a manual page: regenerate it with
/// `swift run flourish help --man > docs/flourish.1` after changing a help text.
@Suite struct ManPageTests {
    @Test func theManualPageIsTheHelpOfToday() {
        #expect(TestSupport.read(TestSupport.root + "/docs/flourish.1") == ManPage.text,
                "docs/flourish.1 is out of date: swift run flourish help --man > docs/flourish.1")
        #expect(TestSupport.run(["help", "--man"]).stdout == ManPage.text)
        // Every command has its section.
        for command in Flourish.commands { #expect(ManPage.text.contains(".SS \"flourish \(command)\"")) }
    }

    @Test(.enabled(if: Tools.has("groff"), "groff is not installed"))
    func groffReadsItWithoutAWarning() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Tools.path("groff")!)
        process.arguments = ["-man", "-Tutf8", "-ww", "-z", TestSupport.root + "/docs/flourish.1"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings == "")
    }
}
