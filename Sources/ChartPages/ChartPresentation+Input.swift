import ChartData
import ChartModel
import SpecReading

/// The template context of a bound input (issue 28, `ChartInput`) on a chart page: the native
/// control (shown by `Public/pitchline-params.js`, which swaps in the chosen value's page) and a
/// link per value (the page without scripts).
struct InputView {
    struct Option {
        var index: Int
        var text: String
        /// The value's page, relative to `charts/`, and its chart id.
        var href, page: String
        /// A range input's value ("" for the other inputs).
        var number: String
        var selected: Bool
    }
    struct RangeControl { var min, max, step, value: String }

    /// The control's id (the chart's, so the page keeps it however many values the reader tries).
    var id: String
    var label: String
    var range: RangeControl?
    var select, radio, checkbox: Bool
    /// The checkbox's state.
    var checked: Bool
    var options: [Option]
    /// The navigation's name, and what a change says ("{name} {value}: {summary}") and a value
    /// without a page.
    var pagesLabel, changed, noPage: String
    /// This page's first summary sentence, said after the reader chose this value.
    var summary: String
}

extension ChartPresentation {
    /// The bound input's context; nil for a chart without one.
    func inputView() -> InputView? {
        guard let input = chart.semantics.input else { return nil }
        let m = SpeechFormatter(chart: chart).messages
        let number = { (v: Double?) in v.map(PlainNumber.text) ?? "" }
        let options = input.choices.enumerated().map { i, c in
            InputView.Option(index: i, text: c.text, href: "\(c.pageID).html", page: c.pageID, number: number(c.number), selected: i == input.current)
        }
        let current = input.choices[input.current]
        return InputView(
            id: "\(input.baseID)-input", label: input.label,
            range: input.kind == .range ? InputView.RangeControl(
                min: number(input.min), max: number(input.max), step: number(input.step), value: number(current.number)) : nil,
            select: input.kind == .select, radio: input.kind == .radio, checkbox: input.kind == .checkbox,
            checked: current.text == "true", options: options,
            pagesLabel: m[.inputPages, ["name": input.label]], changed: m[.inputChanged], noPage: m[.inputNoPage],
            summary: oneLineSummary)
    }
}
