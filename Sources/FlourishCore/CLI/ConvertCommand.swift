/// `flourish convert journal|beancount FILE [-o OUT] [--map FILE] [--currency CODE] [--strict]`:
/// another tool's ledger as one Flourish ledger, checked before it is written.
enum ConvertCommand {
    enum Format: String, CaseIterable {
        case journal, beancount
    }

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--strict", "--force"],
                                        valued: ["-o", "--output", "--map", "--currency", "--allow-include"], command: "convert")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.convert)
            return .success
        }
        let format = try Self.format(invocation)
        guard invocation.operands.count == 2 else {
            throw Invocation.UsageError(message: invocation.operands.count < 2 ? "name the file to convert" : "convert one file at a time (its includes are read with it)")
        }
        let path = invocation.operands[1]
        let output = invocation.values["-o"] ?? invocation.values["--output"]
        let force = invocation.flags.contains("--force")
        if let output, let refusal = OutputFile.refusal(output, force: force, inputs: [path], first: "the file being converted") {
            context.stderr.write("Error: \(refusal)\n")
            return .usage
        }
        let mapping: [String: AccountMapping.Target]
        switch readMapping(invocation.values["--map"], context) {
        case .success(let read): mapping = read
        case .failure(let failed): return failed.code
        }
        let read = format == .journal ? JournalReader.read(path, allowedIncludes: context.allowedIncludes)
            : BeancountReader.read(path, allowedIncludes: context.allowedIncludes)
        let foreign: ForeignLedger
        switch read {
        case .success(let ledger): foreign = ledger
        case .failure(.unreadable(let shown, let reason)):
            context.stderr.write("Error: cannot read '\(shown)': \(reason)\n")
            return .noInput
        case .failure(let failure):
            context.stderr.write("Error: \(failure.message)\n")
            return .noInput
        }
        let outcome: Converter.Outcome
        switch Converter.convert(foreign, source: path, format: format == .journal ? "a hledger/ledger journal" : "a beancount file",
                                 currency: invocation.values["--currency"], mapping: mapping) {
        case .success(let converted): outcome = converted
        case .failure(let failure):
            context.stderr.write("Error: \(failure.message)\n")
            return .problems
        }
        for note in outcome.notes { context.stderr.write(note + "\n") }
        if !outcome.incomplete.isEmpty {
            context.stderr.write("totals that differ from the original's (lines not converted): " + outcome.incomplete.sorted().joined(separator: ", ") + "\n")
        }
        let summary = Self.summary(outcome)
        if invocation.flags.contains("--strict") && outcome.notConverted > 0 {
            context.stderr.write(summary + "\nError: --strict: \(counted(outcome.notConverted, "line")) could not be converted; nothing was written\n")
            return .problems
        }
        // The result is checked as `check` would before it is written anywhere.
        let shown = output ?? "(converted)"
        let checked = Validator.validated(LedgerLoader.load(sources: [SourceFile(path: shown, text: outcome.text)]))
        let errors = checked.diagnostics.filter { $0.severity == .error }
        if let output {
            if let refusal = OutputFile.refusal(output, force: force, inputs: [path] + foreign.files, first: "the file being converted") {
                context.stderr.write("Error: \(refusal)\n")
                return .usage
            }
            do {
                try FileSystem.writeAtomically(output, Array(outcome.text.utf8))
            } catch {
                context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
                return .ioError
            }
            context.stderr.write("wrote \(output)\n")
        } else {
            context.stdout.write(outcome.text)
        }
        context.stderr.write(summary + "\n")
        guard errors.isEmpty else {
            context.stderr.write(DiagnosticRenderer(files: checked.journal.ledger.files, colour: context.colour).render(errors))
            context.stderr.write("\(counted(errors.count, "error")) in the converted ledger: fix them, or the original, and check again\n")
            return .problems
        }
        context.stderr.write("ok: the converted ledger checks clean\n")
        return .success
    }

    /// The format named first: `journal` or `beancount`.
    private static func format(_ invocation: Invocation) throws(Invocation.UsageError) -> Format {
        let formats = Format.allCases.map(\.rawValue)
        guard let word = invocation.operands.first else {
            throw Invocation.UsageError(message: "convert from what? One of: " + formats.joined(separator: ", "))
        }
        guard let format = Format(rawValue: word) else {
            var message = "unknown format '\(word)'; convert reads: " + formats.joined(separator: ", ")
            if let suggestion = Suggestion.closest(to: word, among: formats + ["ledger", "hledger"]) {
                message += "\nDid you mean '\(suggestion == "ledger" || suggestion == "hledger" ? "journal" : suggestion)'?"
            }
            throw Invocation.UsageError(message: message)
        }
        return format
    }

    /// The account mapping of `--map` (none without it), or the exit status once a problem
    /// with it is said.
    private static func readMapping(_ path: String?, _ context: Flourish.Context) -> Result<[String: AccountMapping.Target], ExitCodeError> {
        guard let mapPath = path else { return .success([:]) }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(mapPath) } catch { return .failure(ExitCodeError(code: context.cannotRead(error))) }
        let parsed = AccountMapping.parse(String(decoding: bytes, as: UTF8.self), file: mapPath)
        guard parsed.problems.isEmpty else {
            context.stderr.write(parsed.problems.map { "Error: \($0)\n" }.joined())
            return .failure(ExitCodeError(code: .problems))
        }
        return .success(parsed.mapping)
    }

    /// What was converted, in one line.
    private static func summary(_ outcome: Converter.Outcome) -> String {
        "converted \(counted(outcome.transactions, "transaction")), \(counted(outcome.assertions, "balance assertion")), "
            + "\(counted(outcome.budgets, "budget")), " + (outcome.schedules > 0 ? "\(counted(outcome.schedules, "schedule")), " : "")
            + "\(counted(outcome.openings, "opening balance"))"
            + (outcome.corrections > 0 ? ", \(counted(outcome.corrections, "correction")) for the account lines of transactions not converted" : "")
            + (outcome.notConverted > 0 ? "; \(counted(outcome.notConverted, "line")) not converted" : "")
    }

    /// "3 transactions", "1 transaction".
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
