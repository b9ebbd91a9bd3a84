/// `flourish add DATE DESCRIPTION AMOUNT CATEGORY --from ACCOUNT [--file FILE]`: append one entry,
/// check the ledger with it, and write the file atomically — or change nothing.
enum AddCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--pending"],
                                        valued: ["--from", "--file", "--tag", "--allow-include"], command: "add")
        let context = context.including(invocation)
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
        for (what, text) in [("the description", description), ("the category", category), ("the account", account),
                             ("the tag", invocation.values["--tag"] ?? "")]
        where text.unicodeScalars.contains(where: { GuardedOutput.isControl($0) || $0 == "\n" }) {
            throw Invocation.UsageError(message: "\(what) '\(text)' holds a control character; a ledger cannot")
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

        let file: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): file = opened
        case .failure(let stop): return stop.code
        }
        // Unknown names: say which declared one is closest, and change nothing.
        let resolver = NameResolver(file.before)
        for (name, wanted) in [(category, [NameIndex.Kind.category, .incomeCategory]), (account, [.account])] {
            guard case .failure(let failure) = resolver.resolve(name, as: wanted) else { continue }
            var message = failure.message
            if case .unknown(_, _, nil) = failure {
                message += "; known: " + file.before.index.names(of: wanted).map(StringLiteral.name).joined(separator: ", ")
            }
            context.stderr.write("Error: \(message)\n\(path): not changed\n")
            return .problems
        }

        let entry = entryText(date: dateText, description: description, amount: amountText, category: category,
                              account: account, pending: invocation.flags.contains("--pending"), tag: invocation.values["--tag"])
        if let stop = file.append(entry, what: "the entry", context) { return stop }
        context.stdout.write("added to \(path):\n" + entry)
        return .success
    }

    /// The entry in canonical form (as `fmt` would write it).
    static func entryText(date: String, description: String, amount: String, category: String, account: String,
                          pending: Bool, tag: String?) -> String {
        let name = StringLiteral.name
        var header = date + (pending ? " ! " : " * ")
        header += EntryText.description(description)
        if let tag { header += "  #" + (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag) }
        return EntryText.canonical(header + "\n  " + name(category) + "  " + amount + "\n  " + name(account) + "\n")
    }
}
