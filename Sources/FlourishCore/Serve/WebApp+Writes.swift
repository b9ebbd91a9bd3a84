/// The writes of `flourish serve`: the add form, recording what is due and settling with a
/// person. Each is the command line's own command (`add`, `record`) run on the main file with
/// the version of it the page read: the file is checked, written in canonical form and
/// atomically through symbolic links — or, when it changed since the page read it, or the
/// entry would leave an error, not written at all (docs/serve.md).
extension WebApp {
    /// The kinds of entry the add form writes, with their labels.
    static let entryKinds: [(String, String)] = [
        ("purchase", "Purchase"), ("split", "Split with a person"), ("transfer", "Transfer"),
        ("income", "Income"), ("refund", "Refund"), ("move", "Goal move"),
    ]

    /// The answer to a `POST` that passed the gates.
    func write(_ request: HTTPRequest) -> HTTPResponse {
        let form = FormFields.decode(request.body)
        func field(_ name: String) -> String { (form.first { $0.name == name }?.value ?? "").trimmingBlanks }
        let version = field("version")
        switch request.path {
        case "/add":
            switch addArguments(field) {
            case .success(let arguments):
                return perform(AddCommand.run, arguments, version: version, back: "/add", form: form)
            case .failure(let refusal):
                return addPage(notice: (refusal.message, true), form: form, status: 422)
            }
        case "/import":
            return importing(request)
        case "/record":
            return perform(RecordCommand.run, ["--only", field("name"), "--through", field("through")], version: version, back: "/", form: form)
        case "/settle":
            let person = field("person"), amount = field("amount"), account = field("account")
            guard !person.isEmpty, !account.isEmpty, EntryPlan.isAmount(amount) else {
                return .text("Bad Request: settle needs a person, an amount and an account.", status: 400)
            }
            // They owe you: the money comes into the account and off their balance; else the other way.
            let owes = form.first { $0.name == "direction" }?.value != "owed"
            let lines = owes ? [account, amount, person] : [person, amount, account]
            return perform(AddCommand.run, [today().description, "Settle up with \(person)"] + lines, version: version, back: "/", form: form)
        default:
            return .text("Not Found: nothing is written at this address.", status: 404)
        }
    }

    /// The `add` words for the form's fields, by the kind of entry; a refusal says what is missing.
    func addArguments(_ field: (String) -> String) -> Result<[String], Invocation.UsageError> {
        let date = field("date").isEmpty ? today().description : field("date")
        let description = field("description"), amount = field("amount"), category = field("category"), account = field("account")
        if field("kind") == "move" {
            let goal = field("goal")
            guard !amount.isEmpty, !goal.isEmpty else { return .failure(.init(message: "A goal move needs the amount and the goal.")) }
            return .success([date, "move", amount, field("direction") == "from" ? "from" : "to", goal])
        }
        guard !description.isEmpty else { return .failure(.init(message: "Say what it was: the description is empty.")) }
        guard !amount.isEmpty else { return .failure(.init(message: "The amount is empty.")) }
        guard !account.isEmpty else { return .failure(.init(message: "Say which account paid (or received) it.")) }
        var words = [date, description]
        let tags = field("tags").split(separator: " ").map { $0.hasPrefix("#") ? String($0) : "#" + $0 }
        switch field("kind") {
        case "purchase", "":
            words += [amount] + (category.isEmpty ? [] : [category]) + ["--from", account]
        case "refund":
            words += [amount.hasPrefix("-") ? amount : "-" + amount] + (category.isEmpty ? [] : [category]) + ["--from", account]
        case "income":
            words += [amount] + (category.isEmpty ? [] : [category]) + ["--to", account]
        case "transfer":
            let to = field("to")
            guard !to.isEmpty else { return .failure(.init(message: "Say which account the money went to.")) }
            words += [amount, "--from", account, "--to", to]
        case "split":
            let person = field("person"), share = field("share")
            guard !person.isEmpty, !share.isEmpty, !category.isEmpty else {
                return .failure(.init(message: "A split needs the category, the person and their share."))
            }
            guard let journal = loaded.journal, let total = Self.minorUnits(amount, journal), let theirs = Self.minorUnits(share, journal),
                  theirs <= total, let mine = try? Money(minorUnits: total) - Money(minorUnits: theirs) else {
                return .failure(.init(message: "The amount and the share must be amounts, the share no larger than the amount."))
            }
            let money = MoneyFormat(journal.ledger.currency)
            words += [category, money.plain(mine), person, money.plain(Money(minorUnits: theirs)), "--from", account]
        default:
            return .failure(.init(message: "Unknown kind of entry."))
        }
        return .success(words + tags)
    }

    /// An amount typed in the form (as a ledger writes it or in the ledger's display locale), in
    /// minor units of the home currency.
    static func minorUnits(_ text: String, _ journal: Journal) -> Int64? {
        let canonical = DisplayLocale.canonicalAmount(text) ?? text
        guard case .success(let decimal) = NumberSyntax.decimal(ArraySlice(Array(canonical.utf8))) else { return nil }
        return NumberSyntax.minorUnits(decimal, decimals: journal.currency.decimals)
    }

