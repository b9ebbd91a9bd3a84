extension Parser {
    /// The common split line read straight from its bytes: a name (a bare word, or a string
    /// without a backslash), perhaps an amount written as a plain number, perhaps a comment —
    /// `  "Compte Chèque"  -92.78  ; à vérifier`. Returns false, having changed nothing, for
    /// any other line (a currency code, a goal, a string with escapes, an amount that is not a
    /// number, anything more); `parsePosting` then reads it token by token, and reports what
    /// is wrong. The result is the one `parsePosting` gives: the same name, amount, places and
    /// diagnostics (`QuickPostingTests` compares the two on random lines).
    ///
    /// Only while nothing is recorded for `fmt` and the file was found clean text as a whole;
    /// `start` is the line's first byte after its indent (not a comment), `end` its end.
    mutating func quickPosting(from start: Int, to end: Int, _ session: inout ParseSession) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        // The name.
        var at = start
        let kind: Token.Kind
        if base[at] == UInt8(ascii: "\"") {
            let close = Parser.first(ByteWord.endsStringPart, raw, from: at + 1, to: end, count: count)
            guard close < end, base[close] == UInt8(ascii: "\"") else { return false }
            at = close + 1
            kind = .string
        } else {
            at = Parser.first(ByteWord.endsWord, raw, from: at, to: end, count: count)
            kind = .word
        }
        let name = Token(kind: kind, start: start, end: at)
        // What follows the name: nothing, or blanks, then an amount or a comment.
        at = Parser.skipBlanks(base, from: at, to: end)
        var amount: Token?
        if at < end && !Parser.startsComment(base, at, end) {
            let wordEnd = Parser.first(ByteWord.endsWord, raw, from: at, to: end, count: count)
            amount = Token(kind: .word, start: at, end: wordEnd)
            // Then nothing more (a string — an amount that is one, or one after it — a code, a
            // goal or other words are for the full reading).
            at = Parser.skipBlanks(base, from: wordEnd, to: end)
            guard at == end || Parser.startsComment(base, at, end) else { return false }
        }
        var value = NumberSyntax.Decimal(mantissa: 0, scale: 0)
        if let amount {
            guard case .success(let decimal) = NumberSyntax.decimal(bytes[amount.range]) else { return false }
            value = decimal
        }
        // The line is of the common shape: read as `parsePosting` reads it.
        guard let target = parseName(name, &session) else {
            pending?.damaged = true
            return true
        }
        var amountLocation: SourceLocation?
        if let amount {
            amountLocation = location(amount)
            if session.firstAmount == nil { session.firstAmount = amountLocation }
        }
        session.ledger.postings.append(Posting(target: target, amount: Money(minorUnits: value.mantissa),
                                               amountLocation: amountLocation, scale: value.scale))
        return true
    }

    /// The first byte in `from..<to` that `flags` marks (a line feed always is), or `to`:
    /// eight bytes at a time while eight remain in the buffer of `count` bytes.
    @inline(__always)
    static func first(_ flags: (UInt64) -> UInt64, _ raw: UnsafeRawPointer, from: Int, to end: Int, count: Int) -> Int {
        var at = from
        while at < end && at + 8 <= count {
            let found = flags(ByteWord.load(raw, at))
            if found != 0 { return min(at + ByteWord.firstFlag(found), end) }
            at += 8
        }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        while at < end && flags(UInt64(bytes[at])) == 0 { at += 1 }
        return min(at, end)
    }

    @inline(__always)
    static func skipBlanks(_ base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var at = from
        while at < end && ByteClass.isBlank(base[at]) { at += 1 }
        return at
    }

    /// `;`, or `#` followed by a blank or the end (as `ByteCursor.startsComment`).
    @inline(__always)
    static func startsComment(_ base: UnsafePointer<UInt8>, _ at: Int, _ end: Int) -> Bool {
        let byte = base[at]
        if byte == UInt8(ascii: ";") { return true }
        guard byte == UInt8(ascii: "#") else { return false }
        return at + 1 == end || ByteClass.isBlank(base[at + 1])
    }
}
