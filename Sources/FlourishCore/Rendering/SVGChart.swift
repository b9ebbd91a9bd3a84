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
    static func line(id: String, title: String, description: String, points: [(label: String, value: Money)],
                     references: [(label: String, value: Money)], format: (Money) -> String) -> String {
        let height = 240
        let (left, right, top, bottom) = (96, 20, 16, 40)
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
            // The first reference is labelled on the right, the second on the left: they may be close.
            let anchor = index == 0 ? "x=\"\(left + plotWidth)\" text-anchor=\"end\"" : "x=\"\(left + 4)\""
            out += "<text class=\"muted\" \(anchor) y=\"\(level - 5)\">\(HTMLPage.escape(reference.label + " " + format(reference.value)))</text>\n"
        }
        if !points.isEmpty {
            let path = points.indices.map { "\(x($0)),\(y(points[$0].value))" }.joined(separator: " ")
            out += "<polyline class=\"line\" points=\"\(path)\" />\n"
            for index in points.indices {
                out += "<circle class=\"dot\" cx=\"\(x(index))\" cy=\"\(y(points[index].value))\" r=\"3\"><title>\(HTMLPage.escape(points[index].label + ": " + format(points[index].value)))</title></circle>\n"
                if points[index].value.minorUnits > largest {
                    let anchor = x(index) > left + plotWidth / 2 ? "end" : "start"
                    let shift = anchor == "end" ? -6 : 6
                    out += "<text class=\"outlier\" x=\"\(x(index) + shift)\" y=\"\(top + 12)\" text-anchor=\"\(anchor)\">↑ \(HTMLPage.escape(format(points[index].value)))</text>\n"
                }
            }
            out += "<text class=\"muted\" x=\"\(left)\" y=\"\(height - 12)\">\(HTMLPage.escape(points[0].label))</text>\n"
            out += "<text class=\"muted\" x=\"\(left + plotWidth)\" y=\"\(height - 12)\" text-anchor=\"end\">\(HTMLPage.escape(points[points.count - 1].label))</text>\n"
        }
        return out + "</svg>\n"
    }

    private static func open(id: String, title: String, description: String, height: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
            + "<title id=\"\(id)-title\">\(HTMLPage.escape(title))</title>\n<desc id=\"\(id)-desc\">\(HTMLPage.escape(description))</desc>\n"
    }
}
