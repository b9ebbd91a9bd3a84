/// Directive lines: a keyword and its arguments (grammar.md, "Directives").
extension Parser {
    /// directive = keyword arguments [comment]
    mutating func parseDirective(_ reader: inout LineReader, _ session: inout ParseSession) -> Request? {
        guard let keywordToken = reader.next() else { return nil }
        let word = text(keywordToken)
        guard let keyword = Keyword(rawValue: word) else {
            let suggestion = Suggestion.closest(to: word, among: Keyword.allCases.map(\.rawValue))
            session.report(.unknownDirective(word, suggestion: suggestion), at: location(keywordToken))
            return nil
        }
        let lineLocation = location(keywordToken.start..<reader.cursor.end)
        switch keyword {
        case .include:
            guard let token = require("a quoted path", &reader, &session) else { return nil }
            guard token.kind != .unterminatedString else {
                session.report(.unterminatedString, at: location(token))
                return nil
            }
            let path = token.kind == .string ? StringLiteral.unquote(text(token)) : text(token)
            guard expectEnd(&reader, &session) else { return nil }
            return .include(path: path, location: location(token))
        case .currency:
            parseCurrency(&reader, &session)
        case .commodity:
            parseCommodity(&reader, &session)
        case .rate, .price:
            parseRate(&reader, &session, lineLocation)
        case .monthStart:
            parseMonthStart(&reader, &session, lineLocation)
        case .display:
            parseDisplay(&reader, &session, lineLocation)
        case .account:
            parseAccount(&reader, &session, lineLocation)
        case .category:
            parseCategory(&reader, &session, lineLocation)
        case .person:
            parsePerson(&reader, &session, lineLocation)
        case .opening, .balance:
            parseOpeningOrBalance(&reader, &session, lineLocation, keyword)
        case .close:
            parseClose(&reader, &session, lineLocation)
        case .correction:
            parseCorrection(&reader, &session, lineLocation)
        case .budget, .earmark:
            parseBudgetOrEarmark(&reader, &session, lineLocation, keyword)
        case .allowance:
            parseAllowance(&reader, &session, lineLocation)
        case .goal:
            parseGoal(&reader, &session, lineLocation)
        case .move:
            parseMove(&reader, &session, lineLocation)
        case .income:
            parseIncome(&reader, &session, lineLocation)
        case .savingsTarget:
            parseSavingsTarget(&reader, &session, lineLocation)
        case .subscription:
            parseSubscription(&reader, &session, lineLocation)
        case .schedule:
            parseSchedule(&reader, &session, lineLocation)
        case .option:
            parseOption(&reader, &session, lineLocation)
        case .snapshot:
            parseSnapshot(&reader, &session, lineLocation)
        }
        return nil
    }

    private mutating func parseMonthStart(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let day = requireInteger("the month's first day", in: 1...28, &reader, &session),
              expectEnd(&reader, &session) else { return }
        session.ledger.monthStarts.append(day)
    }

    private mutating func parseDisplay(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let token = require("a display locale, e.g. de-DE", &reader, &session) else { return }
        guard let locale: DisplayLocale = requireWord("display locale", token, &session), expectEnd(&reader, &session) else { return }
        session.ledger.displays.append(Located(locale, at: location(token)))
    }

    private mutating func parseCategory(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let name = requireName("a category name", &reader, &session) else { return }
        var type = CategoryType.expense
        if let token = reader.next() {
            guard let written: CategoryType = requireWord("category type", token, &session) else { return }
            type = written
        }
        guard expectEnd(&reader, &session) else { return }
        // An exchange category is read as income (its gains are income, its losses negative
        // income); booking puts exchange differences in it.
        session.ledger.categories.append(Category(name: name, isIncome: type != .expense, isExchange: type == .exchange, location: lineLocation))
    }

    private mutating func parsePerson(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let name = requireName("a person's name", &reader, &session), expectEnd(&reader, &session) else { return }
        session.ledger.people.append(Person(name: name, location: lineLocation))
    }

