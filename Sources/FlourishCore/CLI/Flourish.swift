#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The command-line interface as a function, so tests can drive it in-process.
public enum Flourish {
    /// A command's body: its arguments and the context in, the exit status out.
    typealias Command = @Sendable ([String], Context) throws(Invocation.UsageError) -> ExitCode

    /// Every command but `help`, by name.
    static let table: [(name: String, run: Command)] = [
        ("check", { arguments, context throws(Invocation.UsageError) in try CheckCommand.run(arguments, context) }),
        ("fmt", { arguments, context throws(Invocation.UsageError) in try FormatCommand.run(arguments, context) }),
        ("report", { arguments, context throws(Invocation.UsageError) in try ReportCommand.run(arguments, context) }),
        ("export", { arguments, context throws(Invocation.UsageError) in try ExportCommand.run(arguments, context) }),
        ("add", { arguments, context throws(Invocation.UsageError) in try AddCommand.run(arguments, context) }),
        ("import", { arguments, context throws(Invocation.UsageError) in try ImportCommand.run(arguments, context) }),
        ("due", { arguments, context throws(Invocation.UsageError) in try DueCommand.run(arguments, context) }),
        ("record", { arguments, context throws(Invocation.UsageError) in try RecordCommand.run(arguments, context) }),
        ("lsp", { arguments, context throws(Invocation.UsageError) in try LSPCommand.run(arguments, context) }),
        ("serve", { arguments, context throws(Invocation.UsageError) in try ServeCommand.run(arguments, context) }),
        ("init", { arguments, context throws(Invocation.UsageError) in try InitCommand.run(arguments, context) }),
        ("convert", { arguments, context throws(Invocation.UsageError) in try ConvertCommand.run(arguments, context) }),
        ("merge", { arguments, context throws(Invocation.UsageError) in try MergeCommand.run(arguments, context) }),
        ("diff", { arguments, context throws(Invocation.UsageError) in try DiffCommand.run(arguments, context) }),
        ("git", { arguments, context throws(Invocation.UsageError) in try GitCommand.run(arguments, context) }),
        ("completions", { arguments, context throws(Invocation.UsageError) in try CompletionsCommand.run(arguments, context) }),
    ]

    static var commands: [String] { table.map(\.name) + ["help"] }

    /// The commands that answer request after request until they are stopped: the executable
    /// lets them keep the memory they free (`ServerMemory`).
    public static let servers: Set<String> = ["lsp", "serve"]

    /// Runs one command line (without the program name) and returns the exit status.
    /// `today` is read only when the user asks for `--date today`.
    /// `input` reads a line of standard input (nil at its end), for `add --interactive`.
    public static func run(arguments: [String], environment: [String: String] = [:],
                           stdout: TextOutput, stderr: TextOutput,
                           today: @escaping () -> CivilDate = SystemClock.today,
                           input: @escaping () -> String? = { nil }, inputIsTerminal: Bool = false,
                           standardInput: @escaping () -> [UInt8] = FileSystem.readStandardInput) -> ExitCode {
        let noColour = environment["NO_COLOR"] != nil
        let guardedOut = GuardedOutput(stdout, colour: stdout.isTerminal && !noColour)
        let guardedErr = GuardedOutput(stderr, colour: stderr.isTerminal && !noColour)
        defer {
            guardedOut.finish()
            guardedErr.finish()
        }
        var context = Context(environment: environment, stdout: guardedOut, stderr: guardedErr, today: today)
        context.rawStdout = stdout
        context.input = input
        context.inputIsTerminal = inputIsTerminal
        context.standardInput = standardInput
        let stdout: TextOutput = guardedOut
        guard let command = arguments.first else {
            stdout.write(HelpText.main)
            return .success
        }
        let rest = Array(arguments.dropFirst())
        if let entry = table.first(where: { $0.name == command }) {
            let status = context.guarded(command) { () throws(Invocation.UsageError) in try entry.run(rest, context) }
            // A ledger file that shrank while it was read (`MappedFiles`) was read in part as
            // zeros: nothing said about it can be trusted.
            if context.read.cutShort {
                context.stderr.write("Error: a ledger file changed (it was cut short) while Flourish was reading it; what was printed may be wrong. Run the command again.\n")
                return .ioError
            }
            return status
        }
        switch command {
        case "-h", "--help":
            stdout.write(HelpText.main)
            return .success
        case "--version":
            stdout.write(HelpText.version + "\n")
            return .success
        case "help":
            return help(rest, context)
        default:
            var message = command.hasPrefix("-") ? "unknown option '\(command)'" : "unknown command '\(command)'"
            if let suggestion = Suggestion.closest(to: command, among: commands + ["--help", "--version"]) {
                message += "\nDid you mean '\(suggestion)'?"
            }
            return context.usageError(message, command: nil)
        }
    }

    private static func help(_ arguments: [String], _ context: Context) -> ExitCode {
        guard let topic = arguments.first else {
            context.stdout.write(HelpText.main)
            return .success
        }
        if topic == "--man" {
            context.stdout.write(ManPage.text)
            return .success
        }
        if let page = HelpText.page(for: topic) {
            context.stdout.write(page)
            return .success
        }
        var message = "unknown command '\(topic)'"
        if let suggestion = Suggestion.closest(to: topic, among: commands) {
            message += "\nDid you mean '\(suggestion)'?"
        }
        return context.usageError(message, command: nil)
    }

