import ArgumentParser
import Foundation
import SiteExport
import SiteGenerator

/// `pitchline export [SITE] --out DIR`: writes the generated site as static files.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the site as static HTML, CSS, JS, CSV and audio files.")

    @Argument(help: "The site folder (chart specs, data, reports).")
    var site: String = "site"

    @Option(name: .shortAndLong, help: "The output folder.")
    var out: String = "_site"

    @Option(help: "Folder holding Templates/ and Public/ (default: next to the site folder, else the current folder).")
    var theme: String?

    @Option(help: "Audio cache folder.")
    var cache: String = ".cache"

    func run() async throws {
        let siteURL = URL(fileURLWithPath: site)
        let themeURL = theme.map { URL(fileURLWithPath: $0) } ?? Self.defaultTheme(for: siteURL)
        let generator = SiteGenerator(
            siteDirectory: siteURL, themeDirectory: themeURL, cacheDirectory: URL(fileURLWithPath: cache))
        let files = try await generator.generate { step in
            FileHandle.standardError.write(Data("\(step.description)\n".utf8))
        }
        for problem in files.problems {
            FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
        }
        let (count, bytes) = try SiteExporter(outputDirectory: URL(fileURLWithPath: out)).write(files)
        print("Wrote \(count) files (\(bytes / 1024) KiB) to \(out)")
    }

    /// The theme folder: the site's parent if it has `Templates/`, else the current folder.
    static func defaultTheme(for site: URL) -> URL {
        let parent = site.standardizedFileURL.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: parent.appendingPathComponent("Templates").path) { return parent }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
