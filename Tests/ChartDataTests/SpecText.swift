import ChartModel
import Foundation
@testable import ChartData
import SpecReading

/// A spec read from JSON text as the site loader reads it (no data files beside it), for the
/// figure tests.
enum SpecText {
    static func load(_ json: String) throws(ChartProblem) -> LoadedSpec {
        try ChartLoader.loadAny(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    static func figure(_ json: String) throws(ChartProblem) -> ChartFigure {
        guard case .figure(let f) = try load(json) else { throw ChartProblem(file: "test", message: "loaded as a single chart") }
        return f
    }

    /// The problem `read` finds in `json`, as the reader sees it; "no problem" when there is none.
    static func problem<T>(_ json: String, _ read: (String) throws(ChartProblem) -> T) -> String {
        do throws(ChartProblem) {
            _ = try read(json)
            return "no problem"
        } catch {
            return error.description
        }
    }
}
