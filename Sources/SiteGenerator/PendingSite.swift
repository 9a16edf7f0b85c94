import Foundation
// TEMPORARY until ContentHash lands on main: FNV-1a 64, 12 hex digits.
func shortHash(_ data: Data) -> String {
    var h: UInt64 = 0xcbf29ce484222325
    for b in data { h ^= UInt64(b); h = h &* 0x100000001b3 }
    return String(String(h, radix: 16).suffix(12))
}
import ChartData
// TEMPORARY until ChartLoader lands on main.
struct SiteCharts { var charts: [Chart]; var problems: [ChartProblem] }
struct ChartLoader { init(siteDirectory: URL) {}; func loadSite() -> SiteCharts { SiteCharts(charts: [], problems: []) } }
public struct ChartProblem: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String; public var line: Int?; public var column: Int?; public var jsonPath: String?; public var message: String
    public init(file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, message: String) { self.file = file; self.line = line; self.column = column; self.jsonPath = jsonPath; self.message = message }
    public var description: String { var l = file; if let line { l += ":\(line)"; if let column { l += ":\(column)" } }; return "\(l): \(message)" }
}
