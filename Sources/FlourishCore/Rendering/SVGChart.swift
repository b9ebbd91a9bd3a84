/// Small SVG charts with text labels, a `<title>` and a `<desc>` for screen readers. Every
/// position is computed with integer arithmetic from the amounts; nothing here adds up money.
///
/// Each chart is drawn twice, in a `<div class="chart">`: 640 units wide for a screen or paper
/// and 360 wide for a phone, the style sheet showing one. Text is 14 units in both, so it is
/// never drawn much under 11 px (a 360-unit chart on a 320 px phone, a 640-unit one on a
/// screen at least 40rem wide). A text that would not fit its room is cut with `…`, the whole
/// of it in a `<title>`. Lines are told apart by their dashes as well as their colours, each
/// named in a legend laid out to fit the width.
enum SVGChart {
    struct Bar {
        var label: String
        var value: Money
        /// The text shown after the bar (an amount, a share).
        var caption: String
        /// A CSS class for the bar: `bar`, `ok`, `near`, `over`.
        var style = "bar"
        /// A marker drawn across the bar (a budget line), at this value.
        var marker: Money?
    }

    /// One drawing of a chart: its width in units, and whether it is the phone's.
    struct Frame {
        var width: Int
        var narrow: Bool

        static let wide = Frame(width: 640, narrow: false)
        static let phone = Frame(width: 360, narrow: true)

        /// The chart's id in this drawing (ids are unique in a page).
        func id(_ id: String) -> String { narrow ? id + "-phone" : id }
    }

    /// Units a character takes at the charts' 14-unit text: a little more than most do, so
    /// that what is measured to fit does.
    static let characterWidth = 9

    /// The most lines a chart of series draws (the rest would be told apart by nothing).
    static let mostSeries = 5

    /// Both drawings of a chart.
    static func drawn(_ draw: (Frame) -> String) -> String {
        "<div class=\"chart\">\n" + draw(.wide) + draw(.phone) + "</div>\n"
    }

    /// `text` cut to `units` of width, ending in `…` when cut.
    static func fitted(_ text: String, units: Int) -> String {
        let room = max(1, units / characterWidth)
        return text.count <= room ? text : String(text.prefix(max(0, room - 1))) + "…"
    }

    /// A `<text>` element whose text fits `units`; a cut one carries the whole text as its title.
    static func text(_ text: String, x: Int, y: Int, units: Int, anchor: String? = nil, style: String? = nil) -> String {
        let shown = fitted(text, units: units)
        let attributes = (style.map { " class=\"\($0)\"" } ?? "") + " x=\"\(x)\" y=\"\(y)\"" + (anchor.map { " text-anchor=\"\($0)\"" } ?? "")
        let title = shown == text ? "" : "<title>\(HTMLPage.escape(text))</title>"
        return "<text\(attributes)>\(title)\(HTMLPage.escape(shown))</text>\n"
    }

    /// The buckets of a snapshot as bars, in the order the snapshot report lists them
    /// (envelopes and debts to people only in the ledgers that have them).
    static func bucketBars(_ s: BucketSnapshot, _ format: (Money) -> String) -> [Bar] {
        var bars = [
            Bar(label: "Allowance set aside", value: s.allowanceSetAside, caption: format(s.allowanceSetAside)),
            Bar(label: "Bills set aside", value: s.monthlySetAside, caption: format(s.monthlySetAside)),
            Bar(label: "Goals", value: s.goalsTotal, caption: format(s.goalsTotal)),
        ]
        if !s.envelopes.isEmpty { bars.append(Bar(label: "Envelopes", value: s.envelopesTotal, caption: format(s.envelopesTotal))) }
        if !s.people.isEmpty { bars.append(Bar(label: "Owed to people", value: s.owedToPeople, caption: format(s.owedToPeople))) }
        bars.append(Bar(label: "Main savings", value: s.mainSavings, caption: format(s.mainSavings), style: s.mainSavings < .zero ? "over" : "ok"))
        return bars
    }

