import Foundation
import ChartModel
import SpecReading
import VegaLite

/// Notes for `check` where Vega-Lite's reading of a spec is probably not what its author meant;
/// the chart is still read as Vega-Lite reads it (the notes name the file, line and JSON path).
extension ChartBuilder.Assembly {
    /// A temporal row field whose values are whole numbers that look like years (1850, 2012):
    /// Vega-Lite reads a number as milliseconds since 1970, so every point falls within the first
    /// 3 seconds of 1 January 1970 (Pitchline draws and says that too).
    var yearsAsMillisecondsNote: String? {
        guard let k = key, k.type == .temporal, k.timeUnit == nil, case .date = keyKind, let field = fieldOf[k.channel] else { return nil }
        var seen = false
        for r in datums {
            guard case .date(let ms) = keyColumn[r] else { continue }
            guard ms == ms.rounded(), (1000...2999).contains(ms) else { return nil }
            seen = true
        }
        guard seen else { return nil }
        let message = "\"\(field)\" holds numbers such as years typed temporal; Vega-Lite reads a number as milliseconds since 1970, "
            + "so every point falls on 1 January 1970 (drawn and said so); for years, give the field \"type\": \"ordinal\" or \"quantitative\", "
            + "or parse it as a date: \"format\": {\"parse\": {\"\(field)\": \"date:'%Y'\"}}"
        return builder.specProblem(k.path, line: k.line, message).description
    }
}
