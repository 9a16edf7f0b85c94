import ArgumentParser
import ChartData
import ChartModel
import Foundation
import SiteExport
import SiteGenerator
import SpecReading

/// `pitchline render SPEC|- [-o FILE] [--fragment]`: one chart to one self-contained HTML file
/// (or a fragment), with the page, audio and text an export makes for it. What the notebook,
/// Pandoc and Quarto bridges call (docs/notebooks.md).
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one chart spec to one self-contained HTML file or fragment (for notebooks, Pandoc and Quarto).",
        discussion: """
            SPEC is a Vega-Lite spec file (or a CSV file), or - for a spec on standard input. Data URLs are read \
            relative to the spec's folder (the working folder for standard input). A spec that \
            cannot be charted is reported as check reports it (file, line, JSON path), nothing is \
            written, and the exit status is 1.
            """)

    @Argument(help: ArgumentHelp("The spec file (.vl.json) or a CSV file, or - to read a spec from standard input.", valueName: "SPEC|-"))
    var spec: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The HTML file to write (default: standard output).", valueName: "FILE"))
    var out: String?

    @Flag(help: "Write a fragment (a <div>) to place in another HTML page instead of a whole document.")
    var fragment = false

    @Flag(help: "With --fragment: leave out the style, the help dialog and the page script (another fragment on the page carries them).")
    var noPageParts = false

    @Option(help: ArgumentHelp("The chart's id, unique on the page (default: the spec's file name, or \"chart\" from standard input).", valueName: "ID"))
    var id: String?

    @Option(help: ArgumentHelp("The heading level of the chart's title (default: 1 in a document, 2 in a fragment).", valueName: "N"))
    var headingLevel: Int?

    @Option(help: ArgumentHelp("Theme folder (Templates/, Public/) overriding the built-in theme file by file.", valueName: "DIR"))
    var theme: String?

    @Option(help: ArgumentHelp("Cache folder for rendered audio.", valueName: "DIR"))
    var cache: String = CacheFolder.defaultPath

    func validate() throws {
        if let id, id.isEmpty || !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw ValidationError("--id \(id): use letters, digits, - and _ only (it names ids inside the page)")
        }
        if let headingLevel, !(1...4).contains(headingLevel) { throw ValidationError("--heading-level must be 1 to 4") }
        if noPageParts && !fragment { throw ValidationError("--no-page-parts needs --fragment") }
    }

    func run() async throws {
        let item: LoadedSpec
        do {
            item = try SpecInput.load(spec, id: id)
        } catch {
            SiteFolder.report("error: \(error)")
            throw ExitCode(1)
        }
        let generator = SiteGenerator(
            siteDirectory: URL(fileURLWithPath: "."), themeDirectory: theme.map { URL(fileURLWithPath: $0) },
            cacheDirectory: URL(fileURLWithPath: cache))
        let rendered = try await generator.renderOne(
            item, layout: fragment ? .fragment(pageParts: !noPageParts) : .document, headingLevel: headingLevel)
        if !rendered.problems.isEmpty {
            for problem in rendered.problems { SiteFolder.report("error: \(SpecInput.displayed(problem))") }
            throw ExitCode(1)
        }
        if let out, out != "-" {
            try SingleFileSite.write(rendered.html, to: URL(fileURLWithPath: out))
        } else {
            FileHandle.standardOutput.write(rendered.html)
        }
    }
}

/// The spec `render` reads: a file anywhere on disk or standard input, loaded with its data URLs
/// relative to its folder, and its problems named as the user named the spec.
enum SpecInput {
    /// Loads `spec` (a path, or "-" for standard input); `id` names the chart instead of the file name.
    static func load(_ spec: String, id: String?) throws(ChartProblem) -> LoadedSpec {
        let cwd = FileManager.default.currentDirectoryPath
        let bytes: Data, folder: String, fileName: String
        if spec == "-" {
            bytes = FileHandle.standardInput.readDataToEndOfFile()
            (folder, fileName) = (cwd, "chart.vl.json")
        } else {
            let url = URL(fileURLWithPath: spec).standardizedFileURL
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ChartProblem(file: spec, message: FileManager.default.fileExists(atPath: url.path) ? "cannot read the file" : "cannot read: no such file")
            }
            (bytes, folder, fileName) = (data, url.deletingLastPathComponent().path, url.lastPathComponent)
        }
        // Paths inside the loader are relative to "/" (as `ChartLoader.loadAnyFile` reads them),
        // so data URLs resolve from the spec's folder anywhere on disk.
        let name = id.map { "\($0).vl.json" } ?? fileName
        let path = String((folder.hasSuffix("/") ? folder + name : folder + "/" + name).dropFirst())
        let display = spec == "-" ? "<stdin>" : spec
        do {
            if spec != "-" && fileName.lowercased().hasSuffix(".csv") {  // a bare CSV, with its sidecar when there is one
                let sidecar = FileManager.default.contents(atPath: folder + "/" + fileName + ".json")
                return ChartLoader.finished(.chart(try ChartLoader.loadCSV(data: bytes, path: path, sidecar: sidecar)), language: "en")
            }
            let item = try ChartLoader.loadAny(data: bytes, path: path, readFile: { try Data(contentsOf: URL(fileURLWithPath: "/" + $0), options: .alwaysMapped) })
            return ChartLoader.finished(item, language: "en")
        } catch {
            var problem = error
            problem.file = problem.file == path ? display : displayPath(problem.file, cwd: cwd)
            problem.chartFile = problem.chartFile.map { $0 == path ? display : displayPath($0, cwd: cwd) }
            throw problem
        }
    }

    /// A loader path (absolute without its "/") as the user would type it: relative to the
    /// working folder when inside it.
    static func displayPath(_ path: String, cwd: String) -> String {
        let absolute = path.hasPrefix("/") ? path : "/" + path
        return absolute.hasPrefix(cwd + "/") ? String(absolute.dropFirst(cwd.count + 1)) : absolute
    }

    /// A rendering problem with its file named as `displayPath` names it.
    static func displayed(_ problem: SiteProblem) -> String {
        var problem = problem
        problem.file = displayPath(problem.file, cwd: FileManager.default.currentDirectoryPath)
        return problem.description
    }
}
