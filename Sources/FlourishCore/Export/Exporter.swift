#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flourish export ledger|beancount|csv`: the ledger in other tools' formats, so that its data
/// is never trapped. Budgets become periodic transactions (ledger) or `custom "budget"`
/// directives (beancount, as fava reads them); other budgeting directives become comments.
public enum Exporter {
    public enum Target: String, CaseIterable, Sendable {
        case ledger, beancount, csv
    }

    public static func export(_ journal: Journal, as target: Target) -> String {
        let out = CapturedOutput()
        export(journal, as: target, to: out)
        return out.text
    }

    /// Writes the export a transaction at a time.
    public static func export(_ journal: Journal, as target: Target, to output: TextOutput) {
        let data = ExportTransactions(journal, names: ExportNames(journal.ledger, style: target == .beancount ? .beancount : .ledger))
        let out = OutputBlock(output)
        switch target {
        case .ledger: self.journal(journal.ledger, data, out)
        case .beancount: beancount(journal.ledger, data, out)
        case .csv: csv(journal.ledger, data, out)
        }
        out.flush()
    }

    /// A line in another currency as hledger, ledger and beancount read it: its own amount
    /// and code, and its home amount as the line's cost (`4.50 USD @@ 4.14 EUR`); `code` is the
    /// home code after a blank.
    static func foreignAmount(_ foreign: ForeignAmount, home: Money, decimals: Int, code: String) -> String {
        foreign.native.formatted(decimals: foreign.currency.decimals, grouping: false) + " " + foreign.currency.code
            + " @@ " + ((try? home.magnitude()) ?? home).formatted(decimals: decimals, grouping: false) + code
    }

    /// A rate line's rate as written (`0.0062`).
    static func rateText(_ rate: ExchangeRate) -> String {
        Money(minorUnits: rate.rate.value.mantissa).formatted(decimals: rate.rate.value.scale, grouping: false)
    }

    static func amount(_ money: Money, _ ledger: Ledger) -> String {
        money.formatted(decimals: ledger.currency?.decimals ?? 2, grouping: false) + " " + (ledger.currency?.code ?? "USD")
    }

    /// Budgeting directives other tools do not model, as comment lines.
    static func budgetingNotes(_ ledger: Ledger) -> [String] {
        let format = { (money: Money) in amount(money, ledger) }
        var notes: [String] = []
        if ledger.monthStartDay != 1 { notes.append("month-start \(ledger.monthStartDay)") }
        for item in ledger.allowances { notes.append("\(item.date) daily allowance \(format(item.amount.value))") }
        for item in ledger.earmarks {
            notes.append("\(item.date) earmark \(ledger.names[item.category.id]) \(format(item.amount.value))" + (item.dueDay.map { " due \($0.value)" } ?? ""))
        }
        for item in ledger.goals {
            notes.append("\(item.date) goal \(ledger.names[item.name.id]) \(format(item.target.value))" + (item.deadline.map { " by \($0.value)" } ?? ""))
        }
        for item in ledger.goalMoves { notes.append("\(item.date) move \(format(item.amount.value)) \(item.direction.rawValue) goal \(ledger.names[item.goal.id])") }
        for item in ledger.incomes { notes.append("\(item.date) expected income \(format(item.amount.value)) \(item.period.rawValue)") }
        for item in ledger.savingsTargets { notes.append("\(item.date) savings target \(Money(minorUnits: Int64(item.basisPoints.value)).formatted(decimals: 2))%") }
        for item in ledger.subscriptions {
            notes.append("\(item.date) subscription \(ledger.names[item.name.id]) \(format(item.amount.value)) \(item.frequency.rawValue), next \(item.nextDue.value), from \(ledger.names[item.account.id])")
        }
        return notes
    }

    // MARK: ledger / hledger

