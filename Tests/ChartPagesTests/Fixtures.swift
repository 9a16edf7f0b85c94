import ChartData
import ChartModel
import Foundation

/// Hand-made charts for tests.
enum Fixtures {
    static let day = 86_400.0
    /// 1 January 2012, 00:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_325_376_000)

    /// A daily two-series temperature chart with a missing value at row 2.
    static func temperatures(days: Int = 10, title: String = "Seattle temperature") -> Chart {
        let xs = (0..<days).map { XValue.date(start.addingTimeInterval(Double($0) * day)) }
        let maxT: [Double?] = (0..<days).map { (i: Int) -> Double? in i == 2 ? nil : 10.0 + Double(i % 7) * 1.5 }
        let minT: [Double?] = (0..<days).map { (i: Int) -> Double? in Double(i % 5) - 1.0 }
        return Chart(
            id: "seattle-temperature", sourcePath: "charts/seattle-temperature.vl.json", title: title,
            mark: .line,
            x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
            y: YAxis(field: "temp", title: "Temperature", unit: "°C"),
            xValues: xs,
            series: [Series(name: "Maximum temperature", values: maxT), Series(name: "Minimum temperature", values: minT)])
    }

    /// A bar chart over categories.
    static func bars() -> Chart {
        Chart(
            id: "fruit", sourcePath: "charts/fruit.csv", title: "Fruit sold", mark: .bar,
            x: XAxis(field: "fruit", title: "Fruit", type: .nominal),
            y: YAxis(field: "count", title: "Count"),
            xValues: ["Apples", "Pears", "Plums"].map { .category($0) },
            series: [Series(name: "Count", values: [12, 7, 3])])
    }

    /// `count` points of a noisy sine on a numeric x.
    static func huge(count: Int) -> Chart {
        var values: [Double?] = []
        values.reserveCapacity(count)
        var seed: UInt64 = 42
        for i in 0..<count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let noise = Double(seed >> 33) / Double(1 << 31) - 0.5
            values.append(sin(Double(i) / 20_000) * 100 + noise * 10)
        }
        return Chart(
            id: "huge", sourcePath: "charts/huge.csv", title: "A million readings", mark: .line,
            x: XAxis(field: "n", title: "Reading", type: .quantitative),
            y: YAxis(field: "v", title: "Value", unit: "mV"),
            xValues: (0..<count).map { .number(Double($0)) },
            series: [Series(name: "Signal", values: values)])
    }

    /// The project's `Templates/` folder.
    static var templates: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates")
    }
}