    private mutating func parseOpeningOrBalance(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation, _ keyword: Keyword) {
        guard let date = requireDate(&reader, &session),
              let account = requireName("an account", &reader, &session),
              let amount = requireAmount(&reader, &session),
              keyword != .opening || parsePrice(after: amount.location, &reader, &session),
              expectEnd(&reader, &session) else { return }
        if keyword == .opening {
            session.ledger.openings.append(OpeningBalance(date: date, account: account, amount: amount, location: lineLocation))
        } else {
            session.ledger.balanceAssertions.append(BalanceAssertion(date: date, account: account, amount: amount, location: lineLocation))
        }
    }

    /// close = "close" , date , name ;
    private mutating func parseClose(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let account = requireName("an account", &reader, &session),
              expectEnd(&reader, &session) else { return }
        session.ledger.closings.append(AccountClosing(date: date, account: account, location: lineLocation))
    }

    private mutating func parseCorrection(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let account = requireName("an account", &reader, &session),
              let amount = requireAmount(&reader, &session),
              parsePrice(after: amount.location, &reader, &session) else { return }
        guard let reasonToken = reader.text() else {
            session.report(.missingReason, at: endLocation(reader))
            return
        }
        guard reasonToken.kind != .unterminatedString else {
            session.report(.unterminatedString, at: location(reasonToken))
            return
        }
        guard expectEnd(&reader, &session) else { return }
        var reason = text(reasonToken)
        if reasonToken.kind == .string { reason = StringLiteral.unquote(reason) }
        session.ledger.corrections.append(Correction(date: date, account: account, amount: amount,
                                                     reason: Located(reason, at: location(reasonToken)),
                                                     location: lineLocation))
    }

    private mutating func parseBudgetOrEarmark(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation, _ keyword: Keyword) {
        guard let date = requireDate(&reader, &session),
              let category = requireName("a category", &reader, &session),
              let amount = requireAmount(&reader, &session) else { return }
        if keyword == .budget {
            var rollover = false
            if let token = reader.next() {
                guard let _: RolloverWord = requireWord("budget option", token, &session) else { return }
                rollover = true
            }
            guard expectEnd(&reader, &session) else { return }
            session.ledger.budgets.append(Budget(date: date, category: category, amount: amount, rollover: rollover,
                                                 location: lineLocation))
            return
        }
        var due: Located<Int>?
        if let token = reader.next() {
            guard let _: DueClause = requireWord("earmark option", token, &session),
                  let day = requireInteger("a due day", in: 1...31, &reader, &session) else { return }
            due = day
        }
        guard expectEnd(&reader, &session) else { return }
        session.ledger.earmarks.append(Earmark(date: date, category: category, amount: amount, dueDay: due, location: lineLocation))
    }

