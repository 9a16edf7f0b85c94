import ChartData
import ChartModel
import D3Format
import Foundation
import SpecReading

/// Where everything of one chart goes in SVG user units: plot area, scales, axis ticks, legend.
/// Shared by the SVG writer and the scrubber data (so the cursor lands on the drawn marks).
public struct ChartGeometry: Sendable {
    public static let width = 720.0
    /// Height of the plot with its axes; a legend adds rows below it (`height`).
    public static let plotHeight = 400.0
    static let fontSize = 13.0
    /// How much larger drawing text is when the drawing is narrow (a phone, a panel: 26 units,
    /// pitchline.css), so it stays at least 12 CSS px.
    static let narrowTextScale = 2.0
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
        /// One band per row (categories, bars); `left` is where the row axis starts (the top
        /// of the plot when the chart is horizontal, the bottom with a negative `bandWidth` when
        /// its rows are numbers or dates, which grow upwards).
        case band(left: Double, bandWidth: Double)
    }

    public let chart: Chart
    public let plotLeft: Double
    public let plotRight: Double
    public let plotTop: Double
    public let plotBottom: Double
    /// True when the rows run down the vertical axis and the values along the horizontal one
    /// (`ChartSemantics.orientation`, e.g. horizontal bars). Positions from `x(row:)` and `y(_:)`
    /// are then along the row and value axes: the marks are written as for a vertical chart inside
    /// a group that swaps the axes (`marksTransform`), so the drawing, the cursor and the scrubber
    /// data share one set of coordinates.
    public let horizontal: Bool
    /// Row positions (`x(row:)`): horizontally, or from the top down when `horizontal`.
    public let xLayout: XLayout
    /// Value positions (`y(_:)`): upwards, or from left to right when `horizontal`. Over the
    /// values as `valueCurve` maps them (log, sqrt, pow, symlog axes; the values themselves for linear).
    public internal(set) var yScale: LinearScale
    /// The value axis' scale type (`scale.type`), the one pitch follows too.
    public let valueCurve: ValueCurve
    /// The row axis' scale type when it is continuous and numeric (`rowCurve(_:)`), else linear.
    public let rowCurve: ValueCurve
    /// Row axis ticks (at `x(row:)` positions).
    public let xTicks: [Tick]
    /// Value axis ticks (at `y(_:)` positions).
    public internal(set) var yTicks: [Tick]
    /// A dual-axis chart's second value axis, on the right (`ChartGeometry+SecondAxis.swift`).
    public internal(set) var secondAxis: SecondAxis?
    public let legend: [LegendItem]
    /// For a strip plot (`tick` with repeated categories): the band of each row, so every value
    /// of a category is drawn in its category's band; nil: one band per row.
    public let slotOfRow: [Int]?
    /// Titles of the row axis and of the value axis.
    public let xTitle: String
    public let yTitle: String
    /// The whole drawing's height: the plot and axes, then the legend rows under them.
    public let height: Double

    /// Row-axis labels longer than this are shortened with "…" in the drawing (the table has them whole).
    static let rowLabelLimit = 28
    /// Height of one band of a horizontal chart when the rows need more than the plot's height.
    static let horizontalBand = 16.0
    /// Bands a horizontal chart grows for; beyond, the bands get thinner.
    static let horizontalBandLimit = 150

    public init(chart: Chart) {
        self.chart = chart
        let multiSeries = chart.series.count > 1
        xTitle = Self.axisTitle(chart.x.title, unit: chart.x.unit)
        // A dual-axis chart's second layer has its own axis (on the right): the left one is the first layer's.
        let second = Self.secondAxisSeries(chart)
        yTitle = second.isEmpty ? Self.axisTitle(chart.y.title, unit: chart.y.unit) : chart.seriesHeading(0)
        horizontal = chart.semantics.orientation == .horizontal

        // The legend is HTML under the drawing (ChartSVG.legendHTML), so it wraps at any width
        // and its text keeps the page's size; here only its entries.
        self.legend = multiSeries && Self.kindHasLegend(chart.semantics.kind) ? chart.series.enumerated().map { LegendItem(series: $0, name: $1.name, x: 0, y: 0) } : []

        let curve = chart.pitchCurve  // the value axis' scale type (pitch follows the same one)
        valueCurve = curve
        rowCurve = Self.rowCurve(chart)
        // Value domain from every value (bars and areas stand on zero), or the author's.
        let (lo, hi, given) = Self.valueDomain(chart, curve: curve, second: second)
        plotTop = 26
        secondAxis = Self.secondAxis(chart, series: second, range: (Self.plotHeight - 58, plotTop))
        plotRight = Self.width - (secondAxis.map(Self.secondAxisRoom) ?? 28)

        let n = chart.xValues.count
        let numeric = chart.xValues.compactMap(\.numeric)
        let usesBands = chart.mark == .bar || numeric.count != n || n == 0
        // A strip plot (`tick` with repeated categories): one band per category, every value in it.
        var slots: [Int]?
        if usesBands, chart.mark == .tick, chart.semantics.pointPerDatum {
            var slot = -1
            slots = chart.xValues.indices.map { r in
                if r == 0 || chart.xValues[r] != chart.xValues[r - 1] { slot += 1 }
                return slot
            }
        }
        slotOfRow = slots
        if horizontal {
            // Rows down the left side (bands top to bottom, as Vega-Lite; a continuous row
            // scale grows upwards), values along the bottom.
            let bandCount = slots.map { ($0.last ?? 0) + 1 } ?? n
            let rowsLength = usesBands ? max(Self.plotHeight - 84, Double(min(bandCount, Self.horizontalBandLimit)) * Self.horizontalBand) : Self.plotHeight - 84
            plotBottom = plotTop + rowsLength
            height = plotBottom + 58
            (xLayout, xTicks) = Self.localized(Self.rowAxis(chart: chart, bands: usesBands, start: plotTop, end: plotBottom, horizontal: true, slots: slots), chart)
            let widest = Double(min(Self.rowLabelLimit, xTicks.map(\.label.count).max() ?? 1))
            // Room for the row labels at the narrow drawing's text size too, up to 42 % of the width.
            plotLeft = max(40 + widest * Self.charWidth + 8, min(44 + widest * Self.charWidth * Self.narrowTextScale + 10, 0.42 * Self.width))
            (yScale, yTicks) = Self.localized(Self.valueAxis(chart, lo, hi, range: (plotLeft, plotRight), count: max(2, Int((plotRight - plotLeft) / 80)), nice: given == nil), chart)
        } else {
            plotBottom = Self.plotHeight - 58
            height = Self.plotHeight
            (yScale, yTicks) = Self.localized(Self.valueAxis(chart, lo, hi, range: (plotBottom, plotTop), count: max(2, Int((plotBottom - plotTop) / 48)), nice: given == nil), chart)
            let widest = Double(yTicks.map(\.label.count).max() ?? 1)
            // Room for the labels at the narrow drawing's text size too (beside the plot, not over it).
            plotLeft = 44 + widest * Self.charWidth * Self.narrowTextScale + 10
            (xLayout, xTicks) = Self.localized(Self.rowAxis(chart: chart, bands: usesBands, start: plotLeft, end: plotRight, horizontal: false, slots: slots), chart)
        }
    }

    /// The value axis' domain before ticks: every drawn value and range bound (a second axis'
    /// series left out), invalid values drawn at zero, the kind's own values, bands and rules, a
    /// shared panel range, and zero where Vega-Lite includes it; or the author's domain, `given`
    /// (not made nice).
    static func valueDomain(_ chart: Chart, curve: ValueCurve, second: Set<Int>) -> (lo: Double, hi: Double, given: (Double, Double)?) {
        var lo = Double.infinity, hi = -Double.infinity
        for (i, s) in chart.series.enumerated() where !second.contains(i) {
            for case let v? in s.values where v.isFinite && curve.apply(v) != nil {
                if v < lo { lo = v }
                if v > hi { hi = v }
            }
            for d in s.details {  // ranges and stack segments are drawn to their bounds
                for case let v? in [d.lower, d.upper] where v.isFinite && curve.apply(v) != nil { lo = min(lo, v); hi = max(hi, v) }
            }
        }
        if let drawn = chart.semantics.invalidDrawn, chart.series.contains(where: { !$0.invalidRows.isEmpty }) {
            lo = min(lo, drawn.value); hi = max(hi, drawn.value)  // invalid values drawn at zero (Chart+Invalid.swift)
        }
        for v in Self.kindValues(chart.semantics.kind) { lo = min(lo, v); hi = max(hi, v) }
        if let (a, b) = Self.layerExtent(Self.firstAxisPart(chart, second: second)) { lo = min(lo, a); hi = max(hi, b) }  // bands and rules (ChartSVG+Layers.swift)
        if lo > hi { (lo, hi) = curve == .log ? (1, 10) : (0, 1) }
        // A panel of small multiples with a shared value scale spans every panel's values.
        if let shared = chart.panel?.sharedValueRange { lo = min(lo, shared.low); hi = max(hi, shared.high) }
        let standsOnZero = chart.mark == .bar || chart.mark == .area || (chart.mark == .rule && !chart.series.contains { s in s.details.contains { $0.lower != nil } })
        // Vega-Lite's value axis reaches zero by default for every mark (`ScaleInfo.includesZero`);
        // bars and areas stand on it unless the author says `"zero": false`.
        let value = chart.semantics.valueScale
        let zero = value.zero != false && (standsOnZero || value.includesZero && [.y, .x].contains(chart.semantics.valueChannel))
        if zero, chart.y.type != .temporal, curve != .log { lo = min(lo, 0); hi = max(hi, 0) }
        // A domain the author gives is the axis, as in Vega (not made nice, no zero added; marks
        // outside it are drawn past the plot's edge, as Vega draws them unclipped).
        let given = Self.givenDomain(value, curve: curve, temporal: chart.y.type == .temporal || chart.valueAxisDescends)
        if let given { (lo, hi) = given }
        return (lo, hi, given)
    }

    /// The tick count a continuous scale's domain is made nice for: Vega's `nice: true` (Vega-Lite's
    /// default for quantitative x and y) is d3's `scale.nice()`, whose count is 10 whatever the
    /// axis' length; the ticks drawn inside follow the length.
    static let niceCount = 10

    /// The value scale over `lo…hi` and its ticks: numbers on nice steps in the axis format, or
    /// calendar dates when the values are dates (`YAxis.type`). Tick positions are the scale's
    /// (the plot's left edge is not known yet when the axis is vertical; positions do not use it).
    /// `nice` false: the domain is the author's (`givenDomain`), kept as given.
    static func valueAxis(_ chart: Chart, _ lo: Double, _ hi: Double, range: (Double, Double), count: Int, nice: Bool = true) -> (LinearScale, [Tick]) {
        if chart.valueAxisDescends { return rankAxis(chart, range: range) }  // a bump chart (ChartSVG+Layers.swift)
        if chart.y.type == .temporal {
            let scale = LinearScale(domain: (lo, hi), range: range)
            let ticks = TimeTicks(from: Date(timeIntervalSince1970: scale.domainMin), to: Date(timeIntervalSince1970: scale.domainMax), maxCount: count)
            // A place in a cycle (a `monthdate` value) is labelled as it is said, without the year.
            let cycle = chart.y.timeUnit.map { !$0.contains("year") } ?? false
            let speech = SpeechFormatter(chart: chart)
            let labels = chart.y.format.map { f in ticks.dates.map { Self.timeLabel($0, format: f) } }
                ?? (cycle ? ticks.dates.map { speech.valueDateText($0.timeIntervalSince1970) } : ticks.labels)
            return (scale, zip(ticks.dates, labels).map { Tick(position: scale($0.timeIntervalSince1970), label: $1) })
        }
        let curve = chart.pitchCurve
        if curve != .linear { return curvedAxis(curve, lo, hi, range: range, count: count, nice: nice, format: chart.y.format) }
        let given = LinearScale(domain: (lo, hi), range: range)
        let scale = nice ? given.niced(count: Self.niceCount) : given
        let (values, step) = scale.ticks(count: count)
        let labels = Self.numberLabels(values, step: step, format: chart.y.format, years: false)
        return (scale, zip(values, labels).map { Tick(position: scale($0), label: $1) })
    }

    /// A log, pow, sqrt or symlog axis over `lo…hi`: ticks in values (decades on a log axis, as
    /// d3's log ticks with 2 and 5 between when few; nice steps otherwise), placed through the curve.
    static func curvedAxis(_ curve: ValueCurve, _ lo: Double, _ hi: Double, range: (Double, Double), count: Int, nice: Bool, format: String?) -> (LinearScale, [Tick]) {
        var values: [Double]
        var step: Double
        var ends: (Double, Double)?  // the niced domain's ends, past the outermost ticks (Vega's axis to 240 with ticks to 200)
        if curve == .log {
            let a = floor(log10(lo)), b = max(ceil(log10(hi)), a + 1)
            let decades = (Int(a)...Int(b)).map { pow(10, Double($0)) }
            values = b - a <= 2 ? decades.flatMap { [$0, 2 * $0, 5 * $0] }.filter { $0 <= pow(10, b) } : decades
            step = pow(10, a)
        } else {
            let linear = LinearScale(domain: (lo, hi), range: range)
            let scale = nice ? linear.niced(count: Self.niceCount) : linear
            (values, step) = scale.ticks(count: count)
            ends = (scale.domainMin, scale.domainMax)
        }
        if !nice { let eps = (hi - lo) * 1e-9; values = values.filter { $0 >= lo - eps && $0 <= hi + eps } }
        var tLo = curve.apply(ends?.0 ?? values.first ?? lo) ?? 0, tHi = curve.apply(ends?.1 ?? values.last ?? hi) ?? 1
        if !nice, let a = curve.apply(lo), let b = curve.apply(hi) { (tLo, tHi) = (a, b) }
        let scale = LinearScale(domain: (tLo, tHi), range: range)
        let labels = Self.numberLabels(values, step: step, format: format, years: false)
        return (scale, zip(values, labels).compactMap { v, label in curve.apply(v).map { Tick(position: scale($0), label: label) } })
    }

    /// The author's `scale.domain` of a continuous numeric axis, low to high, when every end has a
    /// place on the scale; nil for none (the domain comes from the data), dates and a reversed domain.
    static func givenDomain(_ scale: ScaleInfo, curve: ValueCurve, temporal: Bool) -> (Double, Double)? {
        guard !temporal, let d = scale.domain, d.count == 2, d[0] < d[1], curve.apply(d[0]) != nil, curve.apply(d[1]) != nil else { return nil }
        return (d[0], d[1])
    }

    /// The row axis from `start` to `end`: bands, or a linear (numeric or time) scale with its ticks.
    /// `slots`: a strip plot's band per row (one band per category).
    static func rowAxis(chart: Chart, bands: Bool, start: Double, end: Double, horizontal: Bool, slots: [Int]? = nil) -> (XLayout, [Tick]) {
        var chart = chart
        if let slots {  // the bands and their labels are the categories
            chart.xValues = chart.xValues.indices.filter { $0 == 0 || slots[$0] != slots[$0 - 1] }.map { chart.xValues[$0] }
        }
        let n = chart.xValues.count
        let length = end - start
        // Time ticks about 84 units apart along a horizontal axis, 30 down a vertical one.
        let timeTickCount = max(2, Int(length / (horizontal ? 30 : 84)))
        if bands {
            let band = length / Double(max(n, 1))
            // Down the side, categories run from the top (Vega-Lite's band scale) but numbers,
            // bins and dates grow upwards (its continuous scales): a negative band from the bottom.
            if horizontal, chart.x.type == .quantitative || chart.x.type == .temporal {
                return (.band(left: end, bandWidth: -band), bandTicks(chart: chart, left: end, band: -band, maxTimeTicks: timeTickCount, horizontal: true))
            }
            return (.band(left: start, bandWidth: band), bandTicks(chart: chart, left: start, band: band, maxTimeTicks: timeTickCount, horizontal: horizontal))
        }
        let numeric = chart.xValues.compactMap(\.numeric)
        var xMin = numeric.min() ?? 0, xMax = numeric.max() ?? 1
        // A quantitative row axis of points, ticks, rules or text reaches zero too (Vega-Lite's
        // default; not along a line, area or bar).
        if [.point, .tick, .rule, .text].contains(chart.mark), chart.x.type == .quantitative, chart.semantics.bins == nil, chart.semantics.rowScale.includesZero {
            xMin = min(xMin, 0); xMax = max(xMax, 0)
        }
        // Panels of small multiples that share the row scale span every panel's rows.
        if let low = chart.panel?.sharedRowLow, let high = chart.panel?.sharedRowHigh { xMin = min(xMin, low); xMax = max(xMax, high) }
        // A continuous row scale grows upwards when drawn down the side.
        let range = horizontal ? (end, start) : (start, end)
        // Dates on an ordinal x (`"timeUnit": "year"`, a bump chart's years) are labelled as dates too.
        let dates = chart.xValues.first.map { if case .date = $0 { true } else { false } } ?? false
        if chart.x.type == .temporal || dates {
            let scale = LinearScale(domain: (xMin, xMax), range: range)
            let ticks = TimeTicks(
                from: Date(timeIntervalSince1970: scale.domainMin), to: Date(timeIntervalSince1970: scale.domainMax),
                maxCount: timeTickCount)
            let labels = chart.x.format.map { f in ticks.dates.map { Self.timeLabel($0, format: f) } } ?? ticks.labels
            return (.linear(scale), zip(ticks.dates, labels).map { Tick(position: scale($0.timeIntervalSince1970), label: $1) })
        }
        let count = max(2, Int(length / (horizontal ? 48 : 80)))
        let curve = rowCurve(chart)
        let given = chart.semantics.bins == nil ? givenDomain(chart.semantics.rowScale, curve: curve, temporal: false) : nil
        if let given { (xMin, xMax) = given }  // the author's domain, as given
        if curve != .linear {  // a log, pow, sqrt or symlog row axis, as the value axis draws one
            if curve == .log { (xMin, xMax) = (numeric.filter { $0 > 0 }.min() ?? 1, numeric.filter { $0 > 0 }.max() ?? 10); if let given { (xMin, xMax) = given } }
            if xMin >= xMax { (xMin, xMax) = curve == .log ? (xMin, xMin * 10) : (xMin, xMin + 1) }
            let (scale, ticks) = curvedAxis(curve, xMin, xMax, range: range, count: count, nice: given == nil, format: chart.x.format)
            return (.linear(scale), ticks)
        }
        let plain = LinearScale(domain: (xMin, xMax), range: range)
        let scale = chart.semantics.rowScale.domain == nil ? plain.niced(count: Self.niceCount) : plain
        let (values, step) = scale.ticks(count: count)
        let labels = Self.numberLabels(values, step: step, format: chart.x.format, years: SpeechFormatter.looksLikeYears(chart))
        return (.linear(scale), zip(values, labels).map { Tick(position: scale($0), label: $1) })
    }

    /// "Temperature (°C)" from a title and a unit, unless the title already names the unit.
    static func axisTitle(_ title: String, unit: String?) -> String {
        guard let unit, !unit.isEmpty, !title.contains(unit) else { return title }
        return "\(title) (\(unit))"
    }

    /// Labels under bands: every band when they fit, else calendar boundaries or every k-th band.
    /// Labels down the side of a horizontal chart need only their line height apart.
    static func bandTicks(chart: Chart, left: Double, band: Double, maxTimeTicks: Int, horizontal: Bool = false) -> [Tick] {
        let n = chart.xValues.count
        guard n > 0 else { return [] }
        let center = { (i: Int) in left + (Double(i) + 0.5) * band }
        if case .date = chart.xValues[0] {
            let dates = chart.xValues.compactMap { v -> Date? in if case .date(let d) = v { d } else { nil } }
            if dates.count == n {
                let ticks = TimeTicks(from: dates[0], to: dates[n - 1], maxCount: maxTimeTicks)
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
        let widest = horizontal ? fontSize + 3 : Double(labels.map(\.count).max() ?? 1) * charWidth + 12
        let every = max(1, Int((widest / abs(band)).rounded(.up)))
        return stride(from: 0, to: n, by: every).map { Tick(position: center($0), label: labels[$0]) }
    }

    /// Tick labels in the author's d3 number format (`axis.format`, written by D3Format exactly as
    /// d3-scale's tickFormat and so Vega write it: a missing precision comes from the step); without one, as many decimals as the step needs. Years never get a
    /// thousands separator.
    static func numberLabels(_ values: [Double], step: Double, format: String?, years: Bool) -> [String] {
        if let spec = format, let d3 = try? D3Format.NumberFormat.ticks(spec, start: values.first ?? 0, stop: values.last ?? 0, step: step) {
            return values.map { d3($0) }
        }
        let stepDecimals = step > 0 && step.isFinite ? min(12, max(0, Int(-floor(log10(step) + 1e-9)))) : 0
        var f = SpecReading.NumberFormat(decimals: stepDecimals)
        if years { f.grouping = false }
        return values.map { f.format($0) }
    }

    /// A date in the author's d3 time format (`axis.format` on a temporal axis).
    static func timeLabel(_ date: Date, format: String) -> String {
        D3Format.TimeFormat(format)(date.timeIntervalSince1970 * 1000)
    }

    static func plainLabel(_ value: XValue) -> String {
        switch value {
        case .number(let n): SpecReading.NumberFormat(decimals: n == n.rounded() ? 0 : 2).format(n)
        case .date(let d): TimeTicks.label(for: d)
        case .category(let c): c
        }
    }

    /// The curve of a continuous numeric row axis (`scale.type` on x, or y when horizontal):
    /// linear for dates, bins and bands.
    static func rowCurve(_ chart: Chart) -> ValueCurve {
        guard chart.x.type == .quantitative, chart.semantics.bins == nil, chart.mark != .bar else { return .linear }
        return ValueCurve(chart.semantics.rowScale)
    }

    /// The x position of a row's mark (band centre for bands).
    public func x(row: Int) -> Double {
        switch xLayout {
        case .linear(let scale) where rowCurve != .linear:
            // No place on a log axis (zero, negatives): its low end, as the value axis does.
            scale(chart.xValues[row].numeric.flatMap { rowCurve.apply($0) } ?? scale.domainMin)
        case .linear(let scale): scale(chart.xValues[row].numeric ?? 0)
        case .band(let left, let band): left + (Double(slotOfRow?[row] ?? row) + 0.5) * band
        }
    }

    /// The y position of a value (the x position when `horizontal`).
    public func y(_ value: Double) -> Double {
        guard valueCurve != .linear else { return yScale(value) }
        return yScale(valueCurve.apply(value) ?? yScale.domainMin)  // no place on a log axis: its low end
    }

    /// The value bars and areas stand on: zero, or the nearest end of the value axis when zero is
    /// outside it (always the low end on a log axis).
    public var baseValue: Double {
        let (lo, hi) = valueDomain
        return valueCurve == .log ? lo : max(min(0, hi), lo)
    }

    /// True when zero lies inside the value axis (a zero line is drawn).
    public var zeroInside: Bool { valueCurve != .log && valueDomain.0 < 0 && valueDomain.1 > 0 }

    /// The value axis' ends in values.
    var valueDomain: (Double, Double) {
        switch valueCurve {
        case .linear: (yScale.domainMin, yScale.domainMax)
        case .log: (exp(yScale.domainMin), exp(yScale.domainMax))
        case .power(let e): (inverse(yScale.domainMin, e), inverse(yScale.domainMax, e))
        case .symlog(let c): (symlogInverse(yScale.domainMin, c), symlogInverse(yScale.domainMax, c))
        }
    }

    private func inverse(_ t: Double, _ e: Double) -> Double { t < 0 ? -pow(-t, 1 / e) : pow(t, 1 / e) }
    private func symlogInverse(_ t: Double, _ c: Double) -> Double { (t < 0 ? -1 : 1) * expm1(abs(t)) * c }

    /// The `transform` attribute of the group holding the marks and the cursor: none, or the
    /// swap of axes that draws a vertical layout horizontally.
    public var marksTransform: String? { horizontal ? "matrix(0 1 1 0 0 0)" : nil }

    /// The ends of the value axis (where the cursor line runs), in `y(_:)` units.
    public var valueExtent: (Double, Double) { horizontal ? (plotLeft, plotRight) : (plotTop, plotBottom) }
}

extension ChartGeometry {
    /// A legend names the series; a box plot's series are its statistics, drawn as one box.
    static func kindHasLegend(_ kind: ChartKind) -> Bool {
        switch kind {
        case .boxPlot, .candlestick: false
        case .series, .errorRange, .arc, .heatmap: true
        }
    }

    /// Values a kind draws beyond its series' values and details (a box plot's outliers).
    static func kindValues(_ kind: ChartKind) -> [Double] {
        switch kind {
        case .boxPlot(let box): Array((box.lowerOutliers + box.upperOutliers).joined())
        case .series, .errorRange, .arc, .heatmap, .candlestick: []  // a candle's low and high are its details' range
        }
    }
}
