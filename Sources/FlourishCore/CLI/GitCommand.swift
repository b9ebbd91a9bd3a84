/// `flourish git [--hooks] [<ledger>]`: sets the git repository the current folder is in up
/// for ledgers (docs/git.md): `.gitattributes` sends `*.flourish` files to Flourish's merge
/// and diff drivers, the repository's own config names them, and `--hooks` adds a pre-commit hook
/// that checks and format-checks the staged ledgers. Idempotent: what is there already is
/// never replaced; a different setting found is named and left alone.
enum GitCommand {
    static let attributes = "*.flourish merge=flourish diff=flourish"
    static let hookMark = "# flourish pre-commit hook (flourish git --hooks)"

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--hooks"], valued: [], command: "git")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.git)
            return .success
        }
        guard invocation.operands.count <= 1 else { throw Invocation.UsageError(message: "git takes at most one ledger file") }
        guard let top = git(["rev-parse", "--show-toplevel"]), top.succeeded else {
            context.stderr.write("Error: not in a git repository (or git is not installed); run `git init` first.\n")
            return .noInput
        }
        let root = top.text
        var report: [String] = []
        var kept = false
        // .gitattributes: the line added once, after what is there.
        let attributesPath = root + "/.gitattributes"
        let existing = (try? FileSystem.read(attributesPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingBlanks }
        if lines.contains(attributes) {
            report.append("unchanged  .gitattributes (\(attributes))")
        } else if let other = lines.first(where: { $0.hasPrefix("*.flourish ") && ($0.contains("merge=") || $0.contains("diff=")) }) {
            report.append("kept       .gitattributes: `\(other)` is there; Flourish's drivers are used only as it says")
            kept = true
        } else {
            var text = existing
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += attributes + "\n"
            do {
                try FileSystem.writeAtomically(attributesPath, Array(text.utf8))
            } catch {
                context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
                return .ioError
            }
            report.append("added      .gitattributes: \(attributes)")
        }
        // The repository's own config.
        let program = flourishProgram(context)
        let settings = [
            ("merge.flourish.name", "Flourish ledger merge (entries, not lines)"),
            ("merge.flourish.driver", "\(program) merge --marker-size %L %O %A %B %P"),
            ("diff.flourish.command", "\(program) diff"),
        ]
        for (key, value) in settings {
            let current = git(["config", "--local", "--get", key])
            if let current, current.succeeded {
                if current.text == value {
                    report.append("unchanged  git config \(key)")
                } else {
                    report.append("kept       git config \(key) = \(current.text)")
                    kept = true
                }
                continue
            }
            guard let set = git(["config", "--local", key, value]), set.succeeded else {
                context.stderr.write("Error: git config \(key) failed\n")
                return .ioError
            }
            report.append("set        git config \(key) = \(value)")
        }
        if let ledger = invocation.operands.first {
            let current = git(["config", "--local", "--get", "flourish.ledger"])
            if let current, current.succeeded, current.text != ledger {
                report.append("kept       git config flourish.ledger = \(current.text)")
                kept = true
            } else if current?.succeeded != true {
                _ = git(["config", "--local", "flourish.ledger", ledger])
                report.append("set        git config flourish.ledger = \(ledger)")
            } else {
                report.append("unchanged  git config flourish.ledger")
            }
        }
        if invocation.flags.contains("--hooks") {
            switch installHook(program) {
            case .added(let path): report.append("added      \(path)")
            case .unchanged(let path): report.append("unchanged  \(path)")
            case .kept(let path):
                report.append("kept       \(path): a pre-commit hook is there already; add `flourish check` to it by hand")
                kept = true
            case .failed(let message):
                context.stderr.write("Error: \(message)\n")
                return .ioError
            }
        }
        context.stdout.write(report.joined(separator: "\n") + "\n")
        if kept { context.stdout.write("Settings that were there already were left as they are.\n") }
        return .success
    }

    private enum HookOutcome {
        case added(String), unchanged(String), kept(String), failed(String)
    }

    /// Writes the pre-commit hook where git looks for it, unless a hook is there.
    private static func installHook(_ program: String) -> HookOutcome {
        guard let found = git(["rev-parse", "--git-path", "hooks/pre-commit"]), found.succeeded else {
            return .failed("cannot find the repository's hooks folder")
        }
        let path = found.text
        let script = hook(program)
        if let current = try? FileSystem.read(path) {
            return current == Array(script.utf8) ? .unchanged(path) : .kept(path)
        }
        _ = git(["rev-parse", "--git-path", "hooks"]).map { FileSystem.makeDirectory($0.text) }
        do {
            try FileSystem.createNew(path, Array(script.utf8), mode: 0o755)
        } catch {
            return .failed("cannot write '\(error.path)': \(error.reason)")
        }
        return .added(path)
    }

    /// The pre-commit hook: `fmt --check` on the staged ledgers, then `check` on the ledger
    /// (`git config flourish.ledger`, else each staged ledger file).
    static func hook(_ program: String) -> String {
        """
        #!/bin/sh
        \(hookMark)
        # Checks the staged ledgers before each commit; `git commit --no-verify` skips it.
        flourish=\(shellQuoted(program))
        staged() { git diff --cached --name-only --diff-filter=ACMR -z -- '*.flourish'; }
        [ -z "$(staged | tr -d '\\0')" ] && exit 0
        staged | xargs -0 "$flourish" fmt --check || exit 1
        ledger=$(git config flourish.ledger)
        if [ -n "$ledger" ]; then
            "$flourish" check "$ledger" || exit 1
        else
            staged | xargs -0 "$flourish" check || exit 1
        fi

        """
    }

    /// How the config and the hook call Flourish: `flourish` when that is the program found on
    /// `PATH`, else the path of the program running now.
    private static func flourishProgram(_ context: Flourish.Context) -> String {
        let running = FileSystem.canonicalPath("/proc/self/exe") ?? CommandLine.arguments.first ?? "flourish"
        if let onPath = context.environment["PATH"]?.split(separator: ":").map({ "\($0)/flourish" }).first(where: FileSystem.isRegularFile),
           FileSystem.canonicalPath(onPath) == running {
            return "flourish"
        }
        return running
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    static func git(_ arguments: [String]) -> Subprocess.Output? {
        Subprocess.run("git", arguments)
    }
}

private extension Substring {
    var trimmingBlanks: String {
        String(drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
    }
}
