extension LedgerLoader {
    /// The split lines and entries of files parsed side by side, each file's written straight
    /// into its stretch of one list: a stretch has room for as many as the file has lines that
    /// can hold them (`LineStarts`), in the order of the files' places. Linking then closes
    /// the gaps between the stretches in place instead of copying every file into a new list
    /// (a copy whose new memory cost a ledger of one file a year a third of its page faults).
    final class SharedLists: @unchecked Sendable {
        /// Every stretch, in place order; what lies beyond a file's items in its stretch is
        /// not initialised. Only plain values are kept so (`BitwiseCopyable`).
        private(set) var postings: [Posting]
        private(set) var entries: [Entry]
        /// Where each place's stretch starts, and one past the last.
        let postingStarts: [Int]
        let entryStarts: [Int]

        /// Lists with a stretch for each place, as much room as its lines give.
        init(rooms: [LineStarts.Counts]) {
            var postingStarts = [0]
            var entryStarts = [0]
            for room in rooms {
                postingStarts.append(postingStarts[postingStarts.count - 1] + room.indented)
                entryStarts.append(entryStarts[entryStarts.count - 1] + room.dated)
            }
            self.postingStarts = postingStarts
            self.entryStarts = entryStarts
            postings = Self.unwritten(postingStarts[postingStarts.count - 1])
            entries = Self.unwritten(entryStarts[entryStarts.count - 1])
        }

        /// How many places have a stretch.
        var places: Int { postingStarts.count - 1 }

        /// The room of a place's stretches.
        func room(_ place: Int) -> (postings: Int, entries: Int) {
            (postingStarts[place + 1] - postingStarts[place], entryStarts[place + 1] - entryStarts[place])
        }

        /// A list of `count` items whose memory is not written: a stretch's pages are taken
        /// by the worker that parses its file (`ParsedList`). Its items are plain
        /// values, so reading one not written reads meaningless bytes, never a reference.
        private static func unwritten<Item: BitwiseCopyable>(_ count: Int) -> [Item] {
            [Item](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }

        /// `body` given, per place, where its file writes (nil without lists).
        static func withStretches<Result>(_ lists: SharedLists?,
                                          _ body: (_ stretches: (@Sendable (Int) -> ParseSession.Stretches)?) -> Result) -> Result {
            guard let lists else { return body(nil) }
            let (postingStarts, entryStarts) = (lists.postingStarts, lists.entryStarts)
            return lists.postings.withUnsafeMutableBufferPointer { postings in
                lists.entries.withUnsafeMutableBufferPointer { entries in
                    // Each place's file writes only its own stretch.
                    nonisolated(unsafe) let (postingBase, entryBase) = (postings.baseAddress, entries.baseAddress)
                    return body { place in
                        ParseSession.Stretches(postings: postingBase.map { $0 + postingStarts[place] },
                                               postingRoom: postingStarts[place + 1] - postingStarts[place],
                                               entries: entryBase.map { $0 + entryStarts[place] },
                                               entryRoom: entryStarts[place + 1] - entryStarts[place])
                    }
                }
            }
        }

        /// The lists, leaving this empty (linking then holds the only reference to them).
        func take() -> (postings: [Posting], entries: [Entry]) {
            let taken = (postings, entries)
            postings = []
            entries = []
            return taken
        }

        /// The items a file wrote into its place's stretches.
        func items(of place: Int, _ written: ParsedFile.InStretches) -> (postings: [Posting], entries: [Entry]) {
            (Array(postings[postingStarts[place]..<postingStarts[place] + written.postings]),
             Array(entries[entryStarts[place]..<entryStarts[place] + written.entries]))
        }
    }
}
