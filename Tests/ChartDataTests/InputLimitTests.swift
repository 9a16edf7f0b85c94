import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// `data.sequence` is refused past `InputLimit.sequenceValues` (or with bounds that are not finite)
/// by the spec reader, with file, line and JSON path, before any value is made.
struct InputLimitTests {
    func sequence(_ bounds: String) -> String {
        #"{"data": {"sequence": {\#(bounds)}}, "mark": "line", "encoding": {"x": {"field": "data", "type": "quantitative"}, "y": {"field": "data", "type": "quantitative"}}}"#
    }

    /// The spec as the reader parses it (no data is made).
    func parsed(_ json: String) throws(ChartProblem) -> ChartSpec {
        try ChartSpec.parse(try JSONValue.parse(Data(json.utf8), file: "site/charts/t.vl.json"), file: "site/charts/t.vl.json")
    }

    @Test func aSequenceAtTheLimitIsAcceptedAndOnePastItIsRefused() throws {
        let limit = InputLimit.sequenceValues.maximum
        #expect(limit == 1_000_000)
        let atLimit = try parsed(sequence(#""start": 0, "stop": 1000000"#))
        guard case .sequence(let start, let stop, let step, _) = atLimit.data else { Issue.record("not a sequence"); return }
        #expect(InputLimit.sequenceCount(start: start, stop: stop, step: step) == .success(limit))
        // A million values by a fractional step: accepted (a refusal would throw), counted as a million.
        let fractional = try parsed(sequence(#""start": 0, "stop": 1, "step": 0.000001"#))
        guard case .sequence(let start2, let stop2, let step2, _) = fractional.data else { Issue.record("not a sequence"); return }
        #expect(InputLimit.sequenceCount(start: start2, stop: stop2, step: step2) == .success(limit))
        #expect(specProblem(sequence(#""start": 0, "stop": 1000001"#))
            == "site/charts/t.vl.json:1: $.data.sequence: would make 1,000,001 values; at most 1,000,000 (aggregate or use a larger step)")
        #expect(specProblem(sequence(#""start": 0, "stop": 0.5, "step": 0.0000004"#))
            == "site/charts/t.vl.json:1: $.data.sequence: would make 1,250,000 values; at most 1,000,000 (aggregate or use a larger step)")
    }

    @Test func hugeAndNonFiniteSequencesAreRefusedNotCut() {
        // Converting 1e19 values to Int used to trap `check`, `serve` and `export`.
        #expect(specProblem(sequence(#""start": 0, "stop": 1e19"#))
            == "site/charts/t.vl.json:1: $.data.sequence: would make 10,000,000,000,000,000,000 values; at most 1,000,000 (aggregate or use a larger step)")
        #expect(specProblem(sequence(#""start": 1e19, "stop": 0, "step": -1"#)).contains("would make 10,000,000,000,000,000,000 values"))
        let notFinite = "site/charts/t.vl.json:1: $.data.sequence: start, stop, step and (stop − start) / step must be finite numbers"
        #expect(specProblem(sequence(#""start": 0, "stop": 1e999"#)) == notFinite)  // JSON's 1e999 reads as infinity
        #expect(specProblem(sequence(#""start": 1e999, "stop": 1e999"#)) == notFinite)  // ∞ − ∞ is NaN
        #expect(specProblem(sequence(#""start": -1.7e308, "stop": 1.7e308"#)) == notFinite)  // stop − start overflows
        #expect(specProblem(sequence(#""start": 0, "stop": 1, "step": 1e-320"#)) == notFinite)  // 1 / 1e-320 overflows
        #expect(specProblem(sequence(#""start": 0, "stop": 3, "step": 0"#)) == "site/charts/t.vl.json:1: $.data.sequence.step: step must not be 0")
    }

    @Test func emptyAndBackwardSequencesMakeNoValuesAsD3Range() throws {
        #expect(InputLimit.sequenceCount(start: 5, stop: 0, step: 1) == .success(0))
        #expect(InputLimit.sequenceCount(start: 1e19, stop: 0, step: 1) == .success(0))  // far backward: no Int trap
        #expect(InputLimit.sequenceCount(start: 0, stop: 1e200, step: -1) == .success(0))
        #expect(InputLimit.sequenceCount(start: 0, stop: 1, step: 0.3) == .success(4))
        let chart = try spec(sequence(#""start": 3, "stop": 0, "step": -1"#))
        #expect(chart.series[0].values == [1, 2, 3])  // 3, 2, 1 sorted by x
    }
}
