#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Values inside lines: dates, amounts, names, small numbers (grammar.md, "Values").
extension Parser {
    /// date = digit{4} "-" digit{2} "-" digit{2}
    ///
    /// `mutating` (it changes nothing) so that the parser is passed by reference: a method
    /// that is not, called from one that is, is given a copy of the whole parser (224 bytes)
    /// at every call. So are `parseName` and `requireName`.
    mutating func parseDate(_ token: Token, _ session: inout ParseSession) -> CivilDate? {
        switch NumberSyntax.date(bytes[token.range]) {
        case .success(let date):
            return date
        case .failure(.malformed):
            session.report(.invalidDate(text(token), reason: nil), at: location(token))
        case .failure(.impossible(let reason)):
            session.report(.invalidDate(text(token), reason: reason), at: location(token))
        }
        return nil
    }

    /// name = word | string
    ///
    /// A bare word is interned straight from the file's bytes; it is checked (not a number,
    /// no empty `:` part) the first time it is seen, and the verdict is kept for later uses.
    mutating func parseName(_ token: Token, _ session: inout ParseSession, what: String = "an account, category or person") -> NameRef? {
        switch token.kind {
        case .unterminatedString:
            session.report(.unterminatedString, at: location(token))
            return nil
        case .string:
            // Without a backslash the name is the bytes between the quotes: interned from them
            // (no String is made), and checked the first time it is seen quoted.
            let inner = token.start + 1..<token.end - 1
            let id: Int32
            if !bytes.part(inner).contains(UInt8(ascii: "\\")) {
                id = session.ledger.names.intern(bytes, inner).id
            } else {
                id = session.ledger.names.intern(StringLiteral.unquote(text(token)))
            }
            let slot = Int(id)
            if slot >= session.quotedChecked.count {
                session.quotedChecked.append(contentsOf: repeatElement(0, count: slot + 1 - session.quotedChecked.count))
            }
            if session.quotedChecked[slot] == 0 {
                let name = session.ledger.names.utf8(id)
                if let problem = NameRules.problem(name, quoted: true) {
                    session.invalidQuotedNames[id] = problem
                    session.quotedChecked[slot] = 2
                } else {
                    session.quotedChecked[slot] = 1
                }
            }
            if session.quotedChecked[slot] == 2, let problem = session.invalidQuotedNames[id] {
                report(problem, token, &session, what: what)
                return nil
            }
            return NameRef(id: id, location: location(token))
        default:
            let interned = session.ledger.names.intern(bytes, token.range)
            if interned.isNew, let problem = NameRules.problem(bytes[token.range], quoted: false) {
                session.invalidNames[interned.id] = problem
            }
            if !session.invalidNames.isEmpty, let problem = session.invalidNames[interned.id] {
                report(problem, token, &session, what: what)
                return nil
            }
            return NameRef(id: interned.id, location: location(token))
        }
    }

    private func report(_ problem: NameRules.Problem, _ token: Token, _ session: inout ParseSession, what: String) {
        switch problem {
        case .number: session.report(.expected(what, found: text(token)), at: location(token))
        case .empty: session.report(.invalidName(text(token), reason: "a name cannot be empty"), at: location(token))
        case .emptyPart:
            let name = token.kind == .string ? StringLiteral.unquote(text(token)) : text(token)
            session.report(.invalidName(name, reason: "every part between `:` needs a name"), at: location(token))
        case .tooManyParts:
            let name = token.kind == .string ? StringLiteral.unquote(text(token)) : text(token)
            session.report(.invalidName(name, reason: "a name has at most \(NameRules.maximumParts) parts between `:`"), at: location(token))
        }
    }

    /// True when the token's bytes spell `word` exactly.
    @inline(__always)
    func isWord(_ token: Token, _ word: StaticString) -> Bool {
        guard token.kind == .word, token.end - token.start == word.utf8CodeUnitCount else { return false }
        for (offset, byte) in word.view.enumerated() where bytes[token.start + offset] != byte { return false }
        return true
    }

    /// amount = ["+" | "-"] digits ["." digit {digit}] [code]
    ///
    /// Reads the number as written: its digits and how many follow the decimal point. Booking
    /// scales it to minor units once the ledger's currency is known (`Booker.scaleAmounts`).
    /// A directive's code is kept here (`keepsCode`); a split line's, with its price, by the
    /// caller (`keepForeign`).
    mutating func parseAmount(_ token: Token, _ reader: inout LineReader, _ session: inout ParseSession, keepsCode: Bool = true)
        -> (amount: Located<Money>, scale: Int, code: Token?)? {
        guard let value = parseNumber(token, &session) else { return nil }
        if session.firstAmount == nil { session.firstAmount = location(token) }
        var end = token.end
        var code: Token?
        // A closure over the bytes alone: one over the parser (its method) copied the parser.
        let file = self.bytes
        if let written = reader.nextWord(if: { Currency.isCommodityCode(file[$0.range]) }) {
            end = written.end
            code = written
        }
        let amount = Located(Money(minorUnits: value.value.mantissa), at: location(token.start..<end))
        if keepsCode, let code { keepCode(code, at: amount.location, &session) }
        return (amount, value.value.scale, code)
    }