    static func journal(_ ledger: Ledger, _ data: ExportTransactions, _ out: OutputBlock) {
        let names = data.names
        out += "; Exported from Flourish (format v1). Read it with ledger or hledger.\n"
        for note in budgetingNotes(ledger) { out += "; " + note + "\n" }
        out += "\n"
        for rate in ledger.rates { out += "P \(rate.date) \(rate.code.value) \(rateText(rate)) \(ledger.currency?.code ?? "USD")\n" }
        if !ledger.rates.isEmpty { out += "\n" }
        if !ledger.budgets.isEmpty && ledger.monthStartDay != 1 {
            out += "; Budgets: Flourish's budgeting months start on day \(ledger.monthStartDay); here each counts as the\n"
            out += "; calendar month it is named after (the month in which it ends).\n\n"
        }
        for budget in ledger.budgets.sorted(by: { ($0.date, $0.location) < ($1.date, $1.location) }) {
            // A budget counts from the budgeting month containing its date. hledger wants a
            // periodic rule to start on the first of a month, so it starts on the first of the
            // calendar month that budgeting month is named after.
            let month = BudgetMonth(containing: budget.date, startDay: ledger.monthStartDay)
            let first = CivilDate(year: month.year, month: month.month, day: 1) ?? budget.date
            out += "~ monthly from \(first)\n"
            out += "    \(names.name(budget.category.id))  \(amount(budget.amount.value, ledger))\n    Assets\n\n"
        }
        var assertionIndex = 0
        func flushAssertions(through date: CivilDate?) {
            while assertionIndex < data.assertions.count, date.map({ data.assertions[assertionIndex].date < $0 }) ?? true {
                let assertion = data.assertions[assertionIndex]
                out += "\(assertion.date) * Balance assertion\n"
                out += "    \(assertion.account)  0 \(assertion.currency?.code ?? ledger.currency?.code ?? "USD") = \(assertion.text(ledger))\n\n"
                assertionIndex += 1
            }
        }
        let decimals = ledger.currency?.decimals ?? 2
        let code = " " + (ledger.currency?.code ?? "USD")
        let codeLine = Array((code + "\n").utf8)
        data.forEachTransaction { transaction in
            flushAssertions(through: transaction.date)
            // Written piece by piece into the block, the date and amounts as digits: the same
            // text as `amount` and string interpolation make.
            out.append(transaction.date)
            out.append(static: transaction.status == .cleared ? " * " : transaction.status == .pending ? " ! " : " ")
            data.withDescription(of: transaction) { bytes in
                // Most descriptions are written as they are: judged on their bytes.
                if let first = bytes.first, first != UInt8(ascii: "("), first != UInt8(ascii: "*"),
                   first != UInt8(ascii: "!"), !bytes.contains(UInt8(ascii: ";")) {
                    out.append(bytes)
                } else {
                    out += journalDescription(bytes.string)
                }
            }
            if !transaction.tags.isEmpty { out += "  ; :" + transaction.tags.joined(separator: ":") + ":" }
            out.append(byte: UInt8(ascii: "\n"))
            for note in transaction.notes { out += "    ; \(note)\n" }
            var width = 0
            for index in transaction.postings.indices { width = max(width, transaction.postings[index].width) }
            // Each split line read where it stands (a copy of each retained its name).
            for index in transaction.postings.indices {
                out.append(repeating: UInt8(ascii: " "), count: 4)
                out += transaction.postings[index].account
                out.append(repeating: UInt8(ascii: " "), count: width - transaction.postings[index].width + 2)
                if let foreign = transaction.postings[index].foreign {
                    out += foreignAmount(foreign, home: transaction.postings[index].amount, decimals: decimals, code: code)
                    out.append(byte: UInt8(ascii: "\n"))
                    continue
                }
                out.append(transaction.postings[index].amount, decimals: decimals)
                out.append(bytes: codeLine)
            }
            out.append(byte: UInt8(ascii: "\n"))
            out.flushIfFull()
        }
        flushAssertions(through: nil)
    }

