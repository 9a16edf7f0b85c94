import ChartData
import ChartModel
import ChartPages
import ContentHash
import DurableWrite
import Foundation
import Sonification
import Synchronization

/// Rendered charts kept on disk between runs, so an unchanged chart is neither re-rendered nor
/// re-encoded (incremental export; docs/export.md).
///
/// One entry per chart, `render/<id>.<key>.plr` under the cache folder, where the key is the
/// SHA-256 of everything that decides the chart's files: the bytes it was made from (its spec,
/// the data files it may read and `pitchline.json`; `ChartInputs`), the theme (template bytes
/// and hashed asset names), the audio engine version and the running program's build (so a
/// rebuilt generator never reuses an old render). Charts built in memory, with no files behind
/// them, are keyed by the loaded model instead (`ChartFingerprint`, slower).
/// An entry holds the chart's files (identical bytes stored once) and what reports and the index
/// need (`ChartFacts`, report markup), so a warm generation does not load the chart; it starts with the SHA-256 of its payload and is written to a temporary file and renamed,
/// so a torn or damaged entry is never used. Charts whose rendering reported a problem are not
/// cached.
public final class RenderCache: Sendable {
    /// Bump when the entry format or the meaning of the key changes.
    static let formatVersion = "pitchline-render-4"

    /// The folder holding the entries (`<cache>/render`).
    public let directory: URL
    let counters = RenderCounters()
    let observer: (@Sendable (ChartRenderEvent) -> Void)?
    /// The generator's build in every key (`programFingerprint`; tests give their own).
    let generatorVersion: String

    /// - Parameters:
    ///   - directory: where entries are kept, e.g. `.cache/render`.
    ///   - onChart: called once per chart as it finishes (rendered or reused), from any task.
    public convenience init(directory: URL, onChart: (@Sendable (ChartRenderEvent) -> Void)? = nil) {
        self.init(directory: directory, generatorVersion: Self.programFingerprint, onChart: onChart)
    }

    init(directory: URL, generatorVersion: String, onChart: (@Sendable (ChartRenderEvent) -> Void)? = nil) {
        self.directory = directory
        self.generatorVersion = generatorVersion
        self.observer = onChart
    }

    /// Charts rendered and reused so far by every generation that used this cache.
    public var statistics: RenderCacheStatistics { counters.snapshot }
}

/// How many charts a `RenderCache` rendered and how many it took from disk.
public struct RenderCacheStatistics: Sendable, Equatable {
    public var rendered = 0
    public var reused = 0
    /// Entries found damaged (wrong hash) and rendered again.
    public var repaired = 0
    /// Reused charts and figures whose data was not read at all: their entry gave everything
    /// (a warm generation's charts, but those the single file needs whole).
    public var reusedWithoutLoading = 0
    public init() {}
}

/// One chart finished during generation.
public struct ChartRenderEvent: Sendable {
    public var chartID: String
    /// True when the chart's files came from the cache.
    public var reused: Bool
    /// Charts finished so far in this generation, this one included.
    public var done: Int
    /// Charts in this generation.
    public var total: Int
}

final class RenderCounters: Sendable {
    private let state = Mutex((stats: RenderCacheStatistics(), done: 0, total: 0))

    func begin(total: Int) { state.withLock { $0.done = 0; $0.total = total } }

    /// Counts a finished chart; returns (done, total) for progress.
    func finish(reused: Bool, repaired: Bool, loaded: Bool) -> (Int, Int) {
        state.withLock { state in
            if reused { state.stats.reused += 1 } else { state.stats.rendered += 1 }
            if reused && !loaded { state.stats.reusedWithoutLoading += 1 }
            if repaired { state.stats.repaired += 1 }
            state.done += 1
            return (state.done, state.total)
        }
    }

    var snapshot: RenderCacheStatistics { state.withLock { $0.stats } }
}

extension RenderCache {
    /// A chart or figure taken from its entry without loading it.
    enum Reused: Sendable {
        case chart(RenderedChart)
        case figure(RenderedFigure)

        var id: String {
            switch self {
            case .chart(let c): c.id
            case .figure(let f): f.id
            }
        }

        var sourcePath: String {
            switch self {
            case .chart(let c): c.facts.sourcePath
            case .figure(let f): f.facts.sourcePath
            }
        }

        var hasEmbed: Bool {
            switch self {
            case .chart(let c): c.embed != nil
            case .figure(let f): f.embed != nil
            }
        }
    }

    /// A generation's view of the cache: the key parts shared by every chart of this run.
    struct Session: Sendable {
        let cache: RenderCache
        let sharedKey: String
        /// The site folder's input bytes (nil: content built in memory).
        let inputs: ChartInputs?

        /// Counts the charts and figures of this generation, for progress.
        func begin(total: Int) { cache.counters.begin(total: total) }

        /// The chart or figure of the site file `path` (`site/charts/x.vl.json`, as the loader
        /// names it) from its entry, without loading it: only its spec and input files' hashes
        /// are read. Nil when there is no usable entry (load and render it).
        func reusable(path: String) -> Reused? {
            guard let input = inputs?.key(sourcePath: path) else { return nil }
            var key = Data(sharedKey.utf8)
            key.append(input)
            guard let stored = try? Data(contentsOf: file(id: ChartID.fromFileName(path), key: key)),
                let entry = CacheEntry.decode(stored)
            else { return nil }
            if entry.manifest.panels != nil { return entry.rendered(figure: nil).map(Reused.figure) }
            if entry.manifest.facts.hasVariants == true { return nil }  // its variants are loaded with it
            return entry.rendered(chart: nil).map(Reused.chart)
        }

