import ChartModel
import Foundation
import SpecReading

extension ChartLoader {
    /// The folder name used in messages (`site`): problems name files relative to the folder
    /// holding the site folder.
    public var displayRoot: String { siteDirectory.standardizedFileURL.lastPathComponent }

    /// Loads every chart in `charts/`. One broken chart becomes a problem; the others still load.
    /// `reusing(path)` true: the caller has that chart already (a render cache entry); it is
    /// neither read nor listed.
    public func loadSite(reusing: (String) -> Bool = { _ in false }) -> SiteCharts {
        let chartsDirectory = siteDirectory.appendingPathComponent("charts")
        let root = displayRoot
        var charts: [Chart] = []
        var figures: [ChartFigure] = []
        var problems: [ChartProblem] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: chartsDirectory.path).sorted()
        } catch {
            return SiteCharts(charts: [], problems: [ChartProblem(file: "\(root)/charts", message: "cannot list the charts folder: \(ChartProblem.reason(error))")])
        }
        var ids: [String: String] = [:]
        var skipped: [String] = []
        for name in names {
            let path = "\(root)/charts/\(name)"
            guard Self.isChartFileName(name), !isFolder(chartsDirectory.appendingPathComponent(name)) else {
                // A CSV's sidecar (`x.csv.json`) is read with its CSV, not listed.
                if !Self.isSidecarName(name) {
                    skipped.append(path)
                } else if !names.contains(String(name.dropLast(".json".count))) {
                    problems.append(ChartProblem(file: path, message: "describes \(name.dropLast(".json".count)), which is not in \(root)/charts; rename it after its CSV file"))
                }
                continue
            }
            let id = Self.chartID(path)
            if let other = ids[id] {
                problems.append(ChartProblem(file: path, message: "chart id \"\(id)\" is also used by \(other); rename one of them"))
                continue
            }
            ids[id] = path
            if reusing(path) { continue }
            do {
                switch try loadItem(path: path) {
                case .chart(let chart): charts += withInputVariants(chart, path: path)  // a page per value of a bound input
                case .figure(let figure): figures.append(figure)
                }
            } catch {
                var problem = error
                if problem.file != path { problem.chartFile = path }
                problems.append(problem)
            }
        }
        // A panel's id (`<figure>--p<n>`) names files beside the charts': no chart may take it.
        for figure in figures {
            for panel in figure.panels where ids[panel.id] != nil {
                problems.append(ChartProblem(file: ids[panel.id]!, message: "chart id \"\(panel.id)\" is also the id of panel \(panel.panel.map { $0.index + 1 } ?? 0) of \(figure.sourcePath); rename the chart"))
            }
        }
        let taken = Set(figures.flatMap { $0.panels.map(\.id) })
        charts.removeAll { taken.contains($0.id) }
        figures.removeAll { taken.contains($0.id) }
        charts.sort { $0.id < $1.id }
        var site = SiteCharts(charts: charts, problems: problems, skipped: skipped)
        site.figures = figures.sorted { $0.id < $1.id }
        return site
    }

    /// `x.vl.json`, `x.json`, `x.csv`; not dotfiles (`.DS_Store`, `.x.swp`), editor backups
    /// (`x.vl.json~`, `#x.csv#`), READMEs or CSV sidecars (`x.csv.json`).
    static func isChartFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        if name.hasPrefix(".") || name.hasPrefix("#") || isSidecarName(name) { return false }
        return lower.hasSuffix(".json") || lower.hasSuffix(".csv")
    }

    /// `x.csv.json`: title, units and series names for the bare CSV `x.csv` (docs/architecture.md).
    static func isSidecarName(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.lowercased().hasSuffix(".csv.json")
    }

    private func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Loads one chart by its display path (`site/charts/x.vl.json`).
    public func loadChart(path: String) throws(ChartProblem) -> Chart {
        let bytes: Data
        do {
            bytes = try readFile(path)
        } catch {
            throw ChartProblem(file: path, message: "cannot read: \(ChartProblem.reason(error))")
        }
        if path.lowercased().hasSuffix(".csv") {
            var sidecar: Data?
            do {
                sidecar = try readFile(path + ".json")
            } catch {
                if ChartProblem.reason(error) != "no such file" { throw ChartProblem(file: path + ".json", message: "cannot read: \(ChartProblem.reason(error))") }
            }
            var chart = try Self.loadCSV(data: bytes, path: path, sidecar: sidecar, audioDefaults: audioDefaults)
            chart.options.language = chart.options.language ?? languageDefault
            return chart
        }
        var chart = try Self.loadSpec(data: bytes, path: path, audioDefaults: audioDefaults, readFile: readFile)
        chart.options.language = chart.options.language ?? languageDefault
        chart.nameDerivedSeries()  // box statistics and error-bar centres in the chart's language
        return chart
    }

    /// Loads one chart file by its display path: a spec composing views (facet, repeat, concat)
    /// is a figure, anything else a chart (`loadChart`).
    public func loadItem(path: String) throws(ChartProblem) -> LoadedSpec {
        guard !path.lowercased().hasSuffix(".csv") else { return .chart(try loadChart(path: path)) }
        let bytes: Data
        do {
            bytes = try readFile(path)
        } catch {
            throw ChartProblem(file: path, message: "cannot read: \(ChartProblem.reason(error))")
        }
        return Self.finished(try Self.loadAny(data: bytes, path: path, audioDefaults: audioDefaults, readFile: readFile), language: languageDefault)
    }

    /// A loaded spec as the site reads it (`loadChart` too): in `language` unless the spec names
    /// its own, box statistics and error-bar centres named in it. Also for specs that are not
    /// files of the site (a report's inline spec, `pitchline render`).
    public static func finished(_ item: LoadedSpec, language: String) -> LoadedSpec {
        func finished(_ chart: Chart) -> Chart {
            var chart = chart
            chart.options.language = chart.options.language ?? language
            chart.nameDerivedSeries()
            return chart
        }
        switch item {
        case .chart(let chart): return .chart(finished(chart))
        case .figure(var figure):
            figure.panels = figure.panels.map(finished)
            return .figure(figure)
        }
    }

    /// Reads a file by its display path (`site/data/x.csv`), memory-mapped (large CSVs cost
    /// address space, not heap).
    public func readFile(_ path: String) throws -> Data {
        let root = displayRoot
        var relative = Substring(path)
        if relative.hasPrefix(root + "/") { relative = relative.dropFirst(root.count + 1) }
        let url = siteDirectory.appendingPathComponent(String(relative))
        // A symbolic link may not lead out of the site folder.
        let site = siteDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let target = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard target.hasPrefix(site + "/") else {
            throw ChartProblem(file: path, message: "is a link to \(target), outside the site folder")
        }
        return try Data(contentsOf: url, options: .alwaysMapped)
    }
}

