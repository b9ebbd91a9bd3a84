extension LedgerLoader {
    /// The split lines and entries of files parsed side by side, each file's written straight
    /// into its stretch of one list (`StretchedList`): a stretch has room for as many as the
    /// file has lines that can hold them (`LineStarts`), in the order of the files' places.
    final class SharedLists: Sendable {
        let postings: StretchedList<Posting>
        let entries: StretchedList<Entry>

        /// Lists with a stretch for each place, as much room as its lines give.
        init(rooms: [LineStarts.Counts]) {
            postings = StretchedList(rooms: rooms.map(\.indented))
            entries = StretchedList(rooms: rooms.map(\.dated))
        }

        /// Lists with a stretch for each place, exactly as much room as its items need.
        init(exactly counts: [(postings: Int, entries: Int)]) {
            postings = StretchedList(rooms: counts.map(\.postings))
            entries = StretchedList(rooms: counts.map(\.entries))
        }

        /// How many places have a stretch.
        var places: Int { postings.places }

        /// The room of a place's stretches.
        func room(_ place: Int) -> (postings: Int, entries: Int) {
            (postings.room(place), entries.room(place))
        }

        /// `body` given, per place, where its file writes (nil without lists).
        static func withStretches<Result>(_ lists: SharedLists?,
                                          _ body: (_ stretches: (@Sendable (Int) -> ParseSession.Stretches)?) -> Result) -> Result {
            guard let lists else { return body(nil) }
            return lists.postings.withStretches { postings in
                lists.entries.withStretches { entries in
                    body { place in ParseSession.Stretches(postings: postings(place), entries: entries(place)) }
                }
            }
        }

        /// The items a file wrote into its place's stretches.
        func items(of place: Int, _ written: ParsedFile.InStretches) -> (postings: [Posting], entries: [Entry]) {
            (postings.items(of: place, count: written.postings), entries.items(of: place, count: written.entries))
        }
    }
}
