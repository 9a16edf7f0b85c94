import Foundation

/// The one rule for a chart's id: its file name without the chart suffix. The id names the
/// chart's page (`charts/<id>.html`), its files and every id inside its markup.
public enum ChartID {
    /// Suffixes of chart files, longest first (`.vl.json` before `.json`); compared ignoring case.
    public static let suffixes = [".vl.json", ".json", ".csv"]

    /// `site/charts/seattle-temperature.vl.json` → `seattle-temperature`; a name without a chart
    /// suffix is returned whole.
    public static func fromFileName(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        if let suffix = suffixes.first(where: { name.lowercased().hasSuffix($0) }) { name.removeLast(suffix.count) }
        return name
    }

    /// The id of a chart file in a `charts/` folder; nil for anything else (a data file).
    public static func forFile(_ path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "charts", let name = parts.last,
            suffixes.contains(where: { name.lowercased().hasSuffix($0) })
        else { return nil }
        return fromFileName(String(name))
    }
}