    private mutating func parseAllowance(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session), let amount = requireAmount(&reader, &session),
              expectEnd(&reader, &session) else { return }
        session.ledger.allowances.append(Allowance(date: date, amount: amount, location: lineLocation))
    }

    private mutating func parseGoal(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let name = requireName("a goal name", &reader, &session),
              let target = requireAmount(&reader, &session) else { return }
        var deadline: Located<CivilDate>?
        if let token = reader.next() {
            guard let _: ByClause = requireWord("goal option", token, &session),
                  let dateToken = require("a date", &reader, &session),
                  let date = parseDate(dateToken, &session) else { return }
            deadline = Located(date, at: location(dateToken))
        }
        guard expectEnd(&reader, &session) else { return }
        session.ledger.goals.append(Goal(date: date, name: name, target: target, deadline: deadline, location: lineLocation))
    }

    private mutating func parseMove(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let amount = requireAmount(&reader, &session),
              let directionToken = require("`to` or `from`", &reader, &session),
              let direction: GoalMove.Direction = requireWord("direction", directionToken, &session),
              let goal = requireName("a goal name", &reader, &session),
              expectEnd(&reader, &session) else { return }
        session.ledger.goalMoves.append(GoalMove(date: date, amount: amount, direction: direction, goal: goal, location: lineLocation))
    }

    private mutating func parseIncome(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session), let amount = requireAmount(&reader, &session) else { return }
        var period = ExpectedIncome.Period.monthly
        if let token = reader.next() {
            guard let chosen: ExpectedIncome.Period = requireWord("income period", token, &session) else { return }
            period = chosen
        }
        guard expectEnd(&reader, &session) else { return }
        session.ledger.incomes.append(ExpectedIncome(date: date, amount: amount, period: period, location: lineLocation))
    }

    private mutating func parseSavingsTarget(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let token = require("a percentage", &reader, &session) else { return }
        guard let basisPoints = parsePercent(token, &session), expectEnd(&reader, &session) else { return }
        session.ledger.savingsTargets.append(SavingsTarget(date: date, basisPoints: basisPoints, location: lineLocation))
    }

    private mutating func parseOption(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let nameToken = require("a setting (\(OptionName.allCases.map(\.rawValue).joined(separator: ", ")))", &reader, &session),
              let option: OptionName = requireWord("setting", nameToken, &session) else { return }
        switch option {
        case .overdueDays:
            guard let days = requireInteger("the number of days", in: 0...365, &reader, &session),
                  expectEnd(&reader, &session) else { return }
            session.ledger.overdueDays.append(days)
        case .rollover:
            guard let token = require("`on` or `off`", &reader, &session),
                  let value: OnOffWord = requireWord("value", token, &session), expectEnd(&reader, &session) else { return }
            session.ledger.rolloverOption.append(Located(value == .on, at: location(token)))
        case .quote:
            guard let token = require("`on` or `off`", &reader, &session),
                  let value: OnOffWord = requireWord("value", token, &session), expectEnd(&reader, &session) else { return }
            session.ledger.quoteOption.append(Located(value == .on, at: location(token)))
        }
    }

    private mutating func parseSnapshot(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let bucketToken = require("a bucket (\(SnapshotBucketWord.allCases.map(\.rawValue).joined(separator: ", ")))", &reader, &session),
              let word: SnapshotBucketWord = requireWord("bucket", bucketToken, &session) else { return }
        let bucket: SnapshotAssertion.Bucket
        switch word {
        case .funds: bucket = .funds
        case .allowance: bucket = .allowance
        case .monthly: bucket = .monthly
        case .goals: bucket = .goals
        case .owed: bucket = .owed
        case .mainSavings: bucket = .mainSavings
        case .goal:
            guard let name = requireName("a goal name", &reader, &session) else { return }
            bucket = .goal(name)
        }
        guard let amount = requireAmount(&reader, &session), expectEnd(&reader, &session) else { return }
        session.ledger.snapshotAssertions.append(SnapshotAssertion(date: date, bucket: bucket, amount: amount, location: lineLocation))
    }

    /// currency = "currency" currency-code [decimals]
    private func parseCurrency(_ reader: inout LineReader, _ session: inout ParseSession) {
        // A second, different code is reported when the files are linked.
        if let currency = parseCodeAndDecimals(&reader, &session, home: true) { session.ledger.currencyDeclarations.append(currency) }
    }

    /// commodity = "commodity" code [decimals]
    ///
    /// A currency other than the home one, with its decimals when they are not its standard
    /// ones (`commodity BTC 8`).
    private func parseCommodity(_ reader: inout LineReader, _ session: inout ParseSession) {
        if let currency = parseCodeAndDecimals(&reader, &session, home: false) { session.ledger.commodities.append(currency) }
    }

    /// currency-code [decimals], the end of a `currency` line, or code [decimals], of a
    /// `commodity` line: the code's standard decimals unless written.
    private func parseCodeAndDecimals(_ reader: inout LineReader, _ session: inout ParseSession, home: Bool) -> Located<Currency>? {
        guard let token = require("a currency code", &reader, &session) else { return nil }
        guard token.kind == .word, home ? isCurrencyCode(token) : isCommodityCode(token) else {
            session.report(.invalidCurrency(text(token)), at: location(token))
            return nil
        }
        let code = text(token)
        var decimals = Currency.standardDecimals(for: code)
        if !reader.atEndOfContent() {
            guard let written = requireInteger("the number of decimals", in: 0...8, &reader, &session) else { return nil }
            decimals = written.value
        }
        guard expectEnd(&reader, &session) else { return nil }
        return Located(Currency(code: code, decimals: decimals), at: location(token))
    }

    /// rate = ("rate" | "P") date code number [currency-code]
    ///
    /// From the date on, one unit of the code is worth the number in the home currency.
    private mutating func parseRate(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let codeToken = require("a currency code", &reader, &session) else { return }
        guard codeToken.kind == .word, isCommodityCode(codeToken) else {
            session.report(.invalidCurrency(text(codeToken)), at: location(codeToken))
            return
        }
        guard let rateToken = require("a rate (the home currency's worth of one unit)", &reader, &session),
              let rate = parseNumber(rateToken, &session) else { return }
        // The home currency's code may follow (as hledger writes `P 2026-11-01 USD 0.92 EUR`).
        if let home = reader.next() {
            guard home.kind == .word, isCurrencyCode(home) else {
                session.report(.unexpectedText(text(home), hint: "a rate line is `rate DATE CODE AMOUNT`"), at: location(home))
                return
            }
            session.ledger.amountCodes[rate.location] = Located(text(home), at: location(home))
        }
        guard expectEnd(&reader, &session) else { return }
        session.ledger.rates.append(ExchangeRate(date: date, code: Located(text(codeToken), at: location(codeToken)),
                                                 rate: rate, location: lineLocation))
    }

    /// account = "account" name kind [currency-code] {flag}
    private mutating func parseAccount(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let name = requireName("an account name", &reader, &session) else { return }
        guard let kindToken = reader.next() else {
            let kinds = Account.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            session.report(.expected("an account kind (\(kinds))", found: nil), at: endLocation(reader))
            return
        }
        guard let kind: Account.Kind = requireWord("account kind", kindToken, &session) else { return }
        var flags: [Account.Flag] = []
        var currency: Located<String>?
        while let flagToken = reader.next() {
            if currency == nil, flags.isEmpty, flagToken.kind == .word, isCommodityCode(flagToken) {
                currency = Located(text(flagToken), at: location(flagToken))
                continue
            }
            guard let flag: Account.Flag = requireWord("account flag", flagToken, &session) else { return }
            if !flags.contains(flag) { flags.append(flag) }
        }
        session.ledger.accounts.append(Account(name: name, kind: kind, flags: flags, currency: currency, location: lineLocation))
    }

    /// subscription = "subscription" date name amount frequency {clause}
    private mutating func parseSubscription(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        guard let date = requireDate(&reader, &session),
              let name = requireName("a subscription name", &reader, &session),
              let amount = requireAmount(&reader, &session),
              let frequencyToken = require("a frequency (weekly, monthly, yearly)", &reader, &session),
              let frequency: Subscription.Frequency = requireWord("frequency", frequencyToken, &session) else { return }
        var nextDue: Located<CivilDate>?
        var account: NameRef?
        var category: NameRef?
        while let clauseToken = reader.next() {
            guard let clause: SubscriptionClause = requireWord("subscription option", clauseToken, &session) else { return }
            switch clause {
            case .next:
                guard let token = require("a date", &reader, &session), let due = parseDate(token, &session) else { return }
                nextDue = Located(due, at: location(token))
            case .from:
                guard let paying = requireName("an account", &reader, &session) else { return }
                account = paying
            case .category:
                guard let charged = requireName("a category", &reader, &session) else { return }
                category = charged
            }
        }
        guard let nextDue else {
            session.report(.expected("`next DATE` (the next due date)", found: nil), at: endLocation(reader))
            return
        }
        guard let account else {
            session.report(.expected("`from ACCOUNT` (the paying account)", found: nil), at: endLocation(reader))
            return
        }
        session.ledger.subscriptions.append(Subscription(date: date, name: name, amount: amount, frequency: frequency,
                                                         nextDue: nextDue, account: account, category: category,
                                                         location: lineLocation))
    }

    /// schedule = "schedule" date name frequency ["until" date | "times" count], then split lines.
    ///
    /// The split lines that follow belong to the schedule even when its line has a mistake:
    /// they are read (their names are checked) and dropped with it.
    private mutating func parseSchedule(_ reader: inout LineReader, _ session: inout ParseSession, _ lineLocation: SourceLocation) {
        var header = PendingEntry(date: CivilDate(year: 1970, month: 1, day: 1)!, status: .unmarked, description: lineLocation,
                                  firstTag: session.ledger.entryTags.count, firstPosting: session.postings.count,
                                  location: lineLocation, damaged: true)
        defer { pending = header }
        let frequencies = "a frequency (daily, weekly, monthly, quarterly, yearly, or every N days, weeks or months)"
        guard let date = requireDate(&reader, &session),
              let name = requireName("a schedule name", &reader, &session),
              let frequencyToken = require(frequencies, &reader, &session),
              let word: ScheduleFrequencyWord = requireWord("frequency", frequencyToken, &session) else { return }
        let frequency: Recurrence.Frequency
        switch word {
        case .daily: frequency = .days(1)
        case .weekly: frequency = .weeks(1)
        case .quarterly: frequency = .months(3, on: .firstDate)
        case .yearly: frequency = .yearly
        case .monthly:
            var on = Recurrence.MonthDay.firstDate
            var look = reader
            if let token = look.next(), text(token) == ScheduleOnWord.on.rawValue {
                reader = look
                guard let dayToken = require("`day N` or `last day`", &reader, &session),
                      let day: ScheduleDayWord = requireWord("day of the month", dayToken, &session) else { return }
                switch day {
                case .day:
                    guard let number = requireInteger("the day of the month", in: 1...31, &reader, &session) else { return }
                    on = .day(number.value)
                case .last:
                    guard let token = require("`day`", &reader, &session),
                          let _: ScheduleDayWord = requireWord("`last day`", token, &session) else { return }
                    on = .last
                }
            }
            frequency = .months(1, on: on)
        case .every:
            guard let count = requireInteger("how many days, weeks or months", in: 1...1000, &reader, &session),
                  let unitToken = require("`days`, `weeks` or `months`", &reader, &session),
                  let unit: ScheduleUnitWord = requireWord("unit", unitToken, &session) else { return }
            switch unit {
            case .days: frequency = .days(count.value)
            case .weeks: frequency = .weeks(count.value)
            case .months: frequency = .months(count.value, on: .firstDate)
            }
        }
        var end: Recurrence.End?
        if let endToken = reader.next() {
            guard let word: ScheduleEndWord = requireWord("schedule option", endToken, &session) else { return }
            switch word {
            case .until:
                guard let token = require("a date", &reader, &session), let last = parseDate(token, &session) else { return }
                guard last >= date else {
                    session.report(.expected("a date on or after \(date), the first", found: text(token)), at: location(token))
                    return
                }
                end = .until(last)
            case .times:
                guard let count = requireInteger("how many times", in: 1...100_000, &reader, &session) else { return }
                end = .times(count.value)
            }
        }
        guard expectEnd(&reader, &session) else { return }
        header.damaged = false
        header.isSchedule = true
        pendingSchedule = Schedule(name: Located(session.ledger.names[name.id], at: name.location),
                                   recurrence: Recurrence(first: date, frequency: frequency, end: end),
                                   postings: 0..<0, location: lineLocation)
    }

    /// percent = digits ["." digit [digit]] ["%"]
    private func parsePercent(_ token: Token, _ session: inout ParseSession) -> Located<Int>? {
        var range = token.range
        if range.count > 1 && bytes[range.upperBound - 1] == UInt8(ascii: "%") { range = range.lowerBound..<range.upperBound - 1 }
        guard case .success(let value) = NumberSyntax.decimal(bytes[range]), value.scale <= 2,
              let basisPoints = NumberSyntax.minorUnits(value, decimals: 2) else {
            session.report(.expected("a percentage such as 20%", found: text(token)), at: location(token))
            return nil
        }
        guard (0...10_000).contains(basisPoints) else {
            session.report(.outOfRange(what: "a savings target", value: text(token), allowed: "between 0% and 100%"), at: location(token))
            return nil
        }
        return Located(Int(basisPoints), at: location(token))
    }
}
