import Testing
@testable import FlourishCore

/// Lines in other currencies (grammar.md, "Several currencies"): each keeps its amount in its
/// own currency and books its home amount from the price written after it, or the `rate` line
/// in effect, or what balances the entry — figures worked out by hand below.
@Suite struct SeveralCurrenciesTests {
    static let trip = """
    currency EUR
    commodity JPY 0
    account Bank checking
    account Revolut checking USD
    category Food
    category Travel
    category FX exchange

    rate 2026-11-01 USD 0.92
    P 2026-11-01 JPY 0.0062 EUR
    rate 2026-11-06 USD 0.93

    opening 2026-11-01 Bank 1000.00

    2026-11-02 Move money to Revolut
      Revolut  100.00 USD @@ 91.50
      Bank  -91.50

    2026-11-03 Coffee in New York
      Food  4.50 USD
      Revolut

    2026-11-04 Dinner in New York, paid by the euro card
      Food  30.00 USD @ 0.93
      Bank

    2026-11-05 Ramen in Tokyo
      Travel  1200 JPY
      Bank

    2026-11-06 Three things on one receipt
      Food  1.01 USD
      Travel  1.01 USD
      Revolut  -2.02 USD

    2026-11-07 Back to euros at the rate the bank gave
      Bank  9.00
      Revolut  -10.00 USD

    """

    /// Each entry's lines in date order (the entries booking adds among them): each line's home
    /// amount and, for a line in another currency, its own.
    static func lines(_ journal: Journal) -> [(target: String, home: Int64, native: Int64?, code: String?)] {
        let ledger = journal.ledger
        return journal.items.flatMap { item -> [(target: String, home: Int64, native: Int64?, code: String?)] in
            guard case .entry(let number) = item.kind else { return [] }
            return ledger.entries[number].postings.map { line in
                let foreign = ledger.foreignAmounts[line]
                return (ledger.names[ledger.postings[line].target.id], ledger.postings[line].amount.minorUnits,
                        foreign?.native.minorUnits, foreign?.currency.code)
            }
        }
    }

