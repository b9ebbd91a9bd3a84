/// Values kept for some of the ledger's split lines, by the line's index in `Ledger.postings`:
/// a slot a line (4 bytes) and the values in a list, so that looking one up is reading an
/// array. (In dictionaries, the lines of a ledger in several currencies were hashed a dozen
/// times each while booking.) Iterated in the order the values were set.
public struct LineTable<Value: Sendable>: Sendable, Sequence {
    /// Per line up to the highest set: where its value is in `values`, or -1.
    private var slots: [Int32] = []
    private var lines: [Int] = []
    private var values: [Value] = []
    private var removed = 0

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
                slots.append(contentsOf: repeatElement(-1, count: line + 1 - slots.count))
            }
            let slot = slots[line]
            switch (newValue, slot >= 0) {
            case (let value?, true):
                values[Int(slot)] = value
            case (let value?, false):
                slots[line] = Int32(values.count)
                lines.append(line)
                values.append(value)
            case (nil, true):
                slots[line] = -1
                lines[Int(slot)] = -1
                removed += 1
            case (nil, false):
                break
            }
        }
    }

    /// Room for `count` values on lines below `lines`.
    public mutating func reserveCapacity(_ count: Int, lines highest: Int) {
        values.reserveCapacity(count)
        lines.reserveCapacity(count)
        if highest > slots.count { slots.reserveCapacity(highest) }
    }

    /// The same values on the lines `moved` gives for theirs (lines moved up or down).
    public func remapped(_ moved: (Int) -> Int) -> LineTable {
        var table = LineTable()
        table.reserveCapacity(count, lines: slots.count)
        for (line, value) in self { table[moved(line)] = value }
        return table
    }

    public func makeIterator() -> AnyIterator<(key: Int, value: Value)> {
        var index = 0
        return AnyIterator {
            while index < lines.count {
                defer { index += 1 }
                if lines[index] >= 0 { return (lines[index], values[index]) }
            }
            return nil
        }
    }
}

/// Values kept for places in the ledger's files (a code or a price written after an amount),
/// a dictionary per file: the files are parsed apart and linked by taking each file's as it
/// is (one dictionary for all of them was rebuilt as each file's was merged in).
public struct LocationTable<Value: Sendable>: Sendable {
    private var files: [[SourceLocation: Value]] = []
    /// How many values there are (asked for each line while booking).
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public subscript(location: SourceLocation) -> Value? {
        get {
            let file = Int(location.file)
            return file < files.count ? files[file][location] : nil
        }
        set {
            let file = Int(location.file)
            guard file >= 0 else { return }
            if file >= files.count {
                guard newValue != nil else { return }
                files.append(contentsOf: repeatElement([:], count: file + 1 - files.count))
            }
            if let newValue {
                if files[file].updateValue(newValue, forKey: location) == nil { count += 1 }
            } else if files[file].removeValue(forKey: location) != nil {
                count -= 1
            }
        }
    }

    /// Every place and its value, file by file (in no order within a file).
    public var all: [(key: SourceLocation, value: Value)] {
        files.flatMap { $0.map { ($0.key, $0.value) } }
    }

    /// Takes `other`'s values in (where both hold one for a place, the first stays): a file's
    /// table is taken as it is when this one has none for that file.
    public mutating func merge(_ other: LocationTable) {
        if other.files.count > files.count { files.append(contentsOf: repeatElement([:], count: other.files.count - files.count)) }
        for (file, values) in other.files.enumerated() where !values.isEmpty {
            count -= files[file].count
            if files[file].isEmpty { files[file] = values } else { files[file].merge(values) { first, _ in first } }
            count += files[file].count
        }
    }
}
