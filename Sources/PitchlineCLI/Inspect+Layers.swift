import ChartData
import ChartModel

extension Inspect {
    /// A layered chart's annotations, each series' layer and the idiom, for the layered
    /// comparison in vegalite-diff/ (each layer against Vega-Lite's own mark).
    static func addLayers(_ chart: Chart, to json: inout [String: Any]) {
        let s = chart.semantics
        guard !s.seriesLayers.isEmpty || !s.annotations.isEmpty else { return }
        json["seriesLayers"] = s.seriesLayers.map { ["layer": $0.layer, "mark": $0.mark.rawValue, "trend": $0.trend] as [String: Any] }
        json["annotations"] = s.annotations.map { a -> [String: Any] in
            var out: [String: Any] = ["kind": a.kind.rawValue, "layer": a.layer]
            out["value"] = a.value
            out["row"] = a.row
            out["aggregate"] = a.aggregate
            out["label"] = a.label
            out["group"] = a.group
            return out
        }
        json["idiom"] = s.idiom?.rawValue
    }
}
