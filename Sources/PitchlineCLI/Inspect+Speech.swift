import ChartData
import ChartModel

extension Inspect {
    /// What a reader hears of a chart, for the corpus-wide properties of issue 27
    /// (vegalite-diff/test_faithful.py): the kind, the summary, and each series' default label and
    /// value text at every row the scrubber visits (a series' own `pointRows`, else every row).
    static func speechJSON(_ chart: Chart) -> [String: Any] {
        let speech = SpeechFormatter(chart: chart)
        let maker = LabelMaker(speech: speech)
        let pieces = chart.xValues.indices.map(maker.pieces(row:))
        let series = chart.series.indices.map { s -> [String: Any] in
            let rows = chart.series[s].pointRows ?? Array(chart.xValues.indices)
            return [
                "rows": rows,
                "labels": rows.map { maker.label(view: s, pieces[$0], wording: .standard) },
                "texts": rows.map { speech.valueText(chart.series[s].values[$0], series: s) },
            ]
        }
        return ["kind": chart.kindWord, "language": chart.options.language ?? "en", "summary": chart.describe().summary, "series": series]
    }
}
