import ChartData
import ChartPages
import ContentHash
import Foundation

/// One chart's cached render on disk:
///
///     PLR2 <checksum of everything after this line, 16 hex>\n
///     <manifest JSON length>\n<manifest JSON><blob 0><blob 1>…
///
/// Files with identical bytes (a chart's per-point tone files share a few tones) are stored once.
struct CacheEntry {
    struct File: Codable {
        var path: String
        var contentType: String
        var immutable: Bool
        var exported: Bool
        var blob: Int
    }

    struct Audio: Codable {
        var oggFile: String
        var scriptFile: String
        var sampleRate: Int
        var tones: [[Double]]
        var pointTones: [[Int]]
        var sharedPointTones: [[Int]]?
        var endTone: Int
        var missingTone: Int
        var playbackDuration: Double
        var graphFiles: [String]
    }

    struct Manifest: Codable {
        var chartID: String
        var dataScriptName: String
        var audio: Audio?
        var files: [File]
        var blobSizes: [Int]
    }

    static let magic = "PLR2 "

    var manifest: Manifest
    var blobs: [Data]

    init(manifest: Manifest, blobs: [Data]) {
        self.manifest = manifest
        self.blobs = blobs
    }

    init(_ rendered: RenderedChart) {
        var index: [Data: Int] = [:]
        var blobs: [Data] = []
        var files: [File] = []
        for file in rendered.files {
            let blob: Int
            if let known = index[file.data] {
                blob = known
            } else {
                blob = blobs.count
                index[file.data] = blob
                blobs.append(file.data)
            }
            files.append(File(path: file.path, contentType: file.contentType, immutable: file.isImmutable, exported: file.isExported, blob: blob))
        }
        let audio = rendered.audio.map {
            Audio(
                oggFile: $0.oggFile, scriptFile: $0.scriptFile, sampleRate: $0.sampleRate, tones: $0.tones,
                pointTones: $0.pointTones, sharedPointTones: $0.sharedPointTones, endTone: $0.endTone, missingTone: $0.missingTone,
                playbackDuration: $0.playbackDuration, graphFiles: $0.graphFiles)
        }
        manifest = Manifest(
            chartID: rendered.presentation.chart.id, dataScriptName: rendered.dataScriptName, audio: audio, files: files,
            blobSizes: blobs.map(\.count))
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
        let headerLength = magic.utf8.count + 16 + 1
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

    /// A 64-bit checksum (FNV-1a style, 8 bytes a step) that finds torn or damaged entries.
    /// Not SHA-256: our pure-Swift SHA-256 takes ~1 s for a site's entries in a debug build,
    /// which was most of an unchanged export's time; entries are trusted local files.
    static func checksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let words = raw.count / 8
            for i in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
            }
            for i in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[i])) &* 0x0000_0100_0000_01b3 }
        }
        hash ^= UInt64(data.count)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The chart as the generator needs it: its files from the entry, its presentation (for the
    /// index and report embeds) derived from the chart again.
    func rendered(chart: Chart) -> RenderedChart? {
        guard manifest.chartID == chart.id else { return nil }
        let files = manifest.files.map {
            GeneratedFile(path: $0.path, data: blobs[$0.blob], contentType: $0.contentType, isImmutable: $0.immutable, isExported: $0.exported)
        }
        let audio = manifest.audio.map {
            ChartAudioInfo(
                oggFile: $0.oggFile, scriptFile: $0.scriptFile, sampleRate: $0.sampleRate, tones: $0.tones,
                pointTones: $0.pointTones, sharedPointTones: $0.sharedPointTones, endTone: $0.endTone, missingTone: $0.missingTone,
                playbackDuration: $0.playbackDuration, graphFiles: $0.graphFiles)
        }
        return RenderedChart(
            cachedPresentation: ChartPresentation(chart: chart), audio: audio, dataScriptName: manifest.dataScriptName, files: files)
    }
}

extension RenderedChart {
    /// A chart rebuilt from the render cache (no problems: those are never cached).
    init(cachedPresentation: ChartPresentation, audio: ChartAudioInfo?, dataScriptName: String, files: [GeneratedFile]) {
        self.presentation = cachedPresentation
        self.audio = audio
        self.dataScriptName = dataScriptName
        self.files = files
        self.problems = []
    }
}
