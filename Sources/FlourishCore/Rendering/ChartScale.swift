/// Where a value sits on a chart's axis, shared by the SVG charts and the terminal's bars and
/// sparklines. Positions are computed in full width, so no amount can overflow them.
enum ChartScale {
    /// `value` (clamped to 0…top) as a share of `length`, rounded down.
    static func position(_ value: Int64, top: Int64, length: Int) -> Int {
        guard top > 0, length > 0 else { return 0 }
        let clamped = UInt64(min(max(value, 0), top))
        let product = clamped.multipliedFullWidth(by: UInt64(length))
        return Int(UInt64(top).dividingFullWidth(product).quotient)
    }

    /// The top of a daily chart's axis: the largest value, unless a few days dwarf the
    /// ordinary ones (rent on the 1st). Then the axis stops at the largest ordinary day (or the
    /// reference lines, if higher), and the days above it are drawn as off the scale.
    static func top(_ values: [Int64], references: [Int64] = []) -> Int64 {
        let positive = values.filter { $0 > 0 }.sorted()
        let reference = references.max() ?? 0
        let largest = max(positive.last ?? 0, reference, 1)
        guard positive.count >= 4 else { return largest }
        let median = positive[positive.count / 2]
        let (limit, overflow) = median.multipliedReportingOverflow(by: 4)
        let ordinary = overflow ? positive.last! : positive.last(where: { $0 <= limit }) ?? median
        let top = max(ordinary, reference, 1)
        let (twice, tooLarge) = top.multipliedReportingOverflow(by: 2)
        return !tooLarge && largest > twice ? top : largest
    }
}
