import ChartModel

extension InvalidMode {
    /// The mode as Vega-Lite reads a spec's `invalid` value: `null` is "show"; absent is the
    /// default; Vega-Lite 5's "include" and "break-paths-keep-domains" are "show" and a break.
    package init?(json: JSONValue?) {
        guard let json else { self = .breakPathsShowPathDomains; return }
        if json.value.isNull { self = .show; return }
        switch json.string {
        case "include": self = .show
        case "break-paths-keep-domains", "break-paths-and-keep-path-domains": self = .breakPathsShowDomains
        case let s?: guard let mode = InvalidMode(rawValue: s) else { return nil }; self = mode
        case nil: return nil
        }
    }
}
