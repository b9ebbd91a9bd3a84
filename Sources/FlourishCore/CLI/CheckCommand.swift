/// `flourish check [--format text|github|json] [--strict] [--as-of DATE] [FILE…]`: validate and
/// report every problem.
enum CheckCommand {
    enum Format: String, CaseIterable {
        case text, github, json
    }

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--strict"], valued: ["--as-of", "--format", "--allow-include", "--file"],
                                        command: "check")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.check)
            return .success
        }
        let format = try invocation.format(default: Format.text)
        let strict = invocation.flags.contains("--strict")
        let paths = try context.ledgerPaths(invocation, invocation.operands, command: "check")
        let loaded: LedgerLoader.Result
        do {
            loaded = LedgerLoader.load(sources: try context.sources(paths), allowedIncludes: context.allowedIncludes)
        } catch {
            return context.cannotRead(error)
        }
        context.read.note(loaded.ledger.files)
        let asOf = try ReportCommand.parseDay(invocation.values["--as-of"], context)
        // `check` shows problems, no figure: the lines' running totals are checked, not kept.
        let validated = Validator.validated(consume loaded, options: CheckOptions(asOf: asOf), keepingLineBalances: false)
        let diagnostics = validated.diagnostics
        let renderer = DiagnosticRenderer(files: validated.journal.ledger.files, colour: context.colour)
        // A counted run stands for all the problems it counts.
        func weight(_ diagnostic: Diagnostic) -> Int {
            if case .more(_, let count, _) = diagnostic.problem { return count }
            return 1
        }
        let errors = diagnostics.filter { $0.severity == .error }.reduce(0) { $0 + weight($1) }
        let warnings = diagnostics.reduce(0) { $0 + weight($1) } - errors
        let failed = errors > 0 || (strict && warnings > 0)
        switch format {
        case .json:
            context.stdout.write(renderer.json(diagnostics))
            return failed ? .problems : .success
        case .github:
            context.rawStdout.write(renderer.github(diagnostics))
        case .text:
            if !diagnostics.isEmpty { context.stderr.write(renderer.render(diagnostics)) }
        }
        let scope = "\(counted(validated.journal.ledger.writtenEntryCount, "entry", "entries")) in \(counted(validated.journal.ledger.files.count, "file", "files"))"
        if failed {
            var found = [counted(errors, "error", "errors"), counted(warnings, "warning", "warnings")]
                .filter { !$0.hasPrefix("0 ") }.joined(separator: " and ")
            if found.isEmpty { found = "no problems" }
            context.stderr.write("\(found) (\(scope))\n")
            return .problems
        }
        let outcome = warnings > 0 ? counted(warnings, "warning", "warnings") : "no problems"
        context.stdout.write("ok: \(scope), \(outcome)\n")
        return .success
    }
}
