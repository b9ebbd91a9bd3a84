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
