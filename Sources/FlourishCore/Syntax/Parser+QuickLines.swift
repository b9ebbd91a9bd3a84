/// The two lines nearly every ledger is made of, read straight from their bytes when they
/// have their common shape; any other line (and every line of a file that is not clean text
/// as a whole) is read token by token. For `fmt`, a line read quickly is recorded with the
/// tokens the full reading keeps. Each quick reading
/// gives what the full one gives — the same values, places and diagnostics —, which
/// `QuickLineTests` checks by reading random lines both ways.
extension Parser {
    /// An entry's date line: a date, perhaps `*` or `!`, a description that is not a string,
    /// perhaps tags, perhaps a comment — `2002-01-12 * SNCF, billet aller-retour  #maison`.
    /// Returns false, having changed nothing, for any other line (a date that is not one, a
    /// quoted description, text after the tags); `parseEntryHeader` then reads it.
    mutating func quickEntryHeader(from start: Int, to end: Int, _ session: inout ParseSession) -> Bool {
        guard end - start >= 10, end == start + 10 || ByteClass.isBlank(bytes[start + 10]),
              let date = NumberSyntax.plainDate(bytes, at: start) else { return false }
        var at = ByteCursor.skipBlanks(bytes, from: start + 10, to: end)
        var status = Entry.Status.unmarked
        let statusAt = at
        if at < end, bytes[at] == UInt8(ascii: "*") || bytes[at] == UInt8(ascii: "!"),
           at + 1 == end || ByteClass.isBlank(bytes[at + 1]) {
            status = bytes[at] == UInt8(ascii: "*") ? .cleared : .pending
            at += 1
        }
        // The description: free text (`LineReader.textEnd`); empty where it would start when
        // there is none.
        var description = at..<at
        at = ByteCursor.skipBlanks(bytes, from: at, to: end)
        if at < end && !ByteCursor.startsComment(bytes, at, end) && !ByteCursor.startsTag(bytes, at, end) {
            guard bytes[at] != UInt8(ascii: "\"") else { return false }
            let textEnd = LineReader.textEnd(bytes, from: at, to: end)
            description = at..<textEnd
            at = textEnd
        }
        // Tags, then nothing or a comment: looked over first, so that nothing is kept from a
        // line the full reading then reads again.
        let tagsStart = at
        var tags = 0
        while true {
            at = ByteCursor.skipBlanks(bytes, from: at, to: end)
            guard at < end, ByteCursor.startsTag(bytes, at, end) else { break }
            at = ByteCursor.tagEnd(bytes, from: at, to: end)
            tags += 1
        }
        guard at == end || ByteCursor.startsComment(bytes, at, end) else { return false }
        let commentStart = at
        let firstTag = session.ledger.entryTags.count
        if tags > 0 {
            at = tagsStart
            for _ in 0..<tags {
                at = ByteCursor.skipBlanks(bytes, from: at, to: end)
                let tagEnd = ByteCursor.tagEnd(bytes, from: at, to: end)
                let id = session.ledger.names.intern(bytes, at + 1..<tagEnd).id
                session.ledger.entryTags.append(NameRef(id: id, location: location(at..<tagEnd)))
                at = tagEnd
            }
        }
        // For `fmt`: the tokens the full reading keeps, in order.
        let comment = LineReader.comment(bytes, from: commentStart, to: end)
        recordQuick(.entryHeader,
                    Self.headerTokens(date: start, status: status == .unmarked ? nil : statusAt, description: description,
                                      tags: session.ledger.entryTags[firstTag...]),
                    comment: comment)
        pending = PendingEntry(date: date, status: status, description: location(description), firstTag: firstTag,
                               firstPosting: session.postings.count, location: location(start..<end),
                               importKey: Self.importKey(in: comment, of: bytes, file: fileIndex))
        return true
    }

