import Foundation
import Testing
@testable import ChartData

/// A value in a summary is said with its own date. The gallery's window_impute_null (28, 55, 60, 65,
/// 43, 49, 55, 43 over eight days) was described "jumps from 28 … to a peak of 60 on 2 January",
/// where 2 January had 55: the jump's date was paired with the stretch's end value.
struct ShapeJumpDateTests {
    @Test func aJumpToAPeakIsSaidAtThePeaksOwnDate() {
        let chart = ShapeTests.daily([28, 55, 60, 65, 43, 49, 55, 43], start: (2000, 1, 1))
        let text = chart.describe().series[0].trendSentence
        #expect(!text.contains("60 °C on 2 January 2000"), "\(text)")
        #expect(text.contains("a peak of 65 °C on 4 January 2000"), "\(text)")
        // Every exact value said with a date is that day's value.
        let values: [Int: String] = [1: "28", 2: "55", 3: "60", 4: "65", 5: "43", 6: "49", 7: "55", 8: "43"]
        let pairs = text.matches(of: /(\d+) °C on (\d) January 2000/)
        #expect(!pairs.isEmpty, "\(text)")
        for pair in pairs where !text[..<pair.range.lowerBound].hasSuffix("about ") {
            #expect(values[Int(pair.output.2)!] == String(pair.output.1), "\(pair.output.0) in \(text)")
        }
    }
}