    /// What every command needs: the environment and the two output streams.
    struct Context {
        var environment: [String: String]
        var stdout: TextOutput
        var stderr: TextOutput
        /// Standard output past the guard, for `check --format github`'s own workflow commands.
        var rawStdout: TextOutput
        var today: () -> CivilDate
        /// A line of standard input, nil at its end.
        var input: () -> String? = { nil }
        /// Whether standard input is a terminal (someone to ask questions of).
        var inputIsTerminal = false
        /// All of standard input, for a ledger read from it (`-f -`).
        var standardInput: () -> [UInt8] = { [] }
        /// Folders besides a main file's own that its includes may come from:
        /// `FLOURISH_INCLUDE_PATH` (separated by `:`) and `--allow-include DIR`.
        var allowedIncludes: [String] = []
        /// The ledger files read, to ask at the end whether one changed meanwhile.
        let read = ReadFiles()
        /// What the file written to must still be (`WebApp.version(of:)`), when the change was
        /// asked for from a page that read it (`flourish serve`): otherwise nothing is written.
        var expectedVersion: String?

        init(environment: [String: String], stdout: TextOutput, stderr: TextOutput, today: @escaping () -> CivilDate) {
            self.environment = environment
            self.stdout = stdout
            self.stderr = stderr
            self.rawStdout = stdout
            self.today = today
            allowedIncludes = (environment["FLOURISH_INCLUDE_PATH"] ?? "").split(separator: ":").map(String.init)
        }

        /// This context with the command's `--allow-include` folders.
        func including(_ invocation: Invocation) -> Context {
            var copy = self
            copy.allowedIncludes += invocation.repeated["--allow-include"] ?? []
            return copy
        }

        /// Colour diagnostics only on a terminal and never when NO_COLOR is set.
        var colour: Bool { stderr.isTerminal && environment["NO_COLOR"] == nil }

        func usageError(_ message: String, command: String?) -> ExitCode {
            // Arguments echoed in the message are cut to a readable length.
            let shown = message.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Problem.shown(String($0), limit: 300) }.joined(separator: "\n")
            stderr.write("Error: \(shown)\n\n" + HelpText.usage(for: command))
            return .usage
        }

        /// Runs a command body, turning usage errors into exit status 64.
        func guarded(_ command: String, _ body: () throws(Invocation.UsageError) -> ExitCode) -> ExitCode {
            do {
                return try body()
            } catch {
                return usageError(error.message, command: command)
            }
        }

        /// The files named with `-f`/`--file` and as operands, or `$FLOURISH_FILE` when none is.
        func ledgerPaths(_ invocation: Invocation, _ operands: [String], command: String) throws(Invocation.UsageError) -> [String] {
            try ledgerPaths((invocation.repeated["--file"] ?? []) + operands, command: command)
        }

        /// As `ledgerPaths`, for a command that writes the file it reads: standard input
        /// (`-`) is refused.
        func writableLedgerPaths(_ invocation: Invocation, _ operands: [String], command: String) throws(Invocation.UsageError) -> [String] {
            let paths = try ledgerPaths(invocation, operands, command: command)
            if paths.contains("-") {
                throw Invocation.UsageError(message: "'\(command)' writes to the ledger file, so the ledger cannot come from standard input ('-')")
            }
            return paths
        }

        /// The ledger's root files, read: `-` is standard input.
        func sources(_ paths: [String]) throws(FileSystem.Failure) -> [SourceFile] {
            var sources: [SourceFile] = []
            for path in paths {
                sources.append(path == "-" ? SourceFile(path: path, bytes: standardInput()) : SourceFile(path: path, bytes: try FileSystem.readSource(path)))
            }
            return sources
        }

        /// The files named, or `$FLOURISH_FILE` when none is.
        func ledgerPaths(_ operands: [String], command: String) throws(Invocation.UsageError) -> [String] {
            if !operands.isEmpty { return operands }
            if let path = environment["FLOURISH_FILE"], !path.isEmpty { return [path] }
            throw Invocation.UsageError(message: "no ledger file given\nName one, as in 'flourish \(command) budget.flourish', or set FLOURISH_FILE.")
        }

        /// Loads the ledger for a command that reads it (report, export). A ledger with errors
        /// would give wrong figures: its errors are shown instead, ending with `then`.
        func loadValidLedger(_ paths: [String], then: String) -> Result<Journal, ExitCodeError> {
            let loaded: LedgerLoader.Result
            do {
                loaded = LedgerLoader.load(sources: try sources(paths), allowedIncludes: allowedIncludes)
            } catch {
                return .failure(ExitCodeError(code: cannotRead(error)))
            }
            read.note(loaded.ledger.files)
            // Only errors stop a command here: the checks that only warn are `check`'s.
            let validated = Validator.validated(consume loaded, checks: Check.all.filter { !$0.needsValidLedger && !$0.onlyWarns })
            let errors = validated.diagnostics.filter { $0.severity == .error }
            guard errors.isEmpty else {
                stderr.write(DiagnosticRenderer(files: validated.journal.ledger.files, colour: colour).render(errors))
                stderr.write("\(counted(errors.count, "error", "errors")): fix them, then \(then)\n")
                return .failure(ExitCodeError(code: .problems))
            }
            return .success(validated.journal)
        }

        /// A ledger that cannot be edited: missing (66), or not writable, locked, changed
        /// meanwhile or not written (74). Nothing was written.
        func cannotEdit(_ failure: FileEdit.Failure) -> ExitCode {
            stderr.write("Error: cannot write '\(failure.path)': \(failure.reason)\n")
            return access(failure.path, F_OK) == 0 ? .ioError : .noInput
        }

        func cannotRead(_ failure: FileSystem.Failure) -> ExitCode {
            stderr.write("Error: cannot read '\(failure.path)': \(failure.reason)\n")
            return .noInput
        }
    }
}
