/// Turns a bank's CSV statement into ledger entries, following an `ImportRules`.
///
/// Each row gets a key made from its text (and how many identical rows came before it in the
/// file), written as `; import:KEY` on the entry's date line; rows whose key is already in the
/// ledger are not imported again.
enum Importer {
    struct Row {
        var date: CivilDate
        var description: String
        /// Money into the statement's account (negative when it left).
        var amount: Money
        /// The row's key, from the fields the rules read (so a re-exported statement with a
        /// different balance column or order gives the same keys).
        var key: String
        /// The key earlier versions wrote, from the row's whole text: a row with it is known too.
        var legacyKey: String
        /// Where the money went (or came from), other than the account: one line, or a split.
        var lines: [(target: String, amount: Money, goal: String?)]
        /// The rule that chose the lines (its index in `ImportRules.rules`), or nil for `default`.
        var rule: Int?
        var tags: [String] = []
        var status = Entry.Status.unmarked
        var comment: String?
        /// The first line's target, for summaries.
        var category: String { lines.first?.target ?? "" }
        /// The row's line in the CSV file.
        var line: Int
        /// A fee charged on the row (positive), from the `fee` column.
        var fee: Money = .zero
        /// The account's balance after the row, from the `balance` column.
        var balance: Money?
        /// What the row was in another currency than the ledger's (the `original` columns):
        /// the amount's size in that currency's minor units, and the currency.
        var original: (amount: Money, currency: Currency)?
    }