extension ChartLoader {
    /// Loads one spec file from anywhere on disk, its data URLs relative to it: the chart model
    /// with every value as Vega-Lite evaluates it (rows in `xValues`, `series[s].values`, bins,
    /// stacks, ranges and extra channels in `semantics` and `series[s].details`). For tools such
    /// as the differential test against vl-convert; `site/` charts load through `loadSite`.
    public static func loadSpecFile(atPath path: String) throws(ChartProblem) -> Chart {
        let file = try readAnywhere(path)
        return try loadSpec(data: file.bytes, path: file.path, readFile: readFromRoot)
    }

    /// `loadSpecFile`, for a spec that may compose views (a figure of panels).
    public static func loadAnyFile(atPath path: String) throws(ChartProblem) -> LoadedSpec {
        let file = try readAnywhere(path)
        return try loadAny(data: file.bytes, path: file.path, readFile: readFromRoot)
    }

    /// A spec file's bytes and its absolute path without the leading "/": paths inside are
    /// relative to "/" so that `resolve` keeps them within the file system.
    private static func readAnywhere(_ path: String) throws(ChartProblem) -> (bytes: Data, path: String) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        do {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: absolute), options: .alwaysMapped)
            return (bytes, String(absolute.dropFirst()))
        } catch {
            throw ChartProblem(file: path, message: "cannot read: \(ChartProblem.reason(error))")
        }
    }

    /// Reads a data file named relative to "/" (see `readAnywhere`).
    private static func readFromRoot(_ relative: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "/" + relative), options: .alwaysMapped)
    }
}
