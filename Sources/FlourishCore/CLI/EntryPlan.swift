/// The split lines `flourish add` was asked for, before their names are resolved.
///
/// Two forms:
/// - the short one, `AMOUNT [CATEGORY]` with `--from ACCOUNT` (spending: the category gets the
///   amount, the account pays), `--to ACCOUNT` (income: the account gets it, the category gives
///   it) or both (a transfer, no category);
/// - lines, `TARGET AMOUNT [goal GOAL]…` with at most one `TARGET` left without an amount, and
///   `--from ACCOUNT` or `--to ACCOUNT` for the line that balances the entry.
struct EntryPlan {
    struct Line {
        var target: String
        /// As written (`-4.50`); nil when left out.
        var amount: String?
        var goal: String?
        /// What the name may be.
        var kinds: [NameIndex.Kind]
    }

    private(set) var lines: [Line] = []
    /// The short form without a category: the command proposes one.
    private(set) var needsCategory = false
    private(set) var isIncome = false
    private(set) var amountText = ""

    static let anyTarget: [NameIndex.Kind] = [.account, .category, .incomeCategory, .person]

    static func isAmount(_ word: String) -> Bool {
        if case .success = NumberSyntax.decimal(ArraySlice(Array(word.utf8))) { return true }
        return false
    }

    /// The amount that begins at `words[index]`, as grammar.md writes one on a split line: a
    /// number, then a currency code and a price (`@ RATE` or `@@ TOTAL`, with the home code or
    /// without) when given (`12.50 USD @@ 11.48`); the text and the index after it, or nil
    /// when no number is there.
    static func amount(in words: [String], at index: Int) -> (text: String, next: Int)? {
        guard index < words.count, isAmount(words[index]) else { return nil }
        var parts = [words[index]]
        var next = index + 1
        if next < words.count, Currency.isCode(words[next]) {
            parts.append(words[next])
            next += 1
        }
        if next + 1 < words.count, words[next] == "@" || words[next] == "@@", isAmount(words[next + 1]) {
            parts += [words[next], words[next + 1]]
            next += 2
            if next < words.count, Currency.isCode(words[next]) {
                parts.append(words[next])
                next += 1
            }
        }
        return (parts.joined(separator: " "), next)
    }

    init(_ words: [String], from: String?, to: String?) throws(Invocation.UsageError) {
        if let first = words.first, Self.isAmount(first) {
            try shortForm(words, from: from, to: to)
        } else {
            try lineForm(words, from: from, to: to)
        }
    }

    /// `AMOUNT [CATEGORY]` with --from, --to or both.
    private mutating func shortForm(_ words: [String], from: String?, to: String?) throws(Invocation.UsageError) {
        let amount = Self.amount(in: words, at: 0) ?? (words[0], 1)
        amountText = amount.text
        guard words.count <= amount.next + 1 else {
            throw Invocation.UsageError(message: "after the amount comes one category; for several lines write TARGET AMOUNT pairs")
        }
        let category = words.count == amount.next + 1 ? words[amount.next] : nil
        switch (from, to) {
        case (let from?, nil):
            lines = [Line(target: category ?? "", amount: amountText, kinds: [.category, .incomeCategory, .person]),
                     Line(target: from, amount: nil, kinds: [.account])]
            needsCategory = category == nil
        case (nil, let to?):
            isIncome = true
            lines = [Line(target: to, amount: amountText, kinds: [.account]),
                     Line(target: category ?? "", amount: nil, kinds: [.incomeCategory, .category, .person])]
            needsCategory = category == nil
        case (let from?, let to?):
            guard category == nil else {
                throw Invocation.UsageError(message: "a transfer (--from and --to) has no category; drop '\(category ?? "")'")
            }
            lines = [Line(target: to, amount: amountText, kinds: [.account, .person]),
                     Line(target: from, amount: nil, kinds: [.account, .person])]
        case (nil, nil):
            throw Invocation.UsageError(message: "say which account paid: --from ACCOUNT (or --to ACCOUNT for money in)")
        }
    }

    /// `TARGET AMOUNT [goal GOAL]… [TARGET]`, balanced by --from or --to.
    private mutating func lineForm(_ words: [String], from: String?, to: String?) throws(Invocation.UsageError) {
        guard !words.isEmpty else {
            throw Invocation.UsageError(message: "say what the money went to: TARGET AMOUNT pairs, or AMOUNT CATEGORY --from ACCOUNT")
        }
        var index = 0
        while index < words.count {
            let target = words[index]
            index += 1
            var line = Line(target: target, amount: nil, kinds: Self.anyTarget)
            if let amount = Self.amount(in: words, at: index) {
                line.amount = amount.text
                index = amount.next
                if index + 1 < words.count, words[index] == "goal" {
                    line.goal = words[index + 1]
                    line.kinds = [.category, .incomeCategory]
                    index += 2
                }
            }
            lines.append(line)
        }
        if from != nil && to != nil {
            throw Invocation.UsageError(message: "with lines, give --from or --to for the line that balances them, not both")
        }
        if let balancing = from ?? to { lines.append(Line(target: balancing, amount: nil, kinds: [.account, .person])) }
        let leftOut = lines.filter { $0.amount == nil }.count
        guard leftOut <= 1 else {
            throw Invocation.UsageError(message: "\(leftOut) lines have no amount; at most one may leave it out")
        }
        guard lines.count >= 2 else {
            throw Invocation.UsageError(message: "an entry needs two lines at least: add --from ACCOUNT, or another TARGET")
        }
    }

    /// Names the category the short form left out.
    mutating func setCategory(_ name: String) {
        for index in lines.indices where lines[index].target.isEmpty { lines[index].target = name }
        needsCategory = false
    }
}
