/// A report laid out as titled tables of typed cells, ready for any renderer.
///
/// Every report computes its figures as its own data struct, then lays them out here. The
/// text, CSV and JSON renderers only format cells; they never compute a number.
public struct ReportDocument: Sendable {
    /// A value in a table.
    public enum Cell: Sendable, Equatable {
        case text(String)
        /// A name in a hierarchy: indented by depth in text, plain in CSV and JSON.
        case name(String, depth: Int)
        case money(Money)
        /// An amount in another currency than the home one (an account's own balance, a
        /// line's own amount): `100.00 USD`, or as the display locale writes that currency.
        case foreign(Money, Currency)
        case date(CivilDate)
        /// Hundredths of a percent: 1250 is 12.5%.
        case percent(Int)
        case integer(Int)
        /// How much of a whole is used, in basis points (10000 = all): a bar in text.
        case progress(Int)
        case empty
    }

    /// A plain-language line made of words and typed values (amounts, dates, shares). The
    /// renderers format the values: with the currency's symbol in text and HTML, as decimal
    /// strings (and named fields) in JSON.
    public struct Sentence: Sendable, Equatable {
        public enum Part: Sendable, Equatable {
            case words(String)
            /// A value with a stable key, e.g. `("spent", .money(…))`.
            case value(String, Cell)
        }

        /// Stable kind, e.g. `over-budget`.
        public var kind: String
        public var parts: [Part]

        public init(_ kind: String, _ parts: [Part]) {
            self.kind = kind
            self.parts = parts
        }

        /// The typed values, by key.
        public var values: [(key: String, cell: Cell)] {
            parts.compactMap { if case .value(let key, let cell) = $0 { return (key, cell) } else { return nil } }
        }
    }

    public struct Column: Sendable {
        /// Stable key for JSON and the CSV header, e.g. `spent`.
        public var id: String
        public var title: String
        public var isNumeric: Bool

        public init(_ id: String, _ title: String, numeric: Bool = false) {
            self.id = id
            self.title = title
            self.isNumeric = numeric
        }
    }

    public struct Table: Sendable {
        /// Stable key, e.g. `categories`.
        public var id: String
        public var title: String
        public var columns: [Column]
        public var rows: [[Cell]] = []
        /// Rows made one at a time as a renderer reaches them, after `rows`: a register has a
        /// row per split line, and holding them all as cells would take several times the
        /// memory of the ledger itself.
        public var madeRows: MadeRows?
        /// Totals, printed under a rule in text.
        public var totals: [[Cell]] = []

        /// Every row, stored then made: what renderers read.
        public var body: Body { Body(stored: rows, made: madeRows) }

        public init(id: String, title: String, columns: [Column]) {
            self.id = id
            self.title = title
            self.columns = columns
        }
    }

    /// `balances`, `budget`, …
    public var kind: String
    /// The headline, e.g. "Budget for 2026-11 (2026-11-01 to 2026-11-30)".
    public var title: String
    public var from: CivilDate?
    public var to: CivilDate?
    public var tables: [Table] = []
    /// Small charts for the terminal (text only): a title and one value a day.
    public var sparklines: [(title: String, values: [Int64])] = []
    /// Plain-language lines (insights, actions), each backed by a number in the tables.
    public var notes: [(id: String, title: String, lines: [Sentence])] = []
    /// The day's quote, last in text and HTML (the dashboard's); never in CSV or JSON.
    public var quote: DailyQuote?

    public init(kind: String, title: String, from: CivilDate?, to: CivilDate?) {
        self.kind = kind
        self.title = title
        self.from = from
        self.to = to
    }
}

