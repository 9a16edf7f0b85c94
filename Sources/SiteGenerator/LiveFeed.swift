import ChartData
import ChartModel
import ChartPages
import Foundation
import Sonification
import SpecReading
import Synchronization

/// A new point as the page needs it, made by the generator's own formatter (issue 29): the
/// placeholders of the series' wordings (`x`, `p`, `v`, `d`, as in the data script), its tones
/// on the fixed scale, its numbers, which side of the scale each lies on and whether it is a new
/// high or low of the rows kept. Encoded as one server-sent event's `data`.
public struct LivePoint: Sendable, Encodable, Equatable {
    /// The row's number since the data file's first row (the event `id`).
    public var id: Int
    public var x: String
    /// Its place for the verbose wording ("1,462").
    public var p: String
    /// Per series: the value text without unit (nil: no data), details, tone, number, side
    /// (-1 below the scale, 0 inside, 1 above), extreme (1 new high, -1 new low, 0 neither).
    public var v: [String?]
    public var d: [String?]?
    public var t: [Int]
    public var n: [Double?]
    public var s: [Int]
    public var e: [Int]
    /// Per series, the landmarks (`Chart.landmarks`, a layered chart's value rules) the row meets,
    /// as the page's `marks` indexes; nil when the chart has none.
    public var m: [[Int]]?
}

/// Rows a request or an append could not add: nothing of it was applied.
public struct LiveRowsProblem: Error, CustomStringConvertible, Sendable {
    /// 1-based row of the request (nil: the problem is not one row's).
    public var row: Int?
    public var message: String
    public var description: String { row.map { "row \($0): \(message)" } ?? message }
}

/// A live chart's latest rows (at most its window) and the points made from them since the
/// server started. Thread-safe; every change goes through the chart loader `check` uses.
public final class LiveFeed: Sendable {
    public let source: LiveSource
    private let state: Mutex<State>

    struct State {
        var header: String?
        /// Row texts in the data file's format (CSV records, JSON objects), the latest `window`.
        var rows: [String] = []
        /// Id of the next row.
        var nextID = 0
        /// Points made since start, the latest `window`.
        var points: [LivePoint] = []
        /// The data file as last read: its identity, bytes of whole rows read, rows.
        var file = FileMark()
        /// The kept rows' x values in the chart's order (new rows must come after them).
        var x: [XValue] = []
        /// The chart as of the latest change and its row 0's id, until `makeWords()` takes it.
        var changed: (chart: Chart, firstID: Int)?
        /// What S, D, X, Y, [ and ] say as of the latest change made into words.
        var words: String?
        /// The chart as of the latest change (its row 0's id), counted, and its drawing once asked for.
        var latest: (chart: Chart, firstID: Int, version: Int)?
        var drawing: (json: String, version: Int)?
    }

    struct FileMark: Equatable { var inode: UInt64 = 0; var offset = 0; var rows = 0 }

    /// Reads the data file: its first `source.pageRows` rows are the generated page's, ids start
    /// after them; rows appended since the page was made are new points at the next `readFile()`.
    public init(source: LiveSource) throws(ChartProblem) {
        self.source = source
        var state = State()
        do {
            let bytes = try Data(contentsOf: source.dataURL)
            let read = LiveRows.split(bytes, format: source.format)
            let page = min(read.rows.count, source.pageRows)
            state.header = read.header
            state.rows = Array(read.rows[..<page].suffix(source.window))
            state.nextID = page
            let later = page < read.rows.count
            state.file = FileMark(inode: LiveRows.inode(source.dataURL), offset: later ? -1 : read.consumed, rows: page)
        } catch {
            throw ChartProblem(file: source.dataPath, message: "cannot read: \(ChartProblem.reason(error))")
        }
        state.x = try source.chart(rows: state.rows, header: state.header).xValues
        self.state = Mutex(state)
    }

    /// Rows held now (at most the window).
    public var rowCount: Int { state.withLock { $0.rows.count } }
    /// Id the next row will get.
    public var nextID: Int { state.withLock { $0.nextID } }
    /// The chart's words as of the latest change made into words (JSON, `ChartPresentation.liveWords`); nil before any.
    public var words: String? { state.withLock { $0.words } }

