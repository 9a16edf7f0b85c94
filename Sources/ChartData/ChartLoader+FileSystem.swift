import Foundation

extension ChartLoader {
    /// The folder name used in messages (`site`).
    var displayRoot: String { siteDirectory.standardizedFileURL.lastPathComponent }

    /// Loads every chart in `charts/`. One broken chart becomes a problem; the others still load.
    public func loadSite() -> SiteCharts {
        let chartsDirectory = siteDirectory.appendingPathComponent("charts")
        let root = displayRoot
        var charts: [Chart] = []
        var problems: [ChartProblem] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: chartsDirectory.path).sorted()
        } catch {
            return SiteCharts(charts: [], problems: [ChartProblem(file: "\(root)/charts", message: "cannot list the charts folder: \(Self.reason(error))")])
        }
        var ids: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let path = "\(root)/charts/\(name)"
            let lower = name.lowercased()
            guard lower.hasSuffix(".json") || lower.hasSuffix(".csv") else {
                problems.append(ChartProblem(file: path, message: "not a chart; charts are Vega-Lite specs (.vl.json) or CSV files (.csv); put data in \(root)/data/"))
                continue
            }
            let id = Self.chartID(path)
            if let other = ids[id] {
                problems.append(ChartProblem(file: path, message: "chart id \"\(id)\" is also used by \(other); rename one of them"))
                continue
            }
            ids[id] = path
            do {
                charts.append(try loadChart(path: path))
            } catch {
                var problem = error
                if problem.file != path { problem.chartFile = path }
                problems.append(problem)
            }
        }
        charts.sort { $0.id < $1.id }
        return SiteCharts(charts: charts, problems: problems)
    }

    /// Loads one chart by its display path (`site/charts/x.vl.json`).
    public func loadChart(path: String) throws(ChartProblem) -> Chart {
        let bytes: Data
        do {
            bytes = try readFile(path)
        } catch {
            throw ChartProblem(file: path, message: "cannot read: \(Self.reason(error))")
        }
        if path.lowercased().hasSuffix(".csv") {
            return try Self.loadCSV(data: bytes, path: path)
        }
        return try Self.loadSpec(data: bytes, path: path, readFile: readFile)
    }

    /// Reads a file by its display path (`site/data/x.csv`), memory-mapped (large CSVs cost
    /// address space, not heap).
    public func readFile(_ path: String) throws -> Data {
        let root = displayRoot
        var relative = Substring(path)
        if relative.hasPrefix(root + "/") { relative = relative.dropFirst(root.count + 1) }
        let url = siteDirectory.appendingPathComponent(String(relative))
        return try Data(contentsOf: url, options: .alwaysMapped)
    }
}

extension ChartLoader {
    /// Loads one spec file from anywhere on disk, its data URLs relative to it: the chart model
    /// with every value as Vega-Lite evaluates it (rows in `xValues`, `series[s].values`, bins,
    /// stacks, ranges and extra channels in `semantics` and `series[s].details`). For tools such
    /// as the differential test against vl-convert; `site/` charts load through `loadSite`.
    public static func loadSpecFile(atPath path: String) throws(ChartProblem) -> Chart {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: absolute), options: .alwaysMapped)
        } catch {
            throw ChartProblem(file: path, message: "cannot read: \(reason(error))")
        }
        // Paths inside are relative to "/" so that `resolve` keeps them within the file system.
        return try loadSpec(data: bytes, path: String(absolute.dropFirst())) { relative in
            try Data(contentsOf: URL(fileURLWithPath: "/" + relative), options: .alwaysMapped)
        }
    }
}
