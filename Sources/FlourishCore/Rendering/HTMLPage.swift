/// A self-contained HTML page: inline CSS, inline SVG, no scripts, no external resources —
/// or, served by `flourish serve` (a `shell`), the same page with the server's navigation, its
/// style sheet and its one script instead of the inline style (its policy allows no inline code).
///
/// The markup is also well-formed XML (every element closed, attributes quoted, only the five
/// XML entities), so tests can parse it. Light and dark colours follow the reader's system
/// setting; sizes are in `rem`, so the page reflows at 200% zoom.
struct HTMLPage {
    var title: String
    private(set) var body = ""
    /// A page of wide tables: more room than the reading width.
    var wide = false
    /// Set when the page is served live (`flourish serve`).
    var shell: Shell?
    /// What ends the page, after everything else (the dashboard's quote of the day), even
    /// after the forms a served page adds.
    var closing = ""

    init(title: String, shell: Shell? = nil) {
        self.title = title
        self.shell = shell
    }

    /// What `flourish serve` puts around a report's page.
    struct Shell {
        /// The navigation and the report's controls, above it.
        var header: String
        /// Forms that act on what the report shows (record a bill, settle with a person): inside
        /// the part a live update replaces, after the report.
        var actions: String = ""
        /// Forms below it, outside the part a live update replaces (what is typed there stays).
        var footer: String = ""
        /// The ledger's version the page shows: the page's script fetches it again when the
        /// server announces a newer one.
        var generation: Int
        /// Where a name (an account, a category, a person) links to: its register.
        var nameLink: (String) -> String? = { _ in nil }
        /// Where a column of a month (`2026-11`) links to: its review.
        var monthLink: (String) -> String? = { _ in nil }
    }