    /// The drawing as of the latest change (JSON, `ChartPresentation.liveDrawing`), made on the
    /// first request after it; nil before any change.
    public func drawing() -> String? {
        let (latest, made) = state.withLock { ($0.latest, $0.drawing) }
        guard let latest else { return nil }
        if let made, made.version == latest.version { return made.json }
        guard let json = ChartPresentation.liveDrawing(chart: latest.chart, rowOffset: latest.firstID) else { return nil }
        state.withLock { state in if state.latest?.version == latest.version { state.drawing = (json, latest.version) } }
        return json
    }

    /// Makes the words of the latest change, if not made yet (after its points went out: the
    /// presentation takes longer than the points), and returns them; nil when there is none new.
    public func makeWords() -> String? {
        guard let changed = state.withLock({ state in defer { state.changed = nil }; return state.changed }) else { return nil }
        let words = ChartPresentation(chart: changed.chart).liveWords(rowOffset: changed.firstID)
        return state.withLock { state in
            guard state.changed == nil else { return nil }   // a newer change came meanwhile: its words follow
            state.words = words
            return words
        }
    }

    /// Points with ids from `id` on that are still kept (a reconnecting page's `Last-Event-ID` + 1).
    public func points(from id: Int) -> [LivePoint] {
        state.withLock { state in state.points.filter { $0.id >= id } }
    }

    /// Adds rows (texts in the data file's format, `LiveRows.rows(fromBody:)`) all or none, and
    /// writes them to the data file (so a restarted server, and the export, have them; ids stay
    /// the rows' numbers in the file): after a CSV's last line, before a JSON array's closing
    /// bracket. A file changed since it was read (a CSV's unfinished last line, a JSON file that
    /// does not end in its array's bracket) is left as it is: those rows live in memory only.
    public func append(_ newRows: [String]) throws(LiveRowsProblem) -> [LivePoint] {
        try state.withLock { (state) throws(LiveRowsProblem) -> [LivePoint] in
            let points = try Self.add(newRows, to: &state, source: source)
            Self.persist(newRows, &state, source)
            return points
        }
    }

