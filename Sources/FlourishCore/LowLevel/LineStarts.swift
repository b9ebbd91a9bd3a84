/// How many lines of a file start with a blank and how many with a digit, counted before the
/// file is parsed: a split line is indented and an entry starts with its date, so these are
/// the most split lines and entries the file can hold (`LedgerLoader` gives each file that
/// much room in the lists it shares with the files parsed beside it).
enum LineStarts {
    struct Counts: Equatable {
        /// Lines whose first byte is a space or a tab.
        var indented = 0
        /// Lines whose first byte is a digit.
        var dated = 0
    }

    /// The counts for `bytes`, thirty-two bytes at a time: a byte starts a line when it is the
    /// first or the byte before it is a line feed.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Counts {
        var counts = Counts()
        guard let base = bytes.baseAddress, bytes.count > 0 else { return counts }
        let count = bytes.count
        func take(_ byte: UInt8) {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { counts.indented += 1 }
            if byte &- UInt8(ascii: "0") < 10 { counts.dated += 1 }
        }
        take(base[0])
        typealias Bytes = SIMD32<UInt8>
        let raw = UnsafeRawPointer(base)
        var index = 1
        // Per lane, how many starts it has seen, summed every 255 rounds (before a lane can
        // overflow).
        var indented = Bytes()
        var dated = Bytes()
        while index + Bytes.scalarCount <= count {
            for _ in 0..<min(255, (count - index) / Bytes.scalarCount) {
                let current = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
                let before = raw.loadUnaligned(fromByteOffset: index - 1, as: Bytes.self)
                let starts = before .== Bytes(repeating: UInt8(ascii: "\n"))
                let blank = (current .== Bytes(repeating: UInt8(ascii: " "))) .| (current .== Bytes(repeating: UInt8(ascii: "\t")))
                let digit = (current &- Bytes(repeating: UInt8(ascii: "0"))) .< Bytes(repeating: 10)
                // A true lane is all ones: subtracting it adds one.
                indented &-= unsafeBitCast(starts .& blank, to: Bytes.self)
                dated &-= unsafeBitCast(starts .& digit, to: Bytes.self)
                index += Bytes.scalarCount
            }
            for lane in 0..<Bytes.scalarCount {
                counts.indented += Int(indented[lane])
                counts.dated += Int(dated[lane])
            }
            indented = Bytes()
            dated = Bytes()
        }
        while index < count {
            if base[index - 1] == UInt8(ascii: "\n") { take(base[index]) }
            index += 1
        }
        return counts
    }
}
