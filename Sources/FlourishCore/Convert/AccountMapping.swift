/// Where each account of another tool's tree goes in Flourish (docs/migrating.md):
///
/// - `Assets:…` → an account (its kind guessed from the name: checking, savings, cash; an
///   investment is savings and off-budget); `Assets:Receivable:NAME` → the person NAME;
/// - `Liabilities:…` → a credit account; `Liabilities:Payable:NAME` → the person NAME;
/// - `Expenses:…` → an expense category, `Income:…` (or `Revenue:…`) → an income category,
///   the hierarchy below kept;
/// - `Equity:Opening…` → `opening` lines; `Equity:Corrections` → `correction` lines.
///
/// A mapping file says otherwise, one account a line (`;` starts a comment):
///
///     Assets:Bank:Joint = account Joint checking
///     Assets:Brokerage = account Brokerage savings off-budget
///     Assets:Loans:Sam = person Sam
///     Expenses:Dining = category Food:Dining
///     Income:Gifts = category Gifts income
enum AccountMapping {
    enum Target: Equatable, Sendable {
        case account(String, Account.Kind, [Account.Flag])
        case category(String, income: Bool)
        case person(String)
        /// Lines against it become `opening` lines of the accounts on the other side.
        case opening
        /// Lines against it become `correction` lines of the account on the other side.
        case correction
        case unsupported(String)

        var name: String? {
            switch self {
            case .account(let name, _, _), .category(let name, _), .person(let name): return name
            default: return nil
            }
        }
    }

    /// The target of `account` by the default rules, and whether its kind was a guess.
    static func target(of account: String) -> (target: Target, guessed: Bool) {
        let parts = account.split(separator: ":").map(String.init)
        guard let top = parts.first?.lowercased() else { return (.unsupported("an empty account name"), false) }
        let below = parts.count > 1 ? parts.dropFirst().joined(separator: ":") : parts[0]
        let lowered = account.lowercased()
        switch top {
        case "assets", "asset":
            if parts.count >= 3, ["receivable", "receivables", "accountsreceivable", "accounts-receivable"].contains(parts[1].lowercased()) {
                return (.person(parts.dropFirst(2).joined(separator: ":")), false)
            }
            return accountKind(below, lowered)
        case "liabilities", "liability":
            if parts.count >= 3, ["payable", "payables", "accountspayable", "accounts-payable"].contains(parts[1].lowercased()) {
                return (.person(parts.dropFirst(2).joined(separator: ":")), false)
            }
            return (.account(below, .credit, []), false)
        case "expenses", "expense":
            return (.category(below, income: false), false)
        case "income", "revenue", "revenues":
            return (.category(below, income: true), false)
        case "equity":
            if parts.count >= 2, parts[1].lowercased().hasPrefix("opening") { return (.opening, false) }
            if parts.count >= 2, ["corrections", "correction", "adjustments", "adjustment"].contains(parts[1].lowercased()) {
                return (.correction, false)
            }
            return (.unsupported("an equity account other than Equity:Opening… and Equity:Corrections"), false)
        default:
            return (.unsupported("an account outside Assets, Liabilities, Expenses, Income and Equity"), false)
        }
    }

    /// An asset account's kind from words in its name; checking when nothing says.
    static func accountKind(_ name: String, _ lowered: String) -> (target: Target, guessed: Bool) {
        let words: [(String, Account.Kind, [Account.Flag])] = [
            ("invest", .savings, [.offBudget]), ("broker", .savings, [.offBudget]), ("retire", .savings, [.offBudget]),
            ("401k", .savings, [.offBudget]), ("ira", .savings, [.offBudget]), ("pension", .savings, [.offBudget]),
            ("stock", .savings, [.offBudget]), ("etrade", .savings, [.offBudget]), ("vanguard", .savings, [.offBudget]),
            ("saving", .savings, []), ("deposit", .savings, []),
            ("cash", .cash, []), ("wallet", .cash, []), ("petty", .cash, []),
            ("check", .checking, []), ("current", .checking, []), ("bank", .checking, []), ("giro", .checking, []),
        ]
        let parts = lowered.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        // Short words must be whole ("ira", not Miranda); longer ones may be part of a word.
        for (word, kind, flags) in words where parts.contains(where: { word.count <= 4 ? $0 == word : $0.contains(word) }) {
            return (.account(name, kind, flags), false)
        }
        return (.account(name, .checking, []), true)
    }

    /// A mapping file: `FOREIGN = account NAME KIND [FLAG…]`, `= person NAME`,
    /// `= category NAME [income]`, `= opening`, `= correction`. Problems come with their line.
    static func parse(_ text: String, file: String) -> (mapping: [String: Target], problems: [String]) {
        var mapping: [String: Target] = [:]
        var problems: [String] = []
        for (number, raw) in ForeignSources.lines(Array(text.utf8)).enumerated() {
            let line = ForeignSyntax.trimmed(ForeignSyntax.splitComment(raw).0)
            if line.isEmpty { continue }
            func problem(_ message: String) { problems.append("\(file):\(number + 1): \(message)") }
            guard let equals = line.firstIndex(of: "=") else { problem("write FOREIGN = account|person|category …"); continue }
            let foreign = String(ForeignSyntax.trimmed(line[..<equals]))
            let words = BeancountReader.words(line[line.index(after: equals)...]).map(\.text)
            guard !foreign.isEmpty, let kind = words.first else { problem("write FOREIGN = account|person|category …"); continue }
            if words.count >= 2, ["account", "person", "category"].contains(kind), NameRules.problem(Array(words[1].utf8), quoted: true) != nil {
                problem("'\(words[1])' cannot be a name: every part between ':' needs a name, and 64 parts at most")
                continue
            }
            switch kind {
            case "account":
                guard words.count >= 3, let accountKind = Account.Kind(rawValue: words[2]) else {
                    problem("write 'account NAME KIND', KIND one of checking, savings, cash, credit"); continue
                }
                let flags = words.dropFirst(3).compactMap(Account.Flag.init(rawValue:))
                guard flags.count == words.count - 3 else { problem("account flags are off-budget and reserve"); continue }
                mapping[foreign] = .account(words[1], accountKind, flags)
            case "person" where words.count == 2:
                mapping[foreign] = .person(words[1])
            case "category" where words.count == 2 || (words.count == 3 && ["income", "expense"].contains(words[2])):
                mapping[foreign] = .category(words[1], income: words.count == 3 && words[2] == "income")
            case "opening" where words.count == 1:
                mapping[foreign] = .opening
            case "correction" where words.count == 1:
                mapping[foreign] = .correction
            default:
                problem("write 'account NAME KIND [FLAG…]', 'person NAME', 'category NAME [income]', 'opening' or 'correction'")
            }
        }
        return (mapping, problems)
    }
}