    /// number = ["+" | "-"] digits ["." digit {digit}]: its digits and how many follow the
    /// decimal point, as written.
    func parseNumber(_ token: Token, _ session: inout ParseSession) -> Located<NumberSyntax.Decimal>? {
        guard token.kind == .word else {
            session.report(.expected("an amount", found: text(token)), at: location(token))
            return nil
        }
        let bytes = bytes[token.range]
        switch NumberSyntax.decimal(bytes) {
        case .success(let decimal):
            return Located(decimal, at: location(token))
        case .failure(.overflow):
            session.report(.amountOverflow(text(token), currency: nil), at: location(token))
            return nil
        case .failure(.malformed):
            if let first = bytes.first, ByteClass.isLetter(first) {
                session.report(.unexpectedText(text(token), hint: "expected an amount here; quote names that contain spaces, e.g. \"Cash Reserve\""),
                               at: location(token))
            } else {
                session.report(.invalidAmount(text(token)), at: location(token))
            }
            return nil
        }
    }

    /// price = ("@" | "@@") number [code]
    ///
    /// What a directive's amount in another currency cost in the home one, after the amount
    /// at `amount`: `@ RATE` for each unit, `@@ TOTAL` for the line. False after reporting a
    /// price that cannot be read; true when there is none or it was read.
    mutating func parsePrice(after amount: SourceLocation, _ reader: inout LineReader, _ session: inout ParseSession) -> Bool {
        guard let read = readPrice(&reader, &session) else { return false }
        if let price = read.price {
            if let code = read.code { keepCode(code, at: price.value.location, &session) }
            keepPrice(price, after: amount, &session)
        }
        return true
    }

    /// The price after an amount, if any, and the code after it, if any; nil after reporting
    /// a price that cannot be read.
    mutating func readPrice(_ reader: inout LineReader, _ session: inout ParseSession) -> (price: LinePrice?, code: Token?)? {
        let file = self.bytes
        guard let sign = reader.nextWord(if: { $0.end - $0.start <= 2 && file[$0.range].allSatisfy { $0 == UInt8(ascii: "@") } }) else { return (nil, nil) }
        let kind: LinePrice.Kind = sign.end - sign.start == 2 ? .total : .perUnit
        guard let token = require(kind == .total ? "the line's cost in the home currency after `@@`" : "a rate after `@`", &reader, &session),
              let value = parseNumber(token, &session) else { return nil }
        guard value.value.mantissa >= 0, !bytes[token.start..<token.start + 1].contains(UInt8(ascii: "+")) else {
            session.report(.unexpectedText(text(token), hint: "a price is written without a sign: the line's amount carries it"), at: location(token))
            return nil
        }
        let code = reader.nextWord(if: { Currency.isCommodityCode(file[$0.range]) })
        return (LinePrice(kind: kind, value: value), code)
    }

    /// Keeps what is written after the amount of the split line read now (the next in
    /// `session.postings`): its code, its price and the price's code (`Ledger.writtenForeign`).
    mutating func keepForeign(code: Token?, price: LinePrice?, priceCode: Token?, _ session: inout ParseSession) {
        if session.ledger.writtenForeign.isEmpty { session.ledger.writtenForeign.reserveCapacity(bytes.count / 23) }
        let codeIndex = code.map { lineCode($0, &session) } ?? -1
        let priceCodeIndex = priceCode.map { lineCode($0, &session) } ?? -1
        session.ledger.writtenForeign.append(WrittenForeign(line: Int32(session.postings.count), code: codeIndex, codeStart: Int32(code?.start ?? -1),
                                                            priceCode: priceCodeIndex, priceCodeStart: Int32(priceCode?.start ?? -1),
                                                            price: price))
    }

    /// A split line's code, by its place in `Ledger.lineCodes` (added when new). A file's
    /// foreign lines are mostly in one code: the one met last is compared first.
    private mutating func lineCode(_ code: Token, _ session: inout ParseSession) -> Int32 {
        if let last = lastLineCode, bytes.part(last.range) == bytes.part(code.range) { return last.index }
        let text = text(code)
        let index = session.lineCodes[text] ?? {
            let index = Int32(session.ledger.lineCodes.count)
            session.ledger.lineCodes.append(text)
            session.lineCodes[text] = index
            return index
        }()
        lastLineCode = (index, code.range)
        return index
    }

