/// Appending to a ledger file safely, for `add` and `import`: the file must check clean before,
/// the ledger must check clean with the new text, and only then is the file replaced atomically.
struct LedgerAppend {
    let path: String
    let original: [UInt8]
    /// The file, locked until the entry is written.
    let edit: FileEdit
    /// The ledger as it is, with its includes, booked.
    let before: Journal
    /// The bucket-rule errors the ledger already has (shown; they do not stop an addition).
    let bucketErrors: Int

    /// Reads and checks the file; on a problem reports it and returns the exit status instead.
    static func open(_ path: String, _ context: Flourish.Context) -> Result<LedgerAppend, ExitCodeError> {
        let edit: FileEdit
        do {
            edit = try FileEdit(path)
        } catch {
            return .failure(ExitCodeError(code: context.cannotEdit(error)))
        }
        let original = edit.original
        if let expected = context.expectedVersion, original.withView(WebApp.version(of:)) != expected {
            context.stderr.write("\(path) changed since the page read it (in an editor, another window or a terminal): nothing was written. "
                                 + "The page now shows the file as it is; look at it, then send the form again.\n")
            return .failure(ExitCodeError(code: .ioError))
        }
        let loaded = LedgerLoader.load(sources: [SourceFile(path: path, bytes: original)], allowedIncludes: context.allowedIncludes)
        context.read.note(loaded.ledger.files)
        let validated = Validator.validated(consume loaded)
        let before = validated.journal
        let errors = validated.diagnostics.filter { $0.severity == .error }
        let renderer = DiagnosticRenderer(files: validated.journal.ledger.files, colour: context.colour)
        if errors.contains(where: { !$0.problem.isBucketRule }) {
            context.stderr.write(renderer.render(errors))
            context.stderr.write("\(path): not changed: fix its \(counted(errors.count, "error", "errors")) first\n")
            return .failure(ExitCodeError(code: .problems))
        }
        if !errors.isEmpty {
            // Only the bucket rule is broken: show it, and let money be added to mend it.
            context.stderr.write(renderer.render(errors))
            context.stderr.write("\(path): the bucket rule is broken (\(counted(errors.count, "error", "errors"))); adding anyway\n")
        }
        return .success(LedgerAppend(path: path, original: original, edit: edit, before: before, bucketErrors: errors.count))
    }

    /// Appends `text` after a blank line, checks the result, and writes it; `what` names the
    /// addition in the refusal ("the entry", "the imported entries").
    func append(_ text: String, what: String, command: String, _ context: Flourish.Context) -> ExitCode? {
        var updated = original
        if let last = updated.last, last != UInt8(ascii: "\n") { updated.append(UInt8(ascii: "\n")) }
        if !updated.isEmpty { updated.append(UInt8(ascii: "\n")) }
        updated += Array(text.utf8)
        let after = LedgerLoader.load(sources: [SourceFile(path: path, bytes: updated)], allowedIncludes: context.allowedIncludes)
        context.read.note(after.ledger.files)
        let errors = Validator.validate(after).filter { $0.severity == .error }
        // New errors stop the write; a bucket rule that was already broken does not.
        let blocking = bucketErrors > 0 ? errors.filter { !$0.problem.isBucketRule } : errors
        if !blocking.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: after.ledger.files, colour: context.colour).render(errors))
            context.stderr.write("\(path): not changed: \(what) would leave \(counted(errors.count, "error", "errors"))\n")
            return .problems
        }
        do {
            try edit.commit(updated, doing: "`\(command)`")
        } catch {
            return context.cannotEdit(error)
        }
        return nil
    }
}
