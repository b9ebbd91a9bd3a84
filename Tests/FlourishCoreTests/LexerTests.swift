import Testing
@testable import FlourishCore

/// The lexer's tokens for single lines, as `kind:text` lists.
@Suite struct LexerTests {
    /// Tokens of each line of `text`, with the trailing comment last.
    func tokens(_ text: String) -> [[String]] {
        let file = SourceFile(path: "t", text: text)
        return (Parser.parse(file, fileIndex: 0, recordLines: true).lines ?? []).map { line in
            (line.tokens + (line.comment.map { [$0] } ?? [])).map { "\($0.kind):\(file.text($0.range))" }
        }
    }

    @Test func directiveWordsAndStrings() {
        #expect(tokens("goal 2026-11-01 \"Japan trip\" 2000 by 2027-06-01") ==
                [["word:goal", "word:2026-11-01", "string:\"Japan trip\"", "word:2000", "word:by", "word:2027-06-01"]])
    }

    @Test func entryHeaderWithStatusDescriptionTagsAndComment() {
        #expect(tokens("2026-11-22 * Dinner with Sam  #friends #food ; split") ==
                [["word:2026-11-22", "status:*", "text:Dinner with Sam", "tag:#friends", "tag:#food", "comment:; split"]])
    }

    @Test func pendingStatusAndQuotedDescription() {
        #expect(tokens("2026-11-22 ! \"Invoice #12\" #work") ==
                [["word:2026-11-22", "status:!", "string:\"Invoice #12\"", "tag:#work"]])
    }

    @Test func starGluedToTextIsDescription() {
        #expect(tokens("2026-11-22 *Star") == [["word:2026-11-22", "text:*Star"]])
    }

    @Test func hashFollowedBySpaceIsAComment() {
        #expect(tokens("2026-11-22 Lunch # not a tag") == [["word:2026-11-22", "text:Lunch", "comment:# not a tag"]])
    }

    @Test func postingTokens() {
        #expect(tokens("2026-11-22 x\n  Food:Dining  -1,234.50 USD  ; note\n  Visa") ==
                [["word:2026-11-22", "text:x"], ["word:Food:Dining", "word:-1,234.50", "word:USD", "comment:; note"], ["word:Visa"]])
    }

    @Test func commentLinesAndBlanks() {
        #expect(tokens("; one\n# two\n\n   \n") == [["comment:; one"], ["comment:# two"], [], []])
    }

    @Test func semicolonEndsAWord() {
        #expect(tokens("person Sam;friend") == [["word:person", "word:Sam", "comment:;friend"]])
    }

    @Test func escapedQuoteInString() {
        #expect(tokens(#"person "Sam \"The Man\"""#) == [["word:person", #"string:"Sam \"The Man\"""#]])
        #expect(StringLiteral.unquote(#""Sam \"The Man\"""#) == #"Sam "The Man""#)
    }

    @Test func unterminatedString() {
        #expect(tokens("person \"Sam") == [["word:person", "unterminatedString:\"Sam"]])
    }

    @Test func crlfLineEndingsAreNotPartOfTokens() {
        #expect(tokens("person Sam\r\nperson Zoë\r\n") == [["word:person", "word:Sam"], ["word:person", "word:Zoë"]])
    }

    @Test func tabsSeparateTokens() {
        #expect(tokens("account\tBank\tchecking") == [["word:account", "word:Bank", "word:checking"]])
    }
}

