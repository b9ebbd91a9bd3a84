/// `flourish diff OLD NEW`, `flourish diff [REV [REV]] [FILE]`: what changed between two
/// versions of a ledger — items and money (`LedgerDiff`, docs/git.md). Revisions are read from
/// the git repository the file is in, includes followed at that revision; with one revision
/// the new version is the working tree, with none the old one is `HEAD`. Given git's seven
/// arguments (`diff.flourish.command`), it is git's diff driver for one ledger file.
enum DiffCommand {
    enum Format: String, CaseIterable {
        case text, json, markdown
    }

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--format", "--date", "--file", "-f"], command: "diff")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.diff)
            return .success
        }
        let format = try invocation.format(default: Format.text)
        let date = try ReportCommand.parseDay(invocation.values["--date"], context)
        let versions: (LedgerDiff.Version, LedgerDiff.Version)
        switch try self.versions(invocation, context) {
        case .success(let found): versions = found
        case .failure(let failure):
            context.stderr.write("Error: \(failure.message)\n")
            return failure.code
        }
        let diff: LedgerDiff
        do {
            diff = try LedgerDiff.make(old: versions.0, new: versions.1, asOf: date)
        } catch {
            context.stderr.write("Error: a figure is too large to compare (\(error))\n")
            return .problems
        }
        let display = versions.1.journal?.ledger.display
        switch format {
        case .text: context.stdout.write(LedgerDiffRenderer.text(diff, display: display))
        case .markdown: context.stdout.write(LedgerDiffRenderer.markdown(diff, display: display))
        case .json: context.stdout.write(LedgerDiffRenderer.json(diff))
        }
        return .success
    }

    struct Failure: Error {
        var message: String
        var code: ExitCode
    }

    /// The two versions the operands name.
    private static func versions(_ invocation: Invocation, _ context: Flourish.Context) throws(Invocation.UsageError)
        -> Result<(LedgerDiff.Version, LedgerDiff.Version), Failure> {
        var operands = invocation.operands
        // git's diff driver: PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE.
        if operands.count == 7 {
            let path = operands[0]
            // A file the ledger (`git config flourish.ledger`) includes is compared within it.
            let main = GitCommand.git(["config", "--get", "flourish.ledger"]).flatMap { $0.succeeded && !$0.text.isEmpty ? $0.text : nil }
            return Result { () throws(Failure) in
                if let main, LedgerLoader.normalise(main) != LedgerLoader.normalise(path), FileSystem.isRegularFile(main) {
                    return (try fileVersion(main, shownAs: main, label: "the old version", replacing: path, with: operands[1]),
                            try fileVersion(main, shownAs: main, label: "the new version", replacing: path, with: operands[4]))
                }
                return (try fileVersion(operands[1], shownAs: path, label: "the old version"),
                        try fileVersion(operands[4], shownAs: path, label: "the new version"))
            }
        }
        if operands.count == 2, operands.allSatisfy(FileSystem.isRegularFile) {
            return Result { () throws(Failure) in
                (try fileVersion(operands[0], shownAs: operands[0], label: operands[0]),
                 try fileVersion(operands[1], shownAs: operands[1], label: operands[1]))
            }
        }
        // Revisions, then the ledger file (or the one the environment or `flourish git` names).
        var file: String?
        if let last = operands.last, last.hasSuffix(".flourish") || FileSystem.isRegularFile(last) {
            file = last
            operands.removeLast()
        }
        file = file ?? invocation.values["--file"] ?? invocation.values["-f"] ?? context.environment["FLOURISH_FILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? GitCommand.git(["config", "--get", "flourish.ledger"]).flatMap { $0.succeeded && !$0.text.isEmpty ? $0.text : nil }
        guard let path = file else {
            throw Invocation.UsageError(message: "no ledger file given\nName one, as in 'flourish diff HEAD~1 budget.flourish', or set FLOURISH_FILE.")
        }
        guard operands.count <= 2 else {
            throw Invocation.UsageError(message: "diff takes two files, or up to two git revisions and a ledger file")
        }
        let old = operands.first ?? "HEAD"
        let new = operands.count == 2 ? operands[1] : nil
        return Result { () throws(Failure) in
            let before = try revisionVersion(old, path)
            if let new { return (before, try revisionVersion(new, path)) }
            return (before, try fileVersion(path, shownAs: path, label: "the working tree"))
        }
    }

    /// A version from the disk: the file and its includes. `/dev/null` (a file git adds or
    /// deletes) is an empty ledger.
    /// With `replacing`, the included file of that path is read from `with` instead.
    private static func fileVersion(_ file: String, shownAs path: String, label: String,
                                    replacing included: String? = nil, with replacement: String? = nil) throws(Failure) -> LedgerDiff.Version {
        func read(_ file: String) throws(Failure) -> [UInt8] {
            do {
                return file == "/dev/null" ? [] : try FileSystem.read(file)
            } catch {
                throw Failure(message: "cannot read '\(error.path)': \(error.reason)", code: .noInput)
            }
        }
        var overlay: [String: [UInt8]] = [:]
        if let included, let replacement { overlay[LedgerLoader.normalise(included)] = try read(replacement) }
        return version(LedgerLoader.load(sources: [SourceFile(path: path, bytes: try read(file))], overlay: overlay), label: label)
    }

    /// A version at a git revision: the file, and each file it includes, as they were there.
    private static func revisionVersion(_ revision: String, _ path: String) throws(Failure) -> LedgerDiff.Version {
        guard !revision.hasPrefix("-") else { throw Failure(message: "'\(revision)' is not a revision", code: .usage) }
        func show(_ file: String) -> Subprocess.Output? {
            let relative = file.hasPrefix("/") ? file : "./" + file
            return GitCommand.git(["show", "\(revision):\(relative)"])
        }
        guard let main = show(path) else { throw Failure(message: "cannot run git (is it installed?)", code: .noInput) }
        guard main.succeeded else {
            throw Failure(message: "cannot read '\(path)' at \(revision): " + main.errorText.split(separator: "\n").joined(separator: " "), code: .noInput)
        }
        var overlay: [String: [UInt8]] = [:]
        // Each pass reads the includes the one before found (a file included at the revision
        // is read from there, not from the disk).
        for _ in 0..<64 {
            let loaded = LedgerLoader.load(sources: [SourceFile(path: path, bytes: main.stdout)], overlay: overlay)
            let missing = loaded.ledger.files.dropFirst().map(\.path).filter { overlay[$0] == nil }
            if missing.isEmpty { return version(loaded, label: revision) }
            for file in missing { overlay[file] = show(file).flatMap { $0.succeeded ? $0.stdout : nil } ?? [] }
        }
        throw Failure(message: "the includes of '\(path)' at \(revision) go too deep", code: .problems)
    }

    /// The loaded files, and the journal when the version reads and books without an error.
    private static func version(_ loaded: LedgerLoader.Result, label: String) -> LedgerDiff.Version {
        let files = loaded.ledger.files.map { (path: $0.path, bytes: Array($0.bytes[0..<$0.bytes.count])) }
        let validated = Validator.validated(loaded, checks: Check.all.filter { !$0.needsValidLedger })
        return LedgerDiff.Version(files: files, journal: validated.hasErrors ? nil : validated.journal, label: label)
    }
}
