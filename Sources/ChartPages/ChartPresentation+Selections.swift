import ChartData
import ChartModel

extension ChartScriptData {
    /// The spec's selections as the page's controls (issue 28, `ChartSelection`;
    /// `Public/pitchline-params.js`): each kind's parameter name (nil: the chart has none), the
    /// opacity the spec gives what a selection does not hold, the values as numbers for a
    /// range's lowest and highest, and every word said, from the catalogue's `select.*`.
    struct SelectInfo: Encodable {
        var interval, legend, point: String?
        /// Another panel's interval this panel's rows keep to (overview + detail).
        var follows: String?
        var legendFade, pointFade: Double?
        /// Per series, each scrubber point's value (nil: no data); only with an interval selection.
        var numbers: [[Double?]]?
        /// Each scrubber point's x as a number (dates: seconds), with a panel's interval or
        /// `follows`: a followed range is passed between panels by x.
        var xs: [Double?]?
        var text: [String: String]
    }
}

extension ChartPresentation {
    /// The data script's `select`; nil when the spec has no selection the page makes a control of
    /// (a legend needs two series).
    func selectInfo(rows: [Int], speech: SpeechFormatter) -> ChartScriptData.SelectInfo? {
        let selections = chart.semantics.selections
        let interval = selections.first { $0.kind == .interval }
        let legend = chart.series.count > 1 ? selections.first { $0.kind == .legend } : nil
        let point = selections.first { $0.kind == .point }
        let follows = selections.first { $0.kind == .follows }
        guard interval != nil || legend != nil || point != nil || follows != nil else { return nil }
        let m = speech.messages
        return .init(
            interval: interval?.name, legend: legend?.name, point: point?.name, follows: follows?.name,
            legendFade: legend?.unselectedOpacity, pointFade: point?.unselectedOpacity,
            numbers: interval.map { _ in chart.series.map { ser in rows.map { ser.values[$0] } } },
            // Only a panel's range can be followed (a single chart has no other panel): 4 KB of a
            // year of dates saved on a single chart's brush (measured: its `select` 6.4 → 2.3 KB).
            xs: (interval != nil && chart.panel != nil) || follows != nil ? rows.map { chart.xValues[$0].numeric } : nil,
            text: [
                "range": m[.selectRange], "rangeOne": m[.selectRangeOne], "rangeEmpty": m[.selectRangeEmpty],
                "cleared": m[.selectCleared], "playing": m[.selectPlaying],
                "showing": m[.selectShowing], "showingHidden": m[.selectShowingHidden], "showingAll": m[.selectShowingAll], "lastShown": m[.selectLastShown],
                "legend": m[.selectLegend], "point": m[.selectPoint], "unpoint": m[.selectUnpoint],
                "selected": m[.selectSelected],
                "follows": m[.selectFollows], "followsAll": m[.selectFollowsAll],
            ])
    }
}
