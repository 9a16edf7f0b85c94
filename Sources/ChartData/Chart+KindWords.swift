import ChartModel
import Foundation
import SpecReading

// The words a chart's kind is named by (catalogue keys `kind.*`) and a text label's placement as
// the spec writes it: the model (`Chart+Layers.swift` in ChartModel) keeps neither words nor JSON.

extension LabelPlacement {
    /// The mark definition's `align`, `baseline`, `dx` and `dy` (a bare `"text"` mark: the defaults).
    init(mark: JSONValue) {
        self.init(align: mark["align"]?.string ?? "center", baseline: mark["baseline"]?.string ?? "middle",
                  dx: mark["dx"]?.number ?? 0, dy: mark["dy"]?.number ?? 0)
    }
}

extension Chart {
    /// The catalogue key of the chart's kind: its idiom's (`kind.dumbbell`), else its mark's (`kind.line`).
    public var kindKey: MessageKey { .family(.kind, kindWord) }

    /// The last part of the kind's catalogue keys: the idiom ("dumbbell"), the variant ("donut"),
    /// a connected scatter plot (`pathOrder`) or the mark.
    public var kindWord: String { semantics.idiom?.rawValue ?? kindVariant ?? (semantics.pathOrder != nil ? "connectedScatter" : mark.rawValue) }

    /// "Line chart", "Dumbbell chart" in the chart's language (`pitchline check`).
    public var kindName: String { Messages(tag: options.language ?? "en")[kindKey] }
}
