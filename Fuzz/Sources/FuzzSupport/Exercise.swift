import ChartData
import ChartModel
import Foundation
import SpecReading

/// Runs everything downstream code does with a freshly loaded chart, so a chart that loads but
/// then traps in describing or speaking it is found too: the description, range texts, and the
/// spoken label of the first, middle and last point of every series.
public func exercise(_ chart: Chart) {
    let description = chart.describe()
    precondition(!description.summary.isEmpty, "a loaded chart has a summary")
    let speech = SpeechFormatter(chart: chart)
    _ = speech.xRangeText
    _ = speech.yRangeText
    let rows = chart.pointCount
    for series in chart.series.indices {
        precondition(chart.series[series].values.count == rows, "series aligned to rows")
        _ = speech.spokenName(series)
        for row in Set([0, rows / 2, rows - 1]) where row >= 0 && row < rows {
            _ = speech.pointLabel(series: series, row: row)
        }
        let values = chart.series[series].values.map { $0 ?? .nan }
        if rows > 2 {
            let kept = Downsampling.lttb(values: values, threshold: 2 + rows / 3)
            precondition(kept.first == 0 && kept.last == rows - 1, "downsampling keeps the ends")
        }
    }
}

/// A problem must say where it is: a message that names the file.
public func checkProblem(_ problem: ChartProblem) {
    precondition(!problem.message.isEmpty, "a problem has a message")
    precondition(problem.description.contains(problem.file), "a problem names its file")
}
