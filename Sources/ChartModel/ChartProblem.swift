import Foundation

/// A located problem with a chart's spec or data: names the file and, where known, the line,
/// column and JSON path. `description` reads like a compiler diagnostic:
/// `site/data/x.csv:17:3: expected a number in column "temp_max", found "abc"`.
///
/// For CSV cell errors `column` is the 1-based field number; for syntax errors (CSV or JSON) it is
/// the 1-based character column on that line.
public struct ChartProblem: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file, relative to the folder that holds `site/` (e.g. `site/charts/x.vl.json`).
    public var file: String
    public var line: Int?
    public var column: Int?
    /// JSON path such as `$.encoding.x.field`, for problems in JSON files.
    public var jsonPath: String?
    public var message: String
    /// The chart (spec or CSV) being loaded when the problem was found, when that is another file
    /// than `file` (a spec whose data file is broken). Set by `ChartLoader.loadSite`.
    public var chartFile: String?

    /// Any problem, here or outside this module (a report's inline spec, `pitchline render`'s input).
    public init(file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, message: String, chartFile: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
        self.chartFile = chartFile
    }

    public var description: String {
        let location = Self.location(file: file, line: line, column: column)
        if let jsonPath { return "\(location): \(jsonPath): \(message)" }
        return "\(location): \(message)"
    }

    /// `file:line:column` as compilers write it (line and column where known); the one format
    /// for every located problem (`SiteProblem` too).
    public static func location(file: String, line: Int?, column: Int?) -> String {
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}

extension ChartProblem {
    /// Why reading a file failed, in a few words ("no such file", the system's reason).
    package static func reason(_ error: Error) -> String {
        if let problem = error as? ChartProblem { return problem.message }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain && (ns.code == NSFileReadNoSuchFileError || ns.code == 260) { return "no such file" }
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return ns.localizedDescription
    }
}
