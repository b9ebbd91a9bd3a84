/// `flourish import csv STATEMENT --rules RULES [--file LEDGER]`: append a bank statement's rows
/// as entries, atomically, skipping rows imported before.
enum ImportCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--rules", "--file", "--allow-include"], command: "import")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.importing)
            return .success
        }
        guard invocation.operands.count == 2, invocation.operands[0] == "csv" else {
            throw Invocation.UsageError(message: "write: flourish import csv STATEMENT.csv --rules RULES")
        }
        guard let rulesPath = invocation.values["--rules"] else {
            throw Invocation.UsageError(message: "say how to read the statement: --rules RULES (see 'flourish help import')")
        }
        let path: String
        if let named = invocation.values["--file"] { path = named } else { path = try context.ledgerPaths([], command: "import csv").first ?? "" }
        let csvPath = invocation.operands[1]

        let csvBytes, rulesBytes: [UInt8]
        do {
            csvBytes = try FileSystem.read(csvPath)
            rulesBytes = try FileSystem.read(rulesPath)
        } catch {
            return context.cannotRead(error)
        }
        let file: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): file = opened
        case .failure(let stop): return stop.code
        }
        let before = file.before
        // Diagnostics about the rules and the statement point into those files.
        let rulesFile = SourceFile(path: rulesPath, bytes: rulesBytes)
        let csvFile = SourceFile(path: csvPath, bytes: csvBytes)
        let files = [rulesFile, csvFile]
        let renderer = DiagnosticRenderer(files: files, colour: context.colour)
        let parsed = ImportRules.parse(rulesFile, fileIndex: 0)
        var problems = parsed.diagnostics
        let resolver = NameResolver(before)
        for (name, location, isAccount) in parsed.names {
            let wanted: [NameIndex.Kind] = isAccount ? [.account] : [.category, .incomeCategory]
            guard case .failure(let failure) = resolver.resolve(name, as: wanted) else { continue }
            switch failure {
            case .unknown(_, _, let suggestion):
                problems.append(Diagnostic(.unknownName(name, expected: isAccount ? "account" : "category", suggestion: suggestion,
                                                        declaration: isAccount ? "`account \(StringLiteral.name(name)) checking`"
                                                            : "`category \(StringLiteral.name(name))`"),
                                           at: location))
            case .wrongKind(_, let actual, _):
                problems.append(Diagnostic(.wrongKind(name, actual: actual.phrase, expected: isAccount ? "an account" : "a category",
                                                      directive: "the rules"), at: location))
            case .ambiguous:
                break  // only abbreviated resolution is ambiguous
            }
        }
        guard problems.isEmpty, let rules = parsed.rules else {
            context.stderr.write(renderer.render(problems))
            context.stderr.write("\(path): not changed\n")
            return .problems
        }
        let decimals = before.ledger.currency?.decimals ?? 2
        let read = Importer.rows(csvFile, fileIndex: 1, rules: rules, decimals: decimals)
        if !read.diagnostics.isEmpty {
            context.stderr.write(renderer.render(read.diagnostics))
            context.stderr.write("\(path): not changed: \(csvPath) has \(counted(read.diagnostics.count, "bad row", "bad rows"))\n")
            return .problems
        }
        let known = Importer.existingKeys(before.ledger)
        let fresh = read.rows.filter { !known.contains($0.key) }
        let skipped = read.rows.count - fresh.count
        guard !fresh.isEmpty else {
            context.stdout.write("nothing to import: all \(counted(read.rows.count, "row", "rows")) of \(csvPath) are already in \(path)\n")
            return .success
        }
        let text = Importer.entries(fresh, account: rules.account, decimals: decimals)
        if let stop = file.append(text, what: "the imported entries", context) { return stop }
        var summary = "imported \(counted(fresh.count, "entry", "entries")) from \(csvPath) into \(path)"
        if skipped > 0 { summary += " (\(skipped) already there)" }
        context.stdout.write(summary + "\n")
        return .success
    }
}
