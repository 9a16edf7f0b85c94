import Testing
@testable import D3Format

/// d3-scale's tickFormat: a specifier without precision gets one from the tick step. Expected
/// labels are Vega's (vl-convert 1.x, `vegalite_to_svg` of a point chart with `axis.format`, the
/// tick texts read from the SVG), written down as fixtures.
@Suite struct TickFormatTests {
    func labels(_ spec: String, _ ticks: [Double], step: Double) throws -> [String] {
        let f = try NumberFormat.ticks(spec, start: ticks.first!, stop: ticks.last!, step: step)
        return ticks.map { f($0) }
    }

    @Test func precisionComesFromTheStepAsInVega() throws {
        // Data 0.03…0.99 → "0%" … "100%" (not "0.000000%").
        #expect(try labels("%", stride(from: 0, through: 10, by: 1).map { Double($0) / 10 }, step: 0.1)
            == ["0%", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%"])
        // Data 0…0.045 → one decimal.
        #expect(try labels("%", [0, 0.005, 0.01, 0.045], step: 0.005) == ["0.0%", "0.5%", "1.0%", "4.5%"])
        // "," has type "": precisionRound over the domain, trimmed g (Vega writes "2e+3").
        #expect(try labels(",", [0, 2000, 4000, 10000, 12000], step: 2000) == ["0", "2e+3", "4e+3", "1e+4", "1.2e+4"])
        // "$" over 0…2.5, step 0.5.
        #expect(try labels("$", [0, 0.5, 1, 1.5, 2, 2.5], step: 0.5) == ["$0", "$0.5", "$1", "$1.5", "$2", "$2.5"])
        #expect(try labels("$", [1000, 1200, 2600], step: 200) == ["$1e+3", "$1.2e+3", "$2.6e+3"])
        // "s" over 0…1.6M: the prefix of the largest tick, decimals from the step.
        #expect(try labels("s", [0, 200_000, 1_000_000, 1_600_000], step: 200_000) == ["0.0M", "0.2M", "1.0M", "1.6M"])
    }

    @Test func anAuthorsPrecisionIsKept() throws {
        #expect(try labels(".2%", [0, 0.5], step: 0.5) == ["0.00%", "50.00%"])
        #expect(try labels(",.0f", [0, 2500], step: 2500) == ["0", "2,500"])
    }
}