    /// Keeps the code written at `location` (after a directive's amount or price).
    mutating func keepCode(_ code: Token, at location: SourceLocation, _ session: inout ParseSession) {
        if session.ledger.amountCodes.isEmpty { session.ledger.amountCodes.reserveCapacity(bytes.count / 23, inFile: Int(location.file)) }
        let text = lastCode.flatMap { bytes.part($0.range) == bytes.part(code.range) ? $0.text : nil } ?? text(code)
        lastCode = (text, code.range)
        session.ledger.amountCodes.add(Located(text, at: self.location(code)), at: location)
    }

    /// Keeps the price written after a directive's amount at `amount`.
    mutating func keepPrice(_ price: LinePrice, after amount: SourceLocation, _ session: inout ParseSession) {
        if session.ledger.amountPrices.isEmpty { session.ledger.amountPrices.reserveCapacity(bytes.count / 23, inFile: Int(amount.file)) }
        session.ledger.amountPrices.add(price, at: amount)
    }

    /// currency-code = upper upper upper (the home currency's)
    func isCurrencyCode(_ token: Token) -> Bool {
        Currency.isCode(bytes[token.range])
    }

    /// code = upper upper {upper}: another currency's or a commodity's, 2 to 24 letters.
    func isCommodityCode(_ token: Token) -> Bool {
        Currency.isCommodityCode(bytes[token.range])
    }

    /// Reports anything left on the line; true when nothing was.
    @inline(__always)
    func expectEnd(_ reader: inout LineReader, _ session: inout ParseSession) -> Bool {
        if reader.atEndOfContent() { return true }
        if let extra = reader.next() {
            let hint: String? = bytes[extra.start] == UInt8(ascii: "#") ? "only entries carry #tags" : nil
            session.report(.unexpectedText(text(extra), hint: hint), at: location(extra))
        }
        return false
    }

    /// Where "expected … at end of line" points: just after the last token.
    func endLocation(_ reader: LineReader) -> SourceLocation {
        let at = reader.lastEnd
        return location(at..<at)
    }

    /// The next token, or a report that `what` is missing.
    func require(_ what: String, _ reader: inout LineReader, _ session: inout ParseSession) -> Token? {
        if let token = reader.next() { return token }
        session.report(.expected(what, found: nil), at: endLocation(reader))
        return nil
    }

    mutating func requireDate(_ reader: inout LineReader, _ session: inout ParseSession) -> CivilDate? {
        guard let token = require("a date", &reader, &session) else { return nil }
        return parseDate(token, &session)
    }

    @inline(__always)
    mutating func requireName(_ what: String, _ reader: inout LineReader, _ session: inout ParseSession) -> NameRef? {
        guard let token = require(what, &reader, &session) else { return nil }
        return parseName(token, &session, what: what)
    }

    /// A directive's amount; its scale is kept in `Ledger.amountScales` for booking.
    mutating func requireAmount(_ reader: inout LineReader, _ session: inout ParseSession) -> Located<Money>? {
        guard let token = require("an amount", &reader, &session),
              let parsed = parseAmount(token, &reader, &session) else { return nil }
        session.ledger.amountScales[parsed.amount.location] = UInt8(clamping: parsed.scale)
        return parsed.amount
    }

    /// A small whole number within `allowed`, e.g. a day of the month.
    func requireInteger(_ what: String, in allowed: ClosedRange<Int>, _ reader: inout LineReader,
                        _ session: inout ParseSession) -> Located<Int>? {
        guard let token = require(what, &reader, &session) else { return nil }
        guard let value = NumberSyntax.smallInteger(bytes[token.range]) else {
            session.report(.expected(what, found: text(token)), at: location(token))
            return nil
        }
        guard allowed.contains(value) else {
            session.report(.outOfRange(what: what, value: text(token),
                                       allowed: "between \(allowed.lowerBound) and \(allowed.upperBound)"),
                           at: location(token))
            return nil
        }
        return Located(value, at: location(token))
    }

    /// One of a fixed set of words, with a suggestion when it is misspelt.
    func requireWord<Choice: RawRepresentable & CaseIterable>(_ what: String, _ token: Token,
                                                              _ session: inout ParseSession) -> Choice?
    where Choice.RawValue == String {
        let word = text(token)
        if let choice = Choice(rawValue: word) { return choice }
        let allowed = Choice.allCases.map(\.rawValue)
        session.report(.unknownWord(what: what, word: word, allowed: allowed,
                                    suggestion: Suggestion.closest(to: word, among: allowed)),
                       at: location(token))
        return nil
    }
}
