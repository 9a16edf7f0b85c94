import Foundation
import SpecReading

/// The reader's label settings (the page's settings dialog): how much a point says and in which
/// order. The generator writes every variant's template; the page script only chooses one.
public enum LabelVerbosity: String, Sendable, CaseIterable, Encodable {
    /// The value only: "11.7" (no total, range or other extra after it).
    case terse
    /// The x text, the series and the value: "3 January 2012, maximum temperature 11.7 degrees Celsius".
    case normal
    /// Normal, then the point's position: "…, 3 of 1,461".
    case verbose
}

public enum LabelOrder: String, Sendable, CaseIterable, Encodable {
    /// "3 January 2012, maximum temperature 11.7 degrees Celsius" (the default).
    case xFirst
    /// "maximum temperature 11.7 degrees Celsius, 3 January 2012".
    case valueFirst
}

/// A series' label templates besides the default (`PointTemplates.say`), for the settings.
/// Same placeholders: `{x}` and `{v}`.
public struct LabelVariants: Sendable, Equatable, Encodable {
    /// Value first: "maximum temperature {v} degrees Celsius, {x}".
    public var valueFirst: String
    public var valueFirstGap: String
    /// Terse: "{v}"; a gap is "no data".
    public var terse: String
    public var terseGap: String
}

/// The all-series view's variants: `{v}` is the series' parts joined (each series' `part`, or its
/// `terse` in the terse view), `{x}` the row.
public struct AllSeriesVariants: Sendable, Equatable, Encodable {
    public var valueFirst: String
    public var terse: String
}

extension SpeechFormatter {
    /// The variants of `series`' spoken label (docs/architecture.md, "Reader settings").
    public func labelVariants(series: Int) -> LabelVariants {
        if let kind = kindVariants(series: series) { return kind }  // heatmap cells (SpeechFormatter+Kinds)
        let name = spokenName(series), named = nameBeforeValue(series), m = messages
        let said = spokenUnit.map { "{v} \($0)" } ?? "{v}"
        if let box = chart.semantics.box, box.statistics.indices.contains(series) {
            // A box plot's value means nothing without its statistic: terse keeps the name
            // ("upper quartile 12.2"), and a group without outliers says so.
            let statistic = box.statistics[series]
            let gap = statistic.isOutliers ? m[.family(.boxNonePart, statistic.rawValue)] : m[.valueNoData]
            return LabelVariants(
                valueFirst: m[.labelValueFirst, ["name": named, "value": said]],
                valueFirstGap: statistic.isOutliers ? gap + ", {x}" : m[.labelValueFirstGap, ["name": name]],
                terse: m[.labelPart, ["name": named, "value": "{v}"]], terseGap: statistic.isOutliers ? gap : m[.labelPartGap, ["name": name]])
        }
        return LabelVariants(
            valueFirst: m[.labelValueFirst, ["name": named, "value": said]], valueFirstGap: m[.labelValueFirstGap, ["name": name]],
            terse: "{v}", terseGap: m[.valueNoData])
    }

    public var allSeriesVariants: AllSeriesVariants {
        AllSeriesVariants(
            valueFirst: spokenUnit.map { messages[.labelAllValueFirstUnit, ["unit": $0]] } ?? messages[.labelAllValueFirst],
            terse: "{v}")
    }

    /// Said after a point in the verbose setting: ", {p} of 1,461" (`{p}` is the point's place,
    /// counted from 1, in the chart's language: `placeText(row:)`, the data script's `x.places`).
    public func positionTemplate(pointCount: Int) -> String {
        guard chart.mark != .arc else { return "" }  // a pie slice says its place already ("1 of 3")
        return messages[.labelPosition, ["total": TextFormat.count(pointCount, locale: locale)]]
    }

    /// Whether the verbose place follows the row's name rather than the whole label: a box
    /// plot's group ("February, 2 of 12, upper quartile 12.2 degrees Celsius"). There the place
    /// is the only count said: a statistic switch (Up/Down) names the statistic without its own
    /// place (", 5 of 7", said in the normal setting).
    public var positionFollowsX: Bool { chart.semantics.box != nil }

    /// The spoken label of one point with the given settings (what the slider says then).
    public func spokenLabel(series: Int, row: Int, verbosity: LabelVerbosity, order: LabelOrder) -> String {
        label(view: series, row: row, wording: .spoken(verbosity, order))
    }
}
