import Foundation
import Testing
@testable import FlourishCore

/// What one in-process run of the command line printed and returned.
struct RunResult {
    var status: ExitCode
    var stdout: String
    var stderr: String
}

enum TestSupport {
    /// The package's root folder (for examples/ and the fixtures).
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let fixtures = root + "/Tests/FlourishCoreTests/Fixtures"

    /// The built command, for tests that need it as a process.
    static let executable = root + "/.build/debug/flourish"

    /// A command line split as a shell splits it: on spaces, except inside single or double
    /// quotes (no escapes, no expansion: what README samples and help examples use).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Runs `flourish ARGUMENTS` in-process; paths under the root are shown relative to it.
    static func run(_ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil) -> RunResult {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let status = Flourish.run(arguments: arguments, environment: environment, stdout: out, stderr: err,
                                  standardInput: { standardInput.map { Array($0.utf8) } ?? [] })
        return RunResult(status: status, stdout: relative(out.text), stderr: relative(err.text))
    }

    static func relative(_ text: String) -> String {
        text.replacingOccurrences(of: root + "/", with: "")
    }

    /// Parses and checks ledger text given inline; returns the rendered diagnostics.
    static func check(_ text: String, path: String = "test.flourish") -> String {
        let loaded = LedgerLoader.load(sources: [SourceFile(path: path, text: text)])
        let diagnostics = Validator.validate(loaded)
        return DiagnosticRenderer(files: loaded.ledger.files).render(diagnostics)
    }

    /// Parses ledger text given inline into a ledger, with its diagnostics.
    static func load(_ text: String) -> LedgerLoader.Result {
        LedgerLoader.load(sources: [SourceFile(path: "test.flourish", text: text)])
    }

    /// Books loaded files into a journal (the stage every check and report reads).
    static func book(_ loaded: LedgerLoader.Result) -> Journal {
        Booker.book(loaded.ledger).journal
    }

    /// Compares `actual` with a golden file; with FLOURISH_UPDATE_GOLDEN=1 rewrites the file instead.
    static func golden(_ path: String, _ actual: String) -> (expected: String, actual: String) {
        if ProcessInfo.processInfo.environment["FLOURISH_UPDATE_GOLDEN"] == "1" {
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing golden file \(path)>"
        return (expected, actual)
    }

    /// One folder for this test process's files, removed when the process exits (the tests
    /// made a folder each in the system's temporary folder and left thousands behind).
    private static let sessionFolder: String = {
        let path = NSTemporaryDirectory() + "flourish-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestSupport.sessionFolder) }
        return path
    }()

    /// A fresh empty folder for a test's files.
    static func temporaryDirectory() -> String {
        let path = sessionFolder + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of the household example (with its included accounts) in a fresh folder, to change.
    static func copyOfHousehold() -> String {
        let dir = temporaryDirectory()
        try? FileManager.default.createDirectory(atPath: dir + "/household", withIntermediateDirectories: true)
        for file in ["household.flourish", "household/accounts.flourish"] {
            write(read(root + "/examples/" + file), to: dir + "/" + file)
        }
        return dir + "/household.flourish"
    }

    /// What a Python script under `Tests/FlourishCoreTests/Support/` printed (its output and
    /// errors together), run with `python3`.
    static func python(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tools.path("python3")))
        process.arguments = [root + "/Tests/FlourishCoreTests/Support/" + script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    static func write(_ text: String, to path: String) {
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>"
    }
}

/// An output that claims to be a terminal, to see colour.
final class TerminalOutput: TextOutput {
    var text = ""
    let isTerminal = true
    func write(_ text: String) { self.text += text }
}
