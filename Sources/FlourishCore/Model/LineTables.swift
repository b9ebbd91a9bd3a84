/// Values kept for some of the ledger's split lines, by the line's index in `Ledger.postings`:
/// a slot a line (4 bytes) and the values in a list, so that looking one up is reading an
/// array. (In dictionaries, the lines of a ledger in several currencies were hashed a dozen
/// times each while booking.) Iterated in the order the values were set.
public struct LineTable<Value: Sendable>: Sendable, Sequence {
    /// Per line: where its value is in `values`, or -1 (as far as the highest line set, or
    /// further when room was made for every line: `reserveCapacity`).
    private var slots: [Int32] = []
    /// The line of each value in `values` (-1: removed).
    private var lines: [Int32] = []
    private var values: [Value] = []
    private var removed = 0
    /// The highest line set so far (-1: none).
    private var highest = -1

    public init() {}

    public var isEmpty: Bool { values.count == removed }
    public var count: Int { values.count - removed }

    public subscript(line: Int) -> Value? {
        get {
            guard line >= 0, line < slots.count else { return nil }
            let slot = slots[line]
            return slot < 0 ? nil : values[Int(slot)]
        }
        set {
            guard line >= 0 else { return }
            if line >= slots.count {
                guard newValue != nil else { return }
                makeRoom(through: line)
            }
            let slot = slots[line]
            switch (newValue, slot >= 0) {
            case (let value?, true):
                values[Int(slot)] = value
            case (let value?, false):
                slots[line] = Int32(values.count)
                lines.append(Int32(line))
                values.append(value)
                highest = Swift.max(highest, line)
            case (nil, true):
                slots[line] = -1
                lines[Int(slot)] = -1
                removed += 1
            case (nil, false):
                break
            }
        }
    }

    /// Slots through `line`, each empty.
    private mutating func makeRoom(through line: Int) {
        // A slot at a time: lines are mostly set in order, a few apart (a generic append of
        // repeated elements cost more than the rest of the setting).
        while slots.count <= line { slots.append(-1) }
    }

    /// Sets `value` on `line`: a line after every line set so far (booking sets them in
    /// order) is an append (no optional value to take apart); any other as the subscript sets it.
    public mutating func add(_ value: Value, at line: Int) {
        guard line > highest else {
            self[line] = value
            return
        }
        if line >= slots.count { makeRoom(through: line) }
        slots[line] = Int32(values.count)
        lines.append(Int32(line))
        values.append(value)
        highest = line
    }

    /// Room for `count` values, and an empty slot for each of the lines below `lines` (made
    /// at once, not line by line as values are added).
    public mutating func reserveCapacity(_ count: Int, lines all: Int) {
        values.reserveCapacity(count)
        lines.reserveCapacity(count)
        if slots.isEmpty {
            slots = [Int32](repeating: -1, count: all)
        } else if all > slots.count {
            slots.reserveCapacity(all)
            makeRoom(through: all - 1)
        }
    }

    /// The same values on the lines `moved` gives for theirs (lines moved up or down).
    public func remapped(_ moved: (Int) -> Int) -> LineTable {
        var table = LineTable()
        table.reserveCapacity(count, lines: slots.count)
        for (line, value) in self { table[moved(line)] = value }
        return table
    }

    public func makeIterator() -> Iterator {
        Iterator(lines: lines, values: values)
    }

    /// The lines and their values in the order they were set.
    public struct Iterator: IteratorProtocol {
        fileprivate let lines: [Int32]
        fileprivate let values: [Value]
        private var index = 0

        fileprivate init(lines: [Int32], values: [Value]) {
            (self.lines, self.values) = (lines, values)
        }

        public mutating func next() -> (key: Int, value: Value)? {
            while index < lines.count {
                defer { index += 1 }
                if lines[index] >= 0 { return (Int(lines[index]), values[index]) }
            }
            return nil
        }
    }
}

/// Values kept for places in the ledger's files (a code or a price written after a directive's
/// amount; split lines' are kept by line, `Ledger.writtenForeign`),
/// a list per file in the order of the places: the parser sets them as it reads each file from
/// its first line to its last, so each is added at the end, and looking one up is a binary
/// search (in dictionaries, each of a ledger's foreign lines was hashed twice as it was read
/// and twice as it was booked). The files are parsed apart and linked by taking each file's
/// list as it is.
public struct LocationTable<Value: Sendable>: Sendable {
    /// One file's places (by their first byte, then their last) and values, in that order.
    private struct FileTable: Sendable {
        var places: [(start: Int32, end: Int32)] = []
        var values: [Value] = []

