import Foundation

/// A single-view Vega-Lite spec (v4–v6) after reading (see `ChartSpec+Parse.swift`): data source,
/// transforms still as JSON (evaluated by `VegaLite`), the mark and every encoding channel with
/// shorthands resolved. Orientation is decided later, by `ChartBuilder`, from the channel types.
struct ChartSpec {
    /// `data.format`: `type` (csv, tsv, json), `property` (JSON path to the rows), `parse`
    /// (field → "number", "boolean", "date", "date:'%d/%m/%Y'", "utc:…", or nil for `null` = no parsing).
    struct DataFormat {
        var type: String?
        var property: String?
        var parse: [(field: String, type: String?)] = []
        /// `"parse": null`: no type inference at all.
        var parseDisabled = false
    }

    enum DataSource {
        case url(String, DataFormat, line: Int)
        case values(JSONValue, DataFormat)
        case sequence(start: Double, stop: Double, step: Double, as: String)
        case named(String, line: Int)
    }

    /// A transform as written, with its JSON path (`$.transform[2]`).
    struct TransformStep {
        var json: JSONValue
        var path: String
    }

    /// Vega-Lite `stack` on a channel: not given (default rules), `null`/`false` (none), or an offset.
    enum StackSetting: Equatable { case unset, none, offset(StackOffset) }

    /// `sort` on a channel.
    enum Sort: Equatable {
        case ascending, descending, dataOrder
        case custom([String])
        /// By a field's aggregate (`{"field": f, "op": "sum", "order": …}`), or by another
        /// channel (`"-y"`, `"x"`).
        case byField(field: String?, op: String, descending: Bool)
        case byChannel(String, descending: Bool)
    }

    struct ChannelDef {
        var channel: String
        var field: String?
        var type: FieldType?
        /// The aggregate op and, for `argmin`/`argmax`, the field whose extreme row is taken.
        var aggregate, aggregateArgument: String?
        /// As written, read by VegaLite: `bin` (`true`, `"binned"` or parameters; nil for false/null;
        /// `BinParams`), `timeUnitJSON` (`TimeUnitSpec`; `timeUnit` is its unit name, `utcyearmonth`)
        /// and the channel-level `impute` (method, value, frame, keyvals; run as an impute transform).
        var bin, timeUnitJSON, impute: JSONValue?
        var timeUnit: String?
        var stack: StackSetting = .unset
        var sort: Sort = .ascending
        var scale = ScaleInfo()
        /// `scale.domain` given as a list of categories (a colour legend's order).
        var domainCategories: [String]?
        var title: String?
        var axisTitle: String?
        var format: String?
        var formatType: String?
        /// A constant (`value` or `datum`): drawing only for value, a data constant for datum.
        var constant: JSONValue?
        /// JSON path of this channel (`$.encoding.y`, `$.encoding.tooltip[1]`) and its line.
        var path: String
        var line: Int

        init(channel: String, path: String, line: Int) {
            self.channel = channel
            self.path = path
            self.line = line
        }

        /// Convenience for the bare-CSV path.
        init(field: String?, type: FieldType?, path: String, line: Int, channel: String = "") {
            self.init(channel: channel, path: path, line: line)
            self.field = field
            self.type = type
        }

    }

    var title: String?
    var subtitle: String?
    var description: String?
    var data: DataSource
    var dataLine = 1
    var datasets: [String: JSONValue] = [:]
    var transforms: [TransformStep] = []
    /// The spec's mark name ("bar", "tick", …) and where it was written.
    var markName: String = "line"
    var markLine = 1
    var markOrient: String?
    /// The mark's (or `config.mark`'s) `invalid`: what becomes of null and NaN x/y values.
    var invalidMode = InvalidMode.breakPathsShowPathDomains
    /// Composite marks (`boxplot`, `errorbar`, `errorband`): `extent` (a number or "min-max" for
    /// box plots; "stderr", "stdev", "ci", "iqr" for error bars) and `center` ("mean", "median").
    var markExtent: JSONValue?
    var markCenter: String?
    /// `mark.innerRadius` (a donut), in pixels as Vega-Lite draws it.
    var innerRadius: Double?
    /// Channels by name; `tooltip` and `detail` arrays become `tooltip[0]`, `tooltip[1]`, ….
    var channels: [ChannelDef] = []
    /// Number of `params` (selections, variables): read, not interactive in Pitchline.
    var paramCount = 0

    // usermeta.pitchline
    var unit: String?
    /// The unit as words for speech ("degrees Celsius"), `usermeta.pitchline.spokenUnit`.
    var spokenUnit: String?
    /// `usermeta.pitchline.language`: the chart's BCP 47 tag (one Pitchline speaks), over the site's.
    var language: String?
    /// Unit of a quantitative x ("km"), `usermeta.pitchline.xUnit`.
    var xUnit: String?
    var format: String?
    var audio = AudioOptions()
    var seriesOrder: [String] = []
    var seriesTitles: [String: String] = [:]
    var seriesNames: [String: String] = [:]

    func channel(_ name: String) -> ChannelDef? { channels.first { $0.channel == name } }

    /// The x and y channels, for code that sets their titles (the bare-CSV sidecar).
    var x: ChannelDef {
        get { channel("x") ?? ChannelDef(channel: "x", path: "$.encoding.x", line: 1) }
        set { setChannel(newValue) }
    }
    var y: ChannelDef {
        get { channel("y") ?? ChannelDef(channel: "y", path: "$.encoding.y", line: 1) }
        set { setChannel(newValue) }
    }

    /// The kind the mark is drawn as; setting it sets the mark name.
    var mark: Mark {
        get { Self.markKinds[markName] ?? .line }
        set { markName = newValue.rawValue }
    }

    mutating func setChannel(_ def: ChannelDef) {
        if let i = channels.firstIndex(where: { $0.channel == def.channel }) { channels[i] = def } else { channels.append(def) }
    }
}
