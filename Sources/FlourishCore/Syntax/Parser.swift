#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one file line by line into the ledger being built (grammar.md, "Lines").
///
/// The first byte of a line decides what it is: a digit starts an entry, a letter a
/// directive, a blank or tab a split line (or an indented comment), `;` or `#` a comment.
/// Bad content never throws: the parser records a diagnostic and goes on with the next line.
struct Parser {
    let file: SourceFile
    let fileIndex: Int
    /// Next byte to read.
    private(set) var offset = 0
    /// The file's bytes while a line is being parsed (inside `parseLines` only): reading them
    /// through a view keeps the hot path free of reference counting.
    private(set) var bytes = ByteView.empty
    /// Lines as parsed, for `fmt`; nil when not recording.
    var lines: [SyntaxLine]?
    var pending: PendingEntry?

    /// An entry whose split lines are still being read.
    struct PendingEntry {
        var date: CivilDate
        var status: Entry.Status
        var description: SourceLocation
        /// Where this entry's tags start in `Ledger.entryTags`.
        var firstTag: Int
        var firstPosting: Int
        var location: SourceLocation
        /// A split line had a syntax error: the entry is dropped, silently, at its end.
        var damaged = false
        /// The lines are a schedule's template (`Parser.pendingSchedule`), not an entry's.
        /// (A flag, so that this struct stays plain data: it is copied on every split line.)
        var isSchedule = false
        /// Where `import:KEY` stands in the date line's comment, when it does.
        var importKey: SourceLocation?
    }

    /// The schedule whose template lines are being read.
    var pendingSchedule: Schedule?

    /// The code kept last (`keepCode`) and where it is written: a file's foreign lines are
    /// mostly in a few currencies, so a code is mostly that one again, taken as it is rather
    /// than made from its bytes (making it was 1 % of a ledger's `check` with a fifth of its
    /// lines in dollars).
    var lastCode: (text: String, range: Range<Int>)?
    /// Likewise, the split lines' code met last: its place in `Ledger.lineCodes`.
    var lastLineCode: (index: Int32, range: Range<Int>)?

    /// The conflict block being read: which part, and where its `<<<<<<<` line is.
    private var conflict: (part: ConflictMarker, start: SourceLocation)?

    /// What a line asks of the loader.
    enum Request {
        case include(path: String, location: SourceLocation)
    }