    /// The statement as UTF-8, from the encoding the rules name. Text that is not valid UTF-8
    /// without an `encoding` rule is an error at its first bad byte, never U+FFFD.
    static func decode(_ bytes: [UInt8], path: String, _ encoding: ImportRules.Encoding) -> (file: SourceFile, diagnostic: Diagnostic?) {
        switch encoding {
        case .utf8:
            let file = SourceFile(path: path, bytes: bytes)
            var issue: Int?
            bytes.withView { buffer in
                if case .invalid(let at, _)? = buffer.firstTextIssue(in: 0..<buffer.count, allowControls: true) { issue = at }
            }
            guard let at = issue else { return (file, nil) }
            let shown = "0x" + String(bytes[at], radix: 16, uppercase: true)
            return (file, Diagnostic(.importField(what: "text", value: shown, expected: "UTF-8; name the statement's encoding with `encoding windows-1252` or `encoding latin1`"),
                                     at: SourceLocation(file: 1, range: at..<at + 1)))
        case .latin1, .windows1252:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                if encoding == .windows1252, (0x80...0x9F).contains(byte), let mapped = windows1252[byte] {
                    scalars.append(mapped)
                } else {
                    scalars.append(Unicode.Scalar(byte))
                }
            }
            return (SourceFile(path: path, text: String(scalars)), nil)
        }
    }

    /// Windows-1252's characters in 0x80–0x9F (the rest of the byte range is Latin-1).
    private static let windows1252: [UInt8: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    /// The `balance` assertion the statement's balance column gives: the balance after the
    /// last row of its last day (the first such row of a newest-first statement).
    static func closingBalance(_ rows: [Row]) -> (date: CivilDate, amount: Money)? {
        let dated = rows.filter { $0.balance != nil }
        guard let last = dated.map(\.date).max(), let firstDate = dated.first?.date, let lastDate = dated.last?.date else { return nil }
        let newestFirst = firstDate > lastDate
        let onLastDay = dated.filter { $0.date == last }
        guard let closing = newestFirst ? onLastDay.first : onLastDay.last, let balance = closing.balance else { return nil }
        return (last, balance)
    }

    /// The rows of a statement, or the problems that stop it being imported at all.
    /// `plausible`: the dates a row may be expected to have (the ledger's years, widened by ten);
    /// a row outside is read, with a warning (`warnings` of `statement`), so that a misread
    /// year is seen and an old statement still imports.
    static func rows(_ csv: SourceFile, fileIndex: Int, rules: ImportRules, decimals: Int,
                     plausible: ClosedRange<CivilDate>? = nil) -> (rows: [Row], diagnostics: [Diagnostic]) {
        let read = statement(csv, fileIndex: fileIndex, rules: rules, decimals: decimals, plausible: plausible)
        return (read.rows, read.diagnostics)
    }

    /// The rows, the problems, and the lines of the rows a `skip` rule left out.
    static func statement(_ csv: SourceFile, fileIndex: Int, rules written: ImportRules, decimals: Int, homeCode: String = "",
                          plausible: ClosedRange<CivilDate>? = nil)
        -> (rows: [Row], diagnostics: [Diagnostic], skipped: [Int], unreadable: [Int], warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        var skipped: [Int] = []
        var unreadable: [Int] = []
        var rows: [Row] = []
        let firstRow = CSVReader.records(Array(csv.bytes), separator: written.separator).first?.fields ?? []
        let (rules, unresolved) = written.resolvingHeader(firstRow)
        var diagnostics: [Diagnostic] = unresolved
        guard unresolved.isEmpty else { return ([], diagnostics, [], [], []) }
        var keys = RowKeys()
        let records = CSVReader.records(Array(csv.bytes), separator: rules.separator)
        let header = rules.skip > 0 ? (records.first?.fields ?? []) : []
        // Walks over every rule, made once for the statement, not once a row.
        let columnsNeeded = rules.columnsNeeded
        let firstRule = ImportRules.FirstRule(rules)
        var steps = Pattern.statementSteps
        for record in records.dropFirst(rules.skip).dropLast(min(rules.skipEnd, max(0, records.count - rules.skip))) {
            // With `skip-unreadable`, a row's problems leave the row out instead.
            let mark = diagnostics.count
            defer {
                if rules.skipUnreadable && diagnostics.count > mark {
                    diagnostics.removeSubrange(mark...)
                    unreadable.append(csv.line(containing: record.range.lowerBound).number)
                }
            }
            let at = { (column: Int) in fieldLocation(record, column, fileIndex) }
            guard record.fields.count >= columnsNeeded else {
                diagnostics.append(Diagnostic(.importColumns(needed: columnsNeeded, found: record.fields.count),
                                              at: SourceLocation(file: fileIndex, range: record.range)))
                continue
            }
            let date: CivilDate, amount: Money, description: String
            switch (readDate(record, rules, at), readAmount(record, rules, decimals, at), readDescription(record, rules, at)) {
            case (.failure(let problem), _, _), (_, .failure(let problem)?, _):
                diagnostics.append(problem.diagnostic)
                continue
            case (_, nil, _):
                continue
            case (_, _, .failure(let problem)):
                diagnostics.append(problem.diagnostic)
                continue
            case (.success(let read), .success(let money)?, .success(let text)):
                (date, amount, description) = (read, money, text)
            }
            if let plausible, !plausible.contains(date) {
                warnings.append(Diagnostic(.importDateFar(value: record.fields[rules.dateColumn - 1].trimmingBlanks, from: plausible.lowerBound.year,
                                                          to: plausible.upperBound.year), at: at(rules.dateColumn)))
            }
            let (key, legacyKey) = keys.next(record, csv, rules, date: date, description: description)
            let line = csv.line(containing: record.range.lowerBound).number
            let chosen = firstRule.rule(description: description, fields: record.fields, amount: amount, header: header, decimals: decimals,
                                        steps: &steps)
            guard steps > 0 else {
                diagnostics.append(Diagnostic(.patternWork(limit: Pattern.statementSteps), at: at(1)))
                break
            }
            let rule = chosen.index.map { rules.rules[$0] }
            if rule?.skip == true {
                skipped.append(line)
                continue
            }
            // What was spent (positive) or received (negative), split as the rule says.
            let total = amount.negated ?? amount
            var lines: [(target: String, amount: Money, goal: String?)] = []
            if let rule, !rule.split.isEmpty {
                guard let split = split(total, rule.split, rules, decimals) else {
                    diagnostics.append(Diagnostic(.importField(what: "amount", value: total.formatted(decimals: decimals, grouping: false),
                                                               expected: "splittable as the rule on line \(rule.line) says"),
                                                  at: at(1)))
                    continue
                }
                lines = split
            } else {
                lines = [(rule?.target ?? rules.defaultCategory, total, rule?.goal)]
            }
            var row = Row(date: date, description: rule?.description.map { ImportRule.rewrite($0, chosen.captures) } ?? description,
                          amount: amount, key: key, legacyKey: legacyKey, lines: lines, rule: chosen.index, line: line)
            row.tags = rule?.tags ?? []
            row.status = rule?.status ?? .unmarked
            row.comment = rule?.comment.map { ImportRule.rewrite($0, chosen.captures) }
            if let problem = readFeeAndBalance(record, rules, decimals, homeCode, at, into: &row) {
                diagnostics.append(problem)
                continue
            }
            rows.append(row)
        }
        return (rows, diagnostics, skipped, unreadable, warnings)
    }

    /// A problem that leaves a row out.
    private struct RowProblem: Error {
        let diagnostic: Diagnostic
        init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    }

    /// Where field `column` (1 for the first) of a record is in the statement.
    private static func fieldLocation(_ record: CSVReader.Record, _ column: Int, _ fileIndex: Int) -> SourceLocation {
        let start = column - 1 < record.fieldStarts.count ? record.fieldStarts[column - 1] : record.range.lowerBound
        let end = column < record.fieldStarts.count ? max(start, record.fieldStarts[column] - 1) : record.range.upperBound
        return SourceLocation(file: fileIndex, range: start..<max(start, end))
    }

    /// A row's date, in the rules' format.
    private static func readDate(_ record: CSVReader.Record, _ rules: ImportRules,
                                 _ at: (Int) -> SourceLocation) -> Swift.Result<CivilDate, RowProblem> {
        let dateText = record.fields[rules.dateColumn - 1].trimmingBlanks
        guard let date = parseDate(dateText, rules.dateFormat) else {
            return .failure(RowProblem(Diagnostic(.importField(what: "date", value: dateText, expected: "a date written \(rules.dateFormat.rawValue)"),
                                       at: at(rules.dateColumn))))
        }
        return .success(date)
    }

    /// A row's amount as the account sees it (money in positive), from one signed column or
    /// a debit and a credit column; nil when the rules name no amount.
    private static func readAmount(_ record: CSVReader.Record, _ rules: ImportRules, _ decimals: Int,
                                   _ at: (Int) -> SourceLocation) -> Swift.Result<Money, RowProblem>? {
        var amount: Money
        switch rules.amounts {
        case .signed(let column)?:
            guard let value = parseAmount(record.fields[column - 1], rules, decimals) else {
                return .failure(RowProblem(Diagnostic(.importField(what: "amount", value: record.fields[column - 1], expected: "an amount"), at: at(column))))
            }
            amount = value
        case .split(let debit, let credit)?:
            let out = record.fields[debit - 1].trimmingBlanks.isEmpty ? Money.zero : parseAmount(record.fields[debit - 1], rules, decimals)
            let into = record.fields[credit - 1].trimmingBlanks.isEmpty ? Money.zero : parseAmount(record.fields[credit - 1], rules, decimals)
            guard let out, let into else {
                let column = out == nil ? debit : credit
                return .failure(RowProblem(Diagnostic(.importField(what: "amount", value: record.fields[column - 1], expected: "an amount"), at: at(column))))
            }
            // Money out and money in are both written as positive figures (grammar.md §9).
            if out < .zero || into < .zero {
                let column = out < .zero ? debit : credit
                return .failure(RowProblem(Diagnostic(.importField(what: column == debit ? "debit" : "credit", value: record.fields[column - 1],
                                                        expected: "a positive amount"), at: at(column))))
            }
            do {
                amount = try into - out
            } catch {
                return .failure(RowProblem(Diagnostic(.importField(what: "amount", value: record.fields[credit - 1],
                                                        expected: "within the largest figure Flourish holds"), at: at(credit))))
            }
        case nil:
            return nil
        }
        // Amounts read are within ±Int64.max (never .min), so negating one is exact.
        if rules.negate { amount = amount.negated ?? amount }
        return .success(amount)
    }

    /// A row's description: its description columns joined; text that becomes ledger text
    /// follows the ledger's rules (no control characters).
    private static func readDescription(_ record: CSVReader.Record, _ rules: ImportRules,
                                        _ at: (Int) -> SourceLocation) -> Swift.Result<String, RowProblem> {
        if let column = rules.descriptionColumns.first(where: { record.fields[$0 - 1].unicodeScalars.contains(where: ControlCharacter.isUnsafe) }) {
            return .failure(RowProblem(Diagnostic(.importField(what: "description", value: record.fields[column - 1],
                                                    expected: "text without control characters"), at: at(column))))
        }
        return .success(rules.descriptionColumns.map { record.fields[$0 - 1].trimmingBlanks }.filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// The import keys of a statement's rows: the fields the rules read, so another balance
    /// column or row order in a re-export changes nothing, identical rows told apart by their
    /// count; and the key of earlier versions (the row's whole text).
    private struct RowKeys {
        var occurrences: [String: Int] = [:]
        var legacyOccurrences: [String: Int] = [:]

        mutating func next(_ record: CSVReader.Record, _ csv: SourceFile, _ rules: ImportRules, date: CivilDate,
                           description: String) -> (key: String, legacyKey: String) {
            var read = [rules.account, date.description, description]
            switch rules.amounts {
            case .signed(let column)?: read.append(record.fields[column - 1].trimmingBlanks)
            case .split(let debit, let credit)?: read += [record.fields[debit - 1].trimmingBlanks, record.fields[credit - 1].trimmingBlanks]
            case nil: break
            }
            let identity = read.joined(separator: "\u{1}")
            let occurrence = occurrences[identity, default: 0] + 1
            occurrences[identity] = occurrence
            let text = csv.text(record.range)
            let legacyOccurrence = legacyOccurrences[text, default: 0] + 1
            legacyOccurrences[text] = legacyOccurrence
            return (hexHash(identity) + (occurrence > 1 ? "-\(occurrence)" : ""),
                    hexHash(rules.account + "\u{1}" + text) + (legacyOccurrence > 1 ? "-\(legacyOccurrence)" : ""))
        }
    }

    /// A row's fee (what the account paid on top, however the bank signs it) and the balance
    /// after it, when the rules name their columns.
    private static func readFeeAndBalance(_ record: CSVReader.Record, _ rules: ImportRules, _ decimals: Int, _ homeCode: String,
                                          _ at: (Int) -> SourceLocation, into row: inout Row) -> Diagnostic? {
        if let fee = rules.fee {
            let text = record.fields[fee.column - 1].trimmingBlanks
            guard text.isEmpty || parseAmount(text, rules, decimals) != nil else {
                return Diagnostic(.importField(what: "fee", value: text, expected: "an amount"), at: at(fee.column))
            }
            let value = text.isEmpty ? Money.zero : (parseAmount(text, rules, decimals) ?? .zero)
            row.fee = (try? value.magnitude()) ?? value
        }
        if let original = rules.original {
            let code = record.fields[original.currency - 1].trimmingBlanks.uppercased()
            let text = record.fields[original.amount - 1].trimmingBlanks
            if !text.isEmpty, Currency.isCode(code), code != homeCode {
                let currency = Currency(code: code, decimals: Currency.standardDecimals(for: code))
                guard let value = parseAmount(text, rules, currency.decimals) else {
                    return Diagnostic(.importField(what: "original amount", value: text, expected: "an amount in \(code)"), at: at(original.amount))
                }
                row.original = ((try? value.magnitude()) ?? value, currency)
            }
        }
        if let column = rules.balanceColumn {
            let text = record.fields[column - 1].trimmingBlanks
            if !text.isEmpty {
                guard let value = parseAmount(text, rules, decimals) else {
                    return Diagnostic(.importField(what: "balance", value: text, expected: "an amount"), at: at(column))
                }
                row.balance = value
            }
        }
        return nil
    }

    /// The split lines of `total`: percentages rounded half away from zero, fixed amounts in the
    /// total's direction, and the line without a share (else the last) taking what is left, so
    /// the lines add up to the total exactly. Nil when a fixed amount does not read.
    static func split(_ total: Money, _ shares: [(target: String, share: ImportRule.Share)], _ rules: ImportRules,
                      _ decimals: Int) -> [(target: String, amount: Money, goal: String?)]? {
        var amounts: [Money?] = []
        for (_, share) in shares {
            switch share {
            case .percent(let points): amounts.append(try? total.scaled(by: points, over: 10_000))
            case .amount(let text):
                guard let fixed = parseAmount(text, rules, decimals) else { return nil }
                amounts.append(total < .zero ? fixed.negated : fixed)
            case .rest: amounts.append(nil)
            }
        }
        let restIndex = shares.firstIndex { if case .rest = $0.share { return true }; return false } ?? shares.count - 1
        let others = amounts.enumerated().filter { $0.offset != restIndex }.compactMap(\.element)
        guard others.count == shares.count - 1, let used = try? Money.sum(others), let rest = try? total - used else { return nil }
        amounts[restIndex] = rest
        return zip(shares, amounts).map { ($0.0.target, $0.1 ?? .zero, nil) }
    }

    /// The import keys of the ledger's entries (`Ledger.importKeys`, read by the parser).
    static func existingKeys(_ ledger: Ledger) -> Set<String> {
        Set(ledger.importKeys.map(ledger.importKey(at:)))
    }

    /// The entries in canonical form, in date order (oldest first, also from a newest-first
    /// statement), then the `balance` assertion of the statement's balance column, if any.
    static func entries(_ rows: [Row], account: String, decimals: Int, fee: String? = nil,
                        closing: (date: CivilDate, amount: Money)? = nil) -> String {
        var out = ""
        let newestFirst = (rows.first?.date ?? .earliest) > (rows.last?.date ?? .earliest)
        let ordered = newestFirst ? Array(rows.reversed()) : rows
        for row in ordered.enumerated().sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }).map(\.element) {
            let description = StringLiteral.description(row.description.isEmpty ? "(no description)" : row.description)
            let mark = row.status == .cleared ? " *" : row.status == .pending ? " !" : ""
            let tags = row.tags.isEmpty ? "" : "  " + row.tags.map { "#" + $0 }.joined(separator: " ")
            out += "\(row.date)\(mark) \(description)\(tags)  ; import:\(row.key)\n"
            if let comment = row.comment { out += "  ; \(comment)\n" }
            for line in row.lines {
                if row.lines.count == 1, let original = row.original, line.goal == nil {
                    // Its own amount, with the statement's as its cost: `23.00 CAD @@ 12.34`.
                    let sign = line.amount < .zero ? "-" : ""
                    out += "  \(StringLiteral.name(line.target))  \(sign)\(original.amount.formatted(decimals: original.currency.decimals, grouping: false)) "
                    out += "\(original.currency.code) @@ \(((try? line.amount.magnitude()) ?? line.amount).formatted(decimals: decimals, grouping: false))\n"
                    continue
                }
                out += "  \(StringLiteral.name(line.target))  \(line.amount.formatted(decimals: decimals, grouping: false))"
                out += line.goal.map { " goal " + StringLiteral.name($0) } ?? ""
                out += "\n"
            }
            if let fee, row.fee != .zero { out += "  \(StringLiteral.name(fee))  \(row.fee.formatted(decimals: decimals, grouping: false))\n" }
            out += "  \(StringLiteral.name(account))\n\n"
        }
        if let closing {
            out += "balance \(closing.date) \(StringLiteral.name(account)) \(closing.amount.formatted(decimals: decimals, grouping: false))  ; from the statement's balance column\n"
        }
        return EntryText.canonical(out)
    }

    /// A date in the rules' format; a time after it (`2026-11-22 14:03`, `…T14:03:00`) is
    /// ignored. A two-digit year needs a `YY` format (00–69 → 2000s, 70–99 → 1900s); with a
    /// `YYYY` format it is an error, never the year 0026.
    static func parseDate(_ text: String, _ format: ImportRules.DateFormat) -> CivilDate? {
        let datePart = text.split(whereSeparator: { $0 == " " || $0 == "T" }).first.map(String.init) ?? text
        let pieces = datePart.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        let parts = pieces.map { Int($0) }
        guard parts.count == 3, let a = parts[0], let b = parts[1], let c = parts[2] else { return nil }
        func year(_ value: Int, written: Substring) -> Int? {
            if format.shortYear {
                guard written.count == 2 else { return nil }
                return value < 70 ? 2000 + value : 1900 + value
            }
            return written.count == 4 ? value : nil
        }
        switch format {
        case .ymd:
            guard let y = year(a, written: pieces[0]) else { return nil }
            return CivilDate(year: y, month: b, day: c)
        case .dmySlash, .dmyDot, .dmySlashShort, .dmyDotShort:
            guard let y = year(c, written: pieces[2]) else { return nil }
            return CivilDate(year: y, month: b, day: a)
        case .mdySlash, .mdySlashShort:
            guard let y = year(c, written: pieces[2]) else { return nil }
            return CivilDate(year: y, month: a, day: b)
        }
    }

    /// `-1,234.56`, `$4.50`, `-12.30 EUR`, `€ 1.234,50` (with `decimal-comma`), `(5.00)` and
    /// `5.00-` (negative) → money, or nil.
    static func parseAmount(_ text: String, _ rules: ImportRules, _ decimals: Int) -> Money? {
        var written = Substring(text.trimmingBlanks)
        // A currency code before or after the number.
        let words = written.split(separator: " ")
        if words.count == 2, let code = words.first(where: { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } }) {
            written = words.first { $0 != code } ?? written
        }
        var negative = false
        if written.hasPrefix("(") && written.hasSuffix(")") {
            negative = true
            written = written.dropFirst().dropLast()
        }
        if written.hasSuffix("-") && written.count > 1 {
            negative.toggle()
            written = written.dropLast()
        }
        var cleaned = ""
        for character in written where !"$€£¥ ".contains(character) {
            if rules.decimalComma {
                if character == "." { continue }
                cleaned.append(character == "," ? "." : character)
            } else {
                if character == "," { continue }
                cleaned.append(character)
            }
        }
        if negative {
            guard !cleaned.hasPrefix("-") else { return nil }
            cleaned = "-" + cleaned
        }
        guard case .success(let value) = NumberSyntax.decimal(ArraySlice(Array(cleaned.utf8))), value.scale <= decimals,
              let minor = NumberSyntax.minorUnits(value, decimals: decimals) else { return nil }
        return Money(minorUnits: minor)
    }

    /// Sixteen hex digits of FNV-1a.
    static func hexHash(_ text: String) -> String {
        let digits = String(ByteHash.fnv1a(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
