import Foundation
import Testing
@testable import FlourishCore

/// `flourish completions`: the scripts complete what the help lists, and a ledger's names
/// (never evaluating them). The bash script runs in bash; zsh and fish when installed.
@Suite struct CompletionsTests {
    @Test func optionsComeFromTheHelp() {
        #expect(CompletionsCommand.options("check").map(\.name) == ["-f", "--file", "--format", "--strict", "--as-of", "--allow-include", "-h", "--help"])
        #expect(CompletionsCommand.options("check").filter(\.takesValue).map(\.name) == ["-f", "--file", "--format", "--as-of", "--allow-include"])
        #expect(CompletionsCommand.options("due").filter(\.takesValue).map(\.name) == ["-f", "--file", "--through", "--only", "--format", "--locale", "--allow-include"])
        #expect(CompletionsCommand.options("lsp").filter(\.takesValue).map(\.name) == ["--today"])
        #expect(CompletionsCommand.options("add").map(\.name).contains("--interactive"))
    }

    @Test func anUnknownShellIsAUsageError() {
        let result = TestSupport.run(["completions", "tcsh"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("Error: name a shell: bash, zsh or fish\n"))
    }

    /// Runs the bash script's function for a command line typed so far; its candidates.
    func bash(_ line: [String], in dir: String, environment: String = "") -> [String] {
        let script = TestSupport.run(["completions", "bash"]).stdout
        TestSupport.write(script, to: dir + "/flourish.bash")
        let words = line.map { "'\($0)'" }.joined(separator: " ")
        let program = """
        export PATH="\(TestSupport.root)/.build/debug:$PATH" \(environment)
        cd '\(dir)'
        source ./flourish.bash
        COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1)
        _flourish
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        return Tools.run(Tools.path("bash")!, ["-c", program]).output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: Tools.has("bash"))) func bashCompletesCommandsOptionsKindsFilesAndNames() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food:Dining\ncategory \"$(touch PWNED)\"\nperson \"Sam Lee\"\n", to: dir + "/home.flourish")
        TestSupport.write("", to: dir + "/notes.txt")
        #expect(bash(["flourish", "re"], in: dir) == ["report", "record"])
        #expect(bash(["flourish", "rep"], in: dir) == ["report"])
        #expect(bash(["flourish", "check", "--f"], in: dir) == ["--file", "--format"])
        #expect(bash(["flourish", "report", "bu"], in: dir) == ["budget"])
        #expect(bash(["flourish", "check", ""], in: dir) == ["home.flourish"])
        // Names from the file on the line, or from $FLOURISH_FILE; a hostile name is only text.
        #expect(bash(["flourish", "add", "home.flourish", "today", "Lunch", ""], in: dir) == ["$(touch PWNED)", "Bank", "Food", "Food:Dining", "Sam Lee", "home.flourish"])
        #expect(bash(["flourish", "report", "register", "F"], in: dir, environment: "FLOURISH_FILE=home.flourish") == ["Food", "Food:Dining"])
        #expect(bash(["flourish", "report", "balances", "home.flourish", "Foo"], in: dir) == ["Food", "Food:Dining"])
        #expect(bash(["flourish", "report", "balances", "--per"], in: dir) == ["--period"])
        #expect(bash(["flourish", "report", "dashboard", "Foo"], in: dir) == [])
        #expect(!FileManager.default.fileExists(atPath: dir + "/PWNED"))
    }

    @Test(.enabled(if: Tools.has("zsh") || Tools.has("fish"), "neither zsh nor fish is installed")) func zshAndFishScriptsParse() {
        for (shell, check) in [("zsh", ["-n"]), ("fish", ["--no-execute"])] {
            guard let program = Tools.path(shell) else { continue }
            let dir = TestSupport.temporaryDirectory()
            TestSupport.write(TestSupport.run(["completions", shell]).stdout, to: dir + "/script")
            #expect(Tools.run(program, check + [dir + "/script"]).status == 0, "\(shell) could not parse its script")
        }
    }
}

/// The fish script, run by fish's own completion engine (`complete -C`).
@Suite struct FishCompletionsTests {
    @Test(.enabled(if: Tools.has("fish"), "fish is not installed (apt-get install fish)"))
    func fishCompletesKindsOptionsAndNames() {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food:Dining\ncategory \"$(touch PWNED)\"\n", to: dir + "/home.flourish")
        TestSupport.write(TestSupport.run(["completions", "fish"]).stdout, to: dir + "/flourish.fish")
        func complete(_ line: String) -> [String] {
            let program = "set PATH \(TestSupport.root)/.build/debug $PATH; cd \(dir); source flourish.fish; complete -C '\(line)'"
            return Tools.run(Tools.path("fish")!, ["-c", program]).output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(complete("flourish report bu") == ["budget"])
        #expect(complete("flourish check --fo") == ["--format"])
        #expect(complete("flourish add home.flourish today Lunch F") == ["Food", "Food:Dining"])
        #expect(complete("flourish add home.flourish today Lunch ").contains("$(touch PWNED)"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/PWNED"))
    }
}