/// The whole-file check agrees with a byte-by-byte reading for every byte at every place of
/// an eight-byte word, for every pair of bytes around the edges of the allowed ranges, and
/// with the line check on every line of random files.
@Suite struct PlainTextTests {
    func plain(_ byte: UInt8) -> Bool { (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A }

    func fastPath(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { UTF8Check.isCleanText($0) } }

    /// A file is clean exactly when it holds no carriage return and none of its lines has an
    /// issue: files of random pieces (characters beyond ASCII whole, cut short, overlong or
    /// C1; controls; line feeds), from one to a few words long.
    @Test func aCleanFileIsOneWithoutALineWithAnIssue() {
        let pieces: [[UInt8]] = [Array("é".utf8), Array("€".utf8), Array("𝄞".utf8), Array("Zoë".utf8), [0xC3], [0xE2, 0x82],
                                 [0xC0, 0xAF], [0xC2, 0x9B], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x09], [0x0A], [0x0A],
                                 [0x0D], [0x00], [0x1B], [0x7F], [0x20], Array("abcdefgh".utf8), Array("a".utf8), Array("12.50".utf8)]
        var generator = LedgerGenerator(seed: 5)
        var wrong: [String] = []
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            // From one piece to past two 32-byte chunks.
            for _ in 0..<(1 + generator.next(generator.next(2) == 0 ? 8 : 40)) {
                // Mostly clean pieces, so that clean files are common too.
                let piece = generator.next(3) == 0 ? pieces[generator.next(pieces.count)] : pieces[[0, 1, 2, 3, 10, 11, 17, 18, 19, 20][generator.next(10)]]
                bytes += piece
            }
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            var offset = 0
            var clean = !bytes.contains(0x0D)
            bytes.withUnsafeBufferPointer { buffer in
                for line in lines {
                    if UTF8Check.firstIssue(in: buffer, offset..<offset + line.count) != nil { clean = false }
                    offset += line.count + 1
                }
            }
            if fastPath(bytes) != clean { wrong.append("\(bytes): \(!clean)") }
        }
        #expect(wrong.prefix(5) == [])
    }

    /// The word test that lets accented letters stay on the eight-byte path, against a byte
    /// by byte model: ASCII must be printable, a tab or a line feed; every other byte must be
    /// a lead from 0xC3 to 0xDF followed, in the same word, by a continuation byte, or such a
    /// continuation byte. 200,000 random words of bytes chosen near every edge.
    @Test func twoByteLettersPassWithTheirWordExactly() {
        let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xA9, 0xBF,
                              0xC0, 0xC1, 0xC2, 0xC3, 0xC9, 0xDF, 0xE0, 0xE2, 0xEF, 0xF0, 0xF4, 0xFF]
        func model(_ bytes: [UInt8]) -> Bool {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard plain(byte) else { return false }
                    index += 1
                } else {
                    guard byte >= 0xC3 && byte <= 0xDF, index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 else { return false }
                    index += 2
                }
            }
            return true
        }
        var generator = LedgerGenerator(seed: 11)
        var wrong: [String] = []
        var passed = 0
        for _ in 0..<200_000 {
            // Mostly letters and accented pairs, so that words that pass are common.
            var bytes: [UInt8] = []
            while bytes.count < 8 {
                switch generator.next(4) {
                case 0: bytes.append(generator.pick(edges))
                case 1: bytes += [UInt8(0xC3 + generator.next(0xDF - 0xC3 + 1)), UInt8(0x80 + generator.next(0x40))]
                default: bytes.append(UInt8(0x20 + generator.next(0x5F)))
                }
            }
            bytes = Array(bytes.prefix(8))
            let word = bytes.withUnsafeBytes { ByteWord.load($0.baseAddress!, 0) }
            let expected = model(bytes)
            if expected { passed += 1 }
            if ByteWord.isTextWithTwoByteLetters(word, flagged: ByteWord.notTextExactly(word)) != expected { wrong.append("\(bytes): \(expected)") }
        }
        #expect(wrong.prefix(5) == [])
        #expect(passed > 10_000)
    }

    @Test func everyByteAtEveryPlace() {
        var wrong: [String] = []
        for byte in 0...255 {
            // Past two 32-byte chunks: the vector test, the words after it and the tail.
            for place in 0..<75 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 75)
                bytes[place] = UInt8(byte)
                if fastPath(bytes) != plain(UInt8(byte)) { wrong.append("0x\(String(byte, radix: 16)) at \(place)") }
            }
        }
        #expect(wrong == [])
    }

    /// The line check returns to eight bytes at a time after each character that is not
    /// plain ASCII: it finds an issue exactly when the line is not well-formed UTF-8 or holds a
    /// control character (C0 but tab, DEL, C1), judged here by Swift's own UTF-8 decoding —
    /// every byte at every place of a line with accented letters around it, and pieces of
    /// UTF-8 (whole, cut short, overlong, C1) at every place of a plain line.
    @Test func theLineCheckAgreesWithSwiftsDecoding() {
        // Each line checked alone, and as a line of a file with more after it (its last bytes
        // are then read a word at a time, past the line's end): the same answer both ways.
        let after: [UInt8] = [0x0A, 0x00, 0xFF, 0x7F, 0xC2, 0x9B, 0x0D, 0x01, 0x80, 0x1B, 0x09, 0xE2]
        func fast(_ bytes: [UInt8]) -> Bool? {
            let alone = bytes.withUnsafeBufferPointer { UTF8Check.firstIssue(in: $0, 0..<$0.count) == nil }
            let file = Array("2026-01-01 x\n".utf8) + bytes + after
            let inFile = file.withUnsafeBufferPointer { UTF8Check.firstIssue(in: $0, 13..<13 + bytes.count) == nil }
            return alone == inFile ? alone : nil
        }
        func reference(_ bytes: [UInt8]) -> Bool {
            let text = String(decoding: bytes, as: UTF8.self)
            guard Array(text.utf8) == bytes else { return false }
            return !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
        }
        var wrong: [String] = []
        for byte in 0...255 {
            let line = Array("Zoë a b c d e f g ü h i j".utf8)
            for place in 0...line.count {
                var bytes = line
                bytes.insert(UInt8(byte), at: place)
                if fast(bytes) != reference(bytes) { wrong.append("0x\(String(byte, radix: 16)) at \(place)") }
            }
        }
        let pieces: [[UInt8]] = [Array("é".utf8), Array("€".utf8), Array("𝄞".utf8), [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xC2, 0x9B], [0x09], [0x0D]]
        for first in pieces {
            for second in pieces {
                for place in 0..<12 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 12)
                    bytes.insert(contentsOf: first + second, at: place)
                    if fast(bytes) != reference(bytes) { wrong.append("\(first) \(second) at \(place)") }
                }
            }
        }
        #expect(wrong == [])
    }

    @Test func pairsAroundTheEdges() {
        let edges: [UInt8] = [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0D, 0x1F, 0x20, 0x21, 0x60, 0x7E, 0x7F, 0x80, 0xC2, 0xFF]
        var wrong: [String] = []
        for first in edges {
            for second in edges {
                for place in 0..<7 {
                    var bytes = [UInt8](repeating: UInt8(ascii: " "), count: 8)
                    bytes[place] = first
                    bytes[place + 1] = second
                    if fastPath(bytes) != (plain(first) && plain(second)) { wrong.append("\(first) \(second) at \(place)") }
                }
            }
        }
        #expect(wrong == [])
    }
}

