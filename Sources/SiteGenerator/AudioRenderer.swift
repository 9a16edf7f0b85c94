import ChartData
import ChartModel
import ChartPages
import ContentHash
import Foundation
import Sonification

/// A chart's rendered audio: what the page needs to know, and the files to serve.
struct RenderedAudio: Sendable {
    var info: ChartAudioInfo
    var files: [GeneratedFile]
}

/// Renders chart audio through Sonification (cached on disk by content hash) and lays it out
/// as files (docs/architecture.md, "Generated site layout").
struct AudioRenderer: Sendable {
    let sonifier: Sonifier

    init(cacheDirectory: URL?) {
        sonifier = Sonifier(cacheDirectory: cacheDirectory)
    }

    /// The tone bank, its script twin and the whole-series graphs. No per-point files: the page
    /// plays every point from the bank (`ChartAudioInfo.tones`), so nothing would request them.
    func render(_ chart: Chart) throws -> RenderedAudio {
        let audio = try sonifier.render(chart: chart)
        let bank = try bankFiles(audio, id: chart.id)
        var rendered = layout(audio, id: chart.id, bank: bank)
        rendered.files = bank.files + rendered.files
        return rendered
    }

    /// A tone bank's file names (relative to `charts/`; the first segment's) and files.
    struct Bank {
        var ogg: String, webm: String, script: String, webmScript: String
        /// Every segment's stem `<id>.audio.<hash>`, in segment order.
        var stems: [String]?
        var files: [GeneratedFile]
    }

    /// The tone bank's segments, each named `<id>.audio.<hash>`: the Ogg stream, the same sound in
    /// WebM (for browsers that decode Vorbis but not Ogg; fetched only there) and the script twin of
    /// each (base64 in a classic script keyed by the stem, for `file:` and the single file; the page
    /// loads the one it can play), segment by segment as the reader's view needs them.
    func bankFiles(_ audio: ChartAudio, id: String) throws -> Bank {
        var files: [GeneratedFile] = []
        var stems: [String] = []
        for (k, ogg) in audio.segments.enumerated() {
            let stem = "\(id).audio.\(audio.segmentHashes[k])"
            stems.append(stem)
            let webm = try audio.segmentWebM(k)
            files += [
                GeneratedFile(
                    path: "charts/\(stem).ogg", data: ogg, contentType: ContentType.ogg, role: .audioBank, chartID: id,
                    audioSeconds: audio.segmentSeconds(k), isImmutable: true),
                GeneratedFile(
                    path: "charts/\(stem).webm", data: webm, contentType: ContentType.webm, role: .audioBank, chartID: id,
                    isImmutable: true),   // the .ogg's sound again: its seconds are counted once
                GeneratedFile(
                    path: "charts/\(stem).js", data: Self.audioScript(key: stem, sprite: ogg),
                    contentType: ContentType.javascript, role: .audioScript, chartID: id, isImmutable: true),
                GeneratedFile(
                    path: "charts/\(stem).webm.js", data: Self.audioScript(key: stem, sprite: webm, global: Self.webmGlobal),
                    contentType: ContentType.javascript, role: .audioScript, chartID: id, isImmutable: true),
            ]
        }
        let first = stems[0]
        return Bank(
            ogg: first + ".ogg", webm: first + ".webm", script: first + ".js", webmScript: first + ".webm.js",
            stems: stems, files: files)
    }

    /// A figure's panels on one tone bank (`Sonifier.render(sharing:)`): one Ogg sprite and its
    /// script twin named for the figure (`<figure id>.audio.<hash>.ogg`), and each panel's audio
    /// graphs under its own id. Measured on the 50-panel grid of `pitchline bench multiples`:
    /// one bank per panel was 725 KB in 50 requests (and 50 decodes); the shared bank holds the
    /// tones of all of them once.
    func render(panels: [Chart], figureID id: String) throws -> (audio: [RenderedAudio], files: [GeneratedFile]) {
        let audios = try sonifier.render(sharing: panels)
        guard let first = audios.first else { return ([], []) }
        let bank = try bankFiles(first, id: id)
        let rendered = zip(panels, audios).map { chart, audio in
            var r = layout(audio, id: chart.id, bank: bank)
            r.info.audioKey = id
            return r
        }
        return (rendered, bank.files)
    }

    /// A chart's audio info and its rendition files; the bank files are the caller's.
    func layout(_ audio: ChartAudio, id: String, bank: Bank) -> RenderedAudio {
        var files: [GeneratedFile] = []
        var graphs: [String] = []
        for (n, rendition) in audio.renditions.enumerated() {
            let path = "\(id)/graph-\(n).ogg"
            graphs.append(path)
            files.append(GeneratedFile(
                path: "charts/\(path)", data: rendition, contentType: ContentType.ogg, role: .rendition, chartID: id,
                audioSeconds: audio.renditionDuration))
        }
        var info = ChartAudioInfo(
            oggFile: bank.ogg, webmFile: bank.webm, scriptFile: bank.script, webmScriptFile: bank.webmScript, sampleRate: audio.sampleRate,
            tones: audio.tones.map {
                [round4($0.start), round4($0.duration), round4($0.frequency)] + ((bank.stems?.count ?? 1) < 2 ? [] : [Double($0.segment)])
            },
            pointTones: audio.pointTones, sharedPointTones: audio.sharedPointTones, endTone: audio.endTone, missingTone: audio.missingTone,
            playbackDuration: audio.renditionDuration, graphFiles: graphs)
        info.markTone = audio.markTone
        info.bank.segments = bank.stems
        return RenderedAudio(info: info, files: files)
    }

    /// The WebM twin's global in the page (`window.PitchlineAudioWebM[ID]`).
    static let webmGlobal = "PitchlineAudioWebM"

    /// `(window.PitchlineAudio = window.PitchlineAudio || {})["STEM"] = "BASE64";`
    static func audioScript(key stem: String, sprite: Data, global: String = "PitchlineAudio") -> Data {
        let key = scriptSafeJSON(jsonStringLiteral(stem))
        return Data("(window.\(global) = window.\(global) || {})[\(key)] = \"\(sprite.base64EncodedString())\";\n".utf8)
    }
}

func round4(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

func shortHash(_ data: Data) -> String { ContentHash.short(data) }
