/// `flourish import csv STATEMENT --rules RULES [--file LEDGER]`: append a bank statement's rows
/// as entries, atomically, skipping rows imported before.
enum ImportCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--rules", "--file"], command: "import")
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

        let ledgerBytes, csvBytes, rulesBytes: [UInt8]
        do {
            ledgerBytes = try FileSystem.read(path)
            csvBytes = try FileSystem.read(csvPath)
            rulesBytes = try FileSystem.read(rulesPath)
        } catch {
            return context.cannotRead(error)
        }
        let before = LedgerLoader.load(sources: [SourceFile(path: path, bytes: ledgerBytes)])
        let ledgerErrors = Validator.validate(before).filter { $0.severity == .error }
        if !ledgerErrors.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: before.ledger.files, colour: context.colour).render(ledgerErrors))
            context.stderr.write("\(path): not changed: fix its \(counted(ledgerErrors.count, "error", "errors")) first\n")
            return .problems
        }
        // Diagnostics about the rules and the statement point into those files.
        let rulesFile = SourceFile(path: rulesPath, bytes: rulesBytes)
        let csvFile = SourceFile(path: csvPath, bytes: csvBytes)
        let files = [rulesFile, csvFile]
        let renderer = DiagnosticRenderer(files: files, colour: context.colour)
        let parsed = ImportRules.parse(rulesFile, fileIndex: 0)
        var problems = parsed.diagnostics
        let index = NameIndex(before.ledger)
        for (name, location, isAccount) in parsed.names {
            let wanted: [NameIndex.Kind] = isAccount ? [.account] : [.category, .incomeCategory]
            if let id = before.ledger.names.id(of: name), let kind = index.kind(of: id), wanted.contains(kind) { continue }
            problems.append(Diagnostic(.unknownName(name, expected: isAccount ? "account" : "category",
                                                    suggestion: Suggestion.closest(to: name, among: index.names(of: wanted)),
                                                    declaration: isAccount ? "`account \(Check.quoted(name)) checking`" : "`category \(Check.quoted(name))`"),
                                       at: location))
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
        var updated = ledgerBytes
        if let last = updated.last, last != UInt8(ascii: "\n") { updated.append(UInt8(ascii: "\n")) }
        if !updated.isEmpty { updated.append(UInt8(ascii: "\n")) }
        var text = Importer.entries(fresh, account: rules.account, decimals: decimals)
        text.removeLast()  // one blank line between entries, none at the end
        updated += Array(text.utf8)
        let after = LedgerLoader.load(sources: [SourceFile(path: path, bytes: updated)])
        let errors = Validator.validate(after).filter { $0.severity == .error }
        if !errors.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: after.ledger.files, colour: context.colour).render(errors))
            context.stderr.write("\(path): not changed: the imported entries would leave \(counted(errors.count, "error", "errors"))\n")
            return .problems
        }
        do {
            try FileSystem.writeAtomically(path, updated)
        } catch {
            context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
            return .software
        }
        var summary = "imported \(counted(fresh.count, "entry", "entries")) from \(csvPath) into \(path)"
        if skipped > 0 { summary += " (\(skipped) already there)" }
        context.stdout.write(summary + "\n")
        return .success
    }
}
