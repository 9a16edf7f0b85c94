import ChartData
import ChartPages
import Foundation

/// `charts/<id>.json`: one chart as data, schema `Public/schema/chart-3.json` (served at
/// `assets/schema/chart-3.json`; versions 1 and 2 stay published beside it). Field names follow Apple's `AXChartDescriptor` where it has
/// one (title, summary, xAxis/yAxis with title and range, series with name, isContinuous,
/// dataPoints with xValue/yValue/label), so a native client maps it field by field. Every text
/// is the generator's, as the page shows or speaks it.
struct ChartModel: Encodable {
    static let schemaVersion = 3
    static let schemaPath = "assets/schema/chart-3.json"

    /// A sentence of the description with the claims it makes (issue 30).
    struct SentenceModel: Encodable {
        var text: String
        var claims: [ClaimModel]
        init(_ sentence: Sentence) {
            text = sentence.text
            claims = sentence.claims.compactMap { c in
                jsonNumber(c.value).map {
                    ClaimModel(kind: c.kind.rawValue, series: c.series, value: $0, rows: c.rows, approximate: c.approximate, part: c.part?.rawValue, panel: c.panel)
                }
            }
        }
    }
    /// What a claim says: its kind, the series, the value as the data holds it, and the rows
    /// (`dataPoints[].row`: the chart's rows, the table's and the CSV's) that hold it.
    struct ClaimModel: Encodable {
        var kind: String
        var series: Int
        var value: Double
        var rows: [Int]
        var approximate: Bool
        /// "lower" or "upper": the row's low or high (a candlestick), `dataPoints[].lower`/`upper`; absent: its `yValue`.
        var part: String?
        /// A figure's claim: the panel (index into `figure.panels`) whose rows hold it.
        var panel: Int?
    }
    /// The figure a panel belongs to: its summary sentences (overview, shared scales, comparison),
    /// each claim naming its panel, and each panel's JSON file.
    struct FigureModel: Encodable {
        var id: String
        var title: String
        var panel: Int
        var panels: [String]
        var summarySentences: [SentenceModel]
    }

    struct Range: Encodable { var lowerBound, upperBound: Double }
    struct Axis: Encodable {
        var title: String
        var field: String
        /// "categorical", "numeric" or "date" (numbers: seconds since 1970, UTC).
        var type: String
        var unit: String?
        var range: Range?
        var categoryOrder: [String]?
        /// The range as the page's axes list says it ("from 1 January 2012 to 31 December 2015").
        var rangeText: String
        /// The drawn axis' tick labels, formatted as on the chart (d3 formats).
        var tickLabels: [String]
    }
    struct Statistics: Encodable {
        var count, missing: Int
        var min, max, mean, median: Double?
        var minRow, maxRow: Int?
        /// The page's statistics list: term and formatted value.
        var shown: [ChartPageText.Statistic]
        var sentence: String
        var sentences: [SentenceModel]
    }
    struct Trend: Encodable {
        var direction: String
        var change, changePercent: Double?
        var sentence: String
        var sentences: [SentenceModel]
    }
    struct DataPoint: Encodable {
        /// The row in the chart's table (and the CSV download, after its header).
        var row: Int
        /// Number, ISO date text or category (a string for dates and categories).
        var xValue: JSONScalar
        var yValue: Double?
        /// The row axis as said ("3 January 2012") and the value as shown ("11.7 °C").
        var xText, yText: String
        /// What the scrubber says by default.
        var label: String
        /// The label in each wording of the reader settings (`verbosity.order`) and `shown`
        /// (charts of up to `allWordingsLimit` points).
        var labels: [String: String]?
        var lower, upper, stackTotal, share: Double?
    }
    struct SeriesModel: Encodable {
        var name: String
        var spokenName: String
        var isContinuous: Bool
        var statistics: Statistics
        var trend: Trend
        var dataPoints: [DataPoint]
    }
    struct BoxPlot: Encodable {
        struct Group: Encodable { var row: Int; var count: Int; var lowerOutliers, upperOutliers: [Double] }
        /// Which statistic each series stands for, ascending ("lowerQuartile", "median", …).
        var statistics: [String]
        var whiskerIQR: Double?
        var groups: [Group]
    }
    struct Links: Encodable {
        var page, json, text, csv, brailleText, brf: String
        var audioGraphs: [String]
    }

    var schema = schemaPath
    var schemaVersion = schemaVersion
    var id: String
    var language: String
    var title: String
    var subtitle: String?
    /// "line", "bar", "boxplot", "bump", … and its name in the chart's language.
    var kind, kindName: String
    var mark: String
    var summary: String
    var summarySentences: [SentenceModel]
    var authorDescription: String?
    var figure: FigureModel?
    var kindSentence: String
    var xAxis, yAxis: Axis
    var series: [SeriesModel]
    var boxPlot: BoxPlot?
    var tableNote: String?
    /// Rows in the chart; `dataPointsReduced` when the series list fewer (`pointLimit`).
    var pointCount: Int
    var dataPointsReduced: Bool
    /// The chart's other representations, relative to the JSON file.
    var links: Links
}

/// A JSON number or string (an x value).
enum JSONScalar: Encodable {
    case number(Double), string(String)
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        }
    }
}

/// `charts.json`: the site's charts and their representations (paths relative to the site root).
struct ChartIndex: Encodable {
    struct Entry: Encodable {
        var id, title, kind, kindName, language, summary: String
        var page, json, text, csv: String
        var audioGraphs: [String]
    }
    var schema = ChartModel.schemaPath
    var schemaVersion = ChartModel.schemaVersion
    var title: String
    var language: String
    var charts: [Entry]
}