/// Free text (descriptions, reasons) ends at the first `;`, or at blanks followed by the end,
/// `;` or `#`: found with `memchr`, it must end where a byte-by-byte reading ends, and leave
/// the cursor there, on lines made of the pieces that matter.
@Suite struct FreeTextTests {
    /// The byte-by-byte reading, as the lexer first did it.
    func reference(_ bytes: ByteView, _ range: Range<Int>) -> (end: Int, cursor: Int) {
        var cursor = ByteCursor(bytes: bytes, offset: range.lowerBound, end: range.upperBound)
        var end = cursor.offset
        while let byte = cursor.peek() {
            if byte == UInt8(ascii: ";") { break }
            if ByteClass.isBlank(byte) {
                var lookahead = cursor
                lookahead.skipBlanks()
                if lookahead.isAtEnd || lookahead.startsComment || lookahead.startsTag { break }
                cursor = lookahead
                continue
            }
            cursor.advance()
            end = cursor.offset
        }
        return (end, cursor.offset)
    }

    @Test func textEndsWhereAByteByByteReadingEnds() {
        let pieces = ["a", "b", " ", "  ", "\t", ";", "#", "#x", "x#", "# ", "é", "C#", ", ", "\"q\""]
        var generator = LedgerGenerator(seed: 5)
        var wrong: [String] = []
        for _ in 0..<3000 {
            let line = "x" + (0..<(1 + generator.next(10))).map { _ in pieces[generator.next(pieces.count)] }.joined()
            let file = Array(("2026-01-01 " + line + "\nnext line #y;\n").utf8)
            let start = 11
            let lineEnd = start + line.utf8.count
            file.withView { buffer in
                var reader = LineReader(cursor: ByteCursor(bytes: buffer, offset: start, end: lineEnd))
                let token = reader.text()
                let expected = reference(buffer, start..<lineEnd)
                if token?.end != expected.end || reader.cursor.offset != expected.cursor { wrong.append(line.debugDescription) }
            }
        }
        #expect(wrong == [])
    }

