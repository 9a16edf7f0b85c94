import ChartData
import D3Format
import Foundation

/// Where everything of one chart goes in SVG user units: plot area, scales, axis ticks, legend.
/// Shared by the SVG writer and the scrubber data (so the cursor lands on the drawn marks).
public struct ChartGeometry: Sendable {
    public static let width = 720.0
    /// Height of the plot with its axes; a legend adds rows below it (`height`).
    public static let plotHeight = 400.0
    static let fontSize = 13.0
    /// Approximate width of one character of axis text (system sans-serif at 13 px).
    static let charWidth = 7.4

    public struct Tick: Sendable, Equatable {
        public var position: Double
        public var label: String
    }

    public struct LegendItem: Sendable {
        public var series: Int
        public var name: String
        /// Unused since the legend moved out of the drawing (kept for source compatibility).
        public var x: Double
        public var y: Double
    }

    public enum XLayout: Sendable {
        /// Numeric or temporal x on a linear scale.
        case linear(LinearScale)
        /// One band per row (categories, bars).
        case band(left: Double, bandWidth: Double)
    }

    public let chart: Chart
    public let plotLeft: Double
    public let plotRight: Double
    public let plotTop: Double
    public let plotBottom: Double
    public let xLayout: XLayout
    public let yScale: LinearScale
    public let xTicks: [Tick]
    public let yTicks: [Tick]
    public let legend: [LegendItem]
    /// For a strip plot (`tick` with repeated categories): the band of each row, so every value
    /// of a category is drawn in its category's band; nil: one band per row.
    public let slotOfRow: [Int]?
    public let xTitle: String
    public let yTitle: String
    /// The whole drawing's height: the plot and axes, then the legend rows under them.
    public let height: Double

    public init(chart: Chart) {
        self.chart = chart
        let multiSeries = chart.series.count > 1
        xTitle = Self.axisTitle(chart.x.title, unit: chart.x.unit)
        yTitle = Self.axisTitle(chart.y.title, unit: chart.y.unit)

        // The legend is HTML under the drawing (ChartSVG.legendHTML), so it wraps at any width
        // and its text keeps the page's size; here only its entries.
        self.legend = multiSeries && chart.mark != .boxplot ? chart.series.enumerated().map { LegendItem(series: $0, name: $1.name, x: 0, y: 0) } : []
        self.height = Self.plotHeight

        // Y scale from every value (bars and areas stand on zero).
        var lo = Double.infinity, hi = -Double.infinity
        for s in chart.series {
            for case let v? in s.values where v.isFinite {
                if v < lo { lo = v }
                if v > hi { hi = v }
            }
        }
        if [.errorbar, .errorband, .rule].contains(chart.mark) {
            // Ranges are drawn whole (an error bar's lower and upper ends, a rule's y2).
            for s in chart.series { for d in s.details { for v in [d.lower, d.upper] { if let v, v.isFinite { lo = min(lo, v); hi = max(hi, v) } } } }
        }
        if let box = chart.semantics.box {
            for v in (box.lowerOutliers + box.upperOutliers).joined() { lo = min(lo, v); hi = max(hi, v) }
        }
        if let (a, b) = Self.layerExtent(chart) { lo = min(lo, a); hi = max(hi, b) }  // bands and rules (ChartSVG+Layers.swift)
        if lo > hi { (lo, hi) = (0, 1) }
        // A panel of small multiples with a shared value scale spans every panel's values.
        if let shared = chart.panel?.sharedValueRange { lo = min(lo, shared.low); hi = max(hi, shared.high) }
        if chart.mark == .bar || chart.mark == .area || (chart.mark == .rule && !chart.series.contains { s in s.details.contains { $0.lower != nil } }) { lo = min(lo, 0); hi = max(hi, 0) }
        plotTop = 26
        plotBottom = Self.plotHeight - 58
        let yCount = max(2, Int((plotBottom - plotTop) / 48))
        let yScale = LinearScale(domain: (lo, hi), range: (plotBottom, plotTop)).niced(count: yCount)
        self.yScale = yScale
        let (yValues, yStep) = yScale.ticks(count: yCount)
        let yLabels = Self.numberLabels(yValues, step: yStep, format: chart.y.format, years: false)
        let widest = Double(yLabels.map(\.count).max() ?? 1)
        plotLeft = 40 + widest * Self.charWidth + 8
        plotRight = Self.width - 28
        yTicks = zip(yValues, yLabels).map { Tick(position: yScale($0), label: $1) }

        // X layout and ticks.
        let n = chart.xValues.count
        let numeric = chart.xValues.compactMap(\.numeric)
        let usesBands = chart.mark == .bar || numeric.count != n || n == 0
        let plotWidth = plotRight - plotLeft
        var slots: [Int]?
        if usesBands, chart.mark == .tick, chart.semantics.pointPerDatum {
            var slot = -1
            slots = chart.xValues.indices.map { r in
                if r == 0 || chart.xValues[r] != chart.xValues[r - 1] { slot += 1 }
                return slot
            }
        }
        slotOfRow = slots
        if let slots, let last = slots.last {
            let band = plotWidth / Double(last + 1)
            xLayout = .band(left: plotLeft, bandWidth: band)
            var strip = chart
            strip.xValues = chart.xValues.indices.filter { $0 == 0 || slots[$0] != slots[$0 - 1] }.map { chart.xValues[$0] }
            xTicks = Self.bandTicks(chart: strip, left: plotLeft, band: band, plotWidth: plotWidth)
        } else if usesBands {
            let band = plotWidth / Double(max(n, 1))
            xLayout = .band(left: plotLeft, bandWidth: band)
            xTicks = Self.bandTicks(chart: chart, left: plotLeft, band: band, plotWidth: plotWidth)
        } else {
            let xMin = numeric.min() ?? 0, xMax = numeric.max() ?? 1
            if chart.x.type == .temporal {
                let scale = LinearScale(domain: (xMin, xMax), range: (plotLeft, plotRight))
                xLayout = .linear(scale)
                let ticks = TimeTicks(
                    from: Date(timeIntervalSince1970: scale.domainMin), to: Date(timeIntervalSince1970: scale.domainMax),
                    maxCount: max(2, Int(plotWidth / 84)))
                let labels = chart.x.format.map { f in ticks.dates.map { Self.timeLabel($0, format: f) } } ?? ticks.labels
                xTicks = zip(ticks.dates, labels).map { Tick(position: scale($0.timeIntervalSince1970), label: $1) }
            } else {
                let count = max(2, Int(plotWidth / 80))
                let scale = LinearScale(domain: (xMin, xMax), range: (plotLeft, plotRight)).niced(count: count)
                xLayout = .linear(scale)
                let (values, step) = scale.ticks(count: count)
                let labels = Self.numberLabels(values, step: step, format: chart.x.format, years: SpeechFormatter.looksLikeYears(chart))
                xTicks = zip(values, labels).map { Tick(position: scale($0), label: $1) }
            }
        }
    }

