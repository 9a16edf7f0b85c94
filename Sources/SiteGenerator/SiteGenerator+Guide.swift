import ChartData
import ChartPages
import Foundation
import Sonification

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
        let chart = try ChartLoader.loadCSV(data: Data(exampleCSV.utf8), path: "guide-example.csv", audioDefaults: audioDefaults)
        let audio = try Sonifier(cacheDirectory: cacheDirectory).render(chart: chart)
        let picks: [(String, Int)] = [
            ("value", audio.pointTones[0][2]), ("lowest", audio.pointTones[0][0]), ("highest", audio.pointTones[0][4]),
            ("second", audio.pointTones[1][2]), ("missing", audio.missingTone), ("end", audio.endTone),
        ]
        var files: [GeneratedFile] = []
        var paths: [String: String] = [:]
        for (name, tone) in picks {
            let file = "guide/\(name).ogg"
            paths[name] = file
            files.append(GeneratedFile(
                path: file, data: try audio.toneFile(tone), contentType: ContentType.ogg, role: .guideAudio,
                audioSeconds: audio.tones[tone].duration))
        }
        let sounds = GuideSounds(
            value: paths["value"]!, lowest: paths["lowest"]!, highest: paths["highest"]!, second: paths["second"]!,
            missing: paths["missing"]!, end: paths["end"]!)
        let html = try theme.pages.guidePage(siteTitle: siteTitle, sounds: sounds, assets: theme.assets.paths)
        files.append(GeneratedFile(path: path, data: Data(html.utf8), contentType: ContentType.html, role: .guide,
                                   title: Messages(tag: theme.pages.language)["guide.title"]))
        return files
    }
}
