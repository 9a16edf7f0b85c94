import Foundation

extension Series {
    /// The rows of the lowest and highest finite value, the first of equals (nil without one):
    /// the one rule for a series' extremes (statistics, downsampling, "go to maximum").
    public static func extremeRows(_ values: [Double?]) -> (low: Int?, high: Int?) {
        var low: Int?, high: Int?
        for (row, value) in values.enumerated() {
            guard let v = value, v.isFinite else { continue }
            if low == nil || v < values[low!]! { low = row }
            if high == nil || v > values[high!]! { high = row }
        }
        return (low, high)
    }
}
