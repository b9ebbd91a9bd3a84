extension Booker {
    /// Scales every amount from the number as written to minor units of the ledger's currency
    /// (`12.5` → 1250 cents). An amount with more decimals than the currency has, one too large
    /// for 64 bits once scaled, or one written with another currency's code is reported; its
    /// entry or directive is left out of the booked ledger (its names are still checked).
    static func scaleAmounts(_ ledger: inout Ledger, _ currency: Currency, _ diagnostics: inout [Diagnostic]) {
        var scaler = Scaler(ledger: ledger, currency: currency)
        scalePostings(&ledger, &scaler)
        scaleSchedules(&ledger, &scaler)
        scaleDirectives(&ledger, &scaler)
        diagnostics += scaler.diagnostics
        ledger.amountScales = [:]
        ledger.scaledFiles = ledger.files.count
    }

    /// Scales written amounts, reporting each that cannot be.
    private struct Scaler {
        let files: [SourceFile]
        let amountCodes: [SourceLocation: Located<String>]
        let currency: Currency
        let declared: Bool
        var diagnostics: [Diagnostic] = []

        init(ledger: Ledger, currency: Currency) {
            files = ledger.files
            amountCodes = ledger.amountCodes
            self.currency = currency
            declared = ledger.currency != nil
        }

        /// The number as written (the amount's location may include a currency code after it).
        func number(_ location: SourceLocation) -> (text: String, location: SourceLocation) {
            let bytes = files[Int(location.file)].bytes
            var end = Int(location.start)
            while end < Int(location.end) && !ByteClass.isBlank(bytes[end]) { end += 1 }
            let range = Int(location.start)..<end
            return (String(decoding: bytes[range], as: UTF8.self), SourceLocation(file: Int(location.file), range: range))
        }

        /// The amount in minor units, or nil after reporting why it has none.
        mutating func scaled(_ written: Money, scale: Int, at location: SourceLocation) -> Money? {
            let decimals = currency.decimals
            if declared, let code = amountCodes[location], code.value != currency.code {
                diagnostics.append(Diagnostic(.secondCurrency(code.value, ledgerCurrency: currency.code), at: code.location))
                return nil
            }
            if scale == decimals { return written }
            guard scale < decimals else {
                let shown = number(location)
                diagnostics.append(Diagnostic(.tooManyDecimals(shown.text, decimals: decimals, currency: declared ? currency.code : "the currency"),
                                              at: shown.location))
                return nil
            }
            // The one rule that turns a written amount into minor units (`NumberSyntax.minorUnits`).
            guard let value = NumberSyntax.minorUnits(NumberSyntax.Decimal(mantissa: written.minorUnits, scale: scale), decimals: decimals) else {
                let shown = number(location)
                diagnostics.append(Diagnostic(.amountOverflow(shown.text, currency: currency), at: shown.location))
                return nil
            }
            return Money(minorUnits: value)
        }

        /// Scales split line `line` in place; false when it cannot be.
        mutating func scale(line: Int, of ledger: inout Ledger) -> Bool {
            guard let location = ledger.postings[line].amountLocation else { return true }
            guard let amount = scaled(ledger.postings[line].amount, scale: Int(ledger.postings[line].amountScale), at: location) else { return false }
            ledger.postings[line].amount = amount
            ledger.postings[line].amountScale = UInt8(currency.decimals)
            return true
        }
    }

    /// Split lines: a line that cannot be scaled leaves its entry out.
    private static func scalePostings(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        let decimals = scaler.currency.decimals
        let checkCodes = scaler.declared && !ledger.amountCodes.isEmpty
        // Every written amount with the currency's decimals already, no code to check: no line
        // needs scaling (the common case, and every line of an already booked ledger).
        let allScaled = !checkCodes && ledger.postingScales & ~(1 << UInt64(decimals)) == 0
        var unscaled: [Int] = []
        if !allScaled {
            for (number, entry) in ledger.entries.enumerated() {
                var good = true
                // The common case: written with the currency's decimals, no code to check.
                for line in entry.postings where checkCodes || Int(ledger.postings[line].amountScale) != decimals {
                    if !scaler.scale(line: line, of: &ledger) { good = false }
                }
                if !good { unscaled.append(number) }
            }
        }
        ledger.postingScales = ledger.postingScales == 0 ? 0 : 1 << UInt64(decimals)
        if !unscaled.isEmpty {
            let dropped = Set(unscaled)
            ledger.entries = ledger.entries.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        }
    }

    /// A schedule's template lines, likewise: one that cannot be scaled leaves the schedule out.
    private static func scaleSchedules(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        guard !ledger.schedules.isEmpty else { return }
        var kept: [Schedule] = []
        for schedule in ledger.schedules {
            var good = true
            for line in schedule.postings where !scaler.scale(line: line, of: &ledger) { good = false }
            if good { kept.append(schedule) }
        }
        ledger.schedules = kept
    }

    /// Directives: one that cannot be scaled is left out.
    private static func scaleDirectives(_ ledger: inout Ledger, _ scaler: inout Scaler) {
        let scaledFiles = ledger.scaledFiles
        let scales = ledger.amountScales
        func scaleAll<Item>(_ items: inout [Item], _ amount: WritableKeyPath<Item, Located<Money>>) {
            guard !items.isEmpty else { return }
            items = items.compactMap { item in
                var item = item
                let written = item[keyPath: amount]
                if Int(written.location.file) < scaledFiles { return item }
                let scale = Int(scales[written.location] ?? 0)
                guard let value = scaler.scaled(written.value, scale: scale, at: written.location) else { return nil }
                item[keyPath: amount].value = value
                return item
            }
        }
        scaleAll(&ledger.openings, \.amount)
        scaleAll(&ledger.balanceAssertions, \.amount)
        scaleAll(&ledger.corrections, \.amount)
        scaleAll(&ledger.budgets, \.amount)
        scaleAll(&ledger.earmarks, \.amount)
        scaleAll(&ledger.allowances, \.amount)
        scaleAll(&ledger.goals, \.target)
        scaleAll(&ledger.goalMoves, \.amount)
        scaleAll(&ledger.incomes, \.amount)
        scaleAll(&ledger.subscriptions, \.amount)
        scaleAll(&ledger.snapshotAssertions, \.amount)
    }
}
