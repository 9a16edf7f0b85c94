import ChartData
import ChartModel
import ChartPages
import Foundation
import Sonification
import SpecReading

/// "How to listen to these charts" (`guide.html`, role `guide`) and its sound examples
/// (`guide/<name>.ogg`, role `guideAudio`): each example is a tone of a small example chart,
/// rendered by the same Sonification as every chart with the site's audio settings, so the
/// guide plays exactly what the charts play.
enum GuidePage {
    static let path = "guide.html"
    /// Series "Example" rises from 10 to 50 (its first point is its lowest, its last its
    /// highest); "Second" has a missing value in its second row.
    static let exampleCSV = "x,Example,Second\n1,10,20\n2,20,\n3,30,25\n4,40,30\n5,50,35\n"

    static func files(siteTitle: String, audioDefaults: AudioOptions, theme: Theme, cacheDirectory: URL?) throws -> [GeneratedFile] {
        var chart = try ChartLoader.loadCSV(data: Data(exampleCSV.utf8), path: "guide-example.csv", audioDefaults: audioDefaults)
        // A rule at 30 gives the bank its landmark chime, the sound a layered chart's marks make.
        chart.semantics.annotations = [ChartAnnotation(kind: .rule, value: 30, layer: 0)]
        let audio = try Sonifier(cacheDirectory: cacheDirectory).render(chart: chart)
        guard let markTone = audio.markTone else { throw GenerationError(step: "Rendering the guide's sounds", path: path, underlying: GuideError.noChime) }
        let picks: [(String, Int)] = [
            ("value", audio.pointTones[0][2]), ("lowest", audio.pointTones[0][0]), ("highest", audio.pointTones[0][4]),
            ("second", audio.pointTones[1][2]), ("missing", audio.missingTone), ("end", audio.endTone), ("mark", markTone),
        ]
        var files: [GeneratedFile] = []
        var paths: [String: GuideSounds.Sound] = [:]
        for (name, tone) in picks {
            let ogg = try audio.toneFile(tone), sound = GuideSounds.Sound(ogg: "guide/\(name).ogg", webm: "guide/\(name).webm")
            paths[name] = sound
            files.append(GeneratedFile(
                path: sound.ogg, data: ogg, contentType: ContentType.ogg, role: .guideAudio,
                audioSeconds: audio.tones[tone].duration))
            files.append(GeneratedFile(   // the same sound again: its seconds are counted once
                path: sound.webm, data: try ChartAudio.webm(ogg), contentType: ContentType.webm, role: .guideAudio))
        }
        let sounds = GuideSounds(
            value: paths["value"]!, lowest: paths["lowest"]!, highest: paths["highest"]!, second: paths["second"]!,
            missing: paths["missing"]!, end: paths["end"]!, mark: paths["mark"]!)
        let html = try theme.pages.guidePage(siteTitle: siteTitle, sounds: sounds, assets: theme.assets.paths)
        files.append(GeneratedFile(path: path, data: Data(html.utf8), contentType: ContentType.html, role: .guide,
                                   title: Messages(tag: theme.pages.language)[.guideTitle]))
        return files
    }
}

enum GuideError: Error, CustomStringConvertible {
    case noChime
    var description: String { "the example chart's tone bank has no landmark chime" }
}
