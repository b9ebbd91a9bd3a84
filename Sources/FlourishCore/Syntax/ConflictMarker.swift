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
