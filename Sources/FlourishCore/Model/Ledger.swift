/// Everything read from a ledger's files: declarations, entries and directives, in file order.
///
/// Names are ids into `names`; amounts are exact minor units of `currency`.
public struct Ledger: Sendable {
    public var files: [SourceFile] = []
    public var names = NameTable()
    /// Every `currency` line; the first one is the ledger's currency.
    public var currencyDeclarations: [Located<Currency>] = []
    /// Every `month-start` line; the first one counts.
    public var monthStarts: [Located<Int>] = []
    /// Every `display` line; the first one counts.
    public var displays: [Located<DisplayLocale>] = []
    /// `option overdue-days N`: how many days after its due date an unrecorded occurrence
    /// draws a warning (the first one counts; default 3).
    public var overdueDays: [Located<Int>] = []
    public var accounts: [Account] = []
    public var categories: [Category] = []
    public var people: [Person] = []
    public var entries: [Entry] = []
    public var postings: [Posting] = []
    /// The `#tags` of all entries, one after another; see `Entry.tagRange`.
    public var entryTags: [NameRef] = []
    /// The goal a split line is charged to (`goal NAME`), by index in `postings`.
    public var postingGoals: [Int: NameRef] = [:]
    public var includes: [Include] = []
    /// Names on split lines of entries dropped for syntax errors; still checked for typos.
    public var strayReferences: [NameRef] = []
    public var openings: [OpeningBalance] = []
    public var balanceAssertions: [BalanceAssertion] = []
    /// `close DATE ACCOUNT` lines, in reading order.
    public var closings: [AccountClosing] = []
    public var corrections: [Correction] = []
    public var budgets: [Budget] = []
    public var earmarks: [Earmark] = []
    public var allowances: [Allowance] = []
    public var goals: [Goal] = []
    public var goalMoves: [GoalMove] = []
    public var incomes: [ExpectedIncome] = []
    public var savingsTargets: [SavingsTarget] = []
    public var subscriptions: [Subscription] = []
    /// Recurring entries; their split lines are in `postings`, outside every entry.
    public var schedules: [Schedule] = []
    public var snapshotAssertions: [SnapshotAssertion] = []
    /// Digits after the decimal point of each directive's amount, by the amount's location,
    /// until booking scales the amounts to minor units (split lines keep theirs in `Posting`).
    public var amountScales: [SourceLocation: UInt8] = [:]
    /// The digits after the decimal point that split lines' written amounts have, as bits
    /// (bit 63 for 63 or more): when every one already has the currency's, booking need not
    /// look at each line to scale it.
    public var postingScales: UInt64 = 0
    /// How many of the first files booking has scaled already: a booked ledger extended by one
    /// more file (the forecast's projection) is booked again without scaling them twice.
    public var scaledFiles = 0
    /// Currency codes written after directives' amounts (`opening … 30.00 USD`) and prices, by
    /// the amount's location; booking checks them against the ledger's currency.
    public var amountCodes = LocationTable<Located<String>>()
    /// `@ RATE` and `@@ TOTAL` written after openings' and corrections' amounts, by the
    /// amount's location.
    public var amountPrices = LocationTable<LinePrice>()
    /// The codes and prices written after split lines' amounts: one record a line with either,
    /// in the lines' order (the parser's list, shifted as files are linked).
    public var writtenForeign: [WrittenForeign] = []
    /// The codes `writtenForeign` names, each once.
    public var lineCodes: [String] = []
    /// Every `commodity CODE DECIMALS` line: a currency other than the home one, and its
    /// decimals (otherwise its standard ones).
    public var commodities: [Located<Currency>] = []
    /// Every `rate` (or `P`) line, in reading order.
    public var rates: [ExchangeRate] = []
    /// Split lines in another currency than the home one, by index in `postings`: set by
    /// booking, which keeps each line's home amount in `Posting.amount`.
    public var foreignAmounts = LineTable<ForeignAmount>()
    /// Openings and corrections in another currency, by the directive's location: set by
    /// booking, which keeps each one's home amount in its `amount`.
    public var foreignDirectives: [SourceLocation: ForeignAmount] = [:]
    /// The entries booking adds when a rate line changes what an account kept in another
    /// currency is worth (grammar.md, "Several currencies"): entry index → index in `rates`.
    public var revaluations: [Int: Int] = [:]
    /// The entries the ledger's files hold (those booking adds for new rates aside).
    public var writtenEntryCount: Int { entries.count - revaluations.count }
    /// Where each entry's import key is written — `import:KEY` at the start of its date line's
    /// comment, the key of the statement row it was imported from — in reading order.
    public var importKeys: [SourceLocation] = []

    /// The import key written at `location` (one of `importKeys`), without `import:`.
    public func importKey(at location: SourceLocation) -> String {
        let bytes = files[Int(location.file)].bytes
        return String(decoding: bytes[Int(location.start) + 7..<Int(location.end)], as: UTF8.self)
    }

    public init() {}

    /// The ledger's currency (the first declared).
    public var currency: Currency? { currencyDeclarations.first?.value }

    /// The day budgeting months start on (1 unless declared).
    public var monthStartDay: Int { monthStarts.first?.value ?? 1 }
    /// How amounts are shown to the reader (nil: Flourish's own way, `$1,234.50`).
    public var display: DisplayLocale? { displays.first?.value }
    public var overdueGrace: Int { overdueDays.first?.value ?? 3 }
    /// `option rollover on`: every budget rolls over (the first one counts).
    public var rolloverOption: [Located<Bool>] = []
    public var rollsOverAll: Bool { rolloverOption.first?.value ?? false }
    /// `option quote off`: the snapshot and the dashboard end without the day's quote (the
    /// first one counts).
    public var quoteOption: [Located<Bool>] = []
    public var showsQuote: Bool { quoteOption.first?.value ?? true }

    /// Whether a budget line rolls over: written so, or every budget does.
    public func rollsOver(_ budget: Budget) -> Bool { budget.rollover || rollsOverAll }

    /// An entry's `#tags`.
    public func tags(of entry: Entry) -> ArraySlice<NameRef> { entryTags[entry.tagRange] }

    /// The text an entry's description was written with.
    public func description(of entry: Entry) -> String {
        withDescriptionBytes(of: entry) { $0.string }
    }

    /// The bytes of `description(of:)`, given to `body` where they stand in the file unless an
    /// escape in a quoted description has to be undone (a long report measures descriptions
    /// without making a string of each).
    func withDescriptionBytes<R>(of entry: Entry, _ body: (ByteView) -> R) -> R {
        let location = entry.descriptionLocation
        return files[Int(location.file)].bytes.withView { bytes in
            let range = location.range
            // Judged on the bytes: a quote and a backslash are ASCII, never part of another
            // character.
            guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "\"") else {
                return body(bytes.part(range))
            }
            let closed = range.count >= 2 && bytes[range.upperBound - 1] == UInt8(ascii: "\"")
            let inner = range.lowerBound + 1..<(closed ? range.upperBound - 1 : range.upperBound)
            guard bytes.part(inner).contains(UInt8(ascii: "\\")) else { return body(bytes.part(inner)) }
            return StringLiteral.unquote(bytes.string(range)).withView(body)
        }
    }

    /// Formats an amount in the ledger's currency, e.g. `1,234.50`.
    public func format(_ money: Money) -> String {
        money.formatted(decimals: currency?.decimals ?? 2)
    }
}

extension Ledger {
    /// Notes that a split line's amount was written with `scale` digits after the point.
    @inline(__always)
    mutating func notePostingScale(_ scale: Int) {
        postingScales |= 1 << UInt64(min(max(scale, 0), 63))
    }
}