    /// A word's and a string's end, found eight bytes at a time, is where a byte-by-byte
    /// reading stops: from every place of random lines (blanks, tabs, `;`, quotes,
    /// backslashes, letters and bytes beyond ASCII), each line ending with the buffer or
    /// before more bytes (line feeds among them, as after a line of a file).
    @Test func wordAndStringEndsAreFoundAsByteByByte() {
        func endsWord(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x3B || byte == 0x22 }
        func endsStringPart(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C }
        var generator = LedgerGenerator(seed: 11)
        let pieces: [UInt8] = [0x09, 0x0A, 0x20, 0x22, 0x3B, 0x5C, 0x23, 0x3A, 0x30, 0x61, 0x7A, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        var wrong: [String] = []
        for _ in 0..<3_000 {
            let count = 1 + generator.next(40)
            let end = generator.next(2) == 0 ? count : generator.next(count + 1)
            // A line holds no line feed; the bytes after it may.
            let bytes = (0..<count).map { index in
                var byte = pieces[generator.next(pieces.count)]
                while index < end && byte == 0x0A { byte = pieces[generator.next(pieces.count)] }
                return byte
            }
            bytes.withView { buffer in
                for start in 0...end {
                    var word = ByteCursor(bytes: buffer, offset: start, end: end)
                    word.advanceWord()
                    var expected = start
                    while expected < end && !endsWord(bytes[expected]) { expected += 1 }
                    if word.offset != expected { wrong.append("word \(bytes) \(start)..<\(end): \(word.offset), not \(expected)") }
                    var string = ByteCursor(bytes: buffer, offset: start, end: end)
                    string.advanceStringPart()
                    expected = start
                    while expected < end && !endsStringPart(bytes[expected]) { expected += 1 }
                    if string.offset != expected { wrong.append("string \(bytes) \(start)..<\(end): \(string.offset), not \(expected)") }
                }
            }
        }
        #expect(wrong.prefix(5) == [])
    }
}

/// A line's tokens (four kept in the line, more in a list of their own) read back as they
/// went in, however many and however made.
@Suite struct TokenListTests {
    @Test func tokensReadBackInOrder() {
        for count in 0...9 {
            let tokens = (0..<count).map { Token(kind: $0 % 2 == 0 ? .word : .tag, start: $0 * 3, end: $0 * 3 + 2) }
            var appended = TokenList()
            for token in tokens { appended.append(token) }
            for made in [appended, TokenList(tokens)] {
                #expect(made.count == count)
                #expect(Array(made) == tokens)
            }
            #expect(appended == TokenList(tokens))
        }
        let first = Token(kind: .word, start: 0, end: 4)
        let second = Token(kind: .word, start: 6, end: 11)
        #expect(Array(TokenList(first)) == [first])
        #expect(Array(TokenList(first, second)) == [first, second])
        #expect(TokenList(first, second) != TokenList(first))
    }
}