    /// Horizontal bars, one a row, scaled to the largest value (or marker). Wide: the label
    /// left of the bar and the caption right of it; on a phone, the label and caption on a
    /// line above a bar as wide as the chart.
    static func bars(id: String, title: String, description: String, _ bars: [Bar]) -> String {
        drawn { frame in
            let width = frame.width
            let largest = max(1, bars.map { max($0.value.minorUnits, $0.marker?.minorUnits ?? 0) }.max() ?? 1)
            let rowHeight = frame.narrow ? 46 : 28
            let height = max(1, bars.count) * rowHeight + 8
            // Wide: room for the longest label and caption, within limits.
            let labelWidth = frame.narrow ? 0 : min(230, max(90, (bars.map(\.label.count).max() ?? 0) * characterWidth + 16))
            let captionWidth = frame.narrow ? 0 : min(300, max(110, (bars.map(\.caption.count).max() ?? 0) * characterWidth + 12))
            let span = width - labelWidth - captionWidth
            func length(_ value: Money) -> Int { ChartScale.position(value.minorUnits, top: largest, length: span) }
            var out = open(id: frame.id(id), title: title, description: description, width: width, height: height, narrow: frame.narrow)
            for (index, bar) in bars.enumerated() {
                let y = 4 + index * rowHeight
                // The bar's top, and the line of its texts.
                let (top, line) = frame.narrow ? (y + 22, y + 15) : (y + 5, y + 18)
                let thickness = frame.narrow ? 16 : rowHeight - 10
                if frame.narrow {
                    let caption = fitted(bar.caption, units: width - 90)
                    // A little in from the edges: a glyph may reach past its own start (a `T`).
                    out += text(bar.label, x: 2, y: line, units: width - caption.count * characterWidth - 14)
                    out += text(caption, x: width - 2, y: line, units: width, anchor: "end")
                } else {
                    out += text(bar.label, x: labelWidth - 8, y: line, units: labelWidth - 12, anchor: "end")
                    out += text(bar.caption, x: width - captionWidth + 8, y: line, units: captionWidth - 8)
                }
                out += "<rect class=\"track\" x=\"\(labelWidth)\" y=\"\(top)\" width=\"\(span)\" height=\"\(thickness)\" rx=\"3\" />\n"
                out += "<rect class=\"\(bar.style)\" x=\"\(labelWidth)\" y=\"\(top)\" width=\"\(length(bar.value))\" height=\"\(thickness)\" rx=\"3\">"
                    + "<title>\(HTMLPage.escape(bar.label + ": " + bar.caption))</title></rect>\n"
                if let marker = bar.marker {
                    out += "<rect class=\"marker\" x=\"\(labelWidth + length(marker) - 1)\" y=\"\(top - 4)\" width=\"2\" height=\"\(thickness + 8)\" />\n"
                }
            }
            return out + "</svg>\n"
        }
    }

    /// A legend: a sample of each line (its CSS class) and its name, laid out left to right and
    /// onto more rows as the width needs, from `y`. Returns the drawing and the rows it took.
    static func legend(_ entries: [(style: String, name: String)], left: Int, y: Int, width: Int) -> (svg: String, rows: Int) {
        var out = ""
        var (x, row) = (left, 0)
        for entry in entries {
            let room = width - left
            let name = fitted(entry.name, units: room - 36)
            let extent = 36 + name.count * characterWidth + 20
            if x > left && x + extent > width {
                x = left
                row += 1
            }
            let level = y + row * rowStep
            out += "<line class=\"\(entry.style)\" x1=\"\(x)\" y1=\"\(level)\" x2=\"\(x + 28)\" y2=\"\(level)\" />\n"
            out += text(entry.name, x: x + 36, y: level + 5, units: room - 36, style: "muted")
            x += extent
        }
        return (out, entries.isEmpty ? 0 : row + 1)
    }

    /// The room left of a plot for its axis' amounts: the longest, within a third of the width.
    static func axisRoom(_ labels: [String], _ frame: Frame) -> Int {
        min(frame.width / 3, max(frame.narrow ? 72 : 96, (labels.map(\.count).max() ?? 0) * characterWidth + 10))
    }

    /// The height of a legend's row.
    static let rowStep = 22

