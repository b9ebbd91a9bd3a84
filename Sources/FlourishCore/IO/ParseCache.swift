/// The files parsed by the last load, kept so that the next load parses only the files whose
/// bytes changed (or moved in the reading order: locations carry the file's index). Used by
/// the language server, which loads the same ledger again on every edit.
public final class ParseCache {
    private struct Item {
        var bytes: SourceBytes
        var index: Int
        var parsed: ParsedFile
    }

    private var items: [String: Item] = [:]
    /// How many files were parsed since the cache was made (the others were reused).
    public private(set) var parsedCount = 0

    public init() {}

    /// The file parsed, from the cache when its path, bytes and index are those of last time.
    func parse(_ file: SourceFile, fileIndex: Int) -> ParsedFile {
        if let item = items[file.path], item.index == fileIndex, Self.same(item.bytes, file.bytes) {
            return item.parsed
        }
        items[file.path] = nil  // let the old parse go before making the new one
        parsedCount += 1
        let parsed = LedgerLoader.parse(file, fileIndex: fileIndex)
        items[file.path] = Item(bytes: file.bytes, index: fileIndex, parsed: parsed)
        return parsed
    }

    /// Whether two files hold the same bytes (compared many bytes a step, not element by element).
    private static func same(_ a: SourceBytes, _ b: SourceBytes) -> Bool {
        guard a.count == b.count else { return false }
        return a.withView { a in b.withView { b in a == b } }
    }

    /// Forgets files no longer part of any ledger, so the cache does not grow without bound.
    public func keep(only paths: Set<String>) {
        items = items.filter { paths.contains($0.key) }
    }
}
