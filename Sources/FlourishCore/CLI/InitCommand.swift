/// `flourish init [FILE]`: a first budget from a few questions — the currency, the day the
/// month begins, the income, the savings target, the accounts, the bills, a daily allowance
/// and the people costs are shared with. On a terminal each question is asked (its default in
/// brackets); every one also has a flag, so it runs without one. The ledger it writes checks
/// clean; it never replaces a file.
enum InitCommand {
    static let valued = ["--currency", "--month-start", "--display", "--income", "--yearly-income", "--savings", "--account",
                         "--bill", "--allowance", "--person", "--date"]

    /// A question's answer, or why it cannot be used.
    typealias Reading<T> = (String) -> Result<T, Invocation.UsageError>

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--no-input"], valued: valued, command: "init")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.initialize)
            return .success
        }
        guard invocation.operands.count <= 1 else { throw Invocation.UsageError(message: "init writes one file") }
        let path = invocation.operands.first ?? context.environment["FLOURISH_FILE"] ?? "budget.flourish"
        if FileSystem.exists(path) {
            context.stderr.write("Error: \(path) exists already; init never replaces a file (name another one)\n")
            return .ioError
        }
        let interactive = context.inputIsTerminal && !invocation.flags.contains("--no-input")
        let date = try ReportCommand.parseDay(invocation.values["--date"], context) ?? context.today()
        var plan = InitPlan(date: date)
        let asker = Asker(context: context, interactive: interactive)
        if interactive {
            context.stdout.write("A new budget in \(path). Enter takes the answer in brackets; Ctrl-D stops without writing.\n\n")
        }
        do throws(Asker.Cancelled) {
            try ask(&plan, invocation, asker, path: path)
        } catch .usage(let problem) {
            throw problem
        } catch {
            context.stdout.write("\nstopped; nothing was written\n")
            return .problems
        }
        if plan.accounts.isEmpty { plan.accounts = [InitPlan.AccountPlan(name: "Checking", kind: .checking, opening: .zero)] }
        switch write(plan, to: path, context) {
        case .success(let journal):
            welcome(plan, journal, path: path, interactive: interactive, context)
            return .success
        case .failure(let failed):
            return failed.code
        }
    }

    /// Every question, in order: each answered by its flag when given, else asked when
    /// interactive, else its default.
    private static func ask(_ plan: inout InitPlan, _ invocation: Invocation, _ asker: Asker, path: String) throws(Asker.Cancelled) {
        plan.currency = try asker.answer("Currency (a code: USD, EUR, GBP, CHF…)", flag: invocation.values["--currency"],
                                         default: "USD", read: currency)
        plan.monthStart = try asker.answer("Day the budgeting month begins (1-28)", flag: invocation.values["--month-start"],
                                           default: "1", read: { day($0, in: 1...28, "--month-start") })
        plan.display = try asker.answer("How amounts look (en-US, de-DE, fr-FR, de-CH, en-IN…; Enter for $1,234.50)",
                                        flag: invocation.values["--display"], default: "", read: display)
        let currency = plan.currency
        if let yearly = invocation.values["--yearly-income"] {
            guard invocation.values["--income"] == nil else { throw .usage(Invocation.UsageError(message: "use --income or --yearly-income, not both")) }
            plan.income = try asker.answer("", flag: yearly, default: nil, read: { amount($0, currency, "--yearly-income") })
            plan.incomeIsYearly = true
        } else {
            let income = try asker.answer("Income you expect each month (0 for none; end with 'yearly' for a yearly figure)",
                                          flag: invocation.values["--income"], default: "0", read: { incomeAnswer($0, currency) })
            plan.income = income.amount > .zero ? income.amount : nil
            plan.incomeIsYearly = income.yearly
        }
        plan.savingsBasisPoints = try asker.answer("Share of income to save, in percent", flag: invocation.values["--savings"],
                                                   default: "20", read: percent)
        plan.accounts = try asker.list("Account", flags: invocation.repeated["--account"], read: { Self.account($0, currency) },
                                       first: "Checking checking 0", ask: { number, asker throws(Asker.Cancelled) in
            let name = try asker.ask("Account \(number): its name (Enter to finish)", default: number == 1 ? "Checking" : "")
            guard !name.isEmpty else { return nil }
            let kind = try asker.answer("  Kind of \(name) (checking, savings, cash, credit)", flag: nil,
                                        default: guessKind(name).rawValue, read: { kindAnswer($0) })
            let opening = try asker.answer("  What \(name) holds today (negative: owed on a card)", flag: nil,
                                           default: "0", read: { amount($0, currency, "an opening balance") })
            let flags = try asker.answer("  Is \(name) off the budget (an investment, a loan) or the cash reserve? (no, off-budget, reserve)",
                                         flag: nil, default: "no", read: { flagAnswer($0) })
            return InitPlan.AccountPlan(name: name, kind: kind, opening: opening, flags: flags)
        })
        plan.bills = try asker.list("Bill", flags: invocation.repeated["--bill"], read: { Self.bill($0, currency) },
                                    first: nil, ask: { number, asker throws(Asker.Cancelled) in
            let category = try asker.ask("A bill to set money aside for each month: its category (Rent, Power…; Enter to finish)", default: "")
            guard !category.isEmpty else { return nil }
            let monthly = try asker.answer("  How much \(category) is each month", flag: nil, default: nil,
                                           read: { Self.amount($0, currency, "a bill's amount") })
            let due = try asker.answer("  The day of the month it is due (1-31; Enter for none)", flag: nil, default: "",
                                       read: { $0.isEmpty ? .success(nil) : day($0, in: 1...31, "a due day").map(Optional.some) })
            return InitPlan.Bill(category: category, amount: monthly, due: due)
        })
        // The allowance offered: what keeps the savings target after the bills, as far as
        // the money there is today can cover what the month sets aside.
        let offer = plan.allowanceForTheTarget.map { plan.largestAllowance(upTo: $0, path: path) }
        let question = offer.map { "Daily allowance (\($0 == plan.allowanceForTheTarget ? "keeps your \(InitPlan.percent(plan.savingsBasisPoints))% savings target after the bills" : "all that today's money can set aside"))" }
            ?? "Daily allowance (0 for none)"
        let allowance = try asker.answer(question, flag: invocation.values["--allowance"],
                                         default: offer.map(plan.amount) ?? "0", read: { amount($0, currency, "--allowance") })
        plan.allowance = allowance > .zero ? allowance : nil
        plan.people = try asker.list("Person", flags: invocation.repeated["--person"], read: { .success($0) }, first: nil,
                                     ask: { _, asker throws(Asker.Cancelled) in
            let name = try asker.ask("Someone you share costs with (Enter to finish)", default: "")
            return name.isEmpty ? nil : name
        })
    }

    /// The ledger the plan makes, checked, written to `path` if it checks clean: the booked
    /// journal, or why not once it is said.
    private static func write(_ plan: InitPlan, to path: String, _ context: Flourish.Context) -> Result<Journal, ExitCodeError> {
        let checked = plan.checked(allowance: plan.allowance, path: path)
        let errors = checked.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            context.stderr.write(DiagnosticRenderer(files: checked.journal.ledger.files, colour: context.colour).render(errors))
            if plan.allowance != nil {
                let most = plan.largestAllowance(upTo: plan.allowance ?? .zero, path: path)
                context.stderr.write("Error: the money there is today cannot cover that allowance; at most \(plan.amount(most)) a day keeps the bucket rule (--allowance)\n")
            }
            context.stderr.write("nothing was written\n")
            return .failure(ExitCodeError(code: .problems))
        }
        do {
            try FileSystem.createNew(path, Array(plan.text(allowance: plan.allowance).utf8))
        } catch {
            context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
            return .failure(ExitCodeError(code: .ioError))
        }
        return .success(checked.journal)
    }

    /// What the new ledger holds today, and the commands to go on with.
    private static func welcome(_ plan: InitPlan, _ journal: Journal, path: String, interactive: Bool, _ context: Flourish.Context) {
        context.stdout.write((interactive ? "\n" : "") + "wrote \(path): it checks clean.\n\n")
        // The ledger checked clean, so no bucket figure overflows.
        if let snapshot = (try? SnapshotReport.make(journal, date: plan.date)) ?? nil {
            context.stdout.write(SnapshotRenderer.text(snapshot, display: plan.display))
        }
        let firstAccount = StringLiteral.name(plan.accounts[0].name)
        let file = path.contains(" ") ? StringLiteral.quote(path) : path
        context.stdout.write("""

            Next:
              flourish add today "Weekly shop" 42.50 Groceries --from \(firstAccount) -f \(file)
              flourish import csv statement.csv --rules bank.rules -f \(file)
              flourish report -f \(file)
              export FLOURISH_FILE=\(file)   (then the commands find it by themselves)
              In an editor: flourish lsp checks as you type (editors/README.md).

            """)
        // In a git repository, the set-up that merges ledgers by entry is offered.
        let folder = FileSystem.directory(of: FileSystem.absolute(path))
        if let inside = GitCommand.git(["-C", folder.isEmpty ? "." : folder, "rev-parse", "--is-inside-work-tree"]), inside.text == "true" {
            context.stdout.write("""
                  This folder is in a git repository: flourish git --hooks \(file)
                  sets it up to merge ledgers entry by entry and check them on commit (docs/git.md).

                """)
        }
    }

    // MARK: Reading answers

    static func currency(_ text: String) -> Result<Currency, Invocation.UsageError> {
        let code = text.uppercased()
        guard Currency.isCode(code) else { return .failure(.init(message: "'\(text)' is not a currency code; write three letters, e.g. EUR")) }
        return .success(Currency(code: code, decimals: Currency.standardDecimals(for: code)))
    }

    static func day(_ text: String, in range: ClosedRange<Int>, _ what: String) -> Result<Int, Invocation.UsageError> {
        guard let day = NumberSyntax.smallInteger(text.utf8), range.contains(day) else {
            return .failure(.init(message: "'\(text)' is not a day for \(what); write a number from \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success(day)
    }

    static func display(_ text: String) -> Result<DisplayLocale?, Invocation.UsageError> {
        if text.isEmpty { return .success(nil) }
        do { return .success(try ReportCommand.parseLocale(text)) } catch { return .failure(error) }
    }

    static func amount(_ text: String, _ currency: Currency, _ what: String) -> Result<Money, Invocation.UsageError> {
        guard case .success(let value) = NumberSyntax.decimal(Array(text.utf8)), value.scale <= currency.decimals,
              let minor = NumberSyntax.minorUnits(value, decimals: currency.decimals) else {
            return .failure(.init(message: "'\(text)' is not an amount in \(currency.code) for \(what); write it as 1234.50"))
        }
        return .success(Money(minorUnits: minor))
    }

    static func incomeAnswer(_ text: String, _ currency: Currency) -> Result<(amount: Money, yearly: Bool), Invocation.UsageError> {
        var words = text.split(separator: " ").map(String.init)
        let yearly = words.last == "yearly"
        if yearly || words.last == "monthly" { words.removeLast() }
        return amount(words.joined(), currency, "--income").flatMap { value in
            value < .zero ? .failure(.init(message: "an income is zero or more")) : .success((value, yearly))
        }
    }

    static func percent(_ text: String) -> Result<Int, Invocation.UsageError> {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard case .success(let value) = NumberSyntax.decimal(Array(number.utf8)), value.scale <= 2,
              let basisPoints = NumberSyntax.minorUnits(value, decimals: 2), (0...10_000).contains(basisPoints) else {
            return .failure(.init(message: "'\(text)' is not a share from 0 to 100 percent for --savings"))
        }
        return .success(Int(basisPoints))
    }

    static func kindAnswer(_ text: String) -> Result<Account.Kind, Invocation.UsageError> {
        guard let kind = Account.Kind(rawValue: text) else {
            return .failure(.init(message: "'\(text)' is not a kind of account; write checking, savings, cash or credit"))
        }
        return .success(kind)
    }

    static func flagAnswer(_ text: String) -> Result<[Account.Flag], Invocation.UsageError> {
        if text == "no" || text == "n" { return .success([]) }
        guard let flag = Account.Flag(rawValue: text) else {
            return .failure(.init(message: "'\(text)' is not an answer; write no, off-budget or reserve"))
        }
        return .success([flag])
    }

    /// A kind from the account's name: savings, cash or credit when it says so.
    static func guessKind(_ name: String) -> Account.Kind {
        let lowered = name.lowercased()
        if ["saving", "spar", "épargne", "deposit"].contains(where: lowered.contains) { return .savings }
        if ["cash", "wallet", "bar"].contains(where: { lowered == $0 || lowered.hasPrefix($0 + " ") || lowered.hasSuffix(" " + $0) }) { return .cash }
        if ["card", "visa", "mastercard", "amex", "credit", "karte"].contains(where: lowered.contains) { return .credit }
        return .checking
    }

    /// `--account "NAME KIND [OPENING] [off-budget|reserve]"`: the name may have spaces; the
    /// kind, the opening balance and a flag are the last words.
    static func account(_ text: String, _ currency: Currency) -> Result<InitPlan.AccountPlan, Invocation.UsageError> {
        var words = text.split(separator: " ").map(String.init)
        var flags: [Account.Flag] = []
        while let last = words.last, words.count >= 3, let flag = Account.Flag(rawValue: last) {
            if !flags.contains(flag) { flags.insert(flag, at: 0) }
            words.removeLast()
        }
        var opening = Money.zero
        if let last = words.last, words.count >= 3, case .success(let value) = amount(last, currency, "an opening balance") {
            opening = value
            words.removeLast()
        }
        guard words.count >= 2, let kind = Account.Kind(rawValue: words.removeLast()) else {
            return .failure(.init(message: "'\(text)' is not an account; write --account \"NAME KIND [OPENING] [off-budget|reserve]\", KIND one of checking, savings, cash, credit"))
        }
        return .success(InitPlan.AccountPlan(name: words.joined(separator: " "), kind: kind, opening: opening, flags: flags))
    }

    /// `--bill "CATEGORY AMOUNT [DUE DAY]"`.
    static func bill(_ text: String, _ currency: Currency) -> Result<InitPlan.Bill, Invocation.UsageError> {
        var words = text.split(separator: " ").map(String.init)
        var due: Int?
        if words.count >= 3, let day = NumberSyntax.smallInteger(words.last!.utf8), (1...31).contains(day),
           case .success = amount(words[words.count - 2], currency, "") {
            due = day
            words.removeLast()
        }
        guard words.count >= 2, case .success(let value) = amount(words.removeLast(), currency, "a bill"), value > .zero else {
            return .failure(.init(message: "'\(text)' is not a bill; write --bill \"CATEGORY AMOUNT [DUE DAY]\", e.g. --bill \"Rent 1200 1\""))
        }
        return .success(InitPlan.Bill(category: words.joined(separator: " "), amount: value, due: due))
    }
}

/// Asks `init`'s questions on a terminal, or takes the flags and defaults without one.
struct Asker {
    /// Why the questions stopped: the end of input, or a flag that cannot be used.
    enum Cancelled: Error {
        case endOfInput
        case usage(Invocation.UsageError)
    }

    let context: Flourish.Context
    let interactive: Bool

    /// One line typed after the question (the default when it is empty); the end of input cancels.
    func ask(_ question: String, default fallback: String?) throws(Cancelled) -> String {
        context.stdout.write(question + (fallback.map { $0.isEmpty ? "" : " [\($0)]" } ?? "") + ": ")
        guard let line = context.input() else { throw .endOfInput }
        let answer = line.trimmingBlanks
        return answer.isEmpty ? (fallback ?? "") : answer
    }

    /// The flag's value, or on a terminal the answer to the question (asked again until it can
    /// be used), or the default. A flag that cannot be used is a usage error.
    func answer<T>(_ question: String, flag: String?, default fallback: String?, read: InitCommand.Reading<T>) throws(Cancelled) -> T {
        if let flag {
            switch read(flag) {
            case .success(let value): return value
            case .failure(let error): throw .usage(error)
            }
        }
        guard interactive else {
            switch read(fallback ?? "") {
            case .success(let value): return value
            case .failure(let error): throw .usage(error)
            }
        }
        while true {
            let answer = try ask(question, default: fallback)
            switch read(answer) {
            case .success(let value): return value
            case .failure(let error): context.stdout.write("  \(error.message)\n")
            }
        }
    }

    /// A list: the flags' values, or on a terminal answers until an empty one, or `first`'s.
    func list<T>(_ what: String, flags: [String]?, read: InitCommand.Reading<T>, first: String?,
                 ask: (Int, Asker) throws(Cancelled) -> T?) throws(Cancelled) -> [T] {
        if let flags {
            var values: [T] = []
            for flag in flags { values.append(try answer(what, flag: flag, default: nil, read: read)) }
            return values
        }
        guard interactive else {
            guard let first, case .success(let value) = read(first) else { return [] }
            return [value]
        }
        var values: [T] = []
        while let value = try ask(values.count + 1, self) { values.append(value) }
        return values
    }
}