    /// A line of daily values with dashed reference lines (the allowance, the daily income).
    /// No text stands on the plot: days above the scale are labelled in the band above it, and
    /// the reference lines are named in a legend under the dates.
    static func line(id: String, title: String, description: String, points: [(label: String, value: Money)],
                     references: [(label: String, value: Money)], format: (Money) -> String) -> String {
        drawn { frame in
            let width = frame.width
            let largest = ChartScale.top(points.map(\.value.minorUnits), references: references.map(\.value.minorUnits))
            let (left, right, top) = (axisRoom([format(Money(minorUnits: largest))], frame), frame.narrow ? 12 : 20, 40)
            let entries = references.enumerated().map { (style: $0.offset == 0 ? "reference" : "reference2", name: $0.element.label + " " + format($0.element.value)) }
            let plotHeight = frame.narrow ? 180 : 216
            let legendTop = top + plotHeight + 44
            let legend = legend(entries, left: frame.narrow ? 0 : left, y: legendTop, width: width)
            let height = legendTop + max(0, legend.rows - 1) * rowStep + 14
            let plotWidth = width - left - right
            // Scaled so one large day does not flatten the others; days above the scale are
            // drawn at the top with an arrow and their amount.
            func y(_ value: Money) -> Int { top + plotHeight - ChartScale.position(value.minorUnits, top: largest, length: plotHeight) }
            func x(_ index: Int) -> Int { points.count < 2 ? left + plotWidth / 2 : left + index * plotWidth / (points.count - 1) }
            var out = open(id: frame.id(id), title: title, description: description, width: width, height: height, narrow: frame.narrow)
            out += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" />\n"
            out += "<text class=\"muted\" x=\"\(left - 6)\" y=\"\(top + 4)\" text-anchor=\"end\">\(HTMLPage.escape(format(Money(minorUnits: largest))))</text>\n"
            out += "<text class=\"muted\" x=\"\(left - 6)\" y=\"\(top + plotHeight)\" text-anchor=\"end\">0</text>\n"
            for (index, reference) in references.enumerated() {
                let level = y(reference.value)
                out += "<line class=\"\(index == 0 ? "reference" : "reference2")\" x1=\"\(left)\" y1=\"\(level)\" x2=\"\(left + plotWidth)\" y2=\"\(level)\" />\n"
            }
            if !points.isEmpty {
                let path = points.indices.map { "\(x($0)),\(y(points[$0].value))" }.joined(separator: " ")
                out += "<polyline class=\"line\" points=\"\(path)\" />\n"
                // Labels of days off the scale, above the plot: in the first row where they fit.
                var rowEnds = [Int.min / 2, Int.min / 2]
                for index in points.indices {
                    out += "<circle class=\"dot\" cx=\"\(x(index))\" cy=\"\(y(points[index].value))\" r=\"3\"><title>\(HTMLPage.escape(points[index].label + ": " + format(points[index].value)))</title></circle>\n"
                    guard points[index].value.minorUnits > largest else { continue }
                    let at = x(index)
                    let label = "↑ " + format(points[index].value)
                    let extent = label.count * characterWidth
                    let anchor = at < left + extent / 2 ? "start" : at > left + plotWidth - extent / 2 ? "end" : "middle"
                    let start = anchor == "start" ? at : anchor == "end" ? at - extent : at - extent / 2
                    let row = start > rowEnds[0] + 8 ? 0 : 1
                    rowEnds[row] = start + extent
                    out += "<text class=\"outlier\" x=\"\(at)\" y=\"\(14 + row * 16)\" text-anchor=\"\(anchor)\">\(HTMLPage.escape(label))</text>\n"
                }
                let dates = top + plotHeight + 20
                out += "<text class=\"muted\" x=\"\(left)\" y=\"\(dates)\">\(HTMLPage.escape(points[0].label))</text>\n"
                out += "<text class=\"muted\" x=\"\(left + plotWidth)\" y=\"\(dates)\" text-anchor=\"end\">\(HTMLPage.escape(points[points.count - 1].label))</text>\n"
            }
            return out + legend.svg + "</svg>\n"
        }
    }