extension ReportDocument {
    /// `count` rows made one at a time from the report's own data, in order, and given to
    /// a `RowSink` a cell at a time (`write`): a register of a million lines is never held
    /// whole, and its texts are read where they stand.
    ///
    /// Rows may come in runs that share their first `sharedColumns` cells (an entry's date
    /// and words on each of its lines): the row that begins a run gives every cell, the rows
    /// that continue it only the cells after those, and a sink writes the shared cells as it
    /// wrote them for the run's first row.
    public struct MadeRows: Sendable {
        public var count: Int
        public var sharedColumns: Int
        var write: @Sendable (RowSink) -> Void
        /// When the report knows them: for each column, cells at least as wide in text as any
        /// made row's cell in that column, in every way of writing amounts — the widest text,
        /// and the largest and the most negative amount (an amount's width grows with its
        /// digits and its sign, never otherwise). The text renderer measures these instead of
        /// making every row a second time (worked out only when asked).
        public var widest: (@Sendable () -> [[Cell]])?

        init(count: Int, sharedColumns: Int = 0, widest: (@Sendable () -> [[Cell]])? = nil,
             write: @escaping @Sendable (RowSink) -> Void) {
            self.count = count
            self.sharedColumns = sharedColumns
            self.widest = widest
            self.write = write
        }
    }

    /// A table's rows: the stored ones, then the made ones.
    public struct Body {
        let stored: [[Cell]]
        let made: MadeRows?

        public var count: Int { stored.count + (made?.count ?? 0) }
        public var isEmpty: Bool { count == 0 }

        /// Each row in order as cells (a made row in an array the next one overwrites: keep
        /// a copy to hold it).
        public func forEachRow(_ body: ([Cell]) -> Void) {
            for row in stored { body(row) }
            guard let made else { return }
            // The made rows are given to `body` while it runs, never kept.
            withoutActuallyEscaping(body) { body in made.write(CellRows(shared: made.sharedColumns, body)) }
        }

        /// Each row in order into `sink`: the stored rows a cell at a time, then the made ones
        /// as they are made.
        func write(into sink: RowSink) {
            for row in stored {
                sink.beginRow(continuingRun: false)
                for cell in row { sink.add(cell) }
                sink.endRow()
            }
            made?.write(sink)
        }

        /// How many first cells the rows of a run share (0: rows come alone).
        var sharedColumns: Int { made?.sharedColumns ?? 0 }

        /// Every row, held: for small tables and tests.
        public var rows: [[Cell]] {
            var rows: [[Cell]] = []
            rows.reserveCapacity(count)
            forEachRow { rows.append($0) }
            return rows
        }
    }
}

/// Where a table's rows go, a cell at a time: a renderer's rows (`TableText`, `CSVRows`,
/// `JSONRows`) or a list of cells (`CellRows`). A row that continues a run (`MadeRows`) is
/// given without its shared first cells.
protocol RowSink: AnyObject {
    func beginRow(continuingRun: Bool)
    func add(_ cell: ReportDocument.Cell)
    /// A text cell as UTF-8 read where it stands (valid during the call only), and how wide it
    /// is on screen when the maker knows.
    func add(text: ByteView, width: Int?)
    /// A text cell that is a name of the ledger (`name` its id): one of a few that stand on
    /// many rows, so a sink may remember what it found out about it (whether it needs quotes
    /// or escapes) by its id.
    func add(name: Int32, text: ByteView, width: Int?)
    func endRow()
}

extension RowSink {
    func add(name: Int32, text: ByteView, width: Int?) { add(text: text, width: width) }
}

/// Made rows gathered as cells, a row at a time, each given to `body` in an array the next
/// row overwrites; a run's shared cells are kept from its first row.
final class CellRows: RowSink {
    private let shared: Int
    private let body: ([ReportDocument.Cell]) -> Void
    private var row: [ReportDocument.Cell] = []

    init(shared: Int, _ body: @escaping ([ReportDocument.Cell]) -> Void) {
        self.shared = shared
        self.body = body
    }

    func beginRow(continuingRun: Bool) {
        if continuingRun {
            row.removeSubrange(min(shared, row.count)...)
        } else {
            row.removeAll(keepingCapacity: true)
        }
    }

    func add(_ cell: ReportDocument.Cell) { row.append(cell) }
    func add(text: ByteView, width: Int?) { row.append(.text(text.string)) }
    func endRow() { body(row) }
}
