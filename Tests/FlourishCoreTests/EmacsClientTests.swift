import Foundation
import Testing
@testable import FlourishCore

/// The language server from Emacs: `editors/emacs/flourish-mode.el` with eglot (built in from
/// Emacs 29; Debian's elpa-eglot before), headless, driven by `Support/emacs/drive.el`.
@Suite struct EmacsClientTests {
    /// Whether Emacs is installed with eglot (from Emacs 29, or as a package).
    static let hasEglot: Bool = {
        guard let emacs = Tools.path("emacs") else { return false }
        let probe = "(progn (require 'package) (setq package-directory-list (append package-directory-list '(\"/usr/share/emacs/site-lisp/elpa\"))) (package-initialize) (princ (if (require 'eglot nil t) \"yes\" \"no\")))"
        return Tools.run(emacs, ["--batch", "-Q", "--eval", probe]).output == "yes"
    }()

    /// The mode highlights every directive keyword the parser knows, and no other.
    @Test func theModeKnowsEveryKeyword() throws {
        let text = TestSupport.read(TestSupport.root + "/editors/emacs/flourish-mode.el")
        let start = try #require(text.range(of: "(defconst flourish-keywords\n  '("))
        let end = try #require(text[start.upperBound...].firstIndex(of: ")"))
        let words = text[start.upperBound..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        #expect(words == Keyword.allCases.map(\.rawValue))
    }

    @Test(.enabled(if: hasEglot, "Emacs with eglot is not installed (apt-get install emacs-nox elpa-eglot)"))
    func eglotSeesProblemsHoverCompletionRenameAndFormatsOnSave() throws {
        let binary = TestSupport.root + "/.build/debug/flourish"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build flourish first (swift build)")
        let work = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 100.00\nallowance 2026-11-01 2.00\ninclude \"2026.flourish\"\n", to: work + "/main.flourish")
        TestSupport.write("2026-11-02 * Lunch\n  Food   12.50\n    Bank\n2026-11-03 Treat\n  Food  80.00\n  Bank\n", to: work + "/2026.flourish")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tools.path("emacs")))
        process.arguments = ["--batch", "-Q", "-l", TestSupport.root + "/Tests/FlourishCoreTests/Support/emacs/drive.el"]
        var environment = ProcessInfo.processInfo.environment
        environment["FLOURISH"] = binary
        environment["EDITORS"] = TestSupport.root + "/editors/emacs"
        environment["WORK"] = work
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let bucketRule = "line 4 eglot-error flourish [overcommitted]: overcommitted by 46.50 on 2026-11-03: the set-asides exceed the funds of 7.50"
        #expect(text == """
        mode: flourish-mode, managed by eglot: yes
        problems in main.flourish: none
        problems in 2026.flourish: \(bucketRule)
        hover: **Bank** — account, declared at \(work)/main.flourish:2⏎⏎balance at the end of 2026-11-02: $87.50⏎⏎amount left out on this line: -$12.50
        completion: Bank, Food
        after rename, 2026.flourish line 2:   "Eating out"   12.50
        after rename, main.flourish line 3: category "Eating out"
        2026.flourish on disk: "2026-11-02 * Lunch
          \\"Eating out\\"  12.50
          Bank
        2026-11-03 Treat
          \\"Eating out\\"  80.00
          Bank
        "
        problems in 2026.flourish: \(bucketRule)
        server shut down

        """)
    }
}
