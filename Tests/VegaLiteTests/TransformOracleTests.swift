import Testing
@testable import VegaLite

/// Each transform case run through Pitchline and compared, row by row and value by value, with
/// what the real Vega-Lite computed for the same spec (recorded in Oracle/transforms.json).
@Suite struct TransformOracleTests {
    @Test(arguments: OracleCase.all)
    func matchesVegaLite(_ c: OracleCase) throws {
        let pipeline = try TransformPipeline.parse(.array(c.transforms))
        let frame = try pipeline.apply(c.frame, context: c.context, parsed: Set(c.parse.keys))
        let got = (0..<frame.rowCount).map { r in c.fields.map { frame[r, $0] } }
        #expect(got.count == c.expected.count, "row count: got \(got.count), Vega-Lite \(c.expected.count)")
        for (i, (row, want)) in zip(got, c.expected).enumerated() {
            let ok = zip(row, want).allSatisfy { oracleMatches($0, $1) }
            #expect(ok, "row \(i): got \(row.map(oracleText)), Vega-Lite \(want)")
        }
    }

    @Test func recordedEnoughCases() {
        #expect(OracleCase.all.count >= 100)
        #expect(OracleCase.all.allSatisfy { !$0.expected.isEmpty || $0.name.contains("empty") })
    }
}
