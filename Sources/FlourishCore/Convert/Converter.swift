/// Writes what another tool's file says as one Flourish ledger (docs/migrating.md): the
/// currency, the accounts, categories and people its account tree maps to, budgets, opening
/// balances, entries, corrections and balance assertions, with its comments where they
/// stood. What cannot be converted is listed with its place; a transaction is converted whole
/// or not at all, except that lines in another commodity without a cost or price (which
/// balance among themselves) are left out of it one by one.
struct Converter {
    struct Outcome {
        /// The ledger, in canonical form.
        var text: String
        /// "not converted: … (file:line)", the skipped prices, the guessed kinds.
        var notes: [String]
        var notConverted: Int
        /// Each foreign account the ledger uses → its Flourish name.
        var names: [String: String]
        /// Foreign accounts some of whose lines in the main commodity were not converted: their
        /// balances cannot agree with the original's.
        var incomplete: Set<String>
        var transactions = 0
        var assertions = 0
        var budgets = 0
        var schedules = 0
        var openings = 0
        /// Account lines of transactions not converted, kept as corrections.
        var corrections = 0
    }

    struct Failure: Error {
        var message: String
    }

    /// One piece of the output, in the order of the source.
    enum Chunk {
        case comment(String)
        case entry(String)
        case line(String)
        /// A balance assertion, kept if its account is complete.
        case assertion(index: Int)
    }

    struct Assertion {
        var date: CivilDate
        var account: String
        var minor: Int64
        var place: ForeignLedger.Place
        /// For an assertion on a posting: the order of that posting among all postings.
        var order: Int?
        /// The commodity of an account kept in one (its decimals), nil for the main one.
        var commodity: (code: String, decimals: Int)? = nil
        /// A balance assignment's: its line's amount was worked out from it.
        var assigned = false
    }

    let foreign: ForeignLedger
    let code: String
    let decimals: Int
    let main: String
    let mapping: [String: AccountMapping.Target]
    var targets: [String: AccountMapping.Target] = [:]
    var notes: [String] = []
    /// What was not converted, with its place, listed in the order of the files.
    var skipped: [(place: ForeignLedger.Place, what: String)] = []
    /// Per foreign account: the first day a line of it was not converted.
    var incomplete: [String: CivilDate] = [:]
    var chunks: [Chunk] = []
    var assertions: [Assertion] = []
    var lastPosting: [String: Int] = [:]
    var opened: Set<String> = []
    var used: [String] = []
    var usedSet: Set<String> = []
    var outcome = Outcome(text: "", notes: [], notConverted: 0, names: [:], incomplete: [])
    /// The other commodities lines are converted in (codes Flourish can hold), with their
    /// decimals, in the order first used; accounts kept in one; commodities with a price.
    var commodities: [String: Int] = [:]
    var commodityOrder: [String] = []
    var keptIn: [String: String] = [:]
    var priced: Set<String> = []
    var rateLines: Set<String> = []
    /// Commodities held in lots at a cost (shares, funds).
    var lots: Set<String> = []
    /// Commodities priced by costs only (no `P`/`price` line in the main one): their rate lines
    /// are made from the costs (hledger's `--infer-market-prices`), the last written kept here.
    var costRated: Set<String> = []
    var lastCostRate: [String: (date: CivilDate, rate: NumberSyntax.Decimal)] = [:]
    /// Each other commodity's first day used, its first price in the main one (a `P` line's or
    /// a transaction's) and the first rate line written for it: lines before that rate line
    /// are booked at the first price.
    var firstUse: [String: CivilDate] = [:]
    var firstPrice: [String: (date: CivilDate, rate: NumberSyntax.Decimal)] = [:]
    var firstRateLine: [String: CivilDate] = [:]
    /// The other commodities the converted ledger's lines are written in.
    var usedCommodities: Set<String> = []
    /// Lines whose cost is not a whole number of the main commodity's minor units (rounded
    /// once, as every line is): how many, and the first.
    var rounded: (count: Int, first: ForeignLedger.Place?) = (0, nil)
    /// Prices not converted: how many, and the first.
    var skippedPrices: (count: Int, first: ForeignLedger.Place?) = (0, nil)

