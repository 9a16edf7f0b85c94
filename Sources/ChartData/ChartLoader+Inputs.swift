import ChartModel
import Foundation
import SpecReading
import VegaLite

extension ChartLoader {
    /// A chart whose spec binds a variable to an input (issue 28), loaded once more per other value
    /// of the input: each variant has the id `<id>--<param>-<k>` (k its place among the input's
    /// values) and its own page; all of them, the chart itself first, carry the same `ChartInput`
    /// (their `current` differs) and share one pitch scale. A value whose chart does not load
    /// (every row filtered out) has no page, and `check` notes it. Any other chart is returned alone.
    public func withInputVariants(_ chart: Chart, path: String) -> [Chart] {
        guard let bytes = try? readFile(path), let root = try? Self.parseSpec(bytes, path: path),
              let bound = ChartSpec.pageInput(root, file: path) else { return [chart] }
        var loaded: [(index: Int, chart: Chart)] = []
        var missing: [String] = []
        for k in bound.values.indices {
            if k == bound.initial { loaded.append((k, chart)); continue }
            do {
                let set = ChartSpec.settingParam(root, name: bound.param, to: bound.values[k])
                var variant = try Self.loadSpec(root: set, path: path, audioDefaults: audioDefaults, readFile: readFile)
                variant.id = Self.variantID(chart.id, param: bound.param, index: k)
                guard case .chart(let finished) = Self.finished(.chart(variant), language: languageDefault) else { continue }
                loaded.append((k, finished))
            } catch {
                missing.append("\(bound.texts[k]) (\(error.message))")
            }
        }
        var input = ChartInput(
            param: bound.param, label: bound.label, kind: bound.kind,
            choices: loaded.map { ChartInput.Choice(text: bound.texts[$0.index], number: bound.numbers.isEmpty ? nil : bound.numbers[$0.index], pageID: $0.chart.id) },
            current: 0, baseID: chart.id)
        (input.min, input.max, input.step) = (bound.min, bound.max, bound.step)
        let values = loaded.flatMap { $0.chart.series.flatMap { $0.values.compactMap { $0 }.filter(\.isFinite) } }
        (input.valueLow, input.valueHigh) = (values.min(), values.max())
        return loaded.enumerated().map { place, item in
            var c = item.chart
            input.current = place
            c.semantics.input = input
            c.semantics.notes.removeAll { $0.hasSuffix(ChartBuilder.pagedNoteEnd) }
            if c.id == chart.id {
                c.semantics.notes.append("\(bound.param) (a \(bound.kind.rawValue) input): a page per value, \(loaded.count) in all"
                    + (missing.isEmpty ? "" : "; no page for \(missing.joined(separator: ", "))"))
            }
            return c
        }
    }

    /// `<id>--<param>-<k>`, the parameter's name kept to letters, digits, `-` and `_`.
    static func variantID(_ id: String, param: String, index: Int) -> String {
        let safe = String(param.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return "\(id)--\(safe)-\(index)"
    }
}