        /// Counts a chart or figure that `reusable` gave (once `begin` has run).
        func reportReused(_ item: Reused) {
            cache.report(item.id, reused: true, repaired: false, loaded: false)
        }

        /// The cached render of `chart`, or `render()`'s result (stored for next time).
        /// `complete` adds what this run needs and a stored entry lacks (a report embed), or nil.
        func chart(
            _ chart: Chart, render: () throws -> RenderedChart, complete: (RenderedChart) throws -> RenderedChart? = { _ in nil }
        ) throws -> RenderedChart {
            var key = Data(sharedKey.utf8)
            if let input = inputs?.key(sourcePath: chart.sourcePath) { key.append(input) } else { key.append(ChartFingerprint.encode(chart)) }
            return try cached(id: chart.id, key: key, decode: { $0.rendered(chart: chart) },
                              hasProblems: { !$0.problems.isEmpty }, entry: { CacheEntry($0) }, render: render, complete: complete)
        }

        /// A figure of small multiples, keyed like a chart by everything in it (every panel).
        func figure(
            _ figure: ChartFigure, render: () throws -> RenderedFigure, complete: (RenderedFigure) throws -> RenderedFigure? = { _ in nil }
        ) throws -> RenderedFigure {
            var key = Data(sharedKey.utf8)
            if let input = inputs?.key(sourcePath: figure.sourcePath) { key.append(input) } else { ChartFingerprint.append(figure, to: &key) }
            return try cached(id: figure.id, key: key, decode: { $0.rendered(figure: figure) },
                              hasProblems: { !$0.problems.isEmpty }, entry: { CacheEntry($0) }, render: render, complete: complete)
        }

        /// `<id>.<hash of key>.plr` in the cache folder.
        private func file(id: String, key: Data) -> URL {
            cache.directory.appendingPathComponent("\(id).\(ContentHash.sha256Hex(key).prefix(32)).plr")
        }

        /// The entry file `<id>.<hash of key>.plr` decoded (completed and stored again when
        /// `complete` adds to it), or `render()`'s result stored there when it has no problems; an
        /// unreadable entry is counted as repaired.
        private func cached<R>(
            id: String, key: Data, decode: (CacheEntry) -> R?, hasProblems: (R) -> Bool, entry: (R) -> CacheEntry,
            render: () throws -> R, complete: (R) throws -> R?
        ) throws -> R {
            let file = file(id: id, key: key)
            var repaired = false
            if let stored = try? Data(contentsOf: file) {
                if let decoded = CacheEntry.decode(stored), let rendered = decode(decoded) {
                    let completed = try complete(rendered)
                    if let completed { cache.store(entry(completed).encode(), at: file, chartID: id) }
                    cache.report(id, reused: true, repaired: false, loaded: true)
                    return completed ?? rendered
                }
                repaired = true
            }
            let rendered = try render()
            if !hasProblems(rendered) {
                cache.store(entry(rendered).encode(), at: file, chartID: id)
            }
            cache.report(id, reused: false, repaired: repaired, loaded: true)
            return rendered
        }
    }

    /// Starts a generation with the given theme; `inputs` are the hashed files of the site
    /// folder the charts are loaded from (nil: content built in memory).
    func session(templatesFingerprint: String, assets: PageAssets, inputs: ChartInputs?) -> Session {
        let parts = [
            Self.formatVersion, Sonifier.engineVersion, generatorVersion,
            "css=\(assets.cssPath)", "js=\(assets.jsPath)", "templates=\(templatesFingerprint)",
        ]
        return Session(cache: self, sharedKey: parts.joined(separator: "\n") + "\n", inputs: inputs)
    }

    func report(_ id: String, reused: Bool, repaired: Bool, loaded: Bool) {
        let (done, total) = counters.finish(reused: reused, repaired: repaired, loaded: loaded)
        observer?(ChartRenderEvent(chartID: id, reused: reused, done: done, total: total))
    }

    /// Writes an entry atomically and removes the chart's older entries. Best effort: a cache
    /// that cannot be written only costs time on the next run.
    func store(_ data: Data, at file: URL, chartID: String) {
        let fm = FileManager.default
        do {
            try DurableWrite.replace(file, with: data)
            let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where name.hasPrefix("\(chartID).") && name.hasSuffix(".plr") && name != file.lastPathComponent {
                // Only `<id>.<32 hex>.plr`: another chart's id may start with this one's.
                let middle = name.dropFirst(chartID.count + 1).dropLast(4)
                if middle.count == 32, middle.allSatisfy(\.isHexDigit) {
                    try? fm.removeItem(at: directory.appendingPathComponent(name))
                }
            }
        } catch {
            return
        }
    }

    /// The running program's path, size and modification time: any rebuild of the generator
    /// (a changed page layout, say) gives new keys without anyone bumping a version by hand.
    static let programFingerprint: String = {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        var info = stat()
        guard stat(path, &info) == 0 else { return "program=\(path)" }
        #if os(Linux)
        let mtime = info.st_mtim
        #else
        let mtime = info.st_mtimespec
        #endif
        return "program=\(path) size=\(info.st_size) mtime=\(mtime.tv_sec).\(mtime.tv_nsec)"
    }()
}
