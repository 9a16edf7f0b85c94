import Foundation

/// The Vega-Lite subset Pitchline reads, after validation (see `ChartSpec+Parse.swift`).
struct ChartSpec {
    enum DataSource {
        case url(String, line: Int)
        case values(JSONValue)
    }

    enum TimeUnit: String, CaseIterable { case year, yearmonth, month }
    enum Aggregate: String, CaseIterable { case sum, mean, average, min, max, count }

    /// `encoding.x.sort` for discrete x: ascending (Vega-Lite's default), descending, `null`
    /// (data order) or an explicit list of values.
    enum Sort: Equatable { case ascending, descending, dataOrder, custom([String]) }

    struct FieldDef {
        var field: String?
        var type: FieldType?
        var title: String?
        var axisTitle: String?
        var axisFormat: String?
        var aggregate: Aggregate?
        var timeUnit: TimeUnit?
        var sort: Sort = .ascending
        /// JSON path of this channel, for messages (`$.encoding.y`).
        var path: String
        var line: Int
    }

    var title: String?
    var subtitle: String?
    var description: String?
    var data: DataSource
    var mark: Mark
    var x: FieldDef
    var y: FieldDef
    var color: FieldDef?
    var fold: (fields: [String], key: String, value: String)?
    var foldLine = 1

    // usermeta.pitchline
    var unit: String?
    /// The unit as words for speech ("degrees Celsius"), `usermeta.pitchline.spokenUnit`.
    var spokenUnit: String?
    /// Unit of a quantitative x ("km"), `usermeta.pitchline.xUnit`.
    var xUnit: String?
    var format: String?
    var audio = AudioOptions()
    var seriesOrder: [String] = []
    var seriesTitles: [String: String] = [:]
    var seriesNames: [String: String] = [:]
}
