import ChartModel
import Foundation

extension SpecData {
    /// Reads a spec's `data.url` as Vega-Lite resolves it: relative to the spec when that file
    /// exists (`../data/x.csv` from `charts/`), else relative to the site root, as a page at the
    /// root would (`data/x.csv`, the Vega-Lite gallery's form). Absolute and remote URLs, and
    /// paths leaving the site folder, are refused.
    static func readData(_ url: String, specPath: String, line: Int, readFile: (String) throws -> Data) throws(ChartProblem) -> (path: String, bytes: Data) {
        let candidates = try resolve(url, relativeTo: specPath, line: line)
        var tried: [String] = []
        for candidate in candidates {
            do {
                return (candidate, try readFile(candidate))
            } catch {
                let reason = ChartProblem.reason(error)
                if reason != "no such file" {
                    throw ChartProblem(file: specPath, line: line, jsonPath: "$.data.url", message: "cannot read \"\(url)\" (\(candidate)): \(reason)")
                }
                tried.append(candidate)
            }
        }
        throw ChartProblem(file: specPath, line: line, jsonPath: "$.data.url", message: "cannot read \"\(url)\": no such file (looked for \(tried.joined(separator: " and ")))")
    }

    /// The display paths a relative data URL may name, in the order tried: relative to the spec's
    /// folder, then to the site root (one path when both are the same; none outside the site).
    package static func resolve(_ url: String, relativeTo specPath: String, line: Int) throws(ChartProblem) -> [String] {
        if url.contains("://") || url.hasPrefix("/") || url.hasPrefix("data:") {
            let hint = url.contains("://") ? "; download the file into the site's data/ folder and name it \"data/\((url as NSString).lastPathComponent)\"" : "; use a path relative to the site folder, e.g. \"data/file.csv\""
            throw ChartProblem(file: specPath, line: line, jsonPath: "$.data.url", message: "\"\(url)\" is not supported\(hint)")
        }
        let folders = specPath.split(separator: "/").dropLast().map(String.init)
        guard let root = folders.first else { return [url] }
        var candidates: [String] = []
        for base in [folders, [root]] {
            if let path = join(base, url), !candidates.contains(path) { candidates.append(path) }
        }
        if candidates.isEmpty {
            throw ChartProblem(file: specPath, line: line, jsonPath: "$.data.url", message: "\"\(url)\" points outside the site folder")
        }
        return candidates
    }

    /// `base` folders (the first is the site root) plus a relative URL; nil if it leaves the root.
    private static func join(_ base: [String], _ url: String) -> String? {
        var parts = base
        for part in url.split(separator: "/") {
            switch part {
            case ".", "": continue
            case "..":
                if parts.count <= 1 { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
