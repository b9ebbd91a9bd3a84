import Foundation
import Testing
@testable import FlourishCore

/// `./install` (README, "Install") puts flourish, its manual page and its completions under
/// $PREFIX. Run here with the debug build (`FLOURISH_BUILT`) into a temporary prefix, so the
/// tests need no release build and nothing installed.
@Suite struct InstallScriptTests {
    static let binary = TestSupport.root + "/.build/debug/flourish"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "the flourish executable is not built"))
    func installsUnderThePrefix() throws {
        let prefix = TestSupport.temporaryDirectory() + "/local"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [TestSupport.root + "/install"]
        process.environment = ["PREFIX": prefix, "FLOURISH_BUILT": Self.binary, "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(printed == """
        installed \(HelpText.version) as \(prefix)/bin/flourish
        \(prefix)/bin is not on your PATH; add it, e.g.: export PATH="\(prefix)/bin:$PATH"

        """)
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/flourish"))
        #expect(TestSupport.read(prefix + "/share/man/man1/flourish.1") == ManPage.text)
        #expect(TestSupport.read(prefix + "/share/bash-completion/completions/flourish") == TestSupport.run(["completions", "bash"]).stdout)
        #expect(TestSupport.read(prefix + "/share/zsh/site-functions/_flourish") == TestSupport.run(["completions", "zsh"]).stdout)
        #expect(TestSupport.read(prefix + "/share/fish/vendor_completions.d/flourish.fish") == TestSupport.run(["completions", "fish"]).stdout)
        // No temporary file is left beside the binary.
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix + "/bin") == ["flourish"])
    }
}
