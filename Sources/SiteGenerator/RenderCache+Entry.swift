import ChartData
import ChartModel
import ChartPages
import ContentHash
import Foundation

/// One chart's cached render on disk (what a warm generation needs of it without loading it):
///
///     PLR6 <SHA-256 of everything after this line, 64 hex>\n
///     <manifest JSON length>\n<manifest JSON><blob 0><blob 1>…
///
/// Files with identical bytes are stored once; the audio's tone indexes, one per point, are a
/// blob too (`PackedTones`), so the JSON stays small whatever the chart's size.
struct CacheEntry {
    /// A stored file: its metadata as the generator made it, its bytes by index into the blobs.
    struct File: Codable {
        var metadata: GeneratedFile.Metadata
        var blob: Int
    }

    struct Manifest: Codable {
        var chartID: String
        /// What the index, `charts.json` and reports need of the chart or figure.
        var facts: ChartFacts
        /// Its markup inside a report, when a report embeds it.
        var embed: StoredEmbed?
        var dataScriptName: String
        /// The audio without its tone indexes, which are in `tones`.
        var audio: ChartAudioInfo?
        var tones: PackedTones?
        var files: [File]
        var blobSizes: [Int]
        /// A figure's panels (nil for a chart): what its report embeds need of each.
        var panels: [Panel]? = nil
    }

    struct Panel: Codable {
        var chartID: String
        var facts: ChartFacts
        var dataScriptName: String
        var audio: ChartAudioInfo?
        var tones: PackedTones?
    }

    static let magic = "PLR6 "

    var manifest: Manifest
    var blobs: [Data]

    init(manifest: Manifest, blobs: [Data]) {
        self.manifest = manifest
        self.blobs = blobs
    }

    init(_ rendered: RenderedChart) {
        self.init(
            files: rendered.files, facts: rendered.facts, embed: rendered.embed, dataScriptName: rendered.dataScript.name, audio: rendered.audio)
    }

    /// A figure's entry: its files (page, data script, shared bank, every panel's files) and its panels.
    init(_ figure: RenderedFigure) {
        self.init(files: figure.files, facts: figure.facts, embed: figure.embed, dataScriptName: figure.dataScriptName, audio: nil)
        var panels: [Panel] = []
        for panel in figure.panels {
            let packed = panel.audio.map { PackedTones.pack($0, into: &blobs) }
            panels.append(Panel(chartID: panel.id, facts: panel.facts, dataScriptName: panel.dataScript.name, audio: packed?.0, tones: packed?.1))
        }
        manifest.panels = panels
        manifest.blobSizes = blobs.map(\.count)
    }

    init(files generated: [GeneratedFile], facts: ChartFacts, embed: EmbeddedChart?, dataScriptName: String, audio: ChartAudioInfo?) {
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
        let packed = audio.map { PackedTones.pack($0, into: &blobs) }
        manifest = Manifest(
            chartID: facts.id, facts: facts, embed: embed.map(StoredEmbed.init), dataScriptName: dataScriptName, audio: packed?.0, tones: packed?.1,
            files: files, blobSizes: blobs.map(\.count))
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

    /// The chart as the generator needs it: its files, facts and report markup from the entry;
    /// `chart`'s presentation when the chart was loaded (nil: reused without loading it).
    func rendered(chart: Chart?) -> RenderedChart? {
        guard manifest.panels == nil, chart.map({ $0.id == manifest.chartID }) ?? true, manifest.facts.id == manifest.chartID,
            let audio = storedAudio(manifest.audio, manifest.tones)
        else { return nil }
        return RenderedChart(
            cached: manifest.facts, presentation: chart.map { ChartPresentation(chart: $0) }, audio: audio, dataScriptName: manifest.dataScriptName,
            files: generatedFiles, embed: manifest.embed?.embedded)
    }

    /// The stored audio with its tone indexes: `.some(nil)` for a chart without audio, nil when
    /// the entry does not hold what its manifest says.
    func storedAudio(_ bare: ChartAudioInfo?, _ tones: PackedTones?) -> ChartAudioInfo?? {
        guard let bare else { return .some(nil) }
        guard let tones, let audio = tones.unpack(bare, blobs: blobs) else { return nil }
        return .some(audio)
    }
}

extension CacheEntry {
    /// The figure as the generator needs it: its files, facts and report markup from the entry;
    /// its and its panels' presentations when it was loaded (nil: reused without loading it).
    func rendered(figure: ChartFigure?) -> RenderedFigure? {
        guard manifest.chartID == manifest.facts.id, figure.map({ $0.id == manifest.chartID }) ?? true, let panels = manifest.panels,
            panels.count == figure?.panels.count ?? panels.count
        else { return nil }
        var rendered: [RenderedChart] = []
        for (i, panel) in panels.enumerated() {
            guard let audio = storedAudio(panel.audio, panel.tones) else { return nil }
            rendered.append(RenderedChart(
                cached: panel.facts, presentation: figure.map { ChartPresentation(chart: $0.panels[i]) }, audio: audio,
                dataScriptName: panel.dataScriptName, files: [], embed: nil))
        }
        return RenderedFigure(
            cached: manifest.facts, presentation: figure.map { FigurePresentation(figure: $0, panels: rendered.compactMap(\.presentation)) },
            panels: rendered, dataScriptName: manifest.dataScriptName, files: generatedFiles, embed: manifest.embed?.embedded)
    }
}