    init(file: SourceFile, fileIndex: Int, recordLines: Bool = false, quickLines: Bool = true) {
        self.file = file
        self.fileIndex = fileIndex
        if recordLines {
            // Room for more lines than the file is likely to hold (room never written to is
            // never touched): grown from empty, the list was copied a dozen times.
            var lines: [SyntaxLine] = []
            lines.reserveCapacity(file.bytes.count / 8 + 16)
            self.lines = lines
        }
        self.quickLines = quickLines
        self.byteCount = file.bytes.count
        // A UTF-8 byte order mark carries no meaning; skip it.
        if file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Whether lines of the common shape are read straight from their bytes
    /// (`Parser+QuickLines`); off only in the tests that compare both readings.
    private let quickLines: Bool

    var isAtEnd: Bool { offset >= byteCount }
    /// Whether the whole file is well-formed text (then lines need no UTF-8 check); found once.
    private var cleanText: Bool?
    private let byteCount: Int

    @inline(__always)
    func location(_ range: Range<Int>) -> SourceLocation {
        SourceLocation(file: fileIndex, range: range)
    }

    @inline(__always)
    func location(_ token: Token) -> SourceLocation { location(token.range) }

    func text(_ token: Token) -> String { file.text(token.range) }

    /// Parses one file: a pure function of its path, bytes and index in the ledger's file list.
    /// Includes are recorded, not followed (`LedgerLoader` links the files); amounts are read
    /// as written (`Booker` scales them once the ledger's currency is known).
    ///
    /// With `stretches`, the split lines and entries are written there while they fit (the
    /// loader's lists shared by the files parsed together); the parsed file then tells how many
    /// (`ParsedFile.inStretches`) and its own lists hold none.
    static func parse(_ file: SourceFile, fileIndex: Int, recordLines: Bool = false, quickLines: Bool = true,
                      into stretches: ParseSession.Stretches? = nil) -> ParsedFile {
        var session = ParseSession(byteCount: file.bytes.count, stretches: stretches)
        session.ledger.files = [file]
        var parser = Parser(file: file, fileIndex: fileIndex, recordLines: recordLines, quickLines: quickLines)
        parser.parseLines(&session)
        parser.finishEntry(&session)
        parser.finishConflict(&session, unterminated: true)
        var inStretches: ParsedFile.InStretches?
        if session.postings.isInStretch && session.entries.isInStretch {
            inStretches = ParsedFile.InStretches(postings: session.postings.count, entries: session.entries.count)
        } else {
            // One list that outgrew its stretch: both of the file's own, as without stretches.
            session.ledger.postings = session.postings.isInStretch ? session.postings.items(0..<session.postings.count) : session.postings.own
            session.ledger.entries = session.entries.isInStretch ? session.entries.items(0..<session.entries.count) : session.entries.own
        }
        var parsed = ParsedFile(file: file, index: fileIndex, ledger: session.ledger, includes: session.includes,
                                diagnostics: session.diagnostics, firstAmount: session.firstAmount, lines: parser.lines)
        parsed.inStretches = inStretches
        return parsed
    }

    /// Whether a file reads as a ledger from its first line on: its first line that is not blank
    /// or a comment parses without a reading error (an entry's date line alone counts: its
    /// split lines come after). An included file that does not is named, never shown: it may
    /// be something else entirely (`/etc/passwd`, a key file), and its lines would be echoed.
    static func readsAsLedger(_ bytes: SourceBytes) -> Bool {
        let file = SourceFile(path: "", bytes: bytes)
        guard let line = file.firstSignificantLine else { return true }
        let parsed = parse(SourceFile(path: "", bytes: Array(file.bytes[line])), fileIndex: 0)
        return !parsed.diagnostics.contains { diagnostic in
            if case .emptyEntry = diagnostic.problem { return false }
            return diagnostic.severity == .error
        }
    }

    /// Only the file's `include` lines, read as `parse` reads them (the line checks and the
    /// directive included): what the loader needs to find every file before parsing them
    /// together. The other lines are not looked at.
    static func includes(of file: SourceFile, fileIndex: Int) -> ParsedFile {
        var session = ParseSession(byteCount: 0)
        session.ledger.files = [file]
        var parser = Parser(file: file, fileIndex: fileIndex)
        parser.parseLines(&session, includesOnly: true)
        return ParsedFile(file: file, index: fileIndex, ledger: session.ledger, includes: session.includes,
                          diagnostics: [], firstAmount: nil, lines: nil)
    }

    /// Parses every line of the file (with `includesOnly`, only the lines that start with
    /// `include`, found by searching for a line feed followed by the word: the other lines are
    /// not looked at).
    mutating func parseLines(_ session: inout ParseSession, includesOnly: Bool = false) {
        let file = self.file
        file.bytes.withView { buffer in
            bytes = buffer
            lastCode = nil
            lastLineCode = nil
            defer { bytes = .empty }
            let count = buffer.count
            /// Parses the line at `start`; returns where it ends (its line feed, or the end).
            func parseLine(at start: Int) -> Int {
                let end = buffer.firstIndex(of: UInt8(ascii: "\n"), from: start, to: count) ?? count
                var contentEnd = end
                if contentEnd > start && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                let cursor = ByteCursor(bytes: buffer, offset: start, end: contentEnd)
                if case .include(let path, let location)? = self.parseLine(cursor, &session) {
                    session.includes.append(Include(path: path, location: location, file: nil))
                }
                return end
            }
            if includesOnly {
                // The include lines alone are few: each is checked on its own, and the other
                // lines are skipped by their first bytes.
                cleanText = false
                let word = "include".utf8
                while offset < count {
                    let start = offset
                    if count - start >= word.count, buffer[start..<start + word.count].elementsEqual(word) {
                        offset = parseLine(at: start) + 1
                    } else {
                        offset = buffer.firstIndex(of: UInt8(ascii: "\n"), from: start, to: count).map { $0 + 1 } ?? count
                    }
                }
                return
            }
            // A file checked whole in one pass needs no check a line (at 100,000 entries with
            // an accented letter every 38 bytes: 88 M instructions a line at a time, 67 M whole).
            if cleanText == nil { cleanText = buffer.isCleanText }
            while offset < count {
                offset = parseLine(at: offset) + 1
            }
        }
    }

    private mutating func parseLine(_ cursor: ByteCursor, _ session: inout ParseSession) -> Request? {
        if let block = conflict, block.part != .ours {
            // The base and theirs parts of a conflict block are not read: ours stands for it.
            switch marker(cursor) {
            case .theirs?: conflict?.part = .theirs
            case .end?: finishConflict(&session, unterminated: false)
            default: break
            }
            record(.blank, LineReader(cursor: cursor, recording: lines != nil))
            return nil
        }
        if cleanText != true, let issue = cursor.bytes.firstTextIssue(in: cursor.offset..<cursor.end) {
            switch issue {
            case .invalid(let at, let byte):
                session.report(.invalidUTF8(byte: byte), at: location(at..<at + 1))
            case .control(let at, let byte):
                session.report(.controlCharacter(byte: byte), at: location(at..<at + 1))
            }
            if pending != nil { pending?.damaged = true } else { finishEntry(&session) }
            record(.blank, LineReader(cursor: cursor, recording: lines != nil))
            return nil
        }
        // The common entry and split lines, read before a line reader is even made (when
        // they are not of the common shape, the line is read in full below).
        if quickLines, cleanText == true {
            guard let first = cursor.peek() else {
                finishEntry(&session)
                recordQuick(.blank, TokenList())
                return nil
            }
            if ByteClass.isBlank(first) {
                var content = cursor
                content.skipBlanks()
                if pending != nil, !content.isAtEnd, !content.startsComment, content.peek() != UInt8(ascii: "#"),
                   quickPosting(from: content.offset, to: content.end, &session) {
                    return nil
                }
            } else if ByteClass.isDigit(first) {
                finishEntry(&session)
                if quickEntryHeader(from: cursor.offset, to: cursor.end, &session) { return nil }
            }
        }
        var reader = LineReader(cursor: cursor, recording: lines != nil)
        guard let first = cursor.peek() else {
            finishEntry(&session)
            record(.blank, reader)
            return nil
        }
        if ByteClass.isBlank(first) {
            reader.cursor.skipBlanks()
            if reader.cursor.isAtEnd {
                finishEntry(&session)
                record(.blank, reader)
            } else if reader.startsComment() || reader.cursor.peek() == UInt8(ascii: "#") {
                reader.readComment()
                record(.indentedComment, reader)
            } else {
                parsePosting(&reader, &session)
                record(.posting, reader)
            }
            return nil
        }
        finishEntry(&session)
        if first == UInt8(ascii: ";") || first == UInt8(ascii: "#") {
            reader.readComment()
            record(.comment, reader)
            return nil
        }
        if ByteClass.isDigit(first) {
            parseEntryHeader(&reader, &session)
            record(.entryHeader, reader)
            return nil
        }
        if ByteClass.isLetter(first) {
            let request = parseDirective(&reader, &session)
            record(.directive, reader)
            return request
        }
        if let marker = marker(cursor) {
            conflictMarker(marker, cursor, &session)
            record(.blank, reader)
            return nil
        }
        var word = reader
        let found = word.next().map(text) ?? ""
        session.report(.unexpectedLineStart(found: found), at: location(cursor.offset..<cursor.offset + 1))
        record(.directive, word)
        return nil
    }

    // MARK: Conflict blocks

    private func marker(_ cursor: ByteCursor) -> ConflictMarker? {
        ConflictMarker.read(count: cursor.end - cursor.offset) { cursor.bytes[cursor.offset + $0] }
    }

    /// A marker line outside a skipped part: `<<<<<<<` starts a block, `|||||||` and `=======`
    /// end its ours part; a marker with no block open is a line that cannot start so.
    private mutating func conflictMarker(_ marker: ConflictMarker, _ cursor: ByteCursor, _ session: inout ParseSession) {
        let line = location(cursor.offset..<cursor.end)
        switch (marker, conflict) {
        case (.ours, nil):
            conflict = (.ours, line)
        case (.base, _?), (.theirs, _?):
            conflict?.part = marker
        case (.end, _?):
            finishConflict(&session, unterminated: false)
        default:
            let found = String(decoding: [cursor.bytes[cursor.offset]], as: UTF8.self)
            session.report(.unexpectedLineStart(found: found), at: location(cursor.offset..<cursor.offset + 1))
        }
    }

    /// Reports the conflict block being read as one error at its `<<<<<<<` line: at its
    /// `>>>>>>>` line, or at the end of the file when it has none.
    mutating func finishConflict(_ session: inout ParseSession, unterminated: Bool) {
        guard let block = conflict else { return }
        session.report(.mergeConflict(unterminated: unterminated), at: block.start)
        conflict = nil
    }

    private mutating func record(_ kind: SyntaxLine.Kind, _ reader: LineReader) {
        guard lines != nil else { return }
        lines?.append(SyntaxLine(kind: kind, tokens: TokenList(reader.tokens), comment: reader.comment))
    }

    /// A line read quickly, recorded as the full reading records it (for `fmt`); its tokens
    /// and comment are only made when lines are recorded.
    mutating func recordQuick(_ kind: SyntaxLine.Kind, _ tokens: @autoclosure () -> TokenList, comment: @autoclosure () -> Token? = nil) {
        guard lines != nil else { return }
        lines?.append(SyntaxLine(kind: kind, tokens: tokens(), comment: comment()))
    }

    // MARK: Entries

    /// entry-header = date [status] [description] {tag} [comment]
    private mutating func parseEntryHeader(_ reader: inout LineReader, _ session: inout ParseSession) {
        guard let dateToken = reader.next() else { return }
        let lineLocation = location(dateToken.start..<reader.cursor.end)
        guard let date = parseDate(dateToken, &session) else {
            pending = PendingEntry(date: CivilDate(year: 1970, month: 1, day: 1)!, status: .unmarked,
                                   description: location(dateToken.range), firstTag: session.ledger.entryTags.count,
                                   firstPosting: session.postings.count, location: lineLocation,
                                   damaged: true)
            return
        }
        var status = Entry.Status.unmarked
        if let mark = reader.status() {
            status = bytes[mark.start] == UInt8(ascii: "*") ? .cleared : .pending
        }
        var description = location(reader.cursor.offset..<reader.cursor.offset)
        var damaged = false
        if let text = reader.text() {
            if text.kind == .unterminatedString {
                session.report(.unterminatedString, at: location(text))
                damaged = true
            }
            description = location(text)
        }
        let firstTag = session.ledger.entryTags.count
        while let tag = reader.tag() {
            let id = session.ledger.names.intern(reader.cursor.bytes, tag.start + 1..<tag.end).id
            session.ledger.entryTags.append(NameRef(id: id, location: location(tag)))
        }
        if !reader.atEndOfContent(), let extra = reader.next() {
            session.report(.unexpectedText(text(extra), hint: "tags go at the end of the date line; quote a description that contains ` #`"),
                           at: location(extra))
            damaged = true
        }
        pending = PendingEntry(date: date, status: status, description: description, firstTag: firstTag,
                               firstPosting: session.postings.count, location: lineLocation,
                               damaged: damaged, importKey: Self.importKey(in: reader.comment, of: bytes, file: fileIndex))
    }

    /// Where `import:KEY` stands at the start of a date line's comment (`; import:KEY`: the key
    /// of the statement row an entry was imported from), if it does. A key is hex digits and `-`.
    /// (Static: called on the parser from a mutating reading, a call copied the whole parser
    /// first.)
    static func importKey(in comment: Token?, of bytes: ByteView, file: Int) -> SourceLocation? {
        guard let comment, comment.start < comment.end, bytes[comment.start] == UInt8(ascii: ";") else { return nil }
        let start = ByteCursor.skipBlanks(bytes, from: comment.start + 1, to: comment.end)
        let word: StaticString = "import:"
        let keyStart = start + word.utf8CodeUnitCount
        guard keyStart < comment.end, bytes.part(start..<keyStart) == word.view else { return nil }
        var end = keyStart
        while end < comment.end, ByteClass.isDigit(bytes[end]) || (bytes[end] >= 0x61 && bytes[end] <= 0x66) || bytes[end] == UInt8(ascii: "-") {
            end += 1
        }
        return end > keyStart ? SourceLocation(file: file, range: start..<end) : nil
    }

    /// posting = indent target [amount [currency-code]] [comment]
    private mutating func parsePosting(_ reader: inout LineReader, _ session: inout ParseSession) {
        let lineStart = reader.cursor.offset
        guard pending != nil else {
            session.report(.orphanLine, at: location(lineStart..<reader.cursor.end))
            return
        }
        guard let targetToken = reader.next(), let target = parseName(targetToken, &session) else {
            pending?.damaged = true
            return
        }
        // The entry's damage read once and written back once.
        var damaged = pending?.damaged ?? false
        let wasDamaged = damaged
        var amount = Money.zero
        var amountLocation: SourceLocation?
        var scale = 0
        var goal: NameRef?
        var hasCodeOrPrice = false
        if let amountToken = reader.next() {
            if isWord(amountToken, "goal") {
                session.report(.expected("an amount before `goal`", found: nil), at: location(amountToken.start..<amountToken.start))
                damaged = true
            } else if let value = parseAmount(amountToken, &reader, &session, keepsCode: false) {
                amount = value.amount.value
                amountLocation = value.amount.location
                scale = value.scale
                session.ledger.notePostingScale(scale)
                let price = readPrice(&reader, &session)
                if price == nil { damaged = true }
                hasCodeOrPrice = value.code != nil || price?.price != nil
                if hasCodeOrPrice { keepForeign(code: value.code, price: price?.price, priceCode: price?.code, &session) }
            } else {
                damaged = true
                amountLocation = location(amountToken)
            }
        }
        if !damaged, let clause = reader.next() {
            if let _: GoalClause = requireWord("split line option", clause, &session),
               let name = requireName("a goal name", &reader, &session) {
                goal = name
            } else {
                damaged = true
            }
        }
        // Not `&&`: its right side is a closure, and calling a method of the parser in it
        // copied the whole parser for every split line.
        if !damaged {
            if !expectEnd(&reader, &session) { damaged = true }
        }
        if damaged && !wasDamaged { pending?.damaged = true }
        if let goal { session.ledger.postingGoals[session.postings.count] = goal }
        session.postings.append(Posting(target: target, amount: amount, amountLocation: amountLocation, scale: scale, hasCodeOrPrice: hasCodeOrPrice))
    }

    /// Completes the pending entry and adds it to the ledger.
    mutating func finishEntry(_ session: inout ParseSession) {
        guard let entry = pending else { return }
        pending = nil
        let range = entry.firstPosting..<session.postings.count
        if entry.isSchedule, !entry.damaged, var schedule = pendingSchedule {
            pendingSchedule = nil
            if range.count < 2 {
                session.report(.emptyEntry(lines: range.count), at: entry.location)
                dropLines(range, tagsFrom: entry.firstTag, &session)
                return
            }
            // A template moves no money into a goal: that is for the entry recorded from it.
            if let line = range.first(where: { session.ledger.postingGoals[$0] != nil }), let goal = session.ledger.postingGoals[line] {
                session.report(.unexpectedText("goal", hint: "a schedule's lines take no `goal`; move money into a goal with `move`"),
                               at: goal.location)
                session.ledger.strayReferences += session.postings.items(range).map(\.target)
                dropLines(range, tagsFrom: entry.firstTag, &session)
                return
            }
            schedule.postings = range
            session.ledger.schedules.append(schedule)
            return
        }
        if entry.isSchedule { pendingSchedule = nil }
        if entry.damaged {
            // Keep the names for the reference check; drop the lines, whose sum means nothing.
            session.ledger.strayReferences += session.postings.items(range).map(\.target)
            dropLines(range, tagsFrom: entry.firstTag, &session)
            return
        }
        if range.count < 2 {
            session.report(.emptyEntry(lines: range.count), at: entry.location)
            dropLines(range, tagsFrom: entry.firstTag, &session)
            return
        }
        if let key = entry.importKey { session.ledger.importKeys.append(key) }
        // Booking fills in a left-out amount and checks the sum (Booker.fillInAmounts).
        session.entries.append(Entry(date: entry.date, status: entry.status,
                                     descriptionLocation: entry.description,
                                     tagRange: entry.firstTag..<session.ledger.entryTags.count,
                                     postings: range, location: entry.location))
    }

    /// Removes the lines and tags of an entry that is not kept (always the last ones read).
    private func dropLines(_ range: Range<Int>, tagsFrom firstTag: Int, _ session: inout ParseSession) {
        for index in range { session.ledger.postingGoals[index] = nil }
        while let last = session.ledger.writtenForeign.last, last.line >= range.lowerBound { session.ledger.writtenForeign.removeLast() }
        session.postings.removeAll(from: range.lowerBound)
        session.ledger.entryTags.removeSubrange(firstTag...)
    }
}
