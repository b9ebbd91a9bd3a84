/// `flourish import csv STATEMENT --rules RULES [--file LEDGER]`: append a bank statement's rows
/// as entries, atomically, skipping rows imported before.
enum ImportCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--dry-run"],
                                        valued: ["--rules", "--file", "--allow-include", "--explain"], command: "import")
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
        let path = try context.writableLedgerPaths(invocation, [], command: "import csv").last ?? ""
        let csvPath = invocation.operands[1]

        let csvBytes, rulesBytes: [UInt8]
        do {
            csvBytes = try FileSystem.read(csvPath)
            rulesBytes = try FileSystem.read(rulesPath)
        } catch {
            return context.cannotRead(error)
        }
        return try importStatement(csvBytes, csvPath: csvPath, rules: SourceFile(path: rulesPath, bytes: rulesBytes), into: path,
                                   dryRun: invocation.flags.contains("--dry-run"), explain: invocation.values["--explain"], context)
    }

    /// A statement's bytes appended to the ledger at `path` as the rules read it (or, with
    /// `dryRun`, what would be): the command's work once the files are read, also what
    /// `flourish serve`'s import page runs on an uploaded statement.
    static func importStatement(_ csvBytes: [UInt8], csvPath: String, rules rulesFile: SourceFile, into path: String, dryRun: Bool,
                                explain explained: String? = nil, _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let file: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): file = opened
        case .failure(let stop): return stop.code
        }
        let before = file.before
        // Diagnostics about the rules and the statement point into those files.
        let parsed = readRules(rulesFile, statement: csvPath, context)
        var problems = parsed.diagnostics
        let decoded = Importer.decode(csvBytes, path: csvPath, parsed.rules?.encoding ?? .utf8)
        let csvFile = decoded.file
        if let diagnostic = decoded.diagnostic { problems.append(diagnostic) }
        let renderer = DiagnosticRenderer(files: [rulesFile, csvFile] + parsed.included, colour: context.colour)
        problems += unknownNames(parsed.names, in: before)
        guard problems.isEmpty, let rules = parsed.rules else {
            context.stderr.write(renderer.render(problems))
            context.stderr.write("\(path): not changed\n")
            return .problems
        }
        let decimals = before.ledger.currency?.decimals ?? 2
        let read = Importer.statement(csvFile, fileIndex: 1, rules: rules, decimals: decimals, homeCode: before.currency.code,
                                      plausible: plausibleDates(before))
        if let explained {
            guard let line = Int(explained) else { throw Invocation.UsageError(message: "--explain takes a line number of the statement") }
            if read.skipped.contains(line) {
                context.stdout.write("line \(line): left out by a `skip` rule\n")
                return .success
            }
            context.stdout.write(explain(line: line, read.rows, rules, decimals: decimals))
            return read.rows.contains { $0.line == line } ? .success : .problems
        }
        // Rows far from the ledger's dates are read as they are, and named.
        if !read.warnings.isEmpty { context.stderr.write(renderer.render(read.warnings)) }
        if !read.diagnostics.isEmpty {
            context.stderr.write(renderer.render(read.diagnostics))
            context.stderr.write("\(path): not changed: \(csvPath) has \(counted(read.diagnostics.count, "bad row", "bad rows"))\n")
            return .problems
        }
        let known = Importer.existingKeys(before.ledger)
        let fresh = read.rows.filter { !known.contains($0.key) && !known.contains($0.legacyKey) }
        let skipped = read.rows.count - fresh.count
        if dryRun {
            let already = read.rows.filter { known.contains($0.key) || known.contains($0.legacyKey) }.map(\.line).sorted()
            context.stdout.write(self.dryRun(fresh, skipped: skipped, rules, decimals: decimals, csvPath: csvPath, path: path,
                                             closing: Importer.closingBalance(read.rows), leftOut: read.skipped,
                                             unreadable: read.unreadable, already: already))
            return .success
        }
        guard !fresh.isEmpty else {
            context.stdout.write("nothing to import: all \(counted(read.rows.count, "row", "rows")) of \(csvPath) are already in \(path)\n")
            return .success
        }
        let text = Importer.entries(fresh, account: rules.account, decimals: decimals, fee: rules.fee?.category,
                                    closing: Importer.closingBalance(read.rows))
        if let stop = file.append(text, what: "the imported entries", command: "import", context) { return stop }
        context.stdout.write(summary(imported: fresh.count, skipped: skipped, read, csvPath: csvPath, path: path))
        return .success
    }

    /// The dates a row may have: within ten years of the ledger's dates, so that a misread
    /// format (a two-digit year, day and month swapped) is caught, not written.
    private static func plausibleDates(_ journal: Journal) -> ClosedRange<CivilDate>? {
        journal.dateRange.map { range in
            let first = CivilDate(year: max(1, range.lowerBound.year - 10), month: 1, day: 1) ?? range.lowerBound
            let last = CivilDate(year: min(9999, range.upperBound.year + 10), month: 12, day: 31) ?? range.upperBound
            return first...last
        }
    }

    /// The rules file, with the files it includes confined as a ledger's includes are: the rules
    /// file's folder and below, no hidden file, only `*.rules` (or a file named with
    /// --allow-include). Rules files may include shared rules, and hold sections for several
    /// statements.
    static func readRules(_ rulesFile: SourceFile, statement csvPath: String, _ context: Flourish.Context)
        -> (rules: ImportRules?, diagnostics: [Diagnostic], names: [ImportRules.NameUse], included: [SourceFile]) {
        let confinement = LedgerLoader.Confinement(roots: [rulesFile.path], allowed: context.allowedIncludes, suffix: ".rules")
        return ImportRules.parse(rulesFile, fileIndex: 0, statement: csvPath) { (written: String, path: String) -> Swift.Result<SourceFile, ImportRules.IncludeFailure> in
            let absolute = FileSystem.absolute(path)
            for judged in [absolute, FileSystem.canonicalPath(absolute) ?? absolute] {
                if let problem = confinement.problem(judged, written: written, kind: "rules") { return .failure(.init(problem: problem)) }
            }
            do throws(FileSystem.Failure) {
                return .success(SourceFile(path: path, bytes: try FileSystem.read(path)))
            } catch {
                return .failure(.init(problem: .includeNotFound(written, reason: error.reason)))
            }
        }
    }

    /// The names the rules use that the ledger does not declare as what they must be.
    static func unknownNames(_ names: [ImportRules.NameUse], in journal: Journal) -> [Diagnostic] {
        let resolver = NameResolver(journal)
        var problems: [Diagnostic] = []
        for (name, location, wanted) in names {
            let isAccount = wanted == [.account]
            guard case .failure(let failure) = resolver.resolve(name, as: wanted) else { continue }
            switch failure {
            case .unknown(_, _, let suggestion):
                problems.append(Diagnostic(.unknownName(name, expected: NameResolver.Failure.noun(wanted), suggestion: suggestion,
                                                        declaration: isAccount ? "`account \(StringLiteral.name(name)) checking`"
                                                            : "`category \(StringLiteral.name(name))`"),
                                           at: location))
            case .wrongKind(_, let actual, _):
                let noun = NameResolver.Failure.noun(wanted)
                problems.append(Diagnostic(.wrongKind(name, actual: actual.phrase, expected: ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun,
                                                      directive: "the rules"), at: location))
            case .ambiguous:
                break  // only abbreviated resolution is ambiguous
            }
        }
        return problems
    }

    /// What an import says it did.
    static func summary(imported: Int, skipped: Int, _ read: (rows: [Importer.Row], diagnostics: [Diagnostic], skipped: [Int], unreadable: [Int], warnings: [Diagnostic]),
                        csvPath: String, path: String) -> String {
        var summary = "imported \(counted(imported, "entry", "entries")) from \(csvPath) into \(path)"
        if skipped > 0 { summary += " (\(skipped) already there)" }
        if !read.skipped.isEmpty { summary += " (\(counted(read.skipped.count, "row", "rows")) left out by skip rules)" }
        if !read.unreadable.isEmpty {
            summary += " (\(counted(read.unreadable.count, "row", "rows")) that did not read left out: "
                + (read.unreadable.count == 1 ? "line " : "lines ") + read.unreadable.map(String.init).joined(separator: ", ") + ")"
        }
        return summary + "\n"
    }

    /// What `--dry-run` prints: the entries exactly as they would be appended, the rule each
    /// row matched, and how many rows go where (those that fell to `default` listed).
    static func dryRun(_ rows: [Importer.Row], skipped: Int, _ rules: ImportRules, decimals: Int, csvPath: String, path: String,
                       closing: (date: CivilDate, amount: Money)? = nil, leftOut: [Int] = [], unreadable: [Int] = [], already: [Int] = []) -> String {
        var out = "would import \(counted(rows.count, "entry", "entries")) from \(csvPath) into \(path)"
        out += skipped > 0 ? " (\(skipped) already there); nothing was written\n" : "; nothing was written\n"
        let alreadyText = already.isEmpty ? "" : "  rows already in the ledger, not imported again: \(already.count == 1 ? "line" : "lines") "
            + already.map(String.init).joined(separator: ", ") + "\n"
        guard !rows.isEmpty else { return out + (alreadyText.isEmpty ? "" : "\nSummary\n" + alreadyText) }
        out += "\n" + Importer.entries(rows, account: rules.account, decimals: decimals, fee: rules.fee?.category, closing: closing)
        out += "\nRules\n"
        for row in rows.sorted(by: { $0.line < $1.line }) {
            out += "  line \(row.line): \(ruleText(row.rule, rules)) → \(row.category)\n"
        }
        out += "\nSummary\n"
        var counts: [String: Int] = [:]
        for row in rows { counts[row.category, default: 0] += 1 }
        let width = counts.keys.map(\.count).max() ?? 0
        for (category, count) in counts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            out += "  " + category + String(repeating: " ", count: width - category.count + 2) + counted(count, "row", "rows") + "\n"
        }
        if !leftOut.isEmpty {
            out += "  rows a skip rule left out: \(leftOut.count == 1 ? "line" : "lines") " + leftOut.map(String.init).joined(separator: ", ") + "\n"
        }
        if !unreadable.isEmpty {
            out += "  rows that did not read, left out: \(unreadable.count == 1 ? "line" : "lines") " + unreadable.map(String.init).joined(separator: ", ") + "\n"
        }
        out += alreadyText
        let fallen = rows.filter { $0.rule == nil }.map(\.line).sorted()
        if !fallen.isEmpty {
            out += "  rows that fell to default: \(fallen.count == 1 ? "line" : "lines") " + fallen.map(String.init).joined(separator: ", ") + "\n"
        }
        return out
    }

    /// `match "coffee"` or `default`.
    static func ruleText(_ rule: Int?, _ rules: ImportRules) -> String {
        guard let rule else { return "default" }
        return rules.rules[rule].display
    }

    /// What `--explain LINE` prints: the row's description and each rule tried on it.
    static func explain(line: Int, _ rows: [Importer.Row], _ rules: ImportRules, decimals: Int) -> String {
        guard let row = rows.first(where: { $0.line == line }) else {
            return "line \(line) of the statement is not a row the rules read (a skipped row, or past the end)\n"
        }
        var out = "line \(line): \(row.date) \(StringLiteral.quote(row.description)), \(row.amount.formatted(decimals: decimals, grouping: false)) into \(rules.account)\n"
        for (index, rule) in rules.rules.enumerated() {
            let target = rule.skip ? "skip" : rule.split.isEmpty ? (rule.target ?? rules.defaultCategory) : "split " + rule.split.map(\.target).joined(separator: ", ")
            let met = row.rule == index
            out += "  \(rule.display) → \(target): \(met ? "matches" : "no")\n"
            if met { out += "  so: \(target) (the first rule that matches wins)\n"; return out }
        }
        out += "  default → \(rules.defaultCategory)\n  so: \(rules.defaultCategory) (no match rule found its text)\n"
        return out
    }
}
