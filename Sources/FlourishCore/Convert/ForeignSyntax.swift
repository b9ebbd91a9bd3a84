/// Reading the pieces the foreign formats share: dates, amounts with a commodity on either
/// side, comments and tags.
enum ForeignSyntax {
    /// `2026-01-05`, `2026/1/5`, `2026.01.05`; `1/5` or `01-05` in `defaultYear`.
    static func date(_ text: Substring, defaultYear: Int? = nil) -> CivilDate? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3 || (parts.count == 2 && defaultYear != nil),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        if parts.count == 2 {
            guard parts[0].count <= 2, parts[1].count <= 2 else { return nil }
            return CivilDate(year: defaultYear!, month: numbers[0], day: numbers[1])
        }
        guard parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2 else { return nil }
        return CivilDate(year: numbers[0], month: numbers[1], day: numbers[2])
    }

    /// `$1,234.56`, `-$12`, `$-12`, `12.00 USD`, `USD 12`, `-5 "Vacation hours"`, `€3`: the
    /// amount, or nil when the text is not one amount.
    static func amount(_ text: Substring) -> ForeignLedger.Amount? {
        var rest = text.drop(while: \.isWhitespace)
        var negative = false
        func sign() {
            if rest.first == "-" { negative.toggle(); rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
            rest = rest.drop(while: \.isWhitespace)
        }
        sign()
        var commodity = self.commodity(&rest)
        rest = rest.drop(while: \.isWhitespace)
        if !commodity.isEmpty { sign() }
        let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") }
        guard !digits.isEmpty else { return nil }
        rest = rest.dropFirst(digits.count).drop(while: \.isWhitespace)
        if commodity.isEmpty { commodity = self.commodity(&rest) }
        guard rest.drop(while: \.isWhitespace).isEmpty else { return nil }
        var number = Array(digits.utf8)
        if number.first == UInt8(ascii: ".") { number.insert(UInt8(ascii: "0"), at: 0) }
        guard case .success(let decimal) = NumberSyntax.decimal(number) else { return nil }
        return ForeignLedger.Amount(number: negative ? NumberSyntax.Decimal(mantissa: -decimal.mantissa, scale: decimal.scale) : decimal,
                                    commodity: commodity)
    }

    /// A commodity at the start of `rest` (taken off it): a quoted name, or a run of
    /// characters that are not digits, blanks, signs or punctuation amounts use.
    private static func commodity(_ rest: inout Substring) -> String {
        if rest.first == "\"" {
            guard let close = rest.dropFirst().firstIndex(of: "\"") else { return "" }
            let name = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            return name
        }
        let name = rest.prefix { !$0.isNumber && !$0.isWhitespace && !"-+.,;@={}()[]\"*".contains($0) }
        rest = rest.dropFirst(name.count)
        return String(name)
    }

    /// Tags written in a comment: hledger's `name:` and `name:value`, ledger's `:a:b:`.
    static func tags(inComment comment: Substring) -> [String] {
        var tags: [String] = []
        for word in comment.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) {
            if word.count > 2, word.hasPrefix(":"), word.hasSuffix(":") {
                tags += word.split(separator: ":").map(String.init)
            } else if let colon = word.firstIndex(of: ":"), colon > word.startIndex {
                tags.append(String(word[..<colon]))
            }
        }
        return tags.filter(isTagName)
    }

    /// Whether a word can stand as a Flourish tag after `#` (grammar.md, section 2).
    static func isTagName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0 == "#" || $0 == ";" || $0 == "\"" || $0.isWhitespace || ($0.asciiValue.map { $0 < 32 || $0 == 127 } ?? false) }
    }

    /// The text before a `;` comment and the comment (without the `;`), outside quotes.
    static func splitComment(_ text: Substring) -> (Substring, Substring?) {
        var quoted = false
        for index in text.indices {
            if text[index] == "\"" { quoted.toggle() }
            if text[index] == ";" && !quoted {
                return (text[..<index], text[text.index(after: index)...].drop(while: \.isWhitespace))
            }
        }
        return (text, nil)
    }

    static func trimmed(_ text: Substring) -> Substring {
        let start = text.drop(while: \.isWhitespace)
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)].isWhitespace { end = start.index(before: end) }
        return start[..<end]
    }
}
