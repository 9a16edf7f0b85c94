import ChartData
import ChartModel

extension ChartPresentation {
    /// A live chart's part of the data script: where its events are and every word the page
    /// says of them, from the chart language's catalogue (`live.*`).
    func liveInfo(speech: SpeechFormatter) -> ChartScriptData.LiveInfo? {
        guard chart.options.live != nil else { return nil }
        let m = speech.messages
        return .init(events: "\(chart.id)/events", text: [
            "live": m[.liveLive], "paused": m[.livePaused], "reconnecting": m[.liveReconnecting],
            "one": m[.liveOnePoint], "other": m[.liveManyPoints], "newHigh": m[.liveNewHigh], "newLow": m[.liveNewLow],
            "above": m[.liveAbove], "below": m[.liveBelow], "monitorOn": m[.liveMonitorOn], "monitorOff": m[.liveMonitorOff],
            "every.every": m[.liveEveryPoint], "every.5": m[.liveEveryFive], "every.30": m[.liveEveryThirty],
            "every.thresholds": m[.liveOnlyExtremes],
        ])
    }

    /// The page's "as of" sentence for a live chart (the rows it was made with; the export is a
    /// snapshot and says so); nil for other charts.
    public var liveAsOf: String? {
        guard chart.options.live != nil, chart.pointCount > 0 else { return nil }
        let speech = SpeechFormatter(chart: chart)
        return speech.messages[.liveAsOf, ["x": speech.xText(chart.pointCount - 1)]]
    }
}
