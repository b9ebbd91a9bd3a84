/// `flourish add DATE DESCRIPTION [TARGET AMOUNT [goal GOAL]]… [TARGET] [--from ACCOUNT] [--to ACCOUNT] [#tag…]`
/// (and the short form `add DATE DESCRIPTION AMOUNT [CATEGORY] --from ACCOUNT`): append one
/// entry of any kind, check the ledger with it, and write the file safely — or change nothing.
enum AddCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--pending", "--unmarked", "--interactive", "-i"],
                                        valued: ["--from", "--to", "--file", "--tag", "--allow-include"], command: "add")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.add)
            return .success
        }
        if invocation.flags.contains("--interactive") || invocation.flags.contains("-i") {
            return try interactive(invocation, context)
        }
        guard invocation.operands.count >= 2 else {
            throw Invocation.UsageError(message: "add takes a date and a description, then what the money went to; got \(invocation.operands.count) words")
        }
        let date = try parseDate(invocation.operands[0], context)
        if invocation.operands[1] == "move", invocation.operands.count == 5, ["to", "from"].contains(invocation.operands[3]) {
            return try goalMove(date, invocation, context)
        }
        let description = invocation.operands[1]
        var words: [String] = []
        var localAmounts: [String] = []
        var tags = invocation.repeated["--tag"] ?? []
        for word in invocation.operands.dropFirst(2) {
            if word.hasPrefix("#") && word.count > 1 {
                tags.append(word)
            } else if let canonical = DisplayLocale.canonicalAmount(word) {
                // An amount as a display locale writes it (`4,50`, `1.234,50`): read so when
                // the ledger is shown that way (said once it is open).
                words.append(canonical)
                localAmounts.append(word)
            } else if let first = word.split(separator: " ").first, EntryPlan.isAmount(String(first)) {
                // An amount given as one word, `"12.50 USD @@ 11.48"`, is its parts.
                words += word.split(separator: " ").map { DisplayLocale.canonicalAmount(String($0)) ?? String($0) }
            } else {
                words.append(word)
            }
        }
        let from = invocation.values["--from"]
        let to = invocation.values["--to"]
        var given: [(String, String)] = [("the description", description)]
        given += words.map { ("a word", $0) } + tags.map { ("the tag", $0) }
        given += [from, to].compactMap { $0 }.map { ("the account", $0) }
        for (what, text) in given where text.unicodeScalars.contains(where: { ControlCharacter.contains($0) && $0 != "\t" }) {
            throw Invocation.UsageError(message: "\(what) '\(text)' holds a control character, which a ledger line cannot hold")
        }
        var plan = try EntryPlan(words, from: from, to: to)

        let path = try context.writableLedgerPaths(invocation, [], command: "add").last ?? ""
        let file: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): file = opened
        case .failure(let stop): return stop.code
        }
        let journal = file.before
        if let written = localAmounts.first, !(journal.ledger.display.map { $0.decimalMark == "," || $0.groupSeparator == "'" } ?? false) {
            throw Invocation.UsageError(message: "'\(written)' is not an amount this ledger reads: write it as a ledger line does (\(DisplayLocale.canonicalAmount(written) ?? written)), or show the ledger in a locale that writes it so (`display de-DE`)")
        }
        // A short form without a category: the one most used with similar descriptions.
        if plan.needsCategory {
            guard let proposal = CategoryProposal.propose(for: description, in: journal, income: plan.isIncome) else {
                context.stderr.write("Error: say which category it goes to, e.g. 'flourish add \(invocation.operands[0]) \"\(description)\" \(plan.amountText) Food --from ACCOUNT'\n\(path): not changed\n")
                return .problems
            }
            plan.setCategory(proposal.name)
            context.stdout.write("category \(proposal.name): used \(counted(proposal.uses, "time", "times")) for entries like this one\n")
        }
        // Names resolve exactly, or to the one declared name they abbreviate.
        let resolver = NameResolver(journal)
        var lines: [EntryPlan.Line] = []
        for line in plan.lines {
            var resolved = line
            switch resolver.resolve(line.target, as: line.kinds, abbreviated: true) {
            case .success(let id): resolved.target = journal.name(id)
            case .failure(let failure):
                context.stderr.write("Error: \(message(failure, journal))\n\(path): not changed\n")
                return .problems
            }
            if let goal = line.goal {
                switch resolver.resolve(goal, as: [.goal], abbreviated: true) {
                case .success(let id): resolved.goal = journal.name(id)
                case .failure(let failure):
                    context.stderr.write("Error: \(message(failure, journal))\n\(path): not changed\n")
                    return .problems
                }
            }
            lines.append(resolved)
        }
        // Paid from (or into) an account kept in another currency, amounts written without a
        // code are in that currency: what its statement shows.
        let kept = Set(lines.compactMap { Self.accountCurrency(of: $0.target, journal) })
        if kept.count == 1, let code = kept.first, code != journal.currency.code,
           !lines.contains(where: { line in line.amount.map { $0.split(separator: " ").count > 1 } ?? false }) {
            for index in lines.indices where lines[index].amount != nil { lines[index].amount! += " " + code }
        }
        let status: Entry.Status = invocation.flags.contains("--pending") ? .pending : invocation.flags.contains("--unmarked") ? .unmarked : .cleared
        let entry = entryText(date: date.description, description: description, status: status, tags: tags, lines: lines)
        if let stop = file.append(entry, what: "the entry", command: "add", context) { return stop }
        context.stdout.write("added to \(path):\n" + entry)
        return .success
    }

    /// `add DATE move AMOUNT to|from GOAL`: the `move` directive (grammar.md §8), money set aside
    /// into a goal bucket or released from it; the goal's name may be abbreviated.
    static func goalMove(_ date: CivilDate, _ invocation: Invocation, _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let words = invocation.operands
        let amount = DisplayLocale.canonicalAmount(words[2]) ?? words[2]
        guard EntryPlan.isAmount(amount), !amount.hasPrefix("-") else {
            throw Invocation.UsageError(message: "a goal move takes an amount of zero or more: add \(words[0]) move 200 \(words[3]) GOAL")
        }
        let path = try context.writableLedgerPaths(invocation, [], command: "add").last ?? ""
        let file: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): file = opened
        case .failure(let stop): return stop.code
        }
        let goal: String
        switch NameResolver(file.before).resolve(words[4], as: [.goal], abbreviated: true) {
        case .success(let id): goal = file.before.name(id)
        case .failure(let failure):
            context.stderr.write("Error: \(message(failure, file.before))\n\(path): not changed\n")
            return .problems
        }
        let text = "move \(date) \(amount) \(words[3]) \(StringLiteral.name(goal))\n"
        if let stop = file.append(text, what: "the move", command: "add", context) { return stop }
        context.stdout.write("added to \(path):\n" + text)
        return .success
    }

    /// The currency an account is kept in (the home one unless it names another); nil for a
    /// name that is not an account.
    static func accountCurrency(of name: String, _ journal: Journal) -> String? {
        guard let id = journal.ledger.names.id(of: name), let account = journal.ledger.accounts.first(where: { $0.name.id == id }) else { return nil }
        return account.currency?.value ?? journal.currency.code
    }

    /// A name that did not resolve, with the declared names when there is no suggestion.
    static func message(_ failure: NameResolver.Failure, _ journal: Journal) -> String {
        var message = failure.message
        if case .unknown(_, let wanted, nil) = failure {
            let known = wanted == [.goal] ? journal.index.goalNames : journal.index.names(of: wanted)
            message += "; known: " + known.prefix(20).map(StringLiteral.name).joined(separator: ", ") + (known.count > 20 ? ", …" : "")
        }
        return message
    }

    /// `YYYY-MM-DD`, `today` or `yesterday` (the only reads of the clock).
    static func parseDate(_ text: String, _ context: Flourish.Context) throws(Invocation.UsageError) -> CivilDate {
        switch text {
        case "today": return context.today()
        case "yesterday": return context.today().adding(days: -1)
        default:
            guard case .success(let date) = NumberSyntax.date(ArraySlice(Array(text.utf8))) else {
                throw Invocation.UsageError(message: "'\(text)' is not a date; write YYYY-MM-DD, 'today' or 'yesterday'")
            }
            return date
        }
    }

    /// The entry in canonical form (as `fmt` would write it).
    static func entryText(date: String, description: String, status: Entry.Status, tags: [String], lines: [EntryPlan.Line]) -> String {
        let mark = status == .cleared ? " * " : status == .pending ? " ! " : " "
        var header = date + mark + StringLiteral.description(description)
        if !tags.isEmpty { header += "  " + tags.map { "#" + ($0.hasPrefix("#") ? String($0.dropFirst()) : $0) }.joined(separator: " ") }
        var text = header + "\n"
        for line in lines {
            text += "  " + StringLiteral.name(line.target)
            if let amount = line.amount { text += "  " + amount }
            if let goal = line.goal { text += " goal " + StringLiteral.name(goal) }
            text += "\n"
        }
        return EntryText.canonical(text)
    }

    /// `add --interactive`: asks for the date, the description and the lines one by one, as
    /// hledger's `add` does, offering the last similar entry's lines as defaults (Enter takes
    /// the default in brackets; a `.` ends the lines). Nothing is written until the entry
    /// balances and the ledger checks with it; the end of input cancels.
    static func interactive(_ invocation: Invocation, _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let path = try context.writableLedgerPaths(invocation, [], command: "add").last ?? ""
        let file: LedgerAppend
        switch LedgerAppend.open(path, context) {
        case .success(let opened): file = opened
        case .failure(let stop): return stop.code
        }
        let journal = file.before
        let dialog = Dialog(context: context)
        guard let date = askDate(dialog, context), let description = dialog.askUntilGiven("Description"),
              let lines = askLines(dialog, journal, defaults: defaults(for: description, journal, context)) else {
            context.stdout.write("\ncancelled; \(path) not changed\n")
            return .problems
        }
        let status: Entry.Status = invocation.flags.contains("--pending") ? .pending : .cleared
        let entry = entryText(date: date.description, description: description, status: status, tags: invocation.repeated["--tag"] ?? [], lines: lines)
        context.stdout.write("\n" + entry)
        if let stop = file.append(entry, what: "the entry", command: "add", context) { return stop }
        context.stdout.write("added to \(path)\n")
        return .success
    }

    /// Questions on the terminal: each answer trimmed, Enter taking the default; nil at the
    /// end of input (the dialog is cancelled).
    private struct Dialog {
        let context: Flourish.Context

        func ask(_ question: String, _ fallback: String?) -> String? {
            context.stdout.write(question + (fallback.map { " [\($0)]" } ?? "") + ": ")
            guard let answer = context.input() else { return nil }
            let trimmed = answer.trimmingBlanks
            return trimmed.isEmpty ? (fallback ?? "") : trimmed
        }

        /// Asked again until something is given.
        func askUntilGiven(_ question: String) -> String? {
            while true {
                guard let answer = ask(question, nil) else { return nil }
                if !answer.isEmpty { return answer }
            }
        }
    }

    private static func askDate(_ dialog: Dialog, _ context: Flourish.Context) -> CivilDate? {
        let today = context.today()
        while true {
            guard let answer = dialog.ask("Date", today.description) else { return nil }
            do {
                return try parseDate(answer, context)
            } catch {
                context.stdout.write("'\(answer)' is not a date; write YYYY-MM-DD, 'today' or 'yesterday'\n")
            }
        }
    }

    /// The lines of the latest entry with a similar description: the defaults offered.
    private static func defaults(for description: String, _ journal: Journal, _ context: Flourish.Context) -> [(target: String, amount: Money)] {
        let wanted = CategoryProposal.words(description)
        let similar = journal.ledger.entries.last { entry in
            let words = CategoryProposal.words(journal.ledger.description(of: entry))
            return !wanted.isEmpty && wanted.intersection(words).count * 2 >= min(wanted.count, words.count)
        }
        guard let similar else { return [] }
        context.stdout.write("(defaults from \(similar.date) \(StringLiteral.quote(journal.ledger.description(of: similar))))\n")
        return journal.ledger.postings[similar.postings].map { (journal.name($0.target.id), $0.amount) }
    }

    /// The split lines, asked one by one until they balance and `.` (or Enter after two) ends
    /// them; nil when the dialog is cancelled.
    private static func askLines(_ dialog: Dialog, _ journal: Journal, defaults: [(target: String, amount: Money)]) -> [EntryPlan.Line]? {
        let context = dialog.context
        let resolver = NameResolver(journal)
        let decimals = journal.currency.decimals
        var lines: [EntryPlan.Line] = []
        var sum = Money.zero
        var index = 0
        while true {
            let fallbackTarget = index < defaults.count ? defaults[index].target : (index >= 2 && sum == .zero ? "." : nil)
            guard let target = dialog.ask("Account, category or person \(index + 1)\(index >= 2 ? " (. to finish)" : "")", fallbackTarget) else { return nil }
            if target == "." || (target.isEmpty && index >= 2) {
                if sum == .zero { return lines }
                context.stdout.write("the lines sum to \(sum.formatted(decimals: decimals)); add a line of \(((try? -sum) ?? sum).formatted(decimals: decimals))\n")
                continue
            }
            guard !target.isEmpty else { continue }
            let resolved: String
            switch resolver.resolve(target, as: EntryPlan.anyTarget, abbreviated: true) {
            case .success(let id): resolved = journal.name(id)
            case .failure(let failure):
                context.stdout.write(message(failure, journal) + "\n")
                continue
            }
            // The default amount: the similar entry's, else what balances the entry.
            let balancing = (try? -sum) ?? .zero
            let fallback = index < defaults.count && index < (defaults.count - 1) ? defaults[index].amount : balancing
            guard let written = dialog.ask("Amount \(index + 1)", fallback.formatted(decimals: decimals, grouping: false)) else { return nil }
            guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(written.utf8))), value.scale <= decimals,
                  let minor = NumberSyntax.minorUnits(value, decimals: decimals) else {
                context.stdout.write("'\(written)' is not an amount in \(journal.currency.code)\n")
                continue
            }
            guard let next = try? sum + Money(minorUnits: minor) else {
                context.stdout.write("that amount is too large\n")
                continue
            }
            sum = next
            lines.append(EntryPlan.Line(target: resolved, amount: written, goal: nil, kinds: EntryPlan.anyTarget))
            index += 1
        }
    }
}