    /// Runs a writing command on the main file, refused unless the file is as the page read
    /// it; then reads the ledger again, commits with `--commit`, and goes back to the page.
    func perform(_ command: ([String], Flourish.Context) throws(Invocation.UsageError) -> ExitCode, _ arguments: [String],
                 version: String, back: String, form: [(name: String, value: String)]) -> HTTPResponse {
        guard let path = options.paths.last else { return .text("no ledger", status: 500) }
        let stdout = CapturedOutput()
        let stderr = CapturedOutput()
        var context = Flourish.Context(environment: options.environment, stdout: stdout, stderr: stderr, today: today)
        context.allowedIncludes += options.allowedIncludes
        context.expectedVersion = version
        let status: ExitCode
        do {
            status = try command(arguments + ["--file", path], context)
        } catch {
            status = .usage
            stderr.write(error.message + "\n")
        }
        refresh()
        guard status == .success else {
            let code = status == .ioError ? 409 : status == .usage ? 400 : 422
            if back == "/add" { return addPage(notice: (stderr.text, true), form: form, status: code) }
            return message(stderr.text, frame: shell(back), status: code)
        }
        var said = stdout.text
        if options.commit { said += commit(path, what: arguments) }
        lastNotice = said
        return .redirect(to: back)
    }

    /// `git commit` of the file just written, with a message naming what was added; what went
    /// wrong, if anything, as a line for the page.
    func commit(_ path: String, what arguments: [String]) -> String {
        let folder = FileSystem.directory(of: FileSystem.absolute(path))
        let words = arguments.prefix(while: { !$0.hasPrefix("--") }).prefix(3).map { word in
            String(word.unicodeScalars.filter { !ControlCharacter.contains($0) }.map(Character.init))
        }
        let message = "flourish serve: add " + words.joined(separator: " ")
        guard let added = Subprocess.run("git", ["-C", folder, "add", "--", FileSystem.absolute(path)]), added.succeeded,
              let made = Subprocess.run("git", ["-C", folder, "commit", "-q", "-m", message, "--", FileSystem.absolute(path)]), made.succeeded else {
            return "\nNot committed: git could not commit the file (is the folder a git repository?).\n"
        }
        return "\nCommitted: \(message)\n"
    }

    /// The add form: every kind of entry (and a goal move), names offered from the ledger, the version of the
    /// file it read; with the form's values kept when a write was refused (and the version of
    /// the file as it is now, which the page shows).
    func addPage(notice: (String, Bool)?, form: [(name: String, value: String)] = [], status: Int = 200) -> HTTPResponse {
        var frame = shell("/add")
        var page = HTMLPage(title: "Add an entry", shell: nil)
        if let notice {
            frame.actions = WebPages.notice(notice.0, refused: notice.1)
        } else if let said = lastNotice {
            frame.actions = WebPages.notice(said, refused: false)
            lastNotice = nil
        }
        if loaded.readFailure != nil, let problems = problemsPage("/add") { return problems }
        if !loaded.errors.isEmpty { frame.actions += WebPages.problems(loaded.errors, files: loaded.files) }
        func value(_ name: String) -> String { HTMLPage.escape(form.first { $0.name == name }?.value ?? "") }
        let names = loaded.journal.map { NameIndex($0.ledger) }
        func list(_ id: String, _ kinds: [NameIndex.Kind]) -> String {
            "<datalist id=\"\(id)\">" + ((kinds == [.goal] ? names?.goalNames : names?.names(of: kinds)) ?? []).map { "<option value=\"\(HTMLPage.escape($0))\"></option>" }.joined() + "</datalist>\n"
        }
        func input(_ name: String, _ label: String, list: String? = nil, required: Bool = false, placeholder: String = "") -> String {
            "<label>\(label) <input name=\"\(name)\" value=\"\(value(name))\"\(list.map { " list=\"\($0)\"" } ?? "")"
                + "\(required ? " required=\"required\"" : "")\(placeholder.isEmpty ? "" : " placeholder=\"\(placeholder)\"") /></label>\n"
        }
        let kind = form.first { $0.name == "kind" }?.value ?? "purchase"
        var out = "<form class=\"add\" method=\"post\" action=\"/add\">\n" + hidden("version", loaded.mainVersion)
        out += "<label>Kind <select name=\"kind\">" + Self.entryKinds.map { "<option value=\"\($0.0)\"\($0.0 == kind ? " selected=\"selected\"" : "")>\($0.1)</option>" }.joined() + "</select></label>\n"
        out += input("date", "Date", placeholder: today().description)
        out += input("description", "Description", required: true, placeholder: "Coffee")
        out += input("amount", "Amount", required: true, placeholder: loaded.journal?.ledger.display.map { $0.decimalMark == "," ? "4,50" : "4.50" } ?? "4.50")
        out += input("category", "Category", list: "categories", placeholder: "left out: the one used most for it")
        out += input("account", "Account (paid from, or into)", list: "accounts", required: true)
        out += input("to", "To account (a transfer)", list: "accounts")
        out += input("person", "Person (a split)", list: "people")
        out += input("share", "Their share (a split)")
        out += input("goal", "Goal (a goal move)", list: "goals")
        let direction = form.first { $0.name == "direction" }?.value ?? "to"
        out += "<label>Goal move <select name=\"direction\"><option value=\"to\"\(direction == "to" ? " selected=\"selected\"" : "")>into the goal, from main savings</option>"
            + "<option value=\"from\"\(direction == "from" ? " selected=\"selected\"" : "")>out of the goal, back to main savings</option></select></label>\n"
        out += input("tags", "Tags", placeholder: "trip work")
        out += list("accounts", [.account]) + list("categories", [.category, .incomeCategory]) + list("people", [.person]) + list("goals", [.goal])
        out += "<button type=\"submit\">Add</button>\n</form>\n"
        frame.footer = "<section class=\"add-form\" aria-labelledby=\"h-add\">\n<h1 id=\"h-add\">Add an entry</h1>\n"
            + "<p class=\"subtitle\">To \(HTMLPage.escape(options.paths.last ?? "")), checked and in canonical form, as <code>flourish add</code> writes it.</p>\n"
            + out + "</section>\n"
        page.shell = frame
        return .html(page.rendered, status: status)
    }
}
