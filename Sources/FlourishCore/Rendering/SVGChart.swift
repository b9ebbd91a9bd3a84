/// Small SVG charts with text labels, a `<title>` and a `<desc>` for screen readers. Every
/// position is computed with integer arithmetic from the amounts; nothing here adds up money.
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

    static let width = 640

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
    static let rowHeight = 28

    /// Horizontal bars, one a row, scaled to the largest value (or marker).
    static func bars(id: String, title: String, description: String, _ bars: [Bar]) -> String {
        let height = max(1, bars.count) * rowHeight + 8
        // Room for the longest label and caption at about 9 units a character, enough for the
        // larger text used on narrow screens (17px).
        let labelWidth = min(230, max(90, (bars.map(\.label.count).max() ?? 0) * 9 + 16))
        let captionWidth = min(300, max(110, (bars.map(\.caption.count).max() ?? 0) * 9 + 12))
        let span = width - labelWidth - captionWidth
        let largest = max(1, bars.map { max($0.value.minorUnits, $0.marker?.minorUnits ?? 0) }.max() ?? 1)
        func x(_ value: Money) -> Int { labelWidth + ChartScale.position(value.minorUnits, top: largest, length: span) }
        var out = open(id: id, title: title, description: description, height: height)
        for (index, bar) in bars.enumerated() {
            let y = 4 + index * rowHeight
            out += "<text x=\"\(labelWidth - 8)\" y=\"\(y + 18)\" text-anchor=\"end\">\(HTMLPage.escape(bar.label))</text>\n"
            out += "<rect class=\"track\" x=\"\(labelWidth)\" y=\"\(y + 5)\" width=\"\(span)\" height=\"\(rowHeight - 10)\" rx=\"3\" />\n"
            out += "<rect class=\"\(bar.style)\" x=\"\(labelWidth)\" y=\"\(y + 5)\" width=\"\(x(bar.value) - labelWidth)\" height=\"\(rowHeight - 10)\" rx=\"3\" />\n"
            if let marker = bar.marker {
                out += "<rect class=\"marker\" x=\"\(x(marker) - 1)\" y=\"\(y + 1)\" width=\"2\" height=\"\(rowHeight - 2)\" />\n"
            }
            out += "<text x=\"\(width - captionWidth + 8)\" y=\"\(y + 18)\">\(HTMLPage.escape(bar.caption))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// A line of daily values with dashed reference lines (the allowance, the daily income).
    /// No text stands on the plot: days above the scale are labelled in the band above it, and
    /// the reference lines are named in a legend under the dates.
    static func line(id: String, title: String, description: String, points: [(label: String, value: Money)],
                     references: [(label: String, value: Money)], format: (Money) -> String) -> String {
        let height = 280
        let (left, right, top, bottom) = (96, 20, 40, 64)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        // Scaled so one large day does not flatten the others; days above the scale are
        // drawn at the top with an arrow and their amount.
        let largest = ChartScale.top(points.map(\.value.minorUnits), references: references.map(\.value.minorUnits))
        func y(_ value: Money) -> Int { top + plotHeight - ChartScale.position(value.minorUnits, top: largest, length: plotHeight) }
        func x(_ index: Int) -> Int { points.count < 2 ? left + plotWidth / 2 : left + index * plotWidth / (points.count - 1) }
        var out = open(id: id, title: title, description: description, height: height)
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
            // Labels of days off the scale, above the plot: in the first row where they fit
            // (about 10 units a character, enough for the larger text on narrow screens).
            var rowEnds = [Int.min / 2, Int.min / 2]
            for index in points.indices {
                out += "<circle class=\"dot\" cx=\"\(x(index))\" cy=\"\(y(points[index].value))\" r=\"3\"><title>\(HTMLPage.escape(points[index].label + ": " + format(points[index].value)))</title></circle>\n"
                guard points[index].value.minorUnits > largest else { continue }
                let at = x(index)
                let text = "↑ " + format(points[index].value)
                let extent = text.count * 10
                let anchor = at < left + extent / 2 ? "start" : at > left + plotWidth - extent / 2 ? "end" : "middle"
                let start = anchor == "start" ? at : anchor == "end" ? at - extent : at - extent / 2
                let row = start > rowEnds[0] + 8 ? 0 : 1
                rowEnds[row] = start + extent
                out += "<text class=\"outlier\" x=\"\(at)\" y=\"\(14 + row * 16)\" text-anchor=\"\(anchor)\">\(HTMLPage.escape(text))</text>\n"
            }
            let dates = top + plotHeight + 20
            out += "<text class=\"muted\" x=\"\(left)\" y=\"\(dates)\">\(HTMLPage.escape(points[0].label))</text>\n"
            out += "<text class=\"muted\" x=\"\(left + plotWidth)\" y=\"\(dates)\" text-anchor=\"end\">\(HTMLPage.escape(points[points.count - 1].label))</text>\n"
        }
        // The legend: a sample of each reference line and its name.
        for (index, reference) in references.enumerated() {
            let x0 = left + index * 260
            let level = height - 14
            out += "<line class=\"\(index == 0 ? "reference" : "reference2")\" x1=\"\(x0)\" y1=\"\(level)\" x2=\"\(x0 + 28)\" y2=\"\(level)\" />\n"
            out += "<text class=\"muted\" x=\"\(x0 + 36)\" y=\"\(level + 5)\">\(HTMLPage.escape(reference.label + " " + format(reference.value)))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// Several lines of daily values over the same days (they may go below zero, drawn as a
    /// zero line), a legend under the dates, and an optional day marked with a dashed
    /// vertical line and its label.
    static func series(id: String, title: String, description: String, labels: [String],
                       series: [(name: String, values: [Money])], mark: (index: Int, label: String)?,
                       format: (Money) -> String) -> String {
        let height = 320
        let (left, right, top, bottom) = (110, 20, 40, 40 + 22 * ((series.count + 2) / 3))
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let all: [Int64] = series.flatMap { $0.values.map(\.minorUnits) } + [0]
        let low = all.min() ?? 0
        let high = all.max() ?? 0
        // The span, in full width: no pair of amounts can overflow it.
        let (span, overflow) = high.subtractingReportingOverflow(low)
        func y(_ value: Money) -> Int {
            guard !overflow, span > 0 else { return top + plotHeight / 2 }
            let (offset, _) = value.minorUnits.subtractingReportingOverflow(low)
            return top + plotHeight - ChartScale.position(offset, top: span, length: plotHeight)
        }
        func x(_ index: Int) -> Int { labels.count < 2 ? left + plotWidth / 2 : left + index * plotWidth / (labels.count - 1) }
        var out = open(id: id, title: title, description: description, height: height)
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
            out += "<polyline class=\"series\(number % 7)\" points=\"\(path)\"><title>\(HTMLPage.escape(line.name))</title></polyline>\n"
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
        for (number, line) in series.enumerated() {
            let x0 = left + (number % 3) * 200
            let level = top + plotHeight + 44 + (number / 3) * 22
            out += "<line class=\"series\(number % 7)\" x1=\"\(x0)\" y1=\"\(level)\" x2=\"\(x0 + 28)\" y2=\"\(level)\" />\n"
            out += "<text x=\"\(x0 + 36)\" y=\"\(level + 5)\">\(HTMLPage.escape(line.name))</text>\n"
        }
        return out + "</svg>\n"
    }

    private static func open(id: String, title: String, description: String, height: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
            + "<title id=\"\(id)-title\">\(HTMLPage.escape(title))</title>\n<desc id=\"\(id)-desc\">\(HTMLPage.escape(description))</desc>\n"
    }
}