    /// The common split line read straight from its bytes: a name (a bare word, or a string
    /// without a backslash), perhaps an amount written as a plain number (perhaps with another
    /// currency's code and a price: `12.50 USD @@ 11.48`), perhaps a comment —
    /// `  "Compte Chèque"  -92.78  ; à vérifier`. Returns false, having changed nothing, for
    /// any other line (a goal, a string with escapes, an amount that is not a number, a price
    /// with a sign, anything more); `parsePosting` then reads it token by token, and reports
    /// what is wrong. The result is the one `parsePosting` gives: the same name, amount, places and
    /// diagnostics.
    ///
    /// Only when the file was found clean text as a whole; `start` is the line's first byte
    /// after its indent (not a comment), `end` its end.
    mutating func quickPosting(from start: Int, to end: Int, _ session: inout ParseSession) -> Bool {
        // The name.
        var at = start
        let kind: Token.Kind
        if bytes[at] == UInt8(ascii: "\"") {
            let close = ByteCursor.stringPartEnd(bytes, from: at + 1, to: end)
            guard close < end, bytes[close] == UInt8(ascii: "\"") else { return false }
            at = close + 1
            kind = .string
        } else {
            at = ByteCursor.wordEnd(bytes, from: at, to: end)
            kind = .word
        }
        let name = Token(kind: kind, start: start, end: at)
        // What follows the name: nothing, or blanks, then an amount or a comment.
        at = ByteCursor.skipBlanks(bytes, from: at, to: end)
        var amount: Token?
        var foreign: QuickForeign?
        if at < end && !ByteCursor.startsComment(bytes, at, end) {
            let wordEnd = ByteCursor.wordEnd(bytes, from: at, to: end)
            amount = Token(kind: .word, start: at, end: wordEnd)
            at = ByteCursor.skipBlanks(bytes, from: wordEnd, to: end)
            // Then perhaps another currency's code and a price (`12.50 USD @@ 11.48`), then
            // nothing more (a string — an amount that is one, or one after it — a goal or
            // other words are for the full reading).
            if at < end && !ByteCursor.startsComment(bytes, at, end) {
                guard let read = Self.quickForeign(bytes, from: at, to: end) else { return false }
                foreign = read
                at = read.end
            }
            guard at == end || ByteCursor.startsComment(bytes, at, end) else { return false }
        }
        var value = NumberSyntax.Decimal(mantissa: 0, scale: 0)
        if let amount {
            guard case .success(let decimal) = NumberSyntax.decimal(bytes[amount.range]) else { return false }
            value = decimal
        }
        // The line is of the common shape: read as `parsePosting` reads it.
        guard let target = parseName(name, &session) else {
            pending?.damaged = true
            recordQuick(.posting, TokenList(name))
            return true
        }
        // (On a damaged entry's split line the full reading stops after the amount: a comment
        // after one is not read.) Found only when lines are recorded.
        let keepsComment = amount == nil || pending?.damaged != true
        let (lineBytes, commentStart) = (bytes, at)
        func comment() -> Token? { keepsComment ? LineReader.comment(lineBytes, from: commentStart, to: end) : nil }
        var amountLocation: SourceLocation?
        if let amount {
            amountLocation = location(amount)
            if session.firstAmount == nil { session.firstAmount = amountLocation }
            session.ledger.notePostingScale(value.scale)
        }
        // The common line apart from one with a code and a price, so that the common one's
        // reading does not carry those.
        if let foreign, let amount {
            recordQuick(.posting, Self.postingTokens(name, amount, foreign), comment: comment())
            let location = location(amount.start..<foreign.code.end)
            amountLocation = location
            let price = foreign.price.map { LinePrice(kind: $0.kind, value: Located($0.value, at: self.location($0.number))) }
            keepForeign(code: foreign.code, price: price, priceCode: foreign.price?.code, &session)
        } else {
            recordQuick(.posting, amount.map { TokenList(name, $0) } ?? TokenList(name), comment: comment())
        }
        session.postings.append(Posting(target: target, amount: Money(minorUnits: value.mantissa),
                                               amountLocation: amountLocation, scale: value.scale, hasCodeOrPrice: foreign != nil))
        return true
    }