    /// Escapes text for element content and attribute values.
    /// Text for HTML, escaped per Unicode scalar (a `<` followed by a combining mark is still
    /// a `<`); control characters, which XML forbids, become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if ControlCharacter.isUnsafe(scalar) && scalar != "\r" { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Text for reading, escaped, with each short word that holds a digit and a hyphen (a
    /// date, a month, a negative amount) kept on one line: a narrow screen breaks lines at
    /// hyphens. A longer one (a path) may still break anywhere.
    static func prose(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let escaped = escape(String(word))
            let whole = word.count <= 24 && word.contains("-") && word.contains(where: \.isNumber)
            return whole ? "<span class=\"nowrap\">\(escaped)</span>" : escaped
        }.joined(separator: " ")
    }

    mutating func append(_ html: String) { body += html }

    /// `<section>` with a heading that labels it for screen readers.
    mutating func section(_ id: String, _ heading: String, _ content: String) {
        body += "<section aria-labelledby=\"h-\(id)\">\n<h2 id=\"h-\(id)\">\(Self.prose(heading))</h2>\n\(content)</section>\n"
    }

    /// A plain table: a caption, a header row, and rows of already escaped cells (amounts and
    /// the Date column's kept on one line). On a narrow screen it scrolls in its box.
    static func table(caption: String, header: [String], rows: [[String]], numeric: Set<Int> = []) -> String {
        var out = "<div class=\"wide\"><table>\n<caption>\(escape(caption))</caption>\n<thead><tr>"
        for (index, title) in header.enumerated() {
            out += "<th scope=\"col\"\(numeric.contains(index) ? " class=\"num\"" : "")>\(escape(title))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                let style = numeric.contains(index) ? " class=\"num\"" : index < header.count && header[index] == "Date" ? " class=\"date\"" : ""
                out += "<td\(style)>\(cell)</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table></div>\n"
    }

    var rendered: String {
        guard let shell else {
            return head("<style>\(Self.style)</style>") + """
            <body>
            <main\(wide ? " class=\"wide-page\"" : "")>
            \(body)\(closing)</main>
            </body>
            </html>

            """
        }
        // Served (`flourish serve`): the report in `<main id="live">`, which the script
        // replaces on a change; the server's style sheet and script instead of inline code.
        return head("<link rel=\"stylesheet\" href=\"/style.css\" />\n<script src=\"/app.js\" defer=\"defer\"></script>") + """
            <body data-generation="\(shell.generation)">
            \(shell.header)<main id="live"\(wide ? " class=\"wide-page\"" : "")>
            \(body)\(shell.actions)\(closing)</main>
            \(shell.footer)</body>
            </html>

            """
    }

    /// The document's start, through `</head>`, with `style` (the style sheet, or the link to it).
    private func head(_ style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>\(Self.escape(title))</title>
        \(style)
        </head>

        """
    }

    static let style = """

    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1d2330; --muted: #5b6475; --line: #d5d9e2;
      --bar: #2f6fde; --track: #e6e9f0; --ok: #1f8a4c; --warn: #b26b00; --over: #c62828; --accent: #7a4fd6; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #14171f; --fg: #e8ebf2; --muted: #a3abbd; --line: #3a4152;
        --bar: #6fa0ff; --track: #2a303d; --ok: #5fd08f; --warn: #f0b557; --over: #ff7b7b; --accent: #b79cff; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg);
      font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
    h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
    h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
    .subtitle { color: var(--muted); margin: 0 0 1rem; }
    .status { display: inline-block; font-weight: 600; padding: .2rem .7rem; border-radius: 1rem; border: 2px solid currentColor; }
    .on-track, .ok { color: var(--ok); } .at-risk, .near { color: var(--warn); } .over-budget, .over { color: var(--over); }
    dl.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .75rem; margin: 1rem 0; }
    dl.figures div { border: 1px solid var(--line); border-radius: .5rem; padding: .6rem .8rem; }
    dt { color: var(--muted); font-size: .9rem; } dd { margin: 0; font-size: 1.3rem; font-weight: 600; }
    table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
    caption { text-align: left; color: var(--muted); font-size: .9rem; }
    th, td { padding: .3rem .5rem; border-bottom: 1px solid var(--line); text-align: left; }
    .num { text-align: right; font-variant-numeric: tabular-nums; }
    svg { width: 100%; height: auto; display: block; font: 14px system-ui, sans-serif; }
    .chart svg.phone { display: none; }
    @media (max-width: 40rem) { .chart svg.wide { display: none; } .chart svg.phone { display: block; max-width: 30rem; } }
    @media screen and (max-width: 40rem) { .wide td, .wide th { white-space: nowrap; } }
    svg text { fill: var(--fg); } svg .muted { fill: var(--muted); }
    svg .bar { fill: var(--bar); } svg .track { fill: var(--track); } svg .over { fill: var(--over); }
    svg .near { fill: var(--warn); } svg .ok { fill: var(--ok); } svg .axis { stroke: var(--line); }
    svg .line { fill: none; stroke: var(--bar); stroke-width: 2.5; } svg .outlier { fill: var(--over); font-weight: 600; }
    svg .reference { fill: none; stroke: var(--accent); stroke-width: 2; stroke-dasharray: 6 4; }
    svg .reference2 { fill: none; stroke: var(--muted); stroke-width: 1.5; stroke-dasharray: 2 4; }
    svg .dot { fill: var(--bar); } svg .marker { fill: var(--fg); }
    svg .series0 { fill: none; stroke: var(--bar); stroke-width: 3; }
    svg .series1 { fill: none; stroke: var(--ok); stroke-width: 2.5; stroke-dasharray: 10 5; }
    svg .series2 { fill: none; stroke: var(--accent); stroke-width: 2.5; stroke-dasharray: 1 5; stroke-linecap: round; }
    svg .series3 { fill: none; stroke: var(--warn); stroke-width: 2; stroke-dasharray: 12 4 3 4; }
    svg .series4 { fill: none; stroke: var(--muted); stroke-width: 2; stroke-dasharray: 6 3 2 3 2 3; } svg .zero { stroke: var(--fg); stroke-width: 1; }
    svg .break { stroke: var(--over); stroke-width: 2; stroke-dasharray: 4 3; } svg .breaktext { fill: var(--over); font-weight: 600; }
    ul.insights li { margin: .3rem 0; }
    main.wide-page { max-width: 80rem; } thead th { white-space: nowrap; vertical-align: bottom; }
    .wide { overflow-x: auto; } tfoot th, tfoot td { font-weight: 600; border-top: 2px solid var(--line); }
    .depth1 { padding-left: 1.5rem; } .depth2 { padding-left: 2.5rem; } .depth3 { padding-left: 3.5rem; } .depth4 { padding-left: 4.5rem; }
    td.negative { color: var(--over); } meter { width: 6rem; }
    figure.quote { margin: 2.5rem 0 0; color: var(--muted); font-style: italic; } figure.quote blockquote { margin: 0; }
    figure.quote figcaption { font-style: normal; font-size: .9rem; } figure.quote figcaption::before { content: "— "; }
    body { overflow-wrap: anywhere; } .wide th, .wide td { overflow-wrap: normal; }
    .num, .date, .nowrap, meter { white-space: nowrap; }
    @media print {
      main, main.wide-page { max-width: none; padding: 0; }
      h1, h2, caption { break-after: avoid; }
      .chart, dl.figures div, tr, li, figure, p.status { break-inside: avoid; }
      .chart svg.wide { display: block; } .chart svg.phone { display: none; }
      .wide { overflow: visible; } a { color: inherit; text-decoration: none; }
    }

    """
}
