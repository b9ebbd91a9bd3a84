/// What a renderer wrote for the shared first cells of a run's first row (`MadeRows`): the
/// bytes, written again for each row that continues the run, and where the line stood after
/// them (in text, the width shown and the blanks owed).
final class RunStart {
    private let bytes = ByteBuffer(capacity: 256)
    private(set) var shown = 0
    private(set) var blanks = 0

    /// Keeps `block`'s bytes from `start` to its end.
    func keep(_ block: OutputBlock, from start: Int, shown: Int = 0, blanks: Int = 0) {
        bytes.removeAll()
        bytes.append(block.gathered.part(from: start))
        self.shown = shown
        self.blanks = blanks
    }

    func write(into block: OutputBlock) { block.append(bytes.view) }
}