    /// The commodity most amounts are in.
    static func mostCommon(_ foreign: ForeignLedger) -> String? {
        var counts: [String: Int] = [:]
        for case .transaction(let transaction) in foreign.items {
            for posting in transaction.postings {
                // (A bare zero has no commodity: `hledger print` writes any zero so.)
                if let amount = posting.amount, amount.number.mantissa != 0 || !amount.commodity.isEmpty { counts[amount.commodity, default: 0] += 1 }
            }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The commodity prices and costs are most often in (other commodities are valued in it).
    static func mostCommonPrice(_ foreign: ForeignLedger) -> String? {
        var counts: [String: Int] = [:]
        for item in foreign.items {
            switch item {
            case .transaction(let transaction):
                for posting in transaction.postings { if let cost = posting.cost { counts[cost.amount.commodity, default: 0] += 1 } }
            case .price(_, _, let amount, _):
                counts[amount.commodity, default: 0] += 1
            default:
                break
            }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The main commodity: the one `--currency` names (by its code or symbol), the one the
    /// file declares, the one prices are in, or the one most amounts are in.
    static func mainCommodity(_ foreign: ForeignLedger, currency: String?) -> String {
        if let currency {
            var used: Set<String> = []
            for case .transaction(let transaction) in foreign.items { for posting in transaction.postings { if let amount = posting.amount { used.insert(amount.commodity) } } }
            if let named = used.sorted().first(where: { $0 == currency || Currency.code(ofSymbol: $0) == currency }) { return named }
        }
        return foreign.mainCommodity ?? mostCommonPrice(foreign) ?? mostCommon(foreign) ?? ""
    }

    static func convert(_ foreign: ForeignLedger, source: String, format: String, currency: String?,
                        mapping: [String: AccountMapping.Target]) -> Result<Outcome, Failure> {
        let main = mainCommodity(foreign, currency: currency)
        guard let code = currency ?? Currency.code(ofSymbol: main) ?? (Currency.isCode(main) ? main : nil) ?? (main.isEmpty ? "USD" : nil) else {
            return .failure(Failure(message: "the amounts are in '\(main)', which is not a currency code; say which currency it is with --currency CODE"))
        }
        guard Currency.isCode(code) else { return .failure(Failure(message: "'\(code)' is not a currency code; write three capital letters, e.g. EUR")) }
        // A commodity written with more decimals than its code has in ISO 4217 (gold, a
        // coin) keeps them all (`currency XAU 4`), up to the 8 a currency may have.
        let decimals = max(Currency.standardDecimals(for: code), min(8, finestScale(of: main, in: foreign)))
        var foreign = foreign
        foreign.fillBalanceAssignments(main: main, decimals: decimals)
        var converter = Converter(foreign: foreign, code: code, decimals: decimals, main: main, mapping: mapping)
        converter.incomplete = foreign.incompleteAccounts
        converter.findCommodities()
        converter.run()
        return .success(converter.finish(source: source, format: format))
    }

    mutating func skip(_ what: String, at place: ForeignLedger.Place) {
        skipped.append((place, what))
    }

    /// The most decimals an amount in `commodity` is written with (trailing zeros aside).
    static func finestScale(of commodity: String, in foreign: ForeignLedger) -> Int {
        var finest = 0
        func note(_ amount: ForeignLedger.Amount?) {
            guard let amount, amount.commodity == commodity else { return }
            var decimal = amount.number
            while decimal.scale > finest, decimal.mantissa % 10 == 0 {
                decimal = NumberSyntax.Decimal(mantissa: decimal.mantissa / 10, scale: decimal.scale - 1)
            }
            finest = max(finest, decimal.scale)
        }
        for item in foreign.items {
            switch item {
            case .transaction(let transaction):
                for posting in transaction.postings { note(posting.amount); note(posting.assertion) }
            case .balance(_, _, let amount, _), .budget(_, _, let amount, _):
                note(amount)
            case .schedule(_, _, _, _, let postings, _):
                for posting in postings { note(posting.amount) }
            case .comment, .open, .price, .close:
                break
            }
        }
        return finest
    }

    /// The commodities other than the main one that transactions use and Flourish can hold
    /// (a code of 2 to 24 capital letters), each with the most decimals it is written with (up
    /// to 8, trailing zeros counted); which have a price in the main one (a `P`/`price` line, a cost or a price on a
    /// line).
    mutating func findCommodities() {
        var scales: [String: Int] = [:]
        func note(_ amount: ForeignLedger.Amount?) {
            guard let amount, !isMain(amount), Currency.isCommodityCode(amount.commodity.utf8) else { return }
            if scales[amount.commodity] == nil { commodityOrder.append(amount.commodity) }
            // As written, trailing zeros and all: the lines are written as they stand.
            scales[amount.commodity] = max(scales[amount.commodity] ?? 0, amount.number.scale)
        }
        for item in foreign.items {
            switch item {
            case .transaction(let transaction):
                for posting in transaction.postings {
                    note(posting.amount)
                    guard let amount = posting.amount, !isMain(amount) else { continue }
                    firstUse[amount.commodity] = min(firstUse[amount.commodity] ?? transaction.date, transaction.date)
                    if posting.isLot { lots.insert(amount.commodity) }
                }
            case .price(let date, let commodity, let amount, _):
                if isMain(amount), amount.number.mantissa >= 0 {
                    priced.insert(commodity)
                    rateLines.insert(commodity)
                    noteFirstPrice(commodity, date, amount.number)
                    firstRateLine[commodity] = min(firstRateLine[commodity] ?? date, date)
                }
            default:
                break
            }
        }
        for (commodity, scale) in scales { commodities[commodity] = min(8, max(scale, Currency.isCode(commodity) ? Currency.standardDecimals(for: commodity) : 0)) }
        for case .transaction(let transaction) in foreign.items {
            for (commodity, rate) in prices(in: transaction) {
                priced.insert(commodity)
                noteFirstPrice(commodity, transaction.date, rate)
                // Rate lines are made from the transactions' prices only without a price line.
                if !rateLines.contains(commodity) { firstRateLine[commodity] = min(firstRateLine[commodity] ?? transaction.date, transaction.date) }
            }
        }
        costRated = priced.subtracting(rateLines)
        // Accounts kept in one other commodity: opened in it (wherever they are opened), or,
        // opened without one, whose every line with an amount is in it (a journal's accounts).
        var declared: Set<String> = []
        for case .open(let account, let kept, _) in foreign.items where !kept.isEmpty {
            declared.insert(account)
            if kept.count == 1, kept[0] != main, commodities[kept[0]] != nil, case .account = target(account) { keptIn[account] = kept[0] }
        }
        // The commodities each undeclared account's lines are in ("" for the main one, or one
        // Flourish has no code for).
        var used: [String: Set<String>] = [:]
        for case .transaction(let transaction) in foreign.items {
            // A line left out beside lines all in one other commodity without a cost is in it.
            let written = transaction.postings.filter { !$0.virtual && $0.amount != nil }
            let only = written.first?.amount?.commodity
            let leftOutIn = only.flatMap { only in
                !isMain(written[0].amount!) && written.allSatisfy { $0.cost == nil && $0.amount?.commodity == only } ? only : nil
            }
            for posting in transaction.postings where !posting.virtual && !declared.contains(posting.account) {
                guard let amount = posting.amount else {
                    if let leftOutIn, commodities[leftOutIn] != nil { used[posting.account, default: []].insert(leftOutIn) }
                    continue
                }
                guard amount.number.mantissa != 0 || !amount.commodity.isEmpty else { continue }
                used[posting.account, default: []].insert(isMain(amount) || commodities[amount.commodity] == nil ? "" : amount.commodity)
            }
        }
        for (account, commodities) in used where commodities.count == 1 {
            if let commodity = commodities.first, !commodity.isEmpty, case .account = target(account) { keptIn[account] = commodity }
        }
    }

    /// Whether an amount counts in the main commodity: written in it, or a zero with no
    /// commodity (`hledger print` writes a zero amount as a bare `0`).
    func isMain(_ amount: ForeignLedger.Amount) -> Bool {
        amount.commodity == main || (amount.commodity.isEmpty && amount.number.mantissa == 0)
    }

    /// An amount in minor units of the currency, if it is in the main commodity and exact.
    func minor(_ amount: ForeignLedger.Amount) -> Int64? { Self.minor(amount, decimals: decimals) }

    /// An amount's number in minor units of a currency with `decimals`, if it is exact.
    static func minor(_ amount: ForeignLedger.Amount, decimals: Int) -> Int64? {
        var decimal = amount.number
        while decimal.scale > decimals, decimal.mantissa % 10 == 0 {
            decimal = NumberSyntax.Decimal(mantissa: decimal.mantissa / 10, scale: decimal.scale - 1)
        }
        guard decimal.scale <= decimals else { return nil }
        return NumberSyntax.minorUnits(decimal, decimals: decimals)
    }

    func text(_ minor: Int64) -> String { Money(minorUnits: minor).formatted(decimals: decimals, grouping: false) }

    mutating func target(_ account: String) -> AccountMapping.Target {
        if let known = targets[account] { return known }
        let found: AccountMapping.Target
        if let mapped = mapping[account] {
            found = mapped
        } else {
            let (guess, guessed) = AccountMapping.target(of: account)
            found = guess.name.map { NameRules.problem(Array($0.utf8), quoted: true) != nil } ?? false
                ? .unsupported("a name Flourish cannot hold (an empty part, or more than \(NameRules.maximumParts) parts)") : guess
            if guessed, case .account(let name, let kind, _) = guess {
                notes.append("guessed: \(account) is a \(kind.rawValue) account (a mapping file can say otherwise: \(account) = account \(StringLiteral.name(name)) savings)")
            }
        }
        targets[account] = found
        return found
    }

    mutating func use(_ account: String) {
        if usedSet.insert(account).inserted { used.append(account) }
    }

    mutating func run() {
        var order = 0
        for item in foreign.items {
            switch item {
            case .comment(let text):
                chunks.append(.comment(text))
            case .open(let account, let kept, let place):
                if !kept.isEmpty && !kept.contains(main) {
                    // An account kept in one other commodity keeps its units (an off-budget
                    // account); a category takes lines in any.
                    switch target(account) {
                    case .account where keptIn[account] != nil:
                        use(account)
                    case .category:
                        use(account)
                    default:
                        skip("the account \(account), kept in \(kept.joined(separator: ", "))", at: place)
                    }
                } else if case .unsupported(let why) = target(account) {
                    skip("the account \(account): \(why)", at: place)
                } else {
                    use(account)
                }
            case .budget(let date, let account, let amount, let place):
                guard isMain(amount), let value = minor(amount), value >= 0 else {
                    skip("a budget of \(account) that is not a sum of \(code) of zero or more", at: place)
                    continue
                }
                guard case .category(_, income: false) = target(account) else {
                    if case .account = target(account) { continue }  // the balancing side of a periodic transaction
                    skip("a budget of \(account), which is not an expense category", at: place)
                    continue
                }
                use(account)
                let day = date ?? firstDate ?? .earliest
                chunks.append(.line("budget \(day) \(account.placeholder) \(text(value))"))
                outcome.budgets += 1
            case .schedule(let date, let name, let recurrence, let until, let postings, let place):
                schedule(date, name, recurrence, until, postings, place)
            case .balance(let date, let account, let amount, let place):
                if !isMain(amount), keptIn[account] == amount.commodity, let decimals = commodities[amount.commodity],
                   let value = Self.minor(amount, decimals: decimals) {
                    assertions.append(Assertion(date: date, account: account, minor: value, place: place, order: nil,
                                                commodity: (amount.commodity, decimals)))
                    chunks.append(.assertion(index: assertions.count - 1))
                    continue
                }
                guard isMain(amount), let value = minor(amount) else {
                    skip("a balance of \(account) in \(amount.commodity.isEmpty ? "no commodity" : amount.commodity)", at: place)
                    continue
                }
                assertions.append(Assertion(date: date, account: account, minor: value, place: place, order: nil))
                chunks.append(.assertion(index: assertions.count - 1))
            case .transaction(let transaction):
                costRates(of: transaction)
                convert(transaction, order: &order)
            case .price(let date, let commodity, let amount, let place):
                guard commodities[commodity] != nil, isMain(amount), amount.number.mantissa >= 0 else {
                    skippedPrices.count += 1
                    if skippedPrices.first == nil { skippedPrices.first = place }
                    continue
                }
                chunks.append(.line("rate \(date) \(commodity) \(Self.written(amount.number))"))
            case .close(let date, let account, let place):
                guard case .account = target(account) else {
                    skip("the close of \(account), which is not an account", at: place)
                    continue
                }
                if let since = incomplete[account], since <= date {
                    skip("the close of \(account), some of whose lines were not converted", at: place)
                    continue
                }
                use(account)
                chunks.append(.line("close \(date) \(account.placeholder)"))
            }
        }
    }

    /// A number as written: its digits and decimals.
    static func written(_ number: NumberSyntax.Decimal) -> String {
        Money(minorUnits: number.mantissa).formatted(decimals: number.scale, grouping: false)
    }

    /// A periodic transaction with a description as a `schedule`: its lines must be in the
    /// main currency and balance, as an entry's.
    mutating func schedule(_ date: CivilDate?, _ name: String, _ recurrence: String, _ until: CivilDate?,
                           _ postings: [ForeignLedger.Posting], _ place: ForeignLedger.Place) {
        var lines = ""
        var missing = 0
        var sum: Int64 = 0
        for posting in postings {
            let found = target(posting.account)
            guard !posting.virtual, !posting.priced, found.name != nil else {
                skip("a periodic transaction with a line of \(posting.account), which a schedule cannot hold", at: place)
                return
            }
            lines += "  \(posting.account.placeholder)"
            if let amount = posting.amount {
                guard isMain(amount), let value = minor(amount) else {
                    skip("a periodic transaction with a line in \(amount.commodity.isEmpty ? "no commodity" : amount.commodity)", at: place)
                    return
                }
                let (total, overflow) = sum.addingReportingOverflow(value)
                guard !overflow else { skip("a periodic transaction with amounts too large to add up", at: place); return }
                sum = total
                lines += "  " + text(value)
            } else {
                missing += 1
            }
            lines += "\n"
        }
        let day = date ?? firstDate ?? .earliest
        guard postings.count >= 2, missing <= 1, missing == 1 || sum == 0, until.map({ $0 >= day }) ?? true else {
            skip("a periodic transaction whose lines do not balance or whose dates are out of order", at: place)
            return
        }
        for posting in postings { use(posting.account) }
        chunks.append(.entry("schedule \(day) \(StringLiteral.name(Self.clean(name))) \(recurrence)" + (until.map { " until \($0)" } ?? "") + "\n" + lines))
        outcome.schedules += 1
    }

    var firstDate: CivilDate? {
        foreign.items.lazy.compactMap { if case .transaction(let t) = $0 { return t.date } else { return nil } }.min()
    }

    /// A transaction's line as it is converted: its target, and its amount in minor units
    /// (nil where it was left out).
    private struct Kept {
        var posting: ForeignLedger.Posting
        var target: AccountMapping.Target
        var minor: Int64?
        /// A line in another commodity: its amount, and its cost in the main one when written.
        var other: (amount: ForeignLedger.Amount, decimals: Int, cost: (amount: ForeignLedger.Amount, total: Bool)?)? = nil
    }

    /// A transaction's lines as they are converted, and the lines left out with why.
    private struct KeptLines {
        var kept: [Kept] = []
        /// A line in another commodity was left out.
        var droppedOther = false
        var notes: [(String, ForeignLedger.Place)] = []
        /// The lines whose amount was left out (and filled in).
        var missing: [Int] = []
    }

    mutating func convert(_ transaction: ForeignLedger.Transaction, order: inout Int) {
        let lines: KeptLines
        switch keptLines(of: transaction) {
        case .success(let read): lines = read
        case .failure(let failure): return notConverted(transaction, why: failure.why, order: &order)
        }
        let kept = lines.kept
        // Nothing but zeros (hledger's way of writing a lone assertion): the assertions only.
        if kept.allSatisfy({ $0.minor == 0 }) {
            for (what, place) in lines.notes { skip(what, at: place) }
            for line in kept { noteAssertion(line.posting, transaction.date, &order) }
            return
        }
        // Opening balances and corrections: every other line must be an account's.
        if kept.contains(where: { $0.target == .opening || $0.target == .correction }) {
            return convertEquity(transaction, lines, order: &order)
        }
        if kept.count < 2 { return notConverted(transaction, why: "one line in \(code)", order: &order) }
        for (what, place) in lines.notes { skip(what, at: place) }
        chunks.append(.entry(entryText(transaction, lines)))
        outcome.transactions += 1
        for line in kept { noteAssertion(line.posting, transaction.date, &order) }
    }

    /// Why a transaction is not converted.
    private struct NotConverted: Error { var why: String }

    /// The lines of a transaction in the main commodity with their amounts, the one left out
    /// filled in; or why the transaction cannot be converted.
    private mutating func keptLines(of transaction: ForeignLedger.Transaction) -> Result<KeptLines, NotConverted> {
        var lines = KeptLines()
        for posting in transaction.postings {
            if posting.virtual {
                lines.notes.append(("a virtual line of \(posting.account)", posting.place))
                missed(posting.account, on: transaction.date)
                continue
            }
            var value: Int64?
            if let amount = posting.amount, !isMain(amount), let decimals = commodities[amount.commodity] {
                // A line in another commodity: its amount, and its cost in the main one.
                if posting.priced && !(posting.cost.map { isMain($0.amount) } ?? false) {
                    return .failure(NotConverted(why: "a line in \(amount.commodity) whose cost is not written in \(code)"))
                }
                let found = target(posting.account)
                if case .unsupported(let why) = found { return .failure(NotConverted(why: "a line of \(posting.account), \(why)")) }
                if let kept = keptIn[posting.account], kept != amount.commodity {
                    return .failure(NotConverted(why: "a line of \(posting.account), kept in \(kept), in \(amount.commodity)"))
                }
                if case .account = found, keptIn[posting.account] == nil, posting.cost == nil {
                    // On an account kept in the main commodity, a line in another needs its cost.
                    return .failure(NotConverted(why: "a line of \(posting.account) in \(amount.commodity) without a cost"))
                }
                guard Self.minor(amount, decimals: decimals) != nil else {
                    return .failure(NotConverted(why: "an amount in \(amount.commodity) with more than 8 decimals"))
                }
                var line = Kept(posting: posting, target: found, minor: nil, other: (amount, decimals, posting.cost))
                line.minor = homeValue(amount, decimals: decimals, cost: posting.cost)
                if let cost = posting.cost, !costIsExact(amount, decimals: decimals, cost: cost) {
                    rounded.count += 1
                    if rounded.first == nil { rounded.first = posting.place }
                }
                lines.kept.append(line)
                continue
            }
            if let amount = posting.amount {
                if !isMain(amount) {
                    if posting.priced { return .failure(NotConverted(why: "a line in \(amount.commodity) with a cost or price")) }
                    lines.notes.append(("a line of \(posting.account) in \(amount.commodity.isEmpty ? "no commodity" : amount.commodity)", posting.place))
                    lines.droppedOther = true
                    continue
                }
                // A zero with a price (`0 @ $2067.71`, as `hledger print` writes a zero amount) weighs nothing.
                if posting.priced, amount.number.mantissa != 0 || !amount.commodity.isEmpty {
                    return .failure(NotConverted(why: "a line in \(code) priced in another commodity"))
                }
                guard let exact = minor(amount) else { return .failure(NotConverted(why: "an amount with more decimals than \(code) has")) }
                value = exact
            }
            let found = target(posting.account)
            if case .unsupported(let why) = found { return .failure(NotConverted(why: "a line of \(posting.account), \(why)")) }
            lines.kept.append(Kept(posting: posting, target: found, minor: value))
        }
        lines.missing = lines.kept.indices.filter { lines.kept[$0].minor == nil && lines.kept[$0].other == nil }
        if lines.missing.count > 1 { return .failure(NotConverted(why: "more than one amount left out")) }
        var sum: Int64 = 0
        for line in lines.kept {
            guard let value = line.minor else { continue }
            let (total, overflow) = sum.addingReportingOverflow(value)
            if overflow { return .failure(NotConverted(why: "amounts too large to add up")) }
            sum = total
        }
        // Lines in other commodities without a cost: Flourish books them at the rate lines (or,
        // one alone, at what balances the entry); the amounts in the main one are left to it.
        let unpriced = lines.kept.filter { $0.other != nil && $0.minor == nil }
        if !unpriced.isEmpty {
            if lines.missing.count == 1, unpriced.count > 0, !unpriced.allSatisfy({ rated($0.other!.amount.commodity) }) {
                return .failure(NotConverted(why: "an amount left out beside lines in \(unpriced[0].other!.amount.commodity) without a cost"))
            }
            if lines.missing.isEmpty, unpriced.count > 1, !unpriced.allSatisfy({ rated($0.other!.amount.commodity) }) {
                return .failure(NotConverted(why: "lines in \(unpriced[0].other!.amount.commodity) without a cost"))
            }
            return .success(lines)
        }
        // A cost times an amount rounded once each: a sum off by a minor unit a line is given
        // to the largest line in another commodity, as its total cost (`@@`).
        if lines.missing.isEmpty, sum != 0, sum.magnitude <= UInt64(lines.kept.count),
           let largest = lines.kept.indices.filter({ lines.kept[$0].other != nil }).max(by: { (lines.kept[$0].minor ?? 0).magnitude < (lines.kept[$1].minor ?? 0).magnitude }),
           let value = lines.kept[largest].minor {
            lines.kept[largest].minor = value - sum
            lines.kept[largest].other?.cost = (ForeignLedger.Amount(number: NumberSyntax.Decimal(mantissa: Int64((value - sum).magnitude), scale: decimals),
                                                                    commodity: main), true)
            sum = 0
        }
        if let index = lines.missing.first {
            if lines.droppedOther { return .failure(NotConverted(why: "an amount left out beside lines in other commodities")) }
            guard sum != .min else { return .failure(NotConverted(why: "amounts too large to add up")) }
            lines.kept[index].minor = -sum
        } else if sum != 0 {
            return .failure(NotConverted(why: "amounts that do not add up to zero in \(code)"))
        }
        return .success(lines)
    }

    /// What `amount` cost in minor units of the main commodity, at its cost (a unit's or the
    /// line's, in the main commodity), rounded once as Flourish does; nil without a cost.
    func homeValue(_ amount: ForeignLedger.Amount, decimals: Int, cost: (amount: ForeignLedger.Amount, total: Bool)?) -> Int64? {
        guard let cost, let native = Self.minor(amount, decimals: decimals) else { return nil }
        if cost.total {
            // The line's cost, its sign the line's.
            guard let total = try? Money.rounded(cost.amount.number, decimals: self.decimals), total.minorUnits >= 0 else { return nil }
            return native < 0 ? -total.minorUnits : total.minorUnits
        }
        return (try? Money.converted(Money(minorUnits: native), decimals: decimals, rate: cost.amount.number, homeDecimals: self.decimals))?.minorUnits
    }

    /// Whether a line's cost is a whole number of minor units of the main commodity.
    func costIsExact(_ amount: ForeignLedger.Amount, decimals: Int, cost: (amount: ForeignLedger.Amount, total: Bool)) -> Bool {
        if cost.total { return Self.minor(cost.amount, decimals: self.decimals) != nil }
        guard let native = Self.minor(amount, decimals: decimals) else { return false }
        return Money.convertsExactly(Money(minorUnits: native), decimals: decimals, rate: cost.amount.number, homeDecimals: self.decimals)
    }

    /// Whether lines in `commodity` have a rate line to be booked at (a price, or the rate of
    /// zero written for a commodity never priced).
    func rated(_ commodity: String) -> Bool { commodities[commodity] != nil }

    /// What one unit of `amount` cost in the main commodity: a `@` price as written, a `@@`
    /// total over the units to ten decimals (trailing zeros dropped); nil for no units or a
    /// negative cost.
    func unitRate(_ amount: ForeignLedger.Amount, cost: (amount: ForeignLedger.Amount, total: Bool)) -> NumberSyntax.Decimal? {
        guard cost.amount.number.mantissa >= 0 else { return nil }
        guard cost.total else { return cost.amount.number }
        guard let units = commodities[amount.commodity].flatMap({ Self.minor(amount, decimals: $0) }),
              let total = try? Money.rounded(cost.amount.number, decimals: 8),
              let rate = Money.rate(home: total, homeDecimals: 8, native: Money(minorUnits: units.magnitude <= UInt64(Int64.max) ? abs(units) : 0),
                                    decimals: commodities[amount.commodity] ?? 0, places: 10) else { return nil }
        return NumberSyntax.Decimal(mantissa: rate.minorUnits, scale: 10).normalized
    }

    /// The prices a transaction says, per unit in the main commodity: each cost, and the rate
    /// of an exchange written with both amounts (lines in the main commodity and lines in one
    /// other, none left out, none with a cost: what hledger infers as the price).
    func prices(in transaction: ForeignLedger.Transaction) -> [(commodity: String, rate: NumberSyntax.Decimal)] {
        var prices: [(commodity: String, rate: NumberSyntax.Decimal)] = []
        var main: Int64 = 0
        var other: (commodity: String, units: Int64)?
        var exchange = true
        for posting in transaction.postings where !posting.virtual {
            guard let amount = posting.amount else { exchange = false; continue }
            if let cost = posting.cost {
                exchange = false
                if !isMain(amount), isMain(cost.amount), commodities[amount.commodity] != nil, let rate = unitRate(amount, cost: cost) {
                    prices.append((amount.commodity, rate))
                }
            } else if isMain(amount), let value = minor(amount) {
                let (sum, overflow) = main.addingReportingOverflow(value)
                if overflow { exchange = false } else { main = sum }
            } else if let decimals = commodities[amount.commodity], other == nil || other?.commodity == amount.commodity,
                      let units = Self.minor(amount, decimals: decimals) {
                let (sum, overflow) = (other?.units ?? 0).addingReportingOverflow(units)
                if overflow { exchange = false } else { other = (amount.commodity, sum) }
            } else {
                exchange = false
            }
        }
        if exchange, let other, other.units != 0, other.units != .min, main != 0, main != .min, (main < 0) != (other.units < 0),
           let rate = Money.rate(home: Money(minorUnits: abs(main)), homeDecimals: decimals, native: Money(minorUnits: abs(other.units)),
                                 decimals: commodities[other.commodity] ?? 0, places: 10) {
            prices.append((other.commodity, NumberSyntax.Decimal(mantissa: rate.minorUnits, scale: 10).normalized))
        }
        return prices
    }

    mutating func noteFirstPrice(_ commodity: String, _ date: CivilDate, _ rate: NumberSyntax.Decimal) {
        if let known = firstPrice[commodity], known.date <= date { return }
        firstPrice[commodity] = (date, rate)
    }

    /// The rate lines a transaction's prices make for commodities without a price line: one
    /// a price, unless the last one made has that date and rate.
    mutating func costRates(of transaction: ForeignLedger.Transaction) {
        for (commodity, rate) in prices(in: transaction) where costRated.contains(commodity) {
            if let last = lastCostRate[commodity], last.date == transaction.date, last.rate == rate { continue }
            lastCostRate[commodity] = (transaction.date, rate)
            chunks.append(.line("rate \(transaction.date) \(commodity) \(Self.written(rate))"))
        }
    }

    /// The transaction is listed as not converted; what it moved in and out of accounts in
    /// the main commodity becomes corrections, so that their balances still agree.
    private mutating func notConverted(_ transaction: ForeignLedger.Transaction, why: String, order: inout Int) {
        skip("a transaction with \(why)", at: transaction.place)
        // A left-out amount is what the other lines leave, when they are all in the currency.
        let real = transaction.postings.filter { !$0.virtual }
        var inferred: Int64?
        if real.filter({ $0.amount == nil }).count == 1 {
            var sum: Int64? = 0
            for posting in real {
                guard let amount = posting.amount else { continue }
                guard isMain(amount), let value = minor(amount), let total = sum else { sum = nil; break }
                let (added, overflow) = total.addingReportingOverflow(value)
                sum = overflow ? nil : added
            }
            inferred = sum.flatMap { $0 == .min ? nil : -$0 }
        }
        for posting in transaction.postings where !posting.virtual && posting.amount.map(isMain) ?? true {
            let value = posting.amount == nil ? inferred : posting.amount.flatMap(minor)
            if value == 0 { continue }
            guard let value, case .account = target(posting.account) else {
                missed(posting.account, on: transaction.date)
                continue
            }
            use(posting.account)
            let what = transaction.description.isEmpty ? "" : transaction.description + ": "
            chunks.append(.line("correction \(transaction.date) \(posting.account.placeholder) \(text(value)) "
                                + StringLiteral.quote(Self.clean(what + "not converted (\(transaction.place))"))))
            outcome.corrections += 1
            noteAssertion(posting, transaction.date, &order)
        }
    }

    /// A transaction with an opening-balance or correction line: an `opening` (the first of
    /// an account) or a `correction` for each account line.
    private mutating func convertEquity(_ transaction: ForeignLedger.Transaction, _ lines: KeptLines, order: inout Int) {
        let others = lines.kept.filter { $0.target != .opening && $0.target != .correction }
        guard others.allSatisfy({ if case .account = $0.target { return true } else { return false } }) else {
            return notConverted(transaction, why: "an opening balance or correction of a category or person", order: &order)
        }
        for (what, place) in lines.notes { skip(what, at: place) }
        let isOpening = lines.kept.contains { $0.target == .opening }
        if others.contains(where: { $0.other != nil && !(isOpening && keptIn[$0.posting.account] != nil) }) {
            return notConverted(transaction, why: "a correction in another commodity", order: &order)
        }
        for line in others {
            use(line.posting.account)
            let value = line.minor ?? 0
            if isOpening && opened.insert(line.posting.account).inserted {
                if let other = line.other { usedCommodities.insert(other.amount.commodity) }
                let amount = line.other.map(Self.otherText) ?? text(value)
                chunks.append(.line("opening \(transaction.date) \(line.posting.account.placeholder) \(amount)"))
                outcome.openings += 1
            } else if line.other != nil {
                return notConverted(transaction, why: "a second opening balance in another commodity", order: &order)
            } else {
                let reason = transaction.description.isEmpty ? (isOpening ? "opening balance" : "correction") : transaction.description
                chunks.append(.line("correction \(transaction.date) \(line.posting.account.placeholder) \(text(value)) \(StringLiteral.quote(Self.clean(reason)))"))
            }
            noteAssertion(line.posting, transaction.date, &order)
        }
    }

    /// The entry's text: its date line, comments, and split lines.
    private mutating func entryText(_ transaction: ForeignLedger.Transaction, _ lines: KeptLines) -> String {
        var out = "\(transaction.date)"
        switch transaction.status {
        case .cleared: out += " *"
        case .pending: out += " !"
        case nil: break
        }
        let description = Self.clean(transaction.description)
        if !description.isEmpty { out += " " + StringLiteral.description(description) }
        var tags: [String] = []
        for tag in transaction.tags where ForeignSyntax.isTagName(tag) && !tags.contains(tag) { tags.append(tag) }
        if !tags.isEmpty { out += "  " + tags.map { "#" + $0 }.joined(separator: " ") }
        let comments = transaction.comments.map(Self.clean)
        if let first = comments.first { out += "  ; " + first }
        out += "\n"
        for comment in comments.dropFirst() { out += "  ; \(comment)\n" }
        for (index, line) in lines.kept.enumerated() {
            use(line.posting.account)
            out += "  \(line.posting.account.placeholder)"
            if let other = line.other {
                usedCommodities.insert(other.amount.commodity)
                out += "  " + Self.otherText(other)
            } else if !lines.missing.contains(index), let value = line.minor {
                out += "  " + text(value)
            }
            if let comment = line.posting.comment, !comment.isEmpty { out += "  ; " + Self.clean(comment) }
            out += "\n"
        }
        return out
    }

    /// An amount in another commodity as Flourish writes it: `10 VEA @ 83.53` (a unit's cost),
    /// `10 VEA @@ 835.30` (the line's), `5 VACHR` (no cost: the rate lines value it).
    static func otherText(_ other: (amount: ForeignLedger.Amount, decimals: Int, cost: (amount: ForeignLedger.Amount, total: Bool)?)) -> String {
        var out = written(other.amount.number) + " " + other.amount.commodity
        if let cost = other.cost {
            let magnitude = NumberSyntax.Decimal(mantissa: abs(cost.amount.number.mantissa), scale: cost.amount.number.scale)
            out += (cost.total ? " @@ " : " @ ") + written(magnitude)
        }
        return out
    }

    /// Remembers the last posting of each account and day, and a posting's assertion.
    mutating func noteAssertion(_ posting: ForeignLedger.Posting, _ date: CivilDate, _ order: inout Int) {
        order += 1
        lastPosting["\(date) \(posting.account)"] = order
        guard let assertion = posting.assertion else { return }
        if !isMain(assertion), keptIn[posting.account] == assertion.commodity, let decimals = commodities[assertion.commodity],
           let value = Self.minor(assertion, decimals: decimals) {
            assertions.append(Assertion(date: date, account: posting.account, minor: value, place: posting.place, order: order,
                                        commodity: (assertion.commodity, decimals), assigned: posting.assigned))
            chunks.append(.assertion(index: assertions.count - 1))
            return
        }
        guard isMain(assertion), let value = minor(assertion) else {
            skip("a balance assertion of \(posting.account) in \(assertion.commodity)", at: posting.place)
            return
        }
        assertions.append(Assertion(date: date, account: posting.account, minor: value, place: posting.place, order: order, assigned: posting.assigned))
        chunks.append(.assertion(index: assertions.count - 1))
    }

    /// Control characters, which a ledger may not hold, as spaces.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ControlCharacter.isUnsafe($0) ? " " : $0 }))
    }

    mutating func finish(source: String, format: String) -> Outcome {
        var body = ""
        var previous: Chunk?
        for chunk in chunks {
            var piece: String
            switch chunk {
            case .comment(let text):
                piece = text.isEmpty ? ";\n" : "; \(Self.clean(text))\n"
            case .entry(let text):
                piece = text
            case .line(let text):
                piece = text + "\n"
            case .assertion(let index):
                guard let line = assertionLine(assertions[index]) else { continue }
                piece = line
            }
            // A blank line around entries and between comments and the rest.
            switch (previous, chunk) {
            case (nil, _), (.comment?, .comment), (.line?, .line), (.line?, .assertion), (.assertion?, .line),
                 (.assertion?, .assertion), (.entry?, .assertion):
                break
            default:
                piece = "\n" + piece
            }
            previous = chunk
            body += piece
        }
        let names = flourishNames()
        var head = "; Converted from \(source) (\(format)) by flourish convert.\n"
        head += decimals == Currency.standardDecimals(for: code) ? "currency \(code)\n\n" : "currency \(code) \(decimals)\n\n"
        var accounts = "", categories = "", people = ""
        var declared: Set<String> = []
        for foreign in used {
            guard let name = names[foreign], let target = targets[foreign], declared.insert(name).inserted else { continue }
            switch target {
            case .account(_, let kind, var flags):
                let kept = keptIn[foreign].map { " " + $0 } ?? ""
                // Units that are not money (held in lots, never priced, or not a currency's
                // three letters) are not part of the funds the budget divides; money in
                // another currency is.
                if let commodity = keptIn[foreign], !flags.contains(.offBudget),
                   lots.contains(commodity) || !priced.contains(commodity) || !Currency.isCode(commodity) {
                    flags.append(.offBudget)
                }
                accounts += "account \(StringLiteral.name(name)) \(kind.rawValue)" + kept + flags.map { " " + $0.rawValue }.joined() + "\n"
            case .category(_, let income):
                categories += "category \(StringLiteral.name(name))" + (income ? " income" : "") + "\n"
            case .person:
                people += "person \(StringLiteral.name(name))\n"
            default:
                break
            }
        }
        // Other commodities: their decimals, and a rate of 0 for one never priced in the main
        // one (said once below); an account kept in one takes exchange gains and losses.
        var others = ""
        for account in self.used { if let kept = keptIn[account] { usedCommodities.insert(kept) } }
        let used = commodityOrder.filter { usedCommodities.contains($0) }
        for commodity in used {
            others += "commodity \(commodity) \(commodities[commodity] ?? 2)\n"
        }
        let unpriced = used.filter { !priced.contains($0) }
        if !unpriced.isEmpty, let first = firstDate {
            for commodity in unpriced { others += "rate \(first) \(commodity) 0\n" }
            notes.append("\(unpriced.joined(separator: ", ")) never \(unpriced.count == 1 ? "has" : "have") a price in \(code): \(unpriced.count == 1 ? "its" : "their") lines are worth 0 \(code) (rate lines of 0 written)")
        }
        // A commodity used before its first price: booked at that price until then.
        for commodity in used where priced.contains(commodity) {
            guard let use = firstUse[commodity], let price = firstPrice[commodity], use < firstRateLine[commodity] ?? .latest else { continue }
            others += "rate \(use) \(commodity) \(Self.written(price.rate))\n"
            notes.append("\(commodity) is used from \(use), before its first rate line: a rate line at its first price in \(code) (\(price.date)) is written for \(use)")
        }
        let inferred = used.filter { costRated.contains($0) }
        if !inferred.isEmpty {
            notes.append("\(inferred.joined(separator: ", ")) \(inferred.count == 1 ? "has" : "have") no price line in \(code): rate lines are made from the prices its transactions say (as hledger's --infer-market-prices does)")
        }
        if !keptIn.isEmpty, !declared.contains("Exchange") {
            categories += "category Exchange exchange\n"
        }
        head += [others, accounts, categories, people].filter { !$0.isEmpty }.joined(separator: "\n")
        skipped += foreign.notConverted.map { ($0.place, $0.what) }
        let order = Dictionary(foreign.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        skipped.sort { (order[$0.place.file] ?? 0, $0.place.line) < (order[$1.place.file] ?? 0, $1.place.line) }
        notes = skipped.map { "not converted: \($0.what) (\($0.place))" } + notes

        if rounded.count > 0, let first = rounded.first {
            let lines = rounded.count == 1 ? "1 line costs" : "\(rounded.count) lines cost"
            notes.append("\(lines) a fraction of a \(code) minor unit at the price written (the first at \(first)): rounded once each, as Flourish books every line, so the accounts that take those costs can differ from the original's exact total by up to half a minor unit a line")
        }
        let prices = foreign.skippedPrices + skippedPrices.count
        if prices > 0, let first = [foreign.firstPrice, skippedPrices.first].compactMap({ $0 }).min(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            notes.append("skipped \(prices) price\(prices == 1 ? "" : "s") not in \(code) of a commodity the ledger's lines use (the first at \(first))")
        }
        let text = Self.named(head + "\n" + body, names)
        outcome.text = Formatter.format(SourceFile(path: source, text: text)).formatted ?? text
        outcome.notes = notes
        outcome.notConverted = skipped.count
        outcome.names = names
        outcome.incomplete = Set(incomplete.keys)
        return outcome
    }

    /// A balance assertion as a `balance` line, or nil (and a note) when it cannot hold.
    mutating func assertionLine(_ assertion: Assertion) -> String? {
        if let since = incomplete[assertion.account], since <= assertion.date {
            skip("a balance assertion of \(assertion.account), some of whose lines were not converted", at: assertion.place)
            return nil
        }
        guard case .account = target(assertion.account) else {
            skip("a balance assertion of \(assertion.account), which is not an account", at: assertion.place)
            return nil
        }
        if let order = assertion.order, lastPosting["\(assertion.date) \(assertion.account)"] != order {
            // A balance assignment's is kept in the amount worked out from it.
            if !assertion.assigned { skip("a balance assertion of \(assertion.account) followed by other lines of it that day", at: assertion.place) }
            return nil
        }
        use(assertion.account)
        outcome.assertions += 1
        if let commodity = assertion.commodity {
            usedCommodities.insert(commodity.code)
            return "balance \(assertion.date) \(assertion.account.placeholder) \(Money(minorUnits: assertion.minor).formatted(decimals: commodity.decimals, grouping: false))\n"
        }
        return "balance \(assertion.date) \(assertion.account.placeholder) \(text(assertion.minor))\n"
    }

    /// A line of `account` dated `date` was not converted: its balance differs from then on.
    mutating func missed(_ account: String, on date: CivilDate) {
        incomplete[account] = min(incomplete[account] ?? date, date)
    }

    /// The text with each placeholder replaced by its name as written (one pass).
    static func named(_ text: String, _ names: [String: String]) -> String {
        var out = String.UnicodeScalarView()
        var inside: String.UnicodeScalarView?
        for scalar in text.unicodeScalars {
            if scalar == "\u{1}" { inside = String.UnicodeScalarView(); continue }
            if scalar == "\u{2}", let foreign = inside {
                let account = String(foreign)
                out.append(contentsOf: StringLiteral.name(names[account] ?? account).unicodeScalars)
                inside = nil
                continue
            }
            if inside != nil { inside!.append(scalar) } else { out.append(scalar) }
        }
        return String(out)
    }

    static func placeholder(_ foreign: String) -> String { "\u{1}" + foreign + "\u{2}" }

    /// The Flourish name of each foreign account used: the default rules' (or the mapping
    /// file's), except that accounts whose names would clash keep their whole foreign name.
    func flourishNames() -> [String: String] {
        var owners: [String: Set<String>] = [:]
        func owner(_ target: AccountMapping.Target, _ foreign: String) -> String? {
            switch target {
            case .account: return "account " + foreign
            case .category(_, let income): return income ? "income" : "expense"
            case .person: return "person"
            default: return nil
            }
        }
        for foreign in used {
            guard let target = targets[foreign], let name = target.name, let who = owner(target, foreign) else { continue }
            owners[name, default: []].insert(who)
            if case .category = target {
                var parts = name.split(separator: ":")
                while parts.count > 1 { parts.removeLast(); owners[parts.joined(separator: ":"), default: []].insert(who) }
            }
        }
        var names: [String: String] = [:]
        for foreign in used {
            guard let target = targets[foreign], let name = target.name else { continue }
            var clashes = (owners[name]?.count ?? 0) > 1
            if case .category = target {
                var parts = name.split(separator: ":")
                while !clashes && parts.count > 1 { parts.removeLast(); clashes = (owners[parts.joined(separator: ":")]?.count ?? 0) > 1 }
            }
            // The whole foreign name, its empty parts left out (`::Assets:Bank` is `Assets:Bank`).
            names[foreign] = clashes && mapping[foreign] == nil ? foreign.split(separator: ":").joined(separator: ":") : name
        }
        return names
    }
}

extension String {
    /// The account written as a placeholder the converter replaces with its Flourish name.
    var placeholder: String { Converter.placeholder(self) }
}
