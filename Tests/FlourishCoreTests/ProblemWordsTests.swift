import Testing
@testable import FlourishCore

/// Each kind of problem is worded by exactly one check's file (its words live beside the
/// check): its message comes from there, never the id fallback, and no other file claims it.
@Suite struct ProblemWordsTests {
    static let usd = Currency(code: "USD", decimals: 2)
    static let day = CivilDate(year: 2026, month: 11, day: 26)!

    /// One problem of every kind.
    static let everyKind: [Problem] = [
        .invalidUTF8(byte: 0xFF), .controlCharacter(byte: 0x07), .unexpectedLineStart(found: "@"),
        .unknownDirective("budgte", suggestion: "budget"), .orphanLine, .expected("an amount", found: "x"),
        .unterminatedString, .unexpectedText("x", hint: nil), .invalidDate("2026-13-01", reason: nil),
        .invalidAmount("1.2.3"), .amountOverflow("99999999999999999999", currency: usd),
        .tooManyDecimals("1.234", decimals: 2, currency: "USD"), .invalidCurrency("US"),
        .secondCurrency("EUR", ledgerCurrency: "USD"), .amountBeforeCurrency,
        .outOfRange(what: "a day", value: "40", allowed: "1 to 31"),
        .unknownWord(what: "period", word: "montly", allowed: ["monthly"], suggestion: "monthly"),
        .invalidName("1", reason: "a number"), .missingReason, .emptyEntry(lines: 1), .mergeConflict(unterminated: false),
        .includeNotFound("x.flourish", reason: "no such file"), .includeOutside("../x.flourish"),
        .includeRefused(".env", hidden: true, kind: "ledger"), .includeNotReadable("x.flourish", kind: "ledger"),
        .includeCycle(["a", "b", "a"]), .duplicateInclude("x.flourish"),
        .unknownName("Fod", expected: "category", suggestion: "Food", declaration: "category Fod"),
        .wrongKind("Bank", actual: "an account", expected: "a category", directive: "budget"),
        .duplicateDeclaration("Bank", kind: "account"), .duplicateImport(key: "0a4a4e816780da9a"), .duplicateEntry(date: "2026-11-03"), .unbalancedEntry(sum: Money(minorUnits: 5), currency: usd),
        .multipleMissingAmounts(count: 2),
        .balanceAssertionFailed(account: "Bank", date: day, expected: .zero, actual: Money(minorUnits: 1), currency: usd),
        .closedWithBalance(account: "Bank", date: day, balance: Money(minorUnits: 1), currency: usd),
        .usedAfterClose(account: "Bank", used: day, closed: day),
        .sumOverflow(what: "the sum", currency: usd), .usedBeforeOpening(account: "Bank", used: day, opened: day),
        .dateFarAhead(date: day, latestOther: day), .incomeSign(category: "Salary"),
        .creditOpenedWithMoney(account: "Visa", amount: Money(minorUnits: 25_000), currency: usd),
        .implausibleDate(day, around: day), .missingRate(code: "USD", date: day, home: "EUR"),
        .accountCurrency(account: "Revolut", kept: "USD", written: "GBP"), .foreignLeftOut(account: "Revolut", kept: "USD"),
        .ratesDiffer(code: "USD", difference: Money(minorUnits: 50), home: Currency(code: "EUR", decimals: 2)),
        .exchangeUndeclared(category: "Exchange", difference: Money(minorUnits: -300), code: "USD", home: Currency(code: "EUR", decimals: 2), revalued: false), .notRecorded(name: "Rent", count: 1, oldest: day, daysLate: 9),
        .deadlineBeforeStart(goal: "Trip"),
        .overcommitted(date: day, shortfall: Money(minorUnits: 5), funds: .zero, days: 1, through: day, biggest: [], currency: usd),
        .goalOverdrawn(goal: "Trip", date: day, by: Money(minorUnits: 5), currency: usd),
        .snapshotMismatch(bucket: "main savings", date: day, expected: .zero, actual: Money(minorUnits: 1), currency: usd),
        .unknownRule("skp", suggestion: "skip"), .missingRule("date"), .importColumns(needed: 4, found: 3),
        .importField(what: "date", value: "x", expected: "a date"), .importDateFar(value: "05.11.75", from: 2016, to: 2036), .patternWork(limit: 1000),
    ]

    @Test func everyKindIsWordedByExactlyOneCheck() {
        for problem in Self.everyKind {
            let messages = [problem.readingMessage, problem.includeMessage, problem.bookingMessage, problem.referenceMessage,
                            problem.duplicateMessage, problem.duplicateImportMessage, problem.duplicateEntryMessage, problem.balancingMessage, problem.assertionMessage, problem.openingMessage, problem.closeMessage,
                            problem.slipMessage, problem.recordedMessage, problem.directiveValueMessage, problem.bucketMessage, problem.importMessage]
            #expect(messages.compactMap { $0 }.count == 1, "\(problem.id)")
            #expect(problem.message != problem.id && !problem.message.isEmpty, "\(problem.id)")
        }
        // Every id but `more`'s (which names another kind) is one of these.
        #expect(Set(Self.everyKind.map(\.id)).count == Self.everyKind.count)
    }
}
