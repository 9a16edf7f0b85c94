import ChartModel
import Foundation
import VegaLite

/// A variable bound to an input (`bind: {input: range, select, radio, checkbox}`) with every
/// value the input offers, in the control's order (issue 28): the generator loads the chart once
/// per value (docs/architecture.md, "Bound inputs").
package struct BoundInput: Sendable {
    package var param: String
    /// `bind.name` (without a trailing colon), else the parameter's name.
    package var label: String
    package var kind: ChartInput.Kind
    /// Each value as a spec would write it (the loader sets the parameter to it).
    package var values: [JSONValue]
    /// Each value's text: a select's or radio's `labels`, else the value as JavaScript prints it.
    package var texts: [String]
    /// A range input's numbers (empty for the other inputs).
    package var numbers: [Double] = []
    /// Which value is the parameter's initial one.
    package var initial: Int
    package var min: Double?, max: Double?, step: Double?
}

extension SpecParam {
    /// The input this variable is bound to with its values, when it has `ChartInput.variantLimit`
    /// values or fewer; nil for a selection, an unbound variable or an input with more values.
    package var boundInput: BoundInput? {
        guard kind == .variable, let bind, let input = bind["input"]?.string, let kind = ChartInput.Kind(rawValue: input) else { return nil }
        let label = bind["name"]?.string.map { $0.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ":"))) }.flatMap { $0.isEmpty ? nil : $0 } ?? name
        var out = BoundInput(param: name, label: label, kind: kind, values: [], texts: [], initial: 0)
        let line = bind.line
        switch kind {
        case .range:
            // Vega's defaults (vega-view's range binding): max 100 or the value, min 0, step
            // `tickStep(min, max, 100)`.
            let initial = value.validNumber ?? ((bind["max"]?.number ?? 100) + (bind["min"]?.number ?? 0)) / 2
            let max = bind["max"]?.number ?? Swift.max(100, initial)
            let min = bind["min"]?.number ?? Swift.min(0, max, initial)
            let step = bind["step"]?.number ?? Self.tickStep(min, max, count: 100)
            guard step > 0, max >= min, (max - min) / step < Double(ChartInput.variantLimit) + 1 else { return nil }
            var numbers = stride(from: 0, through: Int(((max - min) / step + 1e-9).rounded(.down)), by: 1).map { Self.clean(min + Double($0) * step) }
            if !numbers.contains(initial) { numbers = (numbers + [initial]).sorted() }
            out.numbers = numbers
            out.values = numbers.map { JSONValue(value: .number($0), line: line) }
            out.texts = numbers.map { DataValue.jsNumberText($0) }
            out.initial = numbers.firstIndex(of: initial) ?? 0
            (out.min, out.max, out.step) = (min, max, step)
        case .select, .radio:
            guard case .array(let options)? = bind["options"]?.value else { return nil }
            let labels: [JSONValue] = if case .array(let l)? = bind["labels"]?.value { l } else { [] }
            out.values = options
            out.texts = options.indices.map { i in labels.indices.contains(i) ? SpecData.dataValue(labels[i]).text : SpecData.dataValue(options[i]).text }
            out.initial = options.firstIndex { SpecData.dataValue($0) == value } ?? 0
        case .checkbox:
            out.values = [false, true].map { JSONValue(value: .bool($0), line: line) }
            out.texts = ["false", "true"]
            out.initial = value == .bool(true) ? 1 : 0
        }
        guard !out.values.isEmpty, out.values.count <= ChartInput.variantLimit else { return nil }
        return out
    }

    /// d3's `tickStep`: a round step giving about `count` steps from `start` to `stop`.
    static func tickStep(_ start: Double, _ stop: Double, count: Double) -> Double {
        let step0 = abs(stop - start) / Swift.max(0, count)
        guard step0 > 0, step0.isFinite else { return 0 }
        var step1 = pow(10, (log10(step0)).rounded(.down))
        let error = step0 / step1
        if error >= 50.squareRoot() { step1 *= 10 } else if error >= 10.squareRoot() { step1 *= 5 } else if error >= 2.squareRoot() { step1 *= 2 }
        return stop < start ? -step1 : step1
    }

    /// A grid value without binary noise (0.1 × 3 is 0.3, as a reader and a filter expect).
    private static func clean(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }
}

extension ChartSpec {
    /// The one bound input of a spec tree the generator makes pages for: nil when there is none,
    /// or more than one (inputs multiply pages; those charts stay at their initial values).
    package static func pageInput(_ root: JSONValue, file: String) -> BoundInput? {
        guard let gathered = gatheredParams(root),
              let params = try? readParams(JSONValue(value: .object([("params", gathered)]), line: root.line), SpecReader(file: file))
        else { return nil }
        return pageInput(params)
    }

    /// `pageInput(_:file:)` from the parameters as read.
    package static func pageInput(_ params: [SpecParam]) -> BoundInput? {
        let bound = params.filter { $0.kind == .variable && $0.bind?["input"] != nil }
        guard bound.count == 1 else { return nil }
        return bound[0].boundInput
    }

    /// `root` with variable `name` set to `value` wherever a view of the tree defines it (its
    /// `expr`, if any, dropped): the spec loaded at one value of its input.
    package static func settingParam(_ root: JSONValue, name: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = root.value else { return root }
        for i in members.indices {
            let key = members[i].key
            if key == "params", case .array(let items) = members[i].value.value {
                let set = items.map { item -> JSONValue in
                    guard item["name"]?.string == name, item["select"] == nil, case .object(var m) = item.value else { return item }
                    m.removeAll { $0.key == "value" || $0.key == "expr" }
                    m.append(("value", value))
                    return JSONValue(value: .object(m), line: item.line)
                }
                members[i].value = JSONValue(value: .array(set), line: members[i].value.line)
            } else if ["layer", "concat", "hconcat", "vconcat", "spec"].contains(key) {
                let child = members[i].value
                if case .array(let views) = child.value {
                    members[i].value = JSONValue(value: .array(views.map { settingParam($0, name: name, to: value) }), line: child.line)
                } else {
                    members[i].value = settingParam(child, name: name, to: value)
                }
            }
        }
        return JSONValue(value: .object(members), line: root.line)
    }
}
