/// A spec variable bound to an input (`bind: {input: range, select, radio, checkbox}`, issue 28):
/// the generator loads the chart once per value, each a page of its own (a variant), and every
/// variant carries the same `ChartInput`, differing only in `current`. The page offers the native
/// control and a link per value (docs/architecture.md, "Bound inputs").
public struct ChartInput: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case range, select, radio, checkbox
    }

    /// One value of the input and the chart loaded with it.
    public struct Choice: Sendable, Equatable {
        /// What the control shows and the reader hears: the option's label, or the value as text.
        public var text: String
        /// A range input's value (nil for the other inputs).
        public var number: Double?
        /// The chart id of its page (the chart's own id for the spec's initial value).
        public var pageID: String

        public init(text: String, number: Double? = nil, pageID: String) {
            self.text = text
            self.number = number
            self.pageID = pageID
        }
    }

    /// The parameter's name in the spec.
    public var param: String
    /// The control's label: `bind.name`, else the parameter's name.
    public var label: String
    public var kind: Kind
    /// Every value with a page, in the control's order (a range input's ascending).
    public var choices: [Choice]
    /// A range input's `min`, `max` and `step` as the control takes them.
    public var min: Double?, max: Double?, step: Double?
    /// Which choice this chart shows.
    public var current: Int
    /// The chart id of the spec's initial value (the page the index lists).
    public var baseID: String
    /// The lowest and highest value of every variant together: each variant's pitch scale, so a
    /// value sounds the same whichever page plays it.
    public var valueLow: Double?, valueHigh: Double?

    public init(param: String, label: String, kind: Kind, choices: [Choice], current: Int, baseID: String) {
        self.param = param
        self.label = label
        self.kind = kind
        self.choices = choices
        self.current = current
        self.baseID = baseID
    }

    /// True on a variant's page (not the chart's own, which the index lists).
    public func isVariant(_ chartID: String) -> Bool { chartID != baseID }

    /// The most variants a chart may have (inputs multiply pages; beyond this the chart stays at
    /// its initial value, and `check` says so).
    public static let variantLimit = 40
}
