import ChartData
import ChartModel
import ChartPages
import Foundation
import SortedJSON
import SpecReading

/// A chart's representations beside its page (issue 30): `charts/<id>.json` (the chart model,
/// `ChartModel`) and `charts/<id>.txt` (the page's summary, statistics and table as plain text,
/// from the same `ChartPageText` the page is rendered from), and the site's `charts.json`.
/// The server negotiates `GET /charts/<id>` among them (SiteServing's `ContentNegotiation`).
enum ChartResources {
    /// The two files for a chart (a figure's panel too: `charts/<figure>--p<n>.json`).
    static func files(_ p: ChartPresentation, audio: ChartAudioInfo?) throws -> [GeneratedFile] {
        let id = p.chart.id
        let text = p.pageText
        let model = try encode(ChartModel(p, text: text, audio: audio))
        return [
            GeneratedFile(
                path: "charts/\(id).json", data: model, contentType: ContentType.json, role: .chartModel, chartID: id,
                title: p.chart.title, language: text.language),
            GeneratedFile(
                path: "charts/\(id).txt", data: Data(plainText(text).utf8), contentType: ContentType.plainText, role: .chartText,
                chartID: id, title: p.chart.title, language: text.language),
        ]
    }

    /// `charts.json` for the charts that got a page.
    static func index(siteTitle: String, language: String, charts: [RenderedChart]) throws -> GeneratedFile {
        let entries = charts.sorted { ($0.facts.title, $0.id) < ($1.facts.title, $1.id) }
            .map { rendered -> ChartIndex.Entry in
                let f = rendered.facts
                let id = f.id
                return ChartIndex.Entry(
                    id: id, title: f.title, kind: f.kind ?? "", kindName: f.kindName,
                    language: f.language ?? language, summary: f.summary,
                    page: "charts/\(id).html", json: "charts/\(id).json", text: "charts/\(id).txt", csv: "charts/\(id).csv",
                    audioGraphs: (rendered.audio?.graphFiles ?? []).map { "charts/" + $0 })
            }
        let data = try encode(ChartIndex(title: siteTitle, language: language, charts: entries))
        return GeneratedFile(path: "charts.json", data: data, contentType: ContentType.json, role: .chartIndex, title: siteTitle)
    }