    /// What may follow a split line's amount read quickly: another currency's code, perhaps a
    /// price (`@ RATE` or `@@ TOTAL`, a plain number without a sign, perhaps the home code).
    struct QuickForeign {
        var code: Token
        var price: (sign: Token, kind: LinePrice.Kind, number: Token, value: NumberSyntax.Decimal, code: Token?)?
        /// Where the line goes on after them (its blanks skipped).
        var end: Int
    }

    /// The code and price from `start` (a word's first byte), as `parseAmount` and
    /// `parsePrice` read them; nil for anything else, which the full reading then reports.
    /// (Static: called on the parser from a mutating reading, a call copied the whole parser
    /// first.)
    static func quickForeign(_ bytes: ByteView, from start: Int, to end: Int) -> QuickForeign? {
        guard let code = codeWord(bytes, at: start, to: end) else { return nil }
        var read = QuickForeign(code: code, price: nil, end: ByteCursor.skipBlanks(bytes, from: code.end, to: end))
        // `@` or `@@`, a word of its own; anything else after the code is for the caller.
        let signStart = read.end
        guard signStart < end, bytes[signStart] == UInt8(ascii: "@") else { return read }
        let signEnd = signStart + 1 < end && bytes[signStart + 1] == UInt8(ascii: "@") ? signStart + 2 : signStart + 1
        guard signEnd == end || ByteClass.endsWord(bytes[signEnd]) else { return nil }
        // A plain number without a sign.
        let numberStart = ByteCursor.skipBlanks(bytes, from: signEnd, to: end)
        guard numberStart < end, bytes[numberStart] != UInt8(ascii: "+"), !ByteClass.endsWord(bytes[numberStart]),
              !ByteCursor.startsComment(bytes, numberStart, end) else { return nil }
        let number = Token(kind: .word, start: numberStart, end: ByteCursor.wordEnd(bytes, from: numberStart, to: end))
        guard case .success(let value) = NumberSyntax.decimal(bytes[number.range]), value.mantissa >= 0 else { return nil }
        read.end = ByteCursor.skipBlanks(bytes, from: number.end, to: end)
        let priceCode = codeWord(bytes, at: read.end, to: end)
        if let priceCode { read.end = ByteCursor.skipBlanks(bytes, from: priceCode.end, to: end) }
        let sign = Token(kind: .word, start: signStart, end: signEnd)
        read.price = (sign, signEnd - signStart == 2 ? .total : .perUnit, number, value, priceCode)
        return read
    }

    /// The word at `start` when it is a code (`Currency.isCommodityCode`), else nil.
    @inline(__always)
    private static func codeWord(_ bytes: ByteView, at start: Int, to end: Int) -> Token? {
        guard start < end, ByteClass.isUpper(bytes[start]) else { return nil }
        let wordEnd = ByteCursor.wordEnd(bytes, from: start, to: end)
        guard Currency.isCommodityCode(bytes.part(start..<wordEnd)) else { return nil }
        return Token(kind: .word, start: start, end: wordEnd)
    }

    /// The tokens `parsePosting` keeps for a split line read quickly, in order.
    private static func postingTokens(_ name: Token, _ amount: Token, _ foreign: QuickForeign) -> TokenList {
        var tokens = TokenList(name, amount)
        tokens.append(foreign.code)
        if let price = foreign.price {
            tokens.append(price.sign)
            tokens.append(price.number)
            if let code = price.code { tokens.append(code) }
        }
        return tokens
    }

    /// The tokens `parseEntryHeader` keeps for a date line read quickly: the date, the status
    /// (where it stands, if any), the description (if any), the tags.
    private static func headerTokens(date: Int, status: Int?, description: Range<Int>, tags: ArraySlice<NameRef>) -> TokenList {
        var tokens = TokenList(Token(kind: .word, start: date, end: date + 10))
        if let status { tokens.append(Token(kind: .status, start: status, end: status + 1)) }
        if !description.isEmpty { tokens.append(Token(kind: .text, start: description.lowerBound, end: description.upperBound)) }
        for tag in tags { tokens.append(Token(kind: .tag, start: tag.location.range.lowerBound, end: tag.location.range.upperBound)) }
        return tokens
    }
}