    /// Several lines of daily values over the same days (they may go below zero, drawn as a
    /// zero line), at most `mostSeries`, a legend under the dates, and an optional day marked
    /// with a dashed vertical line and its label.
    static func series(id: String, title: String, description: String, labels: [String],
                       series all: [(name: String, values: [Money])], mark: (index: Int, label: String)?,
                       format: (Money) -> String) -> String {
        let series = Array(all.prefix(mostSeries))
        let values: [Int64] = series.flatMap { $0.values.map(\.minorUnits) } + [0]
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        // The span, in full width: no pair of amounts can overflow it.
        let (span, overflow) = high.subtractingReportingOverflow(low)
        return drawn { frame in
            let width = frame.width
            let (left, right, top) = (axisRoom([format(Money(minorUnits: high)), format(Money(minorUnits: low))], frame), frame.narrow ? 12 : 20, 40)
            let plotHeight = frame.narrow ? 200 : 220
            let legendTop = top + plotHeight + 44
            let legend = legend(series.enumerated().map { (style: "series\($0.offset)", name: $0.element.name) },
                                left: frame.narrow ? 0 : left, y: legendTop, width: width)
            let height = legendTop + max(0, legend.rows - 1) * rowStep + 14
            let plotWidth = width - left - right
            func y(_ value: Money) -> Int {
                guard !overflow, span > 0 else { return top + plotHeight / 2 }
                let (offset, _) = value.minorUnits.subtractingReportingOverflow(low)
                return top + plotHeight - ChartScale.position(offset, top: span, length: plotHeight)
            }
            func x(_ index: Int) -> Int { labels.count < 2 ? left + plotWidth / 2 : left + index * plotWidth / (labels.count - 1) }
            var out = open(id: frame.id(id), title: title, description: description, width: width, height: height, narrow: frame.narrow)
            out += "<line class=\"zero\" x1=\"\(left)\" y1=\"\(y(.zero))\" x2=\"\(left + plotWidth)\" y2=\"\(y(.zero))\" />\n"
            // The axis: the highest and lowest values, and zero when it lies between them.
            var marks: [Money] = [Money(minorUnits: high), Money(minorUnits: low)]
            if low < 0 && high > 0 { marks.append(.zero) }
            var placed: [Int] = []
            for value in marks where !placed.contains(where: { abs($0 - y(value)) < 16 }) {
                placed.append(y(value))
                out += "<text class=\"muted\" x=\"\(left - 6)\" y=\"\(y(value) + 4)\" text-anchor=\"end\">\(HTMLPage.escape(format(value)))</text>\n"
            }
            for (number, line) in series.enumerated() where !line.values.isEmpty {
                let path = line.values.indices.map { "\(x($0)),\(y(line.values[$0]))" }.joined(separator: " ")
                out += "<polyline class=\"series\(number)\" points=\"\(path)\"><title>\(HTMLPage.escape(line.name))</title></polyline>\n"
            }
            if let mark, labels.indices.contains(mark.index) {
                let at = x(mark.index)
                out += "<line class=\"break\" x1=\"\(at)\" y1=\"\(top - 8)\" x2=\"\(at)\" y2=\"\(top + plotHeight)\" />\n"
                let anchor = at > left + plotWidth * 2 / 3 ? "end" : "start"
                out += "<text class=\"breaktext\" x=\"\(anchor == "end" ? at - 6 : at + 6)\" y=\"\(top - 12)\" text-anchor=\"\(anchor)\">\(HTMLPage.escape(mark.label))</text>\n"
            }
            if let first = labels.first, let last = labels.last {
                let dates = top + plotHeight + 20
                out += "<text class=\"muted\" x=\"\(left)\" y=\"\(dates)\">\(HTMLPage.escape(first))</text>\n"
                out += "<text class=\"muted\" x=\"\(left + plotWidth)\" y=\"\(dates)\" text-anchor=\"end\">\(HTMLPage.escape(last))</text>\n"
            }
            return out + legend.svg + "</svg>\n"
        }
    }

    private static func open(id: String, title: String, description: String, width: Int, height: Int, narrow: Bool) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(narrow ? "phone" : "wide")\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
            + "<title id=\"\(id)-title\">\(HTMLPage.escape(title))</title>\n<desc id=\"\(id)-desc\">\(HTMLPage.escape(description))</desc>\n"
    }
}