    /// "Temperature (°C)" from a title and a unit, unless the title already names the unit.
    static func axisTitle(_ title: String, unit: String?) -> String {
        guard let unit, !unit.isEmpty, !title.contains(unit) else { return title }
        return "\(title) (\(unit))"
    }

    /// Labels under bands: every band when they fit, else calendar boundaries or every k-th band.
    static func bandTicks(chart: Chart, left: Double, band: Double, plotWidth: Double) -> [Tick] {
        let n = chart.xValues.count
        guard n > 0 else { return [] }
        let center = { (i: Int) in left + (Double(i) + 0.5) * band }
        if case .date = chart.xValues[0] {
            let dates = chart.xValues.compactMap { v -> Date? in if case .date(let d) = v { d } else { nil } }
            if dates.count == n {
                let ticks = TimeTicks(from: dates[0], to: dates[n - 1], maxCount: max(2, Int(plotWidth / 84)))
                var result: [Tick] = []
                var row = 0
                let labels = chart.x.format.map { f in ticks.dates.map { Self.timeLabel($0, format: f) } } ?? ticks.labels
                for (date, label) in zip(ticks.dates, labels) {
                    while row < n, dates[row] < date { row += 1 }
                    if row < n, dates[row] == date { result.append(Tick(position: center(row), label: label)) }
                }
                if !result.isEmpty { return result }
            }
        }
        let years = SpeechFormatter.looksLikeYears(chart)
        let labels = chart.xValues.map { value -> String in
            if case .number(let n) = value {
                return numberLabels([n], step: n == n.rounded() ? 1 : 0.01, format: chart.x.type == .temporal ? nil : chart.x.format, years: years)[0]
            }
            if case .date(let d) = value, let f = chart.x.format { return timeLabel(d, format: f) }
            return plainLabel(value)
        }
        let widest = Double(labels.map(\.count).max() ?? 1) * charWidth + 12
        let every = max(1, Int((widest / band).rounded(.up)))
        return stride(from: 0, to: n, by: every).map { Tick(position: center($0), label: labels[$0]) }
    }

    /// Tick labels in the author's d3 number format (`axis.format`, written by D3Format exactly as
    /// d3 and Vega write it); without one, as many decimals as the step needs. Years never get a
    /// thousands separator.
    static func numberLabels(_ values: [Double], step: Double, format: String?, years: Bool) -> [String] {
        if let spec = format, let d3 = try? D3Format.NumberFormat(spec) {
            return values.map { d3($0) }
        }
        let stepDecimals = step > 0 && step.isFinite ? min(12, max(0, Int(-floor(log10(step) + 1e-9)))) : 0
        var f = ChartData.NumberFormat(decimals: stepDecimals)
        if years { f.grouping = false }
        return values.map { f.format($0) }
    }

    /// A date in the author's d3 time format (`axis.format` on a temporal axis).
    static func timeLabel(_ date: Date, format: String) -> String {
        D3Format.TimeFormat(format)(date.timeIntervalSince1970 * 1000)
    }

    static func plainLabel(_ value: XValue) -> String {
        switch value {
        case .number(let n): ChartData.NumberFormat(decimals: n == n.rounded() ? 0 : 2).format(n)
        case .date(let d): TimeTicks(from: d, to: d, maxCount: 2).label(for: d)
        case .category(let c): c
        }
    }

    /// The x position of a row's mark (band centre for bands).
    public func x(row: Int) -> Double {
        switch xLayout {
        case .linear(let scale): scale(chart.xValues[row].numeric ?? 0)
        case .band(let left, let band): left + (Double(slotOfRow?[row] ?? row) + 0.5) * band
        }
    }

    /// The y position of a value.
    public func y(_ value: Double) -> Double { yScale(value) }
}
