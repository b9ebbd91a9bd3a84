/// Any table report as one self-contained HTML page: its title, each table with a header,
/// its rows and its totals, and its notes. Cells are formatted as in text (amounts with the
/// symbol); names keep their indentation, status words their colour, a share of a budget is
/// a meter.
enum DocumentHTML {
    static func render(_ document: ReportDocument, currency: Currency?, display: DisplayLocale? = nil, shell: HTMLPage.Shell? = nil) -> String {
        let renderer = DocumentRenderer(currency: currency, display: display, unicode: true)
        var page = HTMLPage(title: document.title, shell: shell)
        page.wide = true
        let heading = document.title.split(separator: ";", maxSplits: 1).map { String($0.drop(while: { $0 == " " })) }
        page.append("<h1>\(HTMLPage.prose(heading.first ?? document.title))</h1>\n")
        if heading.count > 1 { page.append("<p class=\"subtitle\">\(HTMLPage.prose(heading[1]))</p>\n") }
        for table in document.tables {
            page.section(table.id, table.title, self.table(table, renderer, shell: shell))
        }
        for note in document.notes where !note.lines.isEmpty {
            page.section(note.id, note.title, "<ul class=\"insights\">\n"
                         + note.lines.map { "<li>\(HTMLPage.prose(renderer.sentence($0)))</li>\n" }.joined() + "</ul>\n")
        }
        return page.rendered
    }

    static func table(_ table: ReportDocument.Table, _ renderer: DocumentRenderer, shell: HTMLPage.Shell? = nil) -> String {
        let body = table.body
        if body.isEmpty && table.totals.isEmpty { return "<p>None.</p>\n" }
        var out = "<div class=\"wide\"><table>\n<thead><tr>"
        for column in table.columns {
            let title = HTMLPage.escape(column.title)
            let linked = shell?.monthLink(column.title).map { "<a href=\"\(HTMLPage.escape($0))\">\(title)</a>" }
            out += "<th scope=\"col\"\(column.isNumeric ? " class=\"num\"" : "")>\(linked ?? title)</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        func row(_ cells: [ReportDocument.Cell], header: Bool) -> String {
            var line = "<tr>"
            for (index, cell) in cells.enumerated() {
                let numeric = index < table.columns.count && table.columns[index].isNumeric
                let tag = header && index == 0 ? "th scope=\"row\"" : "td"
                let close = header && index == 0 ? "th" : "td"
                var classes: [String] = numeric ? ["num"] : []
                let content: String
                switch cell {
                case .name(let name, let depth):
                    if depth > 0 { classes.append("depth\(min(depth, 4))") }
                    content = shell?.nameLink(name).map { "<a href=\"\(HTMLPage.escape($0))\">\(HTMLPage.escape(name))</a>" }
                        ?? HTMLPage.escape(name)
                case .progress(let basisPoints):
                    content = "<meter min=\"0\" max=\"10000\" value=\"\(min(max(basisPoints, 0), 10_000))\">"
                        + "\(HTMLPage.escape(DocumentRenderer.percentText(basisPoints)))</meter>"
                case .money(let value):
                    if value < .zero { classes.append("negative") }
                    content = HTMLPage.escape(renderer.textCell(cell))
                case .date:
                    classes.append("date")
                    content = HTMLPage.escape(renderer.textCell(cell))
                case .text(let text):
                    if ["over", "near", "ok", "unbudgeted"].contains(text) { classes.append(text) }
                    // A column of names (an account, a category, a person) links each to its register.
                    let names = index < table.columns.count && ["account", "category", "person"].contains(table.columns[index].id)
                    content = (names && !header ? shell?.nameLink(text) : nil).map { "<a href=\"\(HTMLPage.escape($0))\">\(HTMLPage.escape(text))</a>" }
                        ?? HTMLPage.escape(text)
                default:
                    content = HTMLPage.escape(renderer.textCell(cell))
                }
                line += "<\(tag)\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")>\(content)</\(close)>"
            }
            return line + "</tr>\n"
        }
        body.forEachRow { out += row($0, header: false) }
        out += "</tbody>\n"
        if !table.totals.isEmpty {
            out += "<tfoot>\n" + table.totals.map { row($0, header: true) }.joined() + "</tfoot>\n"
        }
        return out + "</table></div>\n"
    }
}
