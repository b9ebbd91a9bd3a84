/// `flourish add DATE DESCRIPTION AMOUNT CATEGORY --from ACCOUNT [--file FILE]`: append one entry,
/// check the ledger with it, and write the file atomically — or change nothing.
enum AddCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--pending"],
                                        valued: ["--from", "--file", "--tag"], command: "add")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.add)
            return .success
        }
        guard invocation.operands.count == 4 else {
            throw Invocation.UsageError(message: "add takes a date, a description, an amount and a category; got \(invocation.operands.count) words")
        }
        let (dateText, description, amountText, category) = (invocation.operands[0], invocation.operands[1],
                                                            invocation.operands[2], invocation.operands[3])
        guard let account = invocation.values["--from"] else {
            throw Invocation.UsageError(message: "say which account paid: --from ACCOUNT")
        }
        guard case .success = NumberSyntax.date(ArraySlice(Array(dateText.utf8))) else {
            throw Invocation.UsageError(message: "'\(dateText)' is not a date; write YYYY-MM-DD")
        }
        guard case .success = NumberSyntax.decimal(ArraySlice(Array(amountText.utf8))) else {
            throw Invocation.UsageError(message: "'\(amountText)' is not an amount; write it like 4.50")
        }
        let path: String
        if let named = invocation.values["--file"] {
            path = named
        } else {
            path = try context.ledgerPaths([], command: "add").first ?? ""
        }

        let original: [UInt8]
        do {
            original = try FileSystem.read(path)
        } catch {
            return context.cannotRead(error)
        }
        let before = LedgerLoader.load(sources: [SourceFile(path: path, bytes: original)])
        let problems = Validator.validate(before).filter { $0.severity == .error }
        if !problems.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: before.ledger.files, colour: context.colour).render(problems))
            context.stderr.write("\(path): not changed: fix its \(counted(problems.count, "error", "errors")) first\n")
            return .problems
        }
        // Unknown names: say which declared one is closest, and change nothing.
        let index = NameIndex(before.ledger)
        for (name, wanted, flag) in [(category, [NameIndex.Kind.category, .incomeCategory], "category"), (account, [.account], "--from account")] {
            if let id = before.ledger.names.id(of: name), let kind = index.kind(of: id), wanted.contains(kind) { continue }
            let candidates = index.names(of: wanted)
            var message = "unknown \(flag) '\(name)'"
            if let suggestion = Suggestion.closest(to: name, among: candidates) { message += "; did you mean '\(suggestion)'?" }
            else { message += "; known: " + candidates.joined(separator: ", ") }
            context.stderr.write("Error: \(message)\n\(path): not changed\n")
            return .problems
        }

        let entry = entryText(date: dateText, description: description, amount: amountText, category: category,
                              account: account, pending: invocation.flags.contains("--pending"), tag: invocation.values["--tag"])
        var updated = original
        if let last = updated.last, last != UInt8(ascii: "\n") { updated.append(UInt8(ascii: "\n")) }
        if !updated.isEmpty { updated.append(UInt8(ascii: "\n")) }
        updated += Array(entry.utf8)

        let after = LedgerLoader.load(sources: [SourceFile(path: path, bytes: updated)])
        let errors = Validator.validate(after).filter { $0.severity == .error }
        if !errors.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: after.ledger.files, colour: context.colour).render(errors))
            context.stderr.write("\(path): not changed: the entry would leave \(counted(errors.count, "error", "errors"))\n")
            return .problems
        }
        do {
            try FileSystem.writeAtomically(path, updated)
        } catch {
            context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
            return .software
        }
        context.stdout.write("added to \(path):\n" + entry)
        return .success
    }

    /// The entry in canonical form (as `fmt` would write it).
    static func entryText(date: String, description: String, amount: String, category: String, account: String,
                          pending: Bool, tag: String?) -> String {
        func name(_ text: String) -> String { Check.quoted(text) }
        var header = date + (pending ? " ! " : " * ")
        header += description.contains(" #") || description.contains(";") || description.hasPrefix("\"") || description.hasPrefix("#")
            ? "\"" + description.replacingAll("\"", with: "\\\"") + "\"" : description
        if let tag { header += "  #" + (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag) }
        let target = name(category)
        return header + "\n  " + target + "  " + amount + "\n  " + name(account) + "\n"
    }
}
