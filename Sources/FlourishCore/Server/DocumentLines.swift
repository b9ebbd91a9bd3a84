/// Where each line of an open document starts, kept as the editor changes the document: a
/// keystroke's change and the completion after it find their places from the line they are
/// on, without copying and reading the whole text (a household's 100,000 entries are 6 MB)
/// for each.
struct DocumentLines: Equatable {
    /// The offset of each line's first byte (the first line's is 0).
    private(set) var starts: [Int]

    init(_ bytes: [UInt8]) {
        starts = bytes.withView(SourceFile.lineStarts)
    }

    /// The lines after `range` of the text was replaced by `text`: those starting inside the
    /// range go, the text's own come in, and the rest move by the change in length.
    mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
        let first = firstLine(after: range.lowerBound)
        let rest = firstLine(after: range.upperBound)
        let shift = text.count - range.count
        starts = Array(starts[..<first]) + text.withView { SourceFile.offsetsAfterLineFeeds(in: $0, from: range.lowerBound) } + starts[rest...].map { $0 + shift }
    }

    /// The index of the first line that starts after `offset`.
    private func firstLine(after offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where the line holding `offset` starts.
    func lineStart(containing offset: Int) -> Int {
        starts[max(0, firstLine(after: offset) - 1)]
    }

    /// The LSP position (0-based line, UTF-16 units into it) of `offset` in `bytes`, the text
    /// these lines are of.
    func position(_ offset: Int, in bytes: [UInt8]) -> JSONValue {
        let clamped = min(max(0, offset), bytes.count)
        let line = max(0, firstLine(after: clamped) - 1)
        return .object([("line", .integer(line)), ("character", .integer(LanguageServer.utf16Units(bytes, starts[line]..<clamped)))])
    }

    /// The byte offset of LSP position `line`:`character` (UTF-16 units into the line, a
    /// character past its end being its end; a line past the last, the end of the text) in
    /// `bytes`, the text these lines are of: as `LanguageServer.offset` finds it.
    func offset(line: Int, character: Int, in bytes: [UInt8]) -> Int {
        guard line < starts.count else { return bytes.count }
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return LanguageServer.offset(character: character, intoLineAt: start, String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
