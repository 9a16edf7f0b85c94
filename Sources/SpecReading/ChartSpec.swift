import ChartModel
import VegaLite
import Foundation

/// A single-view Vega-Lite spec (v4–v6) after reading (see `ChartSpec+Parse.swift`): data source,
/// transforms still as JSON (evaluated by `VegaLite`), the mark and every encoding channel with
/// shorthands resolved. Orientation is decided later, by `ChartBuilder`, from the channel types.
package struct ChartSpec {
    /// `data.format`: `type` (csv, tsv, json), `property` (JSON path to the rows), `parse`
    /// (field → "number", "boolean", "date", "date:'%d/%m/%Y'", "utc:…", or nil for `null` = no parsing).
    package struct DataFormat {
        package var type: String?
        package var property: String?
        package var parse: [(field: String, type: String?)] = []
        /// `"parse": null`: no type inference at all.
        var parseDisabled = false

        package init(type: String? = nil, property: String? = nil, parse: [(field: String, type: String?)] = [], parseDisabled: Bool = false) {
            self.type = type
            self.property = property
            self.parse = parse
            self.parseDisabled = parseDisabled
        }
    }

    package enum DataSource {
        case url(String, DataFormat, line: Int)
        case values(JSONValue, DataFormat)
        case sequence(start: Double, stop: Double, step: Double, as: String)
        case named(String, line: Int)
    }

    /// A transform as written, with its JSON path (`$.transform[2]`).
    package struct TransformStep {
        package var json: JSONValue
        package var path: String

        package init(json: JSONValue, path: String) {
            self.json = json
            self.path = path
        }
    }

    /// Vega-Lite `stack` on a channel: not given (default rules), `null`/`false` (none), or an offset.
    package enum StackSetting: Equatable { case unset, none, offset(StackOffset) }

    /// `sort` on a channel.
    package enum Sort: Equatable {
        case ascending, descending, dataOrder
        case custom([String])
        /// By a field's aggregate (`{"field": f, "op": "sum", "order": …}`), or by another
        /// channel (`"-y"`, `"x"`).
        case byField(field: String?, op: String, descending: Bool)
        case byChannel(String, descending: Bool)
    }

    package struct ChannelDef {
        package var channel: String
        package var field: String?
        /// The field as Vega-Lite reads it when its name reads inside another (`"record.low"`,
        /// `"ranges[2]"`; `"a\\.b"` is the column `a.b`): the builder adds it as the column `field`.
        package var nestedField: FieldRef?
        package var type: FieldType?
        /// The aggregate op and, for `argmin`/`argmax`, the field whose extreme row is taken.
        package var aggregate, aggregateArgument: String?
        /// As written, read by VegaLite: `bin` (`true`, `"binned"` or parameters; nil for false/null;
        /// `BinParams`), `timeUnitJSON` (`TimeUnitSpec`; `timeUnit` is its unit name, `utcyearmonth`)
        /// and the channel-level `impute` (method, value, frame, keyvals; run as an impute transform).
        package var bin, timeUnitJSON, impute: JSONValue?
        package var timeUnit: String?
        package var stack: StackSetting = .unset
        package var sort: Sort = .ascending
        package var scale = ScaleInfo()
        /// `scale.domain` given as a list of categories (a colour legend's order).
        package var domainCategories: [String]?
        package var title: String?
        package var axisTitle: String?
        package var format: String?
        package var formatType: String?
        /// A constant (`value` or `datum`): drawing only for value, a data constant for datum.
        package var constant: JSONValue?
        /// JSON path of this channel (`$.encoding.y`, `$.encoding.tooltip[1]`) and its line.
        package var path: String
        package var line: Int

        package init(channel: String, path: String, line: Int) {
            self.channel = channel
            self.path = path
            self.line = line
        }

        /// Convenience for the bare-CSV path.
        package init(field: String?, type: FieldType?, path: String, line: Int, channel: String = "") {
            self.init(channel: channel, path: path, line: line)
            self.field = field
            self.type = type
        }

    }

    package var title: String?
    package var subtitle: String?
    package var description: String?
    package var data: DataSource
    package var dataLine = 1
    package var datasets: [String: JSONValue] = [:]
    package var transforms: [TransformStep] = []
    /// The spec's mark name ("bar", "tick", …) and where it was written.
    package var markName: String = "line"
    package var markLine = 1
    package var markOrient: String?
    /// `mark.point` on a line or area (`true` or a point-mark object): a point at every datum.
    package var markPoints = false
    /// The mark's (or `config.mark`'s) `invalid`: what becomes of null and NaN x/y values.
    package var invalidMode = InvalidMode.breakPathsShowPathDomains
    /// Composite marks (`boxplot`, `errorbar`, `errorband`): `extent` (a number or "min-max" for
    /// box plots; "stderr", "stdev", "ci", "iqr" for error bars) and `center` ("mean", "median").
    package var markExtent: JSONValue?
    package var markCenter: String?
    /// `mark.innerRadius` (a donut), in pixels as Vega-Lite draws it.
    package var innerRadius: Double?
    /// Channels by name; `tooltip` and `detail` arrays become `tooltip[0]`, `tooltip[1]`, ….
    package var channels: [ChannelDef] = []
    /// `params` (variables, selections) by name: variables at their value, selections empty;
    /// not interactive in Pitchline yet (`ChartSpec+Params.swift`).
    package var params: [SpecParam] = []
    package var paramCount: Int { params.count }
    /// The column of each datum's colour when the author colours by conditions (`ChartSpec+Colour.swift`).
    package var colourField: String?
    /// The JSON path of a colour condition read but not drawn (`check` says so).
    package var undrawnColour: String?

    // usermeta.pitchline
    package var unit: String?
    /// The unit as words for speech ("degrees Celsius"), `usermeta.pitchline.spokenUnit`.
    package var spokenUnit: String?
    /// `usermeta.pitchline.language`: the chart's BCP 47 tag (one Pitchline speaks), over the site's.
    package var language: String?
    /// Unit of a quantitative x ("km"), `usermeta.pitchline.xUnit`.
    package var xUnit: String?
    package var format: String?
    package var audio = AudioOptions()
    /// `usermeta.pitchline.live`: the chart is live under `pitchline serve` (issue 29).
    package var live: LiveOptions?
    package var seriesOrder: [String] = []
    package var seriesTitles: [String: String] = [:]
    package var seriesNames: [String: String] = [:]

    package init(title: String? = nil, subtitle: String? = nil, description: String? = nil, data: DataSource) {
        self.title = title
        self.subtitle = subtitle
        self.description = description
        self.data = data
    }

    package func channel(_ name: String) -> ChannelDef? { channels.first { $0.channel == name } }

    /// The x and y channels, for code that sets their titles (the bare-CSV sidecar).
    package var x: ChannelDef {
        get { channel("x") ?? ChannelDef(channel: "x", path: "$.encoding.x", line: 1) }
        set { setChannel(newValue) }
    }
    package var y: ChannelDef {
        get { channel("y") ?? ChannelDef(channel: "y", path: "$.encoding.y", line: 1) }
        set { setChannel(newValue) }
    }

    /// The kind the mark is drawn as; setting it sets the mark name.
    package var mark: Mark {
        get { Self.markKinds[markName] ?? .line }
        set { markName = newValue.rawValue }
    }

    mutating func setChannel(_ def: ChannelDef) {
        if let i = channels.firstIndex(where: { $0.channel == def.channel }) { channels[i] = def } else { channels.append(def) }
    }
}
