import Foundation
import ChartModel
import SpecReading

/// A connected scatter plot (`ChartSemantics.pathOrder`) is said as a path: its rows run in the
/// order field's order, each place named by that field and x ("at year 1974 (miles 6,672)"),
/// the range by the order field ("from 1956 to 2010"), and the summary says where it starts and ends.
extension Chart {
    /// "The points are joined in order of year, from 1956 (miles 3,675, gas 2.38) to 2010 (…)."
    /// per series, over its own points; nil for a chart that is no path.
    func pathSentence(_ speech: SpeechFormatter) -> String? {
        guard let path = semantics.pathOrder else { return nil }
        let m = speech.messages
        let xName = SpeechFormatter.lowercasedKeepingAcronyms(x.title.isEmpty ? x.field : x.title)
        let sentences = series.indices.compactMap { s -> String? in
            let rows = (series[s].pointRows ?? Array(xValues.indices)).filter { series[s].values[$0] != nil }
            guard let first = rows.first, let last = rows.last, first != last else { return nil }
            let point = { (row: Int) in
                m[.relationPoint, ["x": xName, "xValue": speech.xText(row), "y": speech.spokenName(s), "yValue": speech.valueText(series[s].values[row])]]
            }
            return m[series.count == 1 ? .pathJoined : .pathJoinedSeries, [
                "name": Self.capitalized(speech.spokenName(s)), "order": SpeechFormatter.lowercasedKeepingAcronyms(path.title),
                "first": path.labels[first], "firstPoint": point(first), "last": path.labels[last], "lastPoint": point(last)]]
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }
}

extension SpeechFormatter {
    /// A place on a connected scatter plot's path: "at year 1974 (miles 6,672)"; nil otherwise.
    func pathAtText(_ row: Int) -> String? {
        pathPlaceText(row).map { messages[.atPath, ["place": $0]] }
    }

    /// What follows "until" on a path: "year 1974 (miles 6,672)"; nil otherwise.
    func pathPlaceText(_ row: Int) -> String? {
        guard let path = chart.semantics.pathOrder, path.labels.indices.contains(row) else { return nil }
        let title = chart.x.title.isEmpty ? chart.x.field : chart.x.title
        return messages[.pathPlace, ["order": Self.lowercasedKeepingAcronyms(path.title), "step": path.labels[row],
                                     "title": Self.lowercasedKeepingAcronyms(title), "x": xText(row)]]
    }

    /// A connected scatter plot's span by its order field: "from 1956 to 2010" (the summary's);
    /// nil otherwise.
    public var pathRangeText: String? {
        guard let path = chart.semantics.pathOrder, let first = path.labels.first, let last = path.labels.last, first != last else { return nil }
        return messages[.rangeFromTo, ["low": first, "high": last]]
    }

    /// A path's x axis from its lowest to its highest x (its rows are in path order, not along x).
    var pathAxisRangeText: String? {
        guard chart.semantics.pathOrder != nil else { return nil }
        let rows = chart.xValues.indices.filter { chart.xValues[$0].numeric?.isFinite == true }
        guard let low = rows.min(by: { chart.xValues[$0].numeric! < chart.xValues[$1].numeric! }),
              let high = rows.max(by: { chart.xValues[$0].numeric! < chart.xValues[$1].numeric! }) else { return nil }
        return messages[.rangeFromTo, ["low": xText(low), "high": xText(high)]]
    }
}
