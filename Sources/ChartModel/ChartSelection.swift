/// A selection parameter of the spec that the page makes a keyboard and screen-reader control
/// (issue 28): an interval selection along the rows is a range in the scrubber (Shift+Left/Right),
/// a point selection bound to the legend is a toggle button per series, a point selection made
/// by clicking is toggled by Enter on the current point. Hover-driven selections (`on`:
/// pointerover) are not controls: the scrubber is their cursor.
public struct ChartSelection: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// `select: interval` over the row axis: Shift+Left/Right in the scrubber.
        case interval
        /// `select: point` with `bind: "legend"`: one toggle per series.
        case legend
        /// `select: point` (clicked): Enter toggles the current point.
        case point
        /// This panel's row axis shows what another panel's interval selection holds (its x
        /// `scale.domain` is `{"param": name}`: overview + detail): its scrubber keeps to that range.
        case follows
    }

    /// The parameter's name in the spec.
    public var name: String
    public var kind: Kind
    /// How the drawing shows marks the selection does not hold, as the spec's condition says
    /// (`{"opacity": {"condition": {"param": …, "value": 1}, "value": 0.2}}`): the opacity of an
    /// unselected mark; nil when the spec gives no opacity condition on this selection.
    public var unselectedOpacity: Double?

    public init(name: String, kind: Kind, unselectedOpacity: Double? = nil) {
        self.name = name
        self.kind = kind
        self.unselectedOpacity = unselectedOpacity
    }
}