        /// Appends `value` at `place` when `place` is after every place held (the parser's
        /// case); false, changing nothing, otherwise. (Called on the file's table in place: read
        /// out of `files` first, its lists were retained and released for every value added.)
        mutating func appendIfLast(_ value: Value, at place: (start: Int32, end: Int32)) -> Bool {
            if let last = places.last, !((last.start, last.end) < place) { return false }
            places.append(place)
            values.append(value)
            return true
        }

        /// Where `place` is, or where it would go.
        func index(of place: (start: Int32, end: Int32)) -> (index: Int, found: Bool) {
            // Most lookups and every setting while parsing are at or after the last place.
            if let last = places.last, (last.start, last.end) < place { return (places.count, false) }
            var low = 0
            var high = places.count
            while low < high {
                let middle = (low + high) / 2
                if (places[middle].start, places[middle].end) < place { low = middle + 1 } else { high = middle }
            }
            return (low, low < places.count && places[low] == place)
        }
    }

    private var files: [FileTable] = []
    /// How many values there are (asked for each line while booking).
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public subscript(location: SourceLocation) -> Value? {
        get {
            let file = Int(location.file)
            guard file >= 0, file < files.count, !files[file].places.isEmpty else { return nil }
            let (index, found) = files[file].index(of: (location.start, location.end))
            return found ? files[file].values[index] : nil
        }
        set {
            let file = Int(location.file)
            guard file >= 0 else { return }
            if file >= files.count {
                guard newValue != nil else { return }
                files.append(contentsOf: repeatElement(FileTable(), count: file + 1 - files.count))
            }
            let (index, found) = files[file].index(of: (location.start, location.end))
            switch (newValue, found) {
            case (let value?, true):
                files[file].values[index] = value
            case (let value?, false) where index == files[file].places.count:
                // The parser's case: after every place set so far.
                files[file].places.append((location.start, location.end))
                files[file].values.append(value)
                count += 1
            case (let value?, false):
                files[file].places.insert((location.start, location.end), at: index)
                files[file].values.insert(value, at: index)
                count += 1
            case (nil, true):
                files[file].places.remove(at: index)
                files[file].values.remove(at: index)
                count -= 1
            case (nil, false):
                break
            }
        }
    }

    /// Room for `count` values in file `file` (the parser's guess as it adds a file's first:
    /// a list grown by doubling copied itself a dozen times a file).
    public mutating func reserveCapacity(_ count: Int, inFile file: Int) {
        guard file >= 0 else { return }
        if file >= files.count { files.append(contentsOf: repeatElement(FileTable(), count: file + 1 - files.count)) }
        files[file].places.reserveCapacity(count)
        files[file].values.reserveCapacity(count)
    }

    /// Sets `value` at `location`: the parser's case, a place after every place of its file
    /// set so far, is an append (no search, no optional value to take apart); any other place
    /// is set as the subscript sets it.
    public mutating func add(_ value: Value, at location: SourceLocation) {
        let file = Int(location.file)
        guard file >= 0, file < files.count, files[file].appendIfLast(value, at: (location.start, location.end)) else {
            self[location] = value
            return
        }
        count += 1
    }

    /// Every place and its value, file by file, each file's in order.
    public var all: [(key: SourceLocation, value: Value)] {
        files.enumerated().flatMap { file, table in
            zip(table.places, table.values).map { place, value in
                (SourceLocation(file: file, range: Int(place.start)..<Int(place.end)), value)
            }
        }
    }

    /// Takes `other`'s values in (where both hold one for a place, the first stays): a file's
    /// list is taken as it is when this one has none for that file.
    public mutating func merge(_ other: LocationTable) {
        if other.files.count > files.count { files.append(contentsOf: repeatElement(FileTable(), count: other.files.count - files.count)) }
        for (file, table) in other.files.enumerated() where !table.places.isEmpty {
            if files[file].places.isEmpty {
                files[file] = table
                count += table.places.count
                continue
            }
            for (place, value) in zip(table.places, table.values) {
                let location = SourceLocation(file: file, range: Int(place.start)..<Int(place.end))
                if self[location] == nil { self[location] = value }
            }
        }
    }
}