    /// Booking takes an entry's own rules (`Booker.convertForeign`) only where they can change
    /// what scaling gave its lines (each priced line its price's home amount, the one line left
    /// out balancing the rest): on random ledgers, and on entries put together from lines near
    /// the rules' edges, every line's home amount, own amount and rate, the entries kept and
    /// the problems are what taking the rules for every entry gives.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func theEntryRulesAreTakenWhereTheyChangeSomething(seed: UInt64) throws {
        var random = LedgerGenerator(seed: seed)
        let pieces = ["Food  2.00", "Food  -3.10", "Food  2.00 USD @@ 1.84", "Travel  5.00 USD @ 0.92", "Food  3.00 USD",
                      "Gifts  300 JPY @@ 1.90", "Gifts  -2.50 USD @@ 2.30", "Revolut  -4.00 USD", "Revolut  4.00 USD @@ 3.70",
                      "Bank", "Food", "Sam", "Revolut", "Bank  -1.84", "Travel  1.000 BHD @ 2.4", "Food  0.01 USD @ 0.5",
                      "Food  99999999999999 USD @ 999999999", "Wallet  -300 JPY"]
        var text = SeveralCurrenciesToolsTests.ledger(seed: seed, entries: 20) + "rate 2026-03-01 USD 0.93\n\n"
        for number in 0..<60 {
            text += "2026-03-\(10 + number % 18) Edge \(number)\n"
            for _ in 0..<(1 + random.next(4)) { text += "  " + random.pick(pieces) + "\n" }
            text += "\n"
        }
        let path = try write(text)
        func booked(everyEntry: Bool) throws -> [String] {
            var loaded = try LedgerLoader.load(paths: [path])
            let result = Booker.bookDeferringTotals(loaded.takeLedger(), everyEntry: everyEntry)
            let ledger = result.journal.ledger
            var lines: [String] = ledger.entries.map { "entry \($0.location.range)" }
            for entry in ledger.entries {
                for line in entry.postings {
                    let foreign = ledger.foreignAmounts[line].map { foreign -> String in
                        let rate = switch foreign.rate {
                        case .written: "written"
                        case .rateLine(let index): "rate line \(index)"
                        case .entry: "entry"
                        }
                        return " \(foreign.native.minorUnits) \(foreign.currency.code) \(rate)"
                    } ?? ""
                    lines.append("line \(line) \(ledger.postings[line].amount.minorUnits)\(foreign)")
                }
            }
            lines += result.diagnostics.map { "\($0.id) \($0.location.range)" }.sorted()
            return lines
        }
        let everyEntry = try booked(everyEntry: true)
        #expect(try booked(everyEntry: false) == everyEntry)
        #expect(everyEntry.contains { $0.hasPrefix("line") && $0.hasSuffix("entry") })
    }

    /// A price belongs after an amount in another currency: after a home amount, or after the
    /// home currency's own code, it is an error at the price (booking looks for prices only on
    /// the lines the parser marked as having one).
    @Test func aPriceAfterAHomeAmountIsAnError() throws {
        let path = try write("""
            currency EUR
            account Bank checking
            category Food

            2026-11-06 A price on an amount in the home currency
              Food  10.00 @@ 9.00
              Bank

            2026-11-07 A price after the home code
              Food  4.00 EUR @ 1.10
              Bank

            """)
        let result = TestSupport.run(["check", path])
        #expect(result.status == .problems)
        #expect(errors(result.stderr) == [
            "trip.flourish:6:18: error: unexpected `@@ 9.00`",
            "trip.flourish:10:20: error: unexpected `@ 1.10`",
        ], "\(result.stderr)")
        #expect(result.stderr.contains("hint: only an amount in another currency has a price in the home one"))
    }

    /// A price is in the home currency: a code written after it is the home one (`@@ 11.00
    /// EUR` reads as `@@ 11.00`); another is an error at that code, on a split line and on an
    /// opening alike (it was once taken as euros without a word).
    @Test func aPriceInAnotherCurrencyIsAnError() throws {
        let path = try write("""
            currency EUR
            account Bank checking
            account Revolut checking USD
            category Food

            opening 2026-11-01 Revolut 50.00 USD @@ 46.00 GBP
            opening 2026-11-01 Bank 100.00

            2026-11-06 Priced in pounds
              Food  12.00 USD @@ 11.00 GBP
              Bank

            2026-11-07 Priced in euros, the code written
              Food  10.00 USD @@ 9.00 EUR
              Bank

            """)
        let result = TestSupport.run(["check", path])
        #expect(result.status == .problems)
        #expect(errors(result.stderr) == [
            "trip.flourish:6:47: error: `GBP` where the home currency, EUR, is needed",
            "trip.flourish:10:28: error: `GBP` where the home currency, EUR, is needed",
        ], "\(result.stderr)")
        let clean = try write("""
            currency EUR
            account Bank checking
            category Food

            2026-11-07 Priced in euros, the code written
              Food  10.00 USD @@ 9.00 EUR
              Bank

            """)
        let checked = TestSupport.run(["check", clean])
        #expect(checked.status == .success, "\(checked.stderr)")
        let balances = TestSupport.run(["report", "balances", clean])
        #expect(balances.stdout.contains("-€9.00"), "\(balances.stdout)")
    }

    /// Each file's codes are numbered as the file is read (`Ledger.lineCodes`) and renumbered
    /// as files are linked: a ledger split into included files, their codes met in other
    /// orders, books every line's own amount, currency and home amount as the same ledger in
    /// one file does, and a price's code is checked in an included file too.
    @Test func codesInIncludedFilesAreTheirOwn() throws {
        let head = """
            currency EUR
            account Bank checking
            account Revolut checking USD
            category Food
            category Travel
            rate 2026-01-01 JPY 0.0061

            """
        let first = """
            2026-01-02 * Dinner
              Food  12.50 USD @@ 11.40
              Bank

            2026-01-03 * Sushi
              Food  3000 JPY
              Bank

            """
        let second = """
            2026-02-02 * Train
              Travel  40.00 GBP @ 1.17
              Travel  500 JPY @@ 3.10 EUR
              Bank

            2026-02-03 * Top-up
              Revolut  20.00 USD @@ 18.30
              Bank

            """
        let whole = try write(head + first + second)
        let directory = TestSupport.temporaryDirectory()
        TestSupport.write(head + "include \"2026-01.flourish\"\ninclude \"2026-02.flourish\"\n", to: directory + "/main.flourish")
        TestSupport.write(first, to: directory + "/2026-01.flourish")
        TestSupport.write(second, to: directory + "/2026-02.flourish")
        let split = directory + "/main.flourish"
        let register = TestSupport.run(["report", "register", "--format", "csv", whole])
        #expect(register.status == .success, "\(register.stderr)")
        #expect(register.stdout.contains("12.50") && register.stdout.contains("GBP") && register.stdout.contains("3000"), "\(register.stdout)")
        #expect(TestSupport.run(["report", "register", "--format", "csv", split]).stdout == register.stdout)
        TestSupport.write(second.replacingOccurrences(of: "@@ 3.10 EUR", with: "@@ 3.10 GBP"), to: directory + "/2026-02.flourish")
        #expect(errors(TestSupport.run(["check", split]).stderr) == ["2026-02.flourish:3:27: error: `GBP` where the home currency, EUR, is needed"])
    }

    /// A directive's code and price are read as a split line's: in the account's currency it
    /// books (its `balance` line holds in dollars), after a home amount the price is the same
    /// error, after the home code too.
    @Test func aDirectivesCodeAndPriceAreReadAsALines() throws {
        let path = try write("""
            currency EUR
            account Bank checking
            account Revolut checking USD

            opening 2026-11-01 Bank 100.00 @@ 92.00
            opening 2026-11-01 Revolut 50.00 USD @@ 46.00
            balance 2026-11-03 Revolut 50.00 USD
            balance 2026-11-03 Bank 100.00 EUR @ 1.10

            """)
        let result = TestSupport.run(["check", path])
        #expect(result.status == .problems)
        #expect(errors(result.stderr) == [
            "trip.flourish:5:35: error: unexpected `@@ 92.00`",
            "trip.flourish:8:36: error: unexpected `@`",
        ], "\(result.stderr)")
    }

    /// The same error in a ledger where no line has a code: the price is not left unread.
    @Test func aPriceInALedgerWithoutCodesIsAnError() throws {
        let path = try write("""
            currency EUR
            account Bank checking
            category Food

            2026-11-06 A price on an amount in the home currency
              Food  10.00 @@ 9.00
              Bank

            """)
        let result = TestSupport.run(["check", path])
        #expect(result.status == .problems)
        #expect(errors(result.stderr) == ["trip.flourish:6:18: error: unexpected `@@ 9.00`"], "\(result.stderr)")
    }

    @Test func aTripInTwoCurrencies() throws {
        let loaded = TestSupport.load(Self.trip)
        #expect(Validator.validate(loaded).isEmpty)
        let journal = TestSupport.book(loaded)
        let lines = Self.lines(journal)
        // By hand: 100 USD cost 91.50; 4.50 × 0.92 = 4.14; 30 × 0.93 = 27.90; 1200 × 0.0062 =
        // 7.44; 1.01 × 0.93 = 0.9393 → 0.94 twice, −2.02 × 0.93 = −1.8786 → −1.88; 10 USD for
        // 9.00 (the rate the bank gave: what balances the entry). The rate of 2026-11-06 makes
        // Revolut's 95.50 USD, booked at 91.50 − 4.14 = 87.36, worth 88.815 → 88.82: booking
        // adds Revolut +1.46 and FX −1.46 that morning. Then the 10 USD sent back were 86.94 ×
        // 10 ÷ 93.48 = 9.3005 → 9.30 of Revolut's 93.48 USD: a loss of 0.30 to FX.
        let expected: [(String, Int64, Int64?, String?)] = [
            ("Revolut", 9150, 10000, "USD"), ("Bank", -9150, nil, nil),
            ("Food", 414, 450, "USD"), ("Revolut", -414, -450, "USD"),
            ("Food", 2790, 3000, "USD"), ("Bank", -2790, nil, nil),
            ("Travel", 744, 1200, "JPY"), ("Bank", -744, nil, nil),
            ("Revolut", 146, nil, nil), ("FX", -146, nil, nil),
            ("Food", 94, 101, "USD"), ("Travel", 94, 101, "USD"), ("Revolut", -188, -202, "USD"),
            ("Bank", 900, nil, nil), ("Revolut", -930, -1000, "USD"), ("FX", 30, nil, nil),
        ]
        #expect(lines.count == expected.count)
        for (line, want) in zip(lines, expected) {
            #expect(line.target == want.0 && line.home == want.1 && line.native == want.2 && line.code == want.3, "\(line) ≠ \(want)")
        }
        let balances = TestSupport.run(["report", "balances", try write(Self.trip)])
        // Bank: 1000 − 91.50 − 27.90 − 7.44 + 9.00; Revolut: 91.50 − 4.14 + 1.46 − 1.88 − 9.30.
        #expect(balances.stdout.contains("Bank             checking         €882.16\n"))
        #expect(balances.stdout.contains("Revolut          checking          €77.64    83.48 USD\n"))
    }

    @Test func theRegisterShowsEachLinesOwnAmountAndRate() throws {
        let path = try write(Self.trip)
        let text = TestSupport.run(["report", "register", "Revolut", path]).stdout
        #expect(text.contains("Account, category or person  Other side  Amount  Running  Own amount      Rate\n"))
        #expect(text.contains("2026-11-02      Move money to Revolut                          Revolut                      Bank        €91.50   €91.50  100.00 USD  0.915000\n"))
        // The new rate's revaluation, then 1.88 for 2.02 dollars, once the rounding cent went
        // to the largest line.
        #expect(text.contains("2026-11-06      rate 2026-11-06 USD 0.93                       Revolut                      FX           €1.46   €88.82\n"))
        #expect(text.contains("Revolut                      split       -€1.88   €86.94   -2.02 USD  0.930693\n"))
        let csv = TestSupport.run(["report", "register", "--format", "csv", path]).stdout
        #expect(csv.hasPrefix("date,status,description,tags,target,other,amount,running,own,rate\r\n"))
        #expect(csv.contains(",Travel,Bank,7.44,7.44,1200 JPY,0.006200\r\n"))
        #expect(csv.contains(",Bank,Travel,-7.44,873.16,,\r\n"))
        // JSON: the own amount carries its currency; a home line has neither (null).
        let json = TestSupport.run(["report", "register", "--format", "json", path]).stdout
        #expect(json.contains(#""target": "Travel", "other": "Bank", "amount": "7.44", "running": "7.44", "own": {"amount": "1200", "currency": "JPY"}, "rate": "0.006200"}"#))
        #expect(json.contains(#""target": "Bank", "other": "Travel", "amount": "-7.44", "running": "873.16", "own": null, "rate": null}"#))
        // A ledger in one currency keeps its eight columns.
        let plain = TestSupport.run(["report", "register", "--format", "csv", TestSupport.root + "/examples/drip.flourish"]).stdout
        #expect(plain.hasPrefix("date,status,description,tags,target,other,amount,running\r\n"))
    }

    /// The display locale writes each currency its own way: euros and dollars alike in German.
    @Test func theDisplayLocaleAppliesToEachCurrency() throws {
        let path = try write(Self.trip.replacingOccurrences(of: "currency EUR\n", with: "currency EUR\ndisplay de-DE\n"))
        let balances = TestSupport.run(["report", "balances", path]).stdout
        #expect(balances.contains("Revolut          checking          77,64 €      83,48 $\n"), "\(balances)")
        let register = TestSupport.run(["report", "register", "Revolut", path]).stdout
        #expect(register.contains("   -2,02 $  0.930693\n"), "\(register)")
        // CSV and JSON keep the plain form, the code after the digits.
        let csv = TestSupport.run(["report", "register", "--format", "csv", path]).stdout
        #expect(csv.contains(",Travel,Bank,7.44,7.44,1200 JPY,0.006200\r\n"))
    }

    @Test func balancesShowAnAccountKeptInAnotherCurrencyInIt() throws {
        let text = TestSupport.run(["report", "balances", try write(Self.trip)]).stdout
        // 100 − 4.50 − 2.02 − 10.00 dollars; Bank is kept in euros.
        #expect(text.contains("Account          Kind      Flags  Balance  Own balance\n"))
        #expect(text.contains("Revolut          checking          €77.64    83.48 USD\n"))
        #expect(text.contains("Bank             checking         €882.16\n"))
        let plain = TestSupport.run(["report", "balances", TestSupport.root + "/examples/drip.flourish"]).stdout
        #expect(!plain.contains("Own balance"))
    }

    /// A correction on an account kept in dollars is in dollars, worth its price or the rate
    /// line in effect; the account's balance lines, in dollars, count it; exports write both in
    /// dollars, and hledger's balances at cost agree.
    @Test func aCorrectionOnAForeignAccountIsInItsCurrency() throws {
        // Revolut after the trip: 100 − 4.50 − 2.02 − 10.00 = 83.48 USD, booked at 77.64.
        let path = try write(Self.trip + """

        correction 2026-11-08 Revolut 1.52 USD fee refunded
        correction 2026-11-08 Revolut 5.00 USD @@ 4.60 cashback
        balance 2026-11-08 Revolut 90.00

        """)
        // The six entries written (booking adds one for the new rate on 2026-11-06).
        #expect(TestSupport.run(["check", path]).stdout == "ok: 6 entries in 1 file, no problems\n")
        // 1.52 × 0.93 = 1.41 (1.4136); 4.60 as written: 77.64 + 1.41 + 4.60 = 83.65.
        let balances = TestSupport.run(["report", "balances", path]).stdout
        #expect(balances.contains("Revolut          checking          €83.65    90.00 USD\n"), "\(balances)")
        let register = TestSupport.run(["report", "register", "Revolut", path]).stdout
        #expect(register.contains("correction: cashback"))
        #expect(register.contains("€4.60   €83.65    5.00 USD  0.920000\n"), "\(register)")
        let exported = TestSupport.run(["export", "ledger", path]).stdout
        #expect(exported.contains("    Assets:Revolut      5.00 USD @@ 4.60 EUR\n"), "\(exported)")
        #expect(exported.contains("    Assets:Revolut  0 USD = 90.00 USD\n"))
        let beancount = TestSupport.run(["export", "beancount", path]).stdout
        #expect(beancount.contains("2026-11-09 balance Assets:Revolut  90.00 USD\n"), "\(beancount)")
        if let hledger = Tools.path("hledger") {
            let journal = TestSupport.temporaryDirectory() + "/exported.journal"
            TestSupport.write(exported, to: journal)
            let result = Tools.run(hledger, ["-f", journal, "bal", "-B", "--flat", "-N", "Revolut"])
            #expect(result.status == 0, "\(result.output)")
            // At cost (hledger writes the euros with the rate lines' decimals).
            #expect(result.output.contains(" 83.65") && result.output.contains(" EUR  Assets:Revolut"), "\(result.output)")
        }
    }

    @Test func addWritesAnAmountInAnotherCurrencyWithItsPrice() throws {
        let path = try write(Self.trip)
        let taxi = TestSupport.run(["add", "2026-11-08", "Taxi", "12.50", "USD", "@@", "11.48", "Travel", "--from", "Bank", "--file", path])
        #expect(taxi.status == .success, "\(taxi.stderr)")
        // Without a price, the rate line in effect (0.93 from 2026-11-06): 5 × 0.93 = 4.65.
        let bagel = TestSupport.run(["add", "2026-11-08", "Bagel", "Food", "5.00", "USD", "--from", "Revolut", "--file", path])
        #expect(bagel.status == .success, "\(bagel.stderr)")
        let text = TestSupport.read(path)
        #expect(text.hasSuffix("""
        2026-11-08 * Taxi
          Travel  12.50 USD @@ 11.48
          Bank

        2026-11-08 * Bagel
          Food     5.00 USD
          Revolut

        """))
        let journal = TestSupport.book(TestSupport.load(text))
        #expect(Self.lines(journal).suffix(4).map(\.home) == [1148, -1148, 465, -465])
        // Paid from the dollar account, an amount without a code is in dollars (what its
        // statement shows); the amount and its price as one word are its parts.
        let coffee = TestSupport.run(["add", "2026-11-08", "Coffee", "3.25", "Food", "--from", "Revolut", "--file", path])
        #expect(coffee.stdout.hasSuffix("2026-11-08 * Coffee\n  Food     3.25 USD\n  Revolut\n"), "\(coffee.stderr)")
        let bus = TestSupport.run(["add", "2026-11-08", "Bus", "2.75 USD @@ 2.60", "Travel", "--from", "Bank", "--file", path])
        #expect(bus.stdout.hasSuffix("2026-11-08 * Bus\n  Travel  2.75 USD @@ 2.60\n  Bank\n"), "\(bus.stderr)")
        // Between accounts in two currencies the amount's currency is not known: refused, unchanged.
        let before = TestSupport.read(path)
        let transfer = TestSupport.run(["add", "2026-11-08", "Dollars home", "20", "--from", "Revolut", "--to", "Bank", "--file", path])
        #expect(transfer.status == .problems)
        #expect(transfer.stderr.contains("error: the amount of Revolut, kept in USD, cannot be left out of an entry in other currencies"))
        #expect(TestSupport.read(path) == before)
    }

    /// A card statement with the amount paid abroad in its own columns (as Monzo's "Local
    /// amount" and "Local currency"): the row keeps its Canadian dollars, the statement's
    /// figure as their cost; a row in the home currency stays as it was.
    @Test func importKeepsARowsOriginalAmount() throws {
        let directory = TestSupport.temporaryDirectory()
        let path = directory + "/budget.flourish"
        TestSupport.write("""
        currency GBP
        account Monzo checking
        category Food
        category Travel

        opening 2026-11-01 Monzo 500.00

        """, to: path)
        TestSupport.write("""
        account Monzo
        skip 1
        date 1 DD/MM/YYYY
        description 2
        amount 3
        original "Local amount" "Local currency"
        match "tim hortons" Food
        default Travel

        """, to: directory + "/monzo.rules")
        TestSupport.write("""
        Date,Name,Amount,Local amount,Local currency
        03/11/2026,Tim Hortons,-12.34,-23.00,CAD
        04/11/2026,Train,-8.20,-8.20,GBP
        05/11/2026,Taxi Montréal,-20.10,-36.5,cad

        """, to: directory + "/monzo.csv")
        let result = TestSupport.run(["import", "csv", directory + "/monzo.csv", "--rules", directory + "/monzo.rules", "--file", path])
        #expect(result.status == .success, "\(result.stderr)")
        let text = TestSupport.read(path)
        #expect(text.contains("  Food   23.00 CAD @@ 12.34\n  Monzo\n"))
        #expect(text.contains("  Travel  8.20\n  Monzo\n"))
        #expect(text.contains("  Travel  36.50 CAD @@ 20.10\n  Monzo\n"))
        #expect(TestSupport.run(["check", path]).status == .success)
        let register = TestSupport.run(["report", "register", "Food", "--format", "csv", path]).stdout
        #expect(register.contains(",Food,Monzo,12.34,12.34,23.00 CAD,0.536522\r\n"))
    }

    @Test func roundingWithinAMinorUnitALineGoesToTheLargestLine() {
        let ledger = """
        currency EUR
        account Revolut checking USD
        category Food
        category Travel
        category Gifts

        rate 2026-11-01 USD 0.925

        2026-11-02 Three small things
          Food  0.01 USD
          Travel  0.01 USD
          Gifts  0.01 USD
          Revolut  -0.03 USD

        """
        let journal = TestSupport.book(TestSupport.load(ledger))
        // 0.01 × 0.925 = 0.00925 → 0.01 each; −0.03 × 0.925 = −0.02775 → −0.03: they balance.
        #expect(Self.lines(journal).map(\.home) == [1, 1, 1, -3])
        let two = ledger.replacingOccurrences(of: "rate 2026-11-01 USD 0.925", with: "rate 2026-11-01 USD 0.915")
        // 0.00915 → 0.01 each, −0.02745 → −0.03, then: the same; at 0.905 → 0.01 each, −0.02715
        // → −0.03; at 0.835 → 0.01 each, −0.02505 → −0.03; at 0.825 → 0.01 each and −0.02475 →
        // −0.02: one cent over, taken by the largest line (Revolut).
        #expect(Self.lines(TestSupport.book(TestSupport.load(two))).map(\.home) == [1, 1, 1, -3])
        let off = ledger.replacingOccurrences(of: "rate 2026-11-01 USD 0.925", with: "rate 2026-11-01 USD 0.825")
        #expect(Self.lines(TestSupport.book(TestSupport.load(off))).map(\.home) == [1, 1, 1, -3])
    }

    @Test func everyProblemNamesItsLine() {
        let output = TestSupport.check("""
        currency EUR
        account Revolut checking USD
        category Food

        2026-11-03 Coffee
          Food  4.50 USD
          Revolut

        2026-11-08 A price on a euro amount
          Food  3.00 @ 1.2
          Revolut  -3.00 USD @@ 3.00

        """)
        #expect(output.contains("test.flourish:6:9: error: no rate for USD on 2026-11-03"))
        #expect(output.contains("test.flourish:10:16: error: unexpected `@ 1.2`"))
    }

    @Test func balanceLinesOfAnAccountKeptInAnotherCurrencyAreInIt() {
        let output = TestSupport.check("""
        currency EUR
        commodity JPY 0
        account Revolut checking USD
        account Wallet cash JPY
        account Bank checking
        category Food

        rate 2026-10-01 USD 0.9
        rate 2026-10-01 JPY 0.006
        opening 2026-11-01 Revolut 100.00 USD @@ 92.00
        opening 2026-11-01 Wallet 5000
        opening 2026-11-01 Bank 10.00

        2026-11-02 Coffee
          Food  4.50 USD
          Revolut

        2026-11-02 Ramen
          Food  1200 JPY
          Wallet

        balance 2026-11-02 Revolut 95.50
        balance 2026-11-02 Wallet 3800
        balance 2026-11-02 Bank 10.00
        balance 2026-11-03 Revolut 95.49 USD
        balance 2026-11-03 Wallet 3801

        """)
        // 100 − 4.50 dollars and 5000 − 1200 yen hold; the last two are a cent and a yen off.
        #expect(!output.contains(":22:") && !output.contains(":23:") && !output.contains(":24:"))
        #expect(output.contains("test.flourish:25:28: error: balance assertion failed for `Revolut` at the end of 2026-11-03: expected 95.49, actual 95.50, difference 0.01"))
        #expect(output.contains("test.flourish:26:27: error: balance assertion failed for `Wallet` at the end of 2026-11-03: expected 3,801, actual 3,800, difference -1"))
    }

    /// grammar.md's worked example of an exchange difference, by hand, then with `Exchange`
    /// undeclared, and the export as hledger and ledger read it at cost.
    @Test func moneyMovedAtAnotherValueThanItWasBookedAtLeavesAnExchangeDifference() throws {
        let ledger = """
        currency EUR
        account Bank checking
        account Revolut checking USD
        category Food
        category FX exchange

        2026-01-02 Buy dollars
          Revolut  100.00 USD @@ 92.00
          Bank

        2026-01-05 Lunch in New York
          Food  10.00 USD @@ 9.20
          Revolut

        2026-01-10 Dollars back
          Bank     85.50
          Revolut  -90.00 USD @@ 85.50

        2026-01-11 More dollars than Revolut holds go out at their own price
          Revolut  50.00 USD @@ 47.00
          Bank

        2026-01-12 Sent on at a better rate
          Bank     48.00
          Revolut  -50.00 USD @@ 48.00

        """
        let loaded = TestSupport.load(ledger)
        #expect(Validator.validate(loaded).isEmpty)
        // 90 of 100 dollars held at 92.00 − 9.20 = 82.80; back for 85.50: a gain of 2.70. Then
        // 50 dollars bought for 47.00 and sent on for 48.00: a gain of 1.00.
        let lines = Self.lines(TestSupport.book(loaded))
        #expect(lines.map(\.target) == ["Revolut", "Bank", "Food", "Revolut", "Bank", "Revolut", "FX", "Revolut", "Bank", "Bank", "Revolut", "FX"])
        #expect(lines.map(\.home) == [9200, -9200, 920, -920, 8550, -8280, -270, 4700, -4700, 4800, -4700, -100])
        let path = try write(ledger)
        let balances = TestSupport.run(["report", "balances", path]).stdout
        #expect(balances.contains("Revolut          checking           €0.00     0.00 USD\n"))
        #expect(balances.contains("FX        €3.70\n"))
        // The added line is in the register, without an own amount.
        let register = TestSupport.run(["report", "register", "--format", "csv", path]).stdout
        #expect(register.contains("2026-01-10,,Dollars back,,FX,split,-2.70,-2.70,,\r\n"))

        // Undeclared: `Exchange`, and one warning at the first line.
        let undeclared = ledger.replacingOccurrences(of: "category FX exchange\n", with: "")
        let output = TestSupport.check(undeclared)
        #expect(output.contains("test.flourish:16:3: warning: this line moves USD at another value than it was booked at: the gain of 2.70 EUR goes to Exchange"))
        #expect(output.contains("= hint: declare the category that takes exchange gains and losses: `category Exchange exchange`"))
        #expect(output.components(separatedBy: "exchange-undeclared").count <= 2)
        #expect(Self.lines(TestSupport.book(TestSupport.load(undeclared))).filter { $0.target == "Exchange" }.map(\.home) == [-270, -100])

        // hledger at cost: Revolut holds nothing, FX the two gains (when it is installed; the
        // random ledgers of SeveralCurrenciesToolsTests compare every account).
        guard let hledger = Tools.path("hledger") else { return }
        let file = TestSupport.temporaryDirectory() + "/x.journal"
        TestSupport.write(TestSupport.run(["export", "ledger", path]).stdout, to: file)
        let report = Tools.run(hledger, ["-f", file, "bal", "-B", "--flat", "--no-total"]).output
        #expect(report.contains("-3.70 EUR  Income:FX"), "\(report)")
        #expect(!report.contains("Revolut"), "\(report)")
    }

    /// grammar.md §8's table "In two currencies", row by row (figures worked out by hand there).
    @Test func aDollarSalaryIntoAEuroBudgetAcrossARateChange() throws {
        let ledger = """
        currency EUR
        account Bank checking
        account Revolut checking USD
        category Food
        category Salary income
        category FX exchange

        rate 2026-11-01 USD 0.90
        opening 2026-11-01 Bank 300.00
        allowance 2026-11-01 10.00

        2026-11-02 Salary in dollars
          Revolut  1000.00 USD
          Salary

        2026-11-02 Lunch
          Food  20.00 USD
          Revolut

        rate 2026-11-03 USD 0.95

        2026-11-03 Dollars to the bank
          Bank     470.00
          Revolut  -500.00 USD

        """
        let loaded = TestSupport.load(ledger)
        #expect(Validator.validate(loaded).isEmpty)
        let engine = BucketEngine(TestSupport.book(loaded))
        func row(_ day: Int) throws -> (funds: Int64, allowance: Int64, main: Int64, rates: [String]) {
            let snapshot = try #require(try engine.snapshot(at: CivilDate(year: 2026, month: 11, day: day)!))
            return (snapshot.funds.minorUnits, snapshot.allowanceSetAside.minorUnits, snapshot.mainSavings.minorUnits,
                    snapshot.exchangeRates.map { "\($0.account) \($0.amount.minorUnits) \($0.rate)" })
        }
        #expect(try row(1) == (30000, 30000, 0, []))
        #expect(try row(2) == (118200, 28000, 90200, []))
        #expect(try row(3) == (122600, 28000, 94600, ["Revolut 4900 USD 0.95"]))
        let path = try write(ledger)
        let log = TestSupport.run(["report", "log", path]).stdout
        #expect(log.hasSuffix("Exchange rates\nDate        Account  Change  Rate\n2026-11-03  Revolut  €49.00  USD 0.95\n"))
        let snapshot = TestSupport.run(["report", "snapshot", path]).stdout
        #expect(snapshot.contains("• Total: €1,226.00\n  exchange rate: Revolut €49.00 (USD 0.95)\n"))
        // Revolut: 900 − 18 + 49 − 475; FX: the revaluation's gain and the transfer's loss.
        let balances = TestSupport.run(["report", "balances", path]).stdout
        #expect(balances.contains("Revolut          checking           €456.00   480.00 USD\n"), "\(balances)")
        #expect(balances.contains("FX         €44.00\n"), "\(balances)")
    }

    /// Shares as units of a commodity in an off-budget account, valued by rate lines.
    @Test func sharesAreUnitsOfACommodityValuedByRateLines() throws {
        let ledger = """
        currency USD
        commodity GOOG 0
        account Bank checking
        account Brokerage savings GOOG off-budget
        category Gains exchange

        opening 2026-01-01 Bank 5000.00
        rate 2026-01-01 GOOG 170.00

        2026-01-02 Buy shares
          Brokerage  10 GOOG @ 171.25
          Bank

        rate 2026-02-02 GOOG 180.50

        """
        let loaded = TestSupport.load(ledger)
        #expect(Validator.validate(loaded).isEmpty)
        // 10 × 171.25 = 1,712.50 paid; at 180.50 they are worth 1,805.00: a gain of 92.50.
        let balances = TestSupport.run(["report", "balances", try write(ledger)]).stdout
        #expect(balances.contains("Brokerage        savings   off-budget  $1,805.00      10 GOOG\n"), "\(balances)")
        #expect(balances.contains("Gains     $92.50\n"), "\(balances)")
        #expect(balances.contains("On-budget funds                        $3,287.50\n"), "\(balances)")
    }

    /// `--value USD`: every home amount at the dollar's rate on the report date.
    @Test func aReportInAnotherCurrency() throws {
        let ledger = """
        currency EUR
        account Bank checking
        account Revolut checking USD
        category Food
        category FX exchange

        opening 2026-01-01 Bank 1000.00
        rate 2026-01-01 USD 0.92

        2026-01-02 Buy dollars
          Revolut  100.00 USD @@ 91.50
          Bank

        2026-01-05 Lunch in New York
          Food  10.00 USD
          Revolut

        rate 2026-01-20 USD 0.90

        """
        let path = try write(ledger)
        // At 0.90: Bank 908.50 ÷ 0.90 = 1,009.444 → $1,009.44; Revolut, 90 USD revalued to
        // 81.00 that morning, $90.00; Food 9.20 ÷ 0.90 = 10.222 → $10.22.
        let balances = TestSupport.run(["report", "balances", "--value", "USD", path])
        #expect(balances.status == .success)
        #expect(balances.stdout.contains("Bank             checking         $1,009.44\n"), "\(balances.stdout)")
        #expect(balances.stdout.contains("Revolut          checking            $90.00    90.00 USD\n"), "\(balances.stdout)")
        #expect(balances.stdout.contains("Food      $10.22\n"), "\(balances.stdout)")
        let json = TestSupport.run(["report", "balances", "--value", "USD", "--format", "json", path]).stdout
        #expect(json.contains("\"currency\": \"USD\""))
        let register = TestSupport.run(["report", "register", "Food", "--value", "USD", path]).stdout
        #expect(register.contains("Food                         Revolut     $10.22   $10.22   10.00 USD  0.920000\n"), "\(register)")
        // Before the first rate line, or in a currency without one: an error that says so.
        let early = TestSupport.run(["report", "balances", "--value", "GBP", path])
        #expect(early.status == .problems)
        #expect(early.stderr == "Error: no rate for GBP on 2026-01-20: --value needs a line `rate DATE GBP RATE` on or before it\n")
        #expect(TestSupport.run(["report", "snapshot", "--value", "USD", path]).status == .usage)
        // The home currency's own code changes nothing.
        #expect(TestSupport.run(["report", "balances", "--value", "EUR", path]).stdout == TestSupport.run(["report", "balances", path]).stdout)
    }

    @Test func conversionRoundsHalfAwayFromZero() throws {
        let half = NumberSyntax.Decimal(mantissa: 5, scale: 1)
        #expect(try Money.converted(Money(minorUnits: 1), decimals: 2, rate: half, homeDecimals: 2) == Money(minorUnits: 1))
        #expect(try Money.converted(Money(minorUnits: -1), decimals: 2, rate: half, homeDecimals: 2) == Money(minorUnits: -1))
        #expect(try Money.converted(Money(minorUnits: 3), decimals: 2, rate: NumberSyntax.Decimal(mantissa: 1, scale: 1), homeDecimals: 2) == .zero)
        #expect(try Money.converted(Money(minorUnits: 1200), decimals: 0, rate: NumberSyntax.Decimal(mantissa: 62, scale: 4), homeDecimals: 2) == Money(minorUnits: 744))
        #expect(throws: MoneyOverflow.self) {
            try Money.converted(Money(minorUnits: .max), decimals: 0, rate: NumberSyntax.Decimal(mantissa: 2, scale: 0), homeDecimals: 0)
        }
    }

    /// The error lines of `check`'s output, each from its file's name on.
    private func errors(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.contains(": error:") }.map { $0.split(separator: "/").last.map(String.init) ?? "" }
    }

    private func write(_ text: String) throws -> String {
        let directory = TestSupport.temporaryDirectory()
        TestSupport.write(text, to: directory + "/trip.flourish")
        return directory + "/trip.flourish"
    }
}