    /// Sorted keys (stable bytes, stable ETags), slashes as they are, a final newline.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        var bytes = try SortedJSON.encode(value)  // JSONEncoder's bytes ([.sortedKeys, .withoutEscapingSlashes])
        bytes.append(0x0A)
        return Data(bytes)
    }

    /// The page's texts in reading order: title, summary, details (kind, axes, each series'
    /// statistics and trend) and the table (caption, then a header line and one line per row,
    /// cells separated by "; "). One paragraph a line; blank lines between sections.
    static func plainText(_ t: ChartPageText) -> String {
        var blocks: [[String]] = [[t.title] + (t.subtitle.map { [$0] } ?? [])]
        blocks.append([t.summary])
        if let author = t.authorDescription { blocks.append([author]) }
        blocks.append([t.detailsHeading, t.kindSentence])
        blocks.append([t.axesHeading] + t.axes.map { "\($0.name): \($0.text)" })
        for s in t.series {
            blocks.append([s.heading] + s.statistics.map { "\($0.term): \($0.value)" } + [s.trendSentence])
        }
        var table = [t.tableHeading, t.table.caption]
        if let note = t.table.note { table.append(note) }
        table.append(([t.table.xHeader] + t.table.columns).joined(separator: "; "))
        table += t.table.rows.map { ([$0.x] + $0.cells).joined(separator: "; ") }
        blocks.append(table)
        return blocks.map { $0.map(oneLine).joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// Line breaks inside a text (an author's description) become spaces: one paragraph, one line.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// `charts/<id>.json` for a chart outside a site (`pitchline inspect --model`): the export's model
/// and encoder (schema `Public/schema/chart-3.json`), without audio graphs (none are rendered).
public enum ChartModelJSON {
    /// One line of JSON, newline-terminated; a panel's with its `figure`.
    public static func data(for chart: Chart, figure: FigureContext? = nil) throws -> Data {
        let presentation = ChartPresentation(chart: chart, figure: figure)
        return try ChartResources.encode(ChartModel(presentation, text: presentation.pageText, audio: nil))
    }
}

extension ChartModel {
    /// "line", "bump", "boxplot": the catalogue kind key without its prefix.
    static func kind(_ chart: Chart) -> String { chart.kindWord }

    init(_ p: ChartPresentation, text: ChartPageText, audio: ChartAudioInfo?) {
        let chart = p.chart
        let speech = SpeechFormatter(chart: chart)
        id = chart.id
        language = text.language
        title = chart.title
        subtitle = chart.subtitle
        kind = Self.kind(chart)
        kindName = p.kindName
        mark = chart.mark.rawValue
        summary = text.summary
        summarySentences = p.description.sentences.map(SentenceModel.init)
        authorDescription = chart.authorDescription
        figure = p.figure.map { f in
            let said = [f.description.overview] + (f.description.sharedScales.map { [$0] } ?? [])
            return FigureModel(
                id: f.id, title: f.title, panel: f.panelIDs.firstIndex(of: chart.id) ?? 0, panels: f.panelIDs.map { "\($0).json" },
                summarySentences: (said.map { Sentence($0) } + f.description.comparison).map(SentenceModel.init))
        }
        kindSentence = text.kindSentence
        xAxis = Self.rowAxis(chart, geometry: p.geometry, speech: speech)
        yAxis = Self.valueAxis(chart, geometry: p.geometry, speech: speech)
        let rows = Self.pointRows(chart)
        series = Self.series(p, text: text, speech: speech, shown: rows)
        boxPlot = chart.semantics.box.map { box in
            BoxPlot(
                statistics: box.statistics.map(\.rawValue), whiskerIQR: box.whiskerIQR.flatMap(finite),
                groups: chart.xValues.indices.map { row in
                    BoxPlot.Group(
                        row: row, count: box.counts.indices.contains(row) ? box.counts[row] : 0,
                        lowerOutliers: box.lowerOutliers.indices.contains(row) ? box.lowerOutliers[row].compactMap(finite) : [],
                        upperOutliers: box.upperOutliers.indices.contains(row) ? box.upperOutliers[row].compactMap(finite) : [])
                })
        }
        tableNote = text.table.note
        pointCount = chart.pointCount
        dataPointsReduced = rows.count < chart.pointCount
        let paths = ChartPresentation.braillePaths(id: chart.id)
        links = Links(
            page: "\(chart.panel?.figureID ?? chart.id).html",  // a panel's page is its figure's
            json: "\(chart.id).json", text: "\(chart.id).txt", csv: "\(chart.id).csv",
            brailleText: paths.unicode, brf: paths.brf, audioGraphs: audio?.graphFiles ?? [])
    }

    static func rowAxis(_ chart: Chart, geometry: ChartGeometry, speech: SpeechFormatter) -> Axis {
        let numbers = chart.xValues.compactMap(\.numeric).filter(\.isFinite)
        let categorical = chart.x.type == .nominal || chart.x.type == .ordinal || numbers.count != chart.xValues.count
        let type = categorical ? "categorical" : chart.x.type == .temporal ? "date" : "numeric"
        return Axis(
            title: geometry.xTitle, field: chart.x.field, type: type, unit: chart.x.unit,
            range: categorical ? nil : numbers.min().map { Range(lowerBound: finite($0)!, upperBound: finite(numbers.max()!)!) },
            categoryOrder: categorical ? chart.xValues.indices.map(speech.xText) : nil,
            rangeText: chart.pointCount > 0 ? speech.xRangeText : speech.messages[.valueNoData],
            tickLabels: geometry.xTicks.map(\.label))  // the row axis' ticks, however it is drawn
    }

    static func valueAxis(_ chart: Chart, geometry: ChartGeometry, speech: SpeechFormatter) -> Axis {
        let values = chart.series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite)
        return Axis(
            title: geometry.yTitle, field: chart.y.field, type: chart.y.type == .temporal ? "date" : "numeric", unit: chart.y.unit,
            range: values.min().map { Range(lowerBound: finite($0)!, upperBound: finite(values.max()!)!) }, categoryOrder: nil,
            rangeText: speech.yRangeText,
            tickLabels: geometry.yTicks.map(\.label))
    }

    /// Each series with its statistics, trend and the points of rows `shown`.
    static func series(_ p: ChartPresentation, text: ChartPageText, speech: SpeechFormatter, shown: [Int]) -> [SeriesModel] {
        let chart = p.chart
        let maker = LabelMaker(speech: speech)
        let kept = Set(shown)
        // Every wording for charts of up to `allWordingsLimit` points; the default label beyond.
        let wordings = shown.count * max(chart.series.count, 1) <= Self.allWordingsLimit
            ? LabelWording.allSpoken + [.shown] : [LabelWording.standard]
        let pieces = Dictionary(uniqueKeysWithValues: shown.map { ($0, maker.pieces(row: $0)) })
        let dateOnly = (chart.x.granularity ?? .day) >= .day
        return chart.series.indices.map { s in
            let d = p.description.series[s]
            let st = d.statistics
            let rows = chart.series[s].pointRows.map { $0.filter(kept.contains) } ?? shown
            let points = rows.map { row -> DataPoint in
                let raw = chart.series[s].values[row], value = raw.flatMap(finite)
                let detail = chart.series[s].details.indices.contains(row) ? chart.series[s].details[row] : PointDetail()
                let x: JSONScalar = switch chart.xValues[row] {
                case .number(let n): finite(n).map(JSONScalar.number) ?? .string(speech.xText(row))
                case .date(let date): .string(TextFormat.isoTimestamp(date.timeIntervalSince1970, dateOnly: dateOnly, utc: chart.x.zoned))
                case .category(let c): .string(c)
                }
                var labels: [String: String] = [:]
                for w in wordings { labels[w.key] = maker.label(view: s, pieces[row]!, wording: w) }
                return DataPoint(
                    row: row, xValue: x, yValue: value, xText: speech.xText(row), yText: speech.valueText(raw, series: s),  // the text of the value as held, as the page and the sentences write it
                    label: labels[LabelWording.standard.key] ?? "", labels: wordings.count > 1 ? labels : nil,
                    lower: detail.lower.flatMap(finite), upper: detail.upper.flatMap(finite),
                    stackTotal: detail.stackTotal.flatMap(finite), share: detail.share.flatMap(finite))
            }
            return SeriesModel(
                name: chart.series[s].name, spokenName: speech.spokenName(s),
                isContinuous: [.line, .area, .errorband].contains(chart.mark),
                statistics: Statistics(
                    count: st.count, missing: st.missing, min: st.min.flatMap(finite), max: st.max.flatMap(finite),
                    mean: st.mean.flatMap(finite), median: st.median.flatMap(finite), minRow: st.minRow, maxRow: st.maxRow,
                    shown: s < text.series.count ? text.series[s].statistics : [], sentence: d.statisticsSentence,
                    sentences: [SentenceModel(d.statisticsText)]),
                trend: Trend(
                    direction: d.trend.direction.rawValue, change: d.trend.change.flatMap(finite),
                    changePercent: d.trend.changePercent.flatMap(finite), sentence: d.trendSentence,
                    sentences: d.trendText.map(SentenceModel.init)),
                dataPoints: points)
        }
    }
}

extension ChartModel {
    /// Points (rows × series) the model lists at most; a larger chart lists the rows
    /// `Downsampling.keyRows` keeps (an LTTB selection with every series' extremes), and its
    /// CSV download has every row.
    static let pointLimit = 20_000
    /// Points up to which every point carries its label in every wording.
    static let allWordingsLimit = 5_000

    /// The rows the model lists, ascending.
    static func pointRows(_ chart: Chart) -> [Int] {
        let perSeries = max(2, pointLimit / max(chart.series.count, 1))
        return chart.series.isEmpty ? Array(chart.xValues.indices) : Downsampling.keyRows(chart.series.map(\.values), limit: perSeries)
    }
}

/// The value when it is a finite number (JSON has no NaN or infinity), without binary noise
/// (0.3, not 0.29999999999999993: the CSV download's `TextFormat.plainNumber`).
private func finite(_ value: Double) -> Double? {
    guard value.isFinite else { return nil }
    return Double(TextFormat.plainNumber(value)) ?? value
}

/// `finite` for the model's other files (Glibc's `finite` would answer there).
func jsonNumber(_ value: Double) -> Double? { finite(value) }
