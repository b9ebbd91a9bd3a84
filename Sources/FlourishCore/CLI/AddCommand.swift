/// `flourish add DATE DESCRIPTION [TARGET AMOUNT [goal GOAL]]… [TARGET] [--from ACCOUNT] [--to ACCOUNT] [#tag…]`
/// (and the short form `add DATE DESCRIPTION AMOUNT [CATEGORY] --from ACCOUNT`): append one
/// entry of any kind, check the ledger with it, and write the file safely — or change nothing.
enum AddCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--pending", "--unmarked", "--interactive", "-i"],
                                        valued: ["--from", "--to", "--file", "--tag", "--allow-include", "--declare"], command: "add")
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
        var declaring: [Declaration] = []
        for text in invocation.repeated["--declare"] ?? [] { declaring.append(try Declaration(text)) }

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
        // Names `--declare` declares, written before the entry.
        var declarations: [String] = []
        for line in plan.lines {
            var resolved = line
            switch resolver.resolve(line.target, as: line.kinds, abbreviated: true) {
            case .success(let id): resolved.target = journal.name(id)
            case .failure(.unknown(let name, let wanted, _)) where declaring.contains { wanted.contains($0.kind) }:
                let line = declaring.first { wanted.contains($0.kind) }!.line(for: name)
                if !declarations.contains(line) { declarations.append(line) }
                resolved.target = name
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
        var entry = entryText(date: date.description, description: description, status: status, tags: tags, lines: lines)
        if !declarations.isEmpty { entry = declarations.joined(separator: "\n") + "\n\n" + entry }
        if let stop = file.append(entry, what: "the entry", command: "add", context) { return stop }
        context.stdout.write("added to \(path):\n" + entry)
        return .success
    }

    /// `--declare KIND` (repeatable): a name of the entry that is not declared yet is declared
    /// as the first KIND its line may take (`category`, `income`, `person`, `account` or
    /// `account savings`…), on a line before it.
    struct Declaration {
        var kind: NameIndex.Kind
        var accountKind: String?

        init(_ text: String) throws(Invocation.UsageError) {
            let words = text.split(separator: " ").map(String.init)
            switch words.first {
            case "category" where words.count == 1: kind = .category
            case "income" where words.count == 1: kind = .incomeCategory
            case "person" where words.count == 1: kind = .person
            case "account" where words.count <= 2:
                kind = .account
                accountKind = words.count == 2 ? words[1] : "checking"
                guard let given = accountKind, Account.Kind(rawValue: given) != nil else {
                    throw Invocation.UsageError(message: "--declare account takes a kind: " + Account.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                }
            default:
                throw Invocation.UsageError(message: "--declare takes category, income, person or account [KIND], not '\(text)'")
            }
        }

        /// The declaration of `name`, as `fmt` writes it.
        func line(for name: String) -> String {
            switch kind {
            case .incomeCategory: return "category \(StringLiteral.name(name)) income"
            case .person: return "person \(StringLiteral.name(name))"
            case .account: return "account \(StringLiteral.name(name)) \(accountKind ?? "checking")"
            default: return "category \(StringLiteral.name(name))"
            }
        }
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
        context.stdout.write("(Enter takes the default in brackets; \(Dialog.back) goes back a question.)\n")
        guard let (date, description, lines) = askEntry(dialog, journal, context) else {
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
        /// The answer that goes back a question.
        static let back = "<"

        func ask(_ question: String, _ fallback: String?) -> String? {
            context.stdout.write(question + (fallback.map { " [\($0)]" } ?? "") + ": ")
            guard let answer = context.input() else { return nil }
            let trimmed = answer.trimmingBlanks
            return trimmed.isEmpty ? (fallback ?? "") : trimmed
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

    /// The questions of an entry: its date, its description, then its split lines one by one
    /// until they balance and `.` (or Enter after two) ends them. `<` at any question goes back
    /// to the one before (from a line's name, to the amount of the line before, which is taken
    /// out again). Nil when the dialog is cancelled (the end of input).
    private static func askEntry(_ dialog: Dialog, _ journal: Journal, _ context: Flourish.Context)
        -> (date: CivilDate, description: String, lines: [EntryPlan.Line])? {
        enum Step { case date, description, target, amount(String) }
        let resolver = NameResolver(journal)
        let decimals = journal.currency.decimals
        var date = context.today()
        var description = ""
        var defaults: [(target: String, amount: Money)] = []
        var lines: [(line: EntryPlan.Line, minor: Money)] = []
        var step = Step.date
        while true {
            let sum = (try? Money.sum(lines.map(\.minor))) ?? .zero
            let index = lines.count
            switch step {
            case .date:
                guard let answer = dialog.ask("Date", context.today().description) else { return nil }
                if answer == Dialog.back { continue }
                do {
                    date = try parseDate(answer, context)
                    step = .description
                } catch {
                    context.stdout.write("'\(answer)' is not a date; write YYYY-MM-DD, 'today' or 'yesterday'\n")
                }
            case .description:
                guard let answer = dialog.ask("Description", nil) else { return nil }
                if answer == Dialog.back { step = .date; continue }
                guard !answer.isEmpty else { continue }
                description = answer
                defaults = self.defaults(for: description, journal, context)
                step = .target
            case .target:
                let fallbackTarget = index < defaults.count ? defaults[index].target : (index >= 2 && sum == .zero ? "." : nil)
                guard let target = dialog.ask("Account, category or person \(index + 1)\(index >= 2 ? " (. to finish)" : "")", fallbackTarget) else { return nil }
                if target == Dialog.back {
                    // Back to the amount of the line before, taken out; or to the description.
                    if let last = lines.popLast() { step = .amount(last.line.target) } else { step = .description }
                    continue
                }
                if target == "." || (target.isEmpty && index >= 2) {
                    if sum == .zero { return (date, description, lines.map(\.line)) }
                    context.stdout.write("the lines sum to \(sum.formatted(decimals: decimals)); add a line of \(((try? -sum) ?? sum).formatted(decimals: decimals))\n")
                    continue
                }
                guard !target.isEmpty else { continue }
                switch resolver.resolve(target, as: EntryPlan.anyTarget, abbreviated: true) {
                case .success(let id): step = .amount(journal.name(id))
                case .failure(let failure): context.stdout.write(message(failure, journal) + "\n")
                }
            case .amount(let target):
                // The default amount: the similar entry's, else what balances the entry.
                let balancing = (try? -sum) ?? .zero
                let fallback = index < defaults.count && index < (defaults.count - 1) ? defaults[index].amount : balancing
                guard let written = dialog.ask("Amount \(index + 1)", fallback.formatted(decimals: decimals, grouping: false)) else { return nil }
                if written == Dialog.back { step = .target; continue }
                guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(written.utf8))), value.scale <= decimals,
                      let minor = NumberSyntax.minorUnits(value, decimals: decimals) else {
                    context.stdout.write("'\(written)' is not an amount in \(journal.currency.code)\n")
                    continue
                }
                guard (try? sum + Money(minorUnits: minor)) != nil else {
                    context.stdout.write("that amount is too large\n")
                    continue
                }
                lines.append((EntryPlan.Line(target: target, amount: written, goal: nil, kinds: EntryPlan.anyTarget), Money(minorUnits: minor)))
                step = .target
            }
        }
    }
}
