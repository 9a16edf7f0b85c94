import ChartData
import ChartPages
import ContentHash
import Foundation

/// One chart's cached render on disk:
///
///     PLR4 <SHA-256 of everything after this line, 64 hex>\n
///     <manifest JSON length>\n<manifest JSON><blob 0><blob 1>…
///
/// Files with identical bytes are stored once.
struct CacheEntry {
    /// A stored file: its metadata as the generator made it, its bytes by index into the blobs.
    struct File: Codable {
        var metadata: GeneratedFile.Metadata
        var blob: Int
    }

    struct Manifest: Codable {
        var chartID: String
        var dataScriptName: String
        var audio: ChartAudioInfo?
        var files: [File]
        var blobSizes: [Int]
        /// A figure's panels (nil for a chart): what its report embeds need of each.
        var panels: [Panel]? = nil
    }

    struct Panel: Codable {
        var chartID: String
        var dataScriptName: String
        var audio: ChartAudioInfo?
    }

    static let magic = "PLR4 "

    var manifest: Manifest
    var blobs: [Data]

    init(manifest: Manifest, blobs: [Data]) {
        self.manifest = manifest
        self.blobs = blobs
    }

    init(_ rendered: RenderedChart) {
        self.init(files: rendered.files, chartID: rendered.presentation.chart.id, dataScriptName: rendered.dataScript.name, audio: rendered.audio)
    }

    /// A figure's entry: its files (page, data script, shared bank, every panel's files) and its panels.
    init(_ figure: RenderedFigure) {
        self.init(files: figure.files, chartID: figure.id, dataScriptName: figure.dataScriptName, audio: nil)
        manifest.panels = figure.panels.map {
            Panel(chartID: $0.presentation.chart.id, dataScriptName: $0.dataScript.name, audio: $0.audio)
        }
    }

    init(files generated: [GeneratedFile], chartID: String, dataScriptName: String, audio: ChartAudioInfo?) {
        var index: [Data: Int] = [:]
        var blobs: [Data] = []
        var files: [File] = []
        for file in generated {
            let blob: Int
            if let known = index[file.data] {
                blob = known
            } else {
                blob = blobs.count
                index[file.data] = blob
                blobs.append(file.data)
            }
            files.append(File(metadata: file.metadata, blob: blob))
        }
        manifest = Manifest(
            chartID: chartID, dataScriptName: dataScriptName, audio: audio, files: files, blobSizes: blobs.map(\.count))
        self.blobs = blobs
    }

    func encode() -> Data {
        let json = (try? JSONEncoder().encode(manifest)) ?? Data()
        var payload = Data("\(json.count)\n".utf8)
        payload.append(json)
        for blob in blobs { payload.append(blob) }
        var out = Data((Self.magic + Self.checksum(payload) + "\n").utf8)
        out.append(payload)
        return out
    }

    /// The entry, or nil when the bytes are not a complete, undamaged entry.
    static func decode(_ stored: Data) -> CacheEntry? {
        let stored = Data(stored)  // indexes from 0
        let headerLength = magic.utf8.count + 64 + 1
        guard stored.count > headerLength,
            let header = String(data: stored.prefix(headerLength), encoding: .utf8),
            header.hasPrefix(magic), header.hasSuffix("\n")
        else { return nil }
        let payload = Data(stored.dropFirst(headerLength))
        guard checksum(payload) == header.dropFirst(magic.utf8.count).dropLast() else { return nil }
        guard let newline = payload.firstIndex(of: 0x0A),
            let jsonLength = Int(String(decoding: payload[..<newline], as: UTF8.self)),
            payload.count >= newline + 1 + jsonLength,
            let manifest = try? JSONDecoder().decode(Manifest.self, from: payload[(newline + 1)..<(newline + 1 + jsonLength)])
        else { return nil }
        var blobs: [Data] = []
        var offset = newline + 1 + jsonLength
        for size in manifest.blobSizes {
            guard size >= 0, offset + size <= payload.count else { return nil }
            blobs.append(Data(payload[offset..<(offset + size)]))
            offset += size
        }
        guard offset == payload.count, manifest.files.allSatisfy({ blobs.indices.contains($0.blob) }) else { return nil }
        return CacheEntry(manifest: manifest, blobs: blobs)
    }

    /// The stored files with their bytes, as the generator made them.
    var generatedFiles: [GeneratedFile] {
        manifest.files.map { GeneratedFile(data: blobs[$0.blob], metadata: $0.metadata) }
    }

    /// The content hash (SHA-256, `ContentHash`) that finds torn or damaged entries.
    static func checksum(_ data: Data) -> String { ContentHash.sha256Hex(data) }

    /// The chart as the generator needs it: its files from the entry, its presentation (for the
    /// index and report embeds) derived from the chart again.
    func rendered(chart: Chart) -> RenderedChart? {
        guard manifest.chartID == chart.id else { return nil }
        return RenderedChart(
            cachedPresentation: ChartPresentation(chart: chart), audio: manifest.audio, dataScriptName: manifest.dataScriptName, files: generatedFiles)
    }
}

extension CacheEntry {
    /// The figure as the generator needs it: its files from the entry, its presentation and its
    /// panels' presentations derived from the model again.
    func rendered(figure: ChartFigure) -> RenderedFigure? {
        guard manifest.chartID == figure.id, let panels = manifest.panels, panels.count == figure.panels.count else { return nil }
        let rendered = zip(figure.panels, panels).map { chart, panel in
            RenderedChart(cachedPresentation: ChartPresentation(chart: chart), audio: panel.audio, dataScriptName: panel.dataScriptName, files: [])
        }
        return RenderedFigure(
            cached: FigurePresentation(figure: figure, panels: rendered.map(\.presentation)), panels: rendered,
            dataScriptName: manifest.dataScriptName, files: generatedFiles)
    }
}

extension RenderedChart {
    /// A chart rebuilt from the render cache (no problems: those are never cached).
    init(cachedPresentation: ChartPresentation, audio: ChartAudioInfo?, dataScriptName: String, files: [GeneratedFile]) {
        self.presentation = cachedPresentation
        self.audio = audio
        self.dataScript = DataScript(name: dataScriptName, bytes: files.first { $0.role == .chartData }?.data ?? Data())
        self.files = files
        self.problems = []
    }
}
