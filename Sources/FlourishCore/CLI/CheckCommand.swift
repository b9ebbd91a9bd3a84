/// `flourish check [FILE…]`: validate and report every problem.
enum CheckCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--as-of"], command: "check")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.check)
            return .success
        }
        let paths = try context.ledgerPaths(invocation.operands, command: "check")
        let loaded: LedgerLoader.Result
        do {
            loaded = try LedgerLoader.load(paths: paths)
        } catch {
            return context.cannotRead(error)
        }
        let asOf = try ReportCommand.parseDay(invocation.values["--as-of"], context)
        let diagnostics = Validator.validate(loaded, options: CheckOptions(asOf: asOf))
        let renderer = DiagnosticRenderer(files: loaded.ledger.files, colour: context.colour)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if !diagnostics.isEmpty {
            context.stderr.write(renderer.render(diagnostics))
        }
        let scope = "\(counted(loaded.ledger.entries.count, "entry", "entries")) in \(counted(loaded.ledger.files.count, "file", "files"))"
        if errors > 0 {
            var found = counted(errors, "error", "errors")
            if warnings > 0 { found += " and " + counted(warnings, "warning", "warnings") }
            context.stderr.write("\(found) (\(scope))\n")
            return .problems
        }
        let outcome = warnings > 0 ? counted(warnings, "warning", "warnings") : "no problems"
        context.stdout.write("ok: \(scope), \(outcome)\n")
        return .success
    }
}
