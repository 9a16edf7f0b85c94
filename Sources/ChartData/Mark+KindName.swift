import ChartModel
import Foundation

extension Mark {
    /// "Line chart", "Bar chart", … for reading aloud.
    public var chartKindName: String {
        switch self {
        case .line: "Line chart"
        case .bar: "Bar chart"
        case .point: "Scatter plot"
        case .area: "Area chart"
        case .boxplot: "Box plot"
        case .errorbar: "Error bar chart"
        case .errorband: "Error band chart"
        case .tick: "Strip plot"
        case .rule: "Rule chart"
        case .text: "Text chart"
        case .arc: "Pie chart"
        case .rect: "Heatmap"
        }
    }
}
