/// Colours an author gives by conditions on the datum (`"color": {"condition": {"test": …,
/// "value": "#06982d"}, "value": "#ae1325"}`, a candlestick's up and down days, a waterfall's
/// rises and falls): read as one more calculated column, each datum's colour, drawn as Vega-Lite
/// draws it. A condition on a selection (`param`) or a predicate object is not a colour per datum.
extension ChartSpec {
    /// The column holding each datum's conditional colour (`ChartSpec.colourField`).
    package static let colourColumn = "__pl_colour"

    /// A `calculate` step computing the conditional colour of `color` (or `fill`), run after the
    /// author's transforms (its tests read their fields); nil when neither is given by tests.
    /// `undrawn`: the JSON path of a condition read but not drawn (a predicate object, a colour
    /// that is not a name), for `check`'s note.
    static func colourStep(_ encoding: JSONValue) -> (step: TransformStep?, undrawn: String?) {
        for channel in ["color", "fill"] {
            guard let def = encoding[channel], def["field"] == nil, let condition = def["condition"] else { continue }
            let rules: [JSONValue]
            switch condition.value {
            case .array(let items): rules = items
            case .object: rules = [condition]
            default: continue
            }
            var expression = ""
            for rule in rules where rule["param"] == nil {  // a selection's condition: all selected, as an empty one
                guard let test = rule["test"]?.string, let value = rule["value"]?.string else { return (nil, "$.encoding.\(channel).condition") }
                expression += "(\(test)) ? \(literal(value)) : "
            }
            guard !expression.isEmpty else { continue }
            expression += def["value"]?.string.map(literal) ?? "null"
            let line = condition.line
            let json = JSONValue(value: .object([("calculate", JSONValue(value: .string(expression), line: line)),
                                                 ("as", JSONValue(value: .string(colourColumn), line: line))]), line: line)
            return (TransformStep(json: json, path: "$.encoding.\(channel).condition"), nil)
        }
        return (nil, nil)
    }

    /// A colour name or code as an expression's string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