    /// A description as hledger and ledger read it back: hledger ends a description at `;`
    /// (the rest becomes a comment), so `;` is written as the fullwidth `；` (U+FF1B); a
    /// description that would read as a status mark or a `(code)` is set off with a space-free
    /// prefix. An empty one becomes `No description`.
    static func journalDescription(_ text: String) -> String {
        guard !text.isEmpty else { return "No description" }
        // Judged on the bytes: `;`, `(`, `*` and `!` are ASCII, never part of another character.
        switch text.utf8.first {
        case UInt8(ascii: "("), UInt8(ascii: "*"), UInt8(ascii: "!"): break
        default: if !StringBytes.contains(text, anyOf: ";") { return text }
        }
        var out = ""
        for scalar in text.unicodeScalars { if scalar == ";" { out += "\u{FF1B}" } else { out.unicodeScalars.append(scalar) } }
        if let first = out.unicodeScalars.first, first == "(" || first == "*" || first == "!" { out = "- " + out }
        return out
    }

    // MARK: beancount

    static func beancount(_ ledger: Ledger, _ data: ExportTransactions, _ out: OutputBlock) {
        let names = data.names
        let code = ledger.currency?.code ?? "USD"
        func tag(_ text: String) -> String {
            func kept(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "."): return true
                default: return false
                }
            }
            // Most tags are kept whole; the others character by character.
            if text.utf8.allSatisfy(kept) { return text }
            return String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_/.".contains($0)) ? $0 : "-" })
        }
        out += "; Exported from Flourish (format v1). Check it with bean-check; browse it with fava.\n"
        out += "option \"title\" \"Flourish ledger\"\noption \"operating_currency\" \"\(code)\"\n\n"
        for note in budgetingNotes(ledger) { out += "; " + note + "\n" }
        out += "\n"
        let opened = data.firstDate ?? CivilDate(year: 2000, month: 1, day: 1)!
        let accounts = Set(names.all.values).union([ExportNames.opening, ExportNames.corrections]).sorted()
        // With lines in other currencies, an account is not held to the home one, and a
        // line's cost (`@@`), which beancount turns into a rate for each unit, is allowed half a
        // minor unit of the home currency either way.
        let constrained = ledger.foreignAmounts.isEmpty && ledger.foreignDirectives.isEmpty
        if !constrained {
            let half = Money(minorUnits: 5).formatted(decimals: (ledger.currency?.decimals ?? 2) + 1, grouping: false)
            out += "option \"inferred_tolerance_default\" \"\(code):\(half)\"\n\n"
        }
        for account in accounts { out += "\(opened) open \(account)" + (constrained ? " \(code)\n" : "\n") }
        for rate in ledger.rates { out += "\(rate.date) price \(rate.code.value) \(rateText(rate)) \(code)\n" }
        out += "\n"
        for budget in ledger.budgets.sorted(by: { ($0.date, $0.location) < ($1.date, $1.location) }) {
            out += "\(budget.date) custom \"budget\" \(names.name(budget.category.id)) \"monthly\" \(amount(budget.amount.value, ledger))\n"
        }
        out += "\n"
        let decimals = ledger.currency?.decimals ?? 2
        let spacedCode = " " + code
        let codeLine = Array((spacedCode + "\n").utf8)
        data.forEachTransaction { transaction in
            // Piece by piece, as in the ledger export.
            out.append(transaction.date)
            out.append(static: transaction.status == .pending ? " ! " : " * ")
            data.withDescription(of: transaction) { bytes in
                // Quoted as it is unless it holds a quote or a backslash: judged on its bytes.
                if !bytes.contains(UInt8(ascii: "\"")), !bytes.contains(UInt8(ascii: "\\")) {
                    out.append(byte: UInt8(ascii: "\""))
                    out.append(bytes)
                    out.append(byte: UInt8(ascii: "\""))
                } else {
                    out += StringLiteral.quote(bytes.string)
                }
            }
            for name in transaction.tags { out += " #" + tag(name) }
            out.append(byte: UInt8(ascii: "\n"))
            for note in transaction.notes { out += "  ; \(note)\n" }
            for index in transaction.postings.indices {
                out.append(repeating: UInt8(ascii: " "), count: 2)
                out += transaction.postings[index].account
                out.append(repeating: UInt8(ascii: " "), count: 2)
                if let foreign = transaction.postings[index].foreign {
                    out += foreignAmount(foreign, home: transaction.postings[index].amount, decimals: decimals, code: spacedCode)
                    out.append(byte: UInt8(ascii: "\n"))
                    continue
                }
                out.append(transaction.postings[index].amount, decimals: decimals)
                out.append(bytes: codeLine)
            }
            out.append(byte: UInt8(ascii: "\n"))
            out.flushIfFull()
        }
        // beancount checks a balance at the start of its day; Flourish at the end of its day.
        for assertion in data.assertions {
            out += "\(assertion.date.adding(days: 1)) balance \(assertion.account)  \(assertion.text(ledger))\n"
        }
        // A `close` line is at the end of its day: the account is closed from the next one.
        for closing in ledger.closings.sorted(by: { ($0.date, $0.location) < ($1.date, $1.location) }) {
            out += "\(closing.date.adding(days: 1)) close \(names.name(closing.account.id))\n"
        }
    }

    // MARK: CSV

    /// One row per split line (openings and corrections as two rows each), RFC 4180.
    static func csv(_ ledger: Ledger, _ data: ExportTransactions, _ out: OutputBlock) {
        let code = ledger.currency?.code ?? "USD"
        out += "date,status,description,tags,account,name,amount,currency\r\n"
        let decimals = ledger.currency?.decimals ?? 2
        // The currency's field and the line's end, the same on every row: made once.
        var end: [UInt8] = [UInt8(ascii: ",")]
        OutputBlock.appendField(code, to: &end)
        end += [0x0D, 0x0A]
        // A transaction's date, status, description and tags, the same on each of its rows:
        // made once for them all.
        let prefix = OutputBlock()
        // Per name id, its account and name fields with the comma between them, quoted and
        // guarded as `csvText` and `appendField` do, made the first time the name is written
        // (where they stand in `names`; an empty range not yet made).
        var names: [UInt8] = []
        var fields = [Range<Int>](repeating: 0..<0, count: ledger.names.names.count)
        data.forEachTransaction(namesByID: true) { transaction in
            let status: StaticString = transaction.status == .cleared ? ",*," : transaction.status == .pending ? ",!," : ",,"
            prefix.removeAll()
            prefix.append(transaction.date)
            prefix.append(static: status)
            data.withDescription(of: transaction) { bytes in
                // Judged on its bytes; one a spreadsheet would run gets its `'` (`csvText`).
                if let first = bytes.first, DocumentRenderer.isFormula(first) {
                    prefix.appendField(DocumentRenderer.csvText(bytes.string))
                } else {
                    prefix.appendField(utf8: bytes)
                }
            }
            prefix.append(byte: UInt8(ascii: ","))
            if !transaction.tags.isEmpty { prefix.appendField(transaction.tags.map { "#" + $0 }.joined(separator: " ")) }
            prefix.append(byte: UInt8(ascii: ","))
            // Each split line read where it stands (a copy of each retained its names).
            for index in transaction.postings.indices {
                // Field by field into the block; the amount never needs quotes.
                out.append(prefix.gathered)
                let id = Int(transaction.ids[index])
                if id >= 0 && id < fields.count {
                    if fields[id].isEmpty {
                        let start = names.count
                        OutputBlock.appendField(DocumentRenderer.csvText(data.names.name(Int32(id))), to: &names)
                        names.append(UInt8(ascii: ","))
                        OutputBlock.appendField(DocumentRenderer.csvText(ledger.names[Int32(id)]), to: &names)
                        fields[id] = start..<names.count
                    }
                    names[fields[id]].withView { out.append($0) }
                } else {
                    // The equity side of an opening or a correction: named in the transaction.
                    out.appendField(DocumentRenderer.csvText(transaction.postings[index].account))
                    out.append(byte: UInt8(ascii: ","))
                    out.appendField(DocumentRenderer.csvText(index < transaction.targets.count ? transaction.targets[index] : ""))
                }
                out.append(byte: UInt8(ascii: ","))
                out.append(transaction.postings[index].amount, decimals: decimals)
                out.append(bytes: end)
            }
            out.flushIfFull()
        }
    }
}
