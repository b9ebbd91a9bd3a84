/// A line of a conflict block that a merge leaves (grammar.md, "Merge conflicts"): seven or
/// more of one of `<`, `|`, `=`, `>` at the start of a line, then the end of the line or a blank
/// and a label. `flourish merge` writes them around whole items; `check` reports each block as
/// one `merge-conflict` error and reads the ours part.
public enum ConflictMarker: Sendable, Equatable {
    /// `<<<<<<<`: the block starts; ours follows.
    case ours
    /// `|||||||`: the base follows (git's `diff3` style).
    case base
    /// `=======`: theirs follows.
    case theirs
    /// `>>>>>>>`: the block ends.
    case end

    /// The fewest marker characters a marker line has (git's default size).
    public static let minimumSize = 7

    /// The marker a line is, given its length and its bytes by position; nil for any other line.
    static func read(count: Int, _ byte: (Int) -> UInt8) -> ConflictMarker? {
        guard count >= minimumSize else { return nil }
        let marker: ConflictMarker
        switch byte(0) {
        case UInt8(ascii: "<"): marker = .ours
        case UInt8(ascii: "|"): marker = .base
        case UInt8(ascii: "="): marker = .theirs
        case UInt8(ascii: ">"): marker = .end
        default: return nil
        }
        let first = byte(0)
        var run = 1
        while run < count, byte(run) == first { run += 1 }
        guard run >= minimumSize else { return nil }
        // `=======` stands alone; the others may carry a label after a blank.
        if run == count { return marker }
        let next = byte(run)
        guard marker != .theirs, next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") else { return nil }
        return marker
    }

    /// The marker the line `line` (without its line end) is.
    public static func read<Line: RandomAccessCollection>(_ line: Line) -> ConflictMarker? where Line.Element == UInt8 {
        read(count: line.count) { line[line.index(line.startIndex, offsetBy: $0)] }
    }
}

/// A conflict block's parts, by byte range, found from its `<<<<<<<` line: what the editor's
/// "keep ours", "keep theirs" and "keep both" replace the block with.
public struct ConflictBlock: Sendable, Equatable {
    /// The whole block, its marker lines included (up to the end of the file when it has no end).
    public var whole: Range<Int>
    /// The lines of ours and of theirs, with their line ends.
    public var ours: Range<Int>
    public var theirs: Range<Int>

    /// The block whose `<<<<<<<` line starts at `start`; nil when there is none.
    public static func find(in bytes: [UInt8], at start: Int) -> ConflictBlock? {
        var lineStart = start
        var part: ConflictMarker?
        var ours = start..<start
        var theirs = start..<start
        var oursStart = start
        var theirsStart: Int?
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var content = end
            if content > lineStart, bytes[content - 1] == 0x0D { content -= 1 }
            let next = min(end + 1, bytes.count)
            let marker = ConflictMarker.read(bytes[lineStart..<content])
            switch (part, marker) {
            case (nil, .ours?):
                part = .ours
                oursStart = next
            case (.ours?, .base?), (.ours?, .theirs?):
                ours = oursStart..<lineStart
                part = marker
                if marker == .theirs { theirsStart = next }
            case (.base?, .theirs?):
                part = .theirs
                theirsStart = next
            case (.theirs?, .end?):
                theirs = (theirsStart ?? lineStart)..<lineStart
                return ConflictBlock(whole: start..<next, ours: ours, theirs: theirs)
            case (nil, _):
                return nil
            default:
                break
            }
            lineStart = next
        }
        // No end: the block runs to the end of the file.
        switch part {
        case .ours?: ours = oursStart..<bytes.count
        case .theirs?: theirs = (theirsStart ?? bytes.count)..<bytes.count
        default: break
        }
        return ConflictBlock(whole: start..<bytes.count, ours: ours, theirs: theirs)
    }
}
