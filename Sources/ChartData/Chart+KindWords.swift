import ChartModel
import Foundation
import SpecReading

// The words a chart's kind is named by (catalogue keys `kind.*`) and a text label's placement as
// the spec writes it: the model (`Chart+Layers.swift` in ChartModel) keeps neither words nor JSON.

extension LabelPlacement {
    /// The mark definition's `align`, `baseline`, `dx` and `dy` (a bare `"text"` mark: the defaults).
    init(mark: JSONValue) {
        self.init()
        if let align = mark["align"]?.string { self.align = align }
        if let baseline = mark["baseline"]?.string { self.baseline = baseline }
        if let dx = mark["dx"]?.number { self.dx = dx }
        if let dy = mark["dy"]?.number { self.dy = dy }
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