    private static func persist(_ rows: [String], _ state: inout State, _ source: LiveSource) {
        guard !rows.isEmpty, let handle = try? FileHandle(forUpdating: source.dataURL) else { return }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), Int(end) == state.file.offset,
              LiveRows.inode(source.dataURL) == state.file.inode else { return }
        var at = end, bytes = Data((rows.joined(separator: "\n") + "\n").utf8)
        if source.format == .json {   // over the closing bracket (and what follows it): rows, then the bracket
            let tailStart = end - min(end, 256)
            guard (try? handle.seek(toOffset: tailStart)) != nil, let tail = try? handle.readToEnd(),
                  let bracket = tail.lastIndex(of: UInt8(ascii: "]")),
                  tail[(bracket + 1)...].allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return }
            at = tailStart + UInt64(bracket - tail.startIndex)
            bytes = Data(((state.file.rows > 0 ? ",\n" : "\n") + rows.joined(separator: ",\n") + "\n]\n").utf8)
        }
        guard (try? handle.seek(toOffset: at)) != nil, (try? handle.write(contentsOf: bytes)) != nil,
              (try? handle.truncate(atOffset: at + UInt64(bytes.count))) != nil else { return }
        state.file.offset = Int(at) + bytes.count
        state.file.rows += rows.count
    }

    private static func add(_ newRows: [String], to state: inout State, source: LiveSource) throws(LiveRowsProblem) -> [LivePoint] {
        guard !newRows.isEmpty else { return [] }
        let kept = state.rows.count
        let candidate = state.rows + newRows
        let chart: Chart
        do {
            chart = try source.chart(rows: candidate, header: state.header)
        } catch {
            // Row k of the data is on line k + 2 (after the header, or the JSON array's "[").
            if let line = error.line, line - 2 >= kept { throw LiveRowsProblem(row: line - 2 - kept + 1, message: error.message) }
            throw LiveRowsProblem(row: nil, message: error.message)
        }
        guard chart.pointCount == candidate.count else {
            throw LiveRowsProblem(row: nil, message: "the chart plots \(chart.pointCount) points from \(candidate.count) rows; a live chart plots each row as one point")
        }
        // The chart orders its rows (a time axis by time): new rows must follow the kept ones.
        guard Array(chart.xValues.prefix(kept)) == state.x else {
            let row = state.x.last.flatMap { chart.xValues.lastIndex(of: $0) }
            let latest = row.map { SpeechFormatter(chart: chart).xText($0) } ?? ""
            throw LiveRowsProblem(row: nil, message: "rows must arrive in order along the x axis, each after the latest (\(latest))")
        }
        let points = makePoints(chart, rows: kept..<candidate.count, firstID: state.nextID)
        state.changed = (chart, state.nextID - kept)
        state.latest = (chart, state.nextID - kept, (state.latest?.version ?? 0) + 1)
        state.rows = Array(candidate.suffix(source.window))
        state.x = Array(chart.xValues.suffix(source.window))
        state.nextID += newRows.count
        state.points = Array((state.points + points).suffix(source.window))
        return points
    }

    /// The new rows' points: texts by the chart's `SpeechFormatter`, tones by `LivePitch`.
    static func makePoints(_ chart: Chart, rows: Range<Int>, firstID: Int) -> [LivePoint] {
        let speech = SpeechFormatter(chart: chart)
        let pitch = LivePitch(chart: chart)
        let series = chart.series.indices
        return rows.map { row in
            let id = firstID + row - rows.lowerBound
            let tones = series.map { s in pitch?.tone(series: s, value: chart.series[s].values[row]) }
            let details = series.map { speech.detailText(series: $0, row: row) }
            return LivePoint(
                id: id, x: speech.xLabel(row), p: speech.placeNumber(row: id),
                v: series.map { speech.templateValue(series: $0, row: row) },
                d: details.contains { $0 != nil } ? details : nil,
                t: tones.map { $0?.tone ?? 0 }, n: series.map { chart.series[$0].values[row] },
                s: tones.map { $0?.side.rawValue ?? 0 },
                e: series.map { s in extreme(chart.series[s].values, row: row) },
                m: marksMet(chart, row: row))
        }
    }

    /// Per series, the value landmarks the row meets (the rule the page's marks follow).
    static func marksMet(_ chart: Chart, row: Int) -> [[Int]]? {
        let marks = chart.landmarks
        guard !marks.isEmpty else { return nil }
        return chart.series.map { series in
            guard let v = series.values[row] else { return [] }
            let previous = series.values[..<row].last { $0 != nil } ?? nil
            return marks.indices.filter { k in marks[k].value.map { ChartPresentation.meets(previous, v, mark: $0) } ?? false }
        }
    }

    /// 1 when the row's value is above every earlier kept row's, -1 when below, else 0.
    static func extreme(_ values: [Double?], row: Int) -> Int {
        guard let v = values[row] else { return 0 }
        let earlier = values[..<row].compactMap { $0 }
        guard let high = earlier.max(), let low = earlier.min() else { return 0 }
        return v > high ? 1 : v < low ? -1 : 0
    }

    /// What reading the data file again found.
    public enum FileChange: Sendable { case none, points([LivePoint]), problem(LiveRowsProblem) }

    /// Reads the data file again when its size or identity changed: the rows past those read
    /// before (appended, or a replacing file that keeps the old rows first); a CSV's unfinished
    /// last line waits for its line break.
    public func readFile() -> FileChange {
        state.withLock { state in
            let url = source.dataURL
            let inode = LiveRows.inode(url)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue else { return .none }
            if inode == state.file.inode && size == state.file.offset { return .none }
            guard let bytes = try? Data(contentsOf: url) else { return .none }
            let read = LiveRows.split(bytes, format: source.format)
            guard read.rows.count > state.file.rows else {
                state.file = FileMark(inode: inode, offset: read.consumed, rows: read.rows.count)
                return .none
            }
            let fresh = Array(read.rows[state.file.rows...])
            state.file = FileMark(inode: inode, offset: read.consumed, rows: read.rows.count)  // a problem is reported once
            do throws(LiveRowsProblem) {
                return .points(try Self.add(fresh, to: &state, source: source))
            } catch {
                return .problem(error)
            }
        }
    }
}

extension LiveFeed {
    /// The CSV header's column names (read as the CSV reader reads them); empty for JSON.
    public var columns: [String] {
        let (header, last) = state.withLock { ($0.header, $0.rows.last) }
        guard let header else { return [] }
        // The CSV reader reads a header with one record under it.
        let sample = last ?? String(repeating: ",", count: header.filter { $0 == "," }.count)
        return (try? CSVReader.parse(Data((header + "\n" + sample + "\n").utf8), path: source.dataPath))?.header ?? []
    }
}
