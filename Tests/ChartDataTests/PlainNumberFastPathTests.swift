import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// `TextFormat.plainNumber`'s fast path (Swift's shortest round-trip text) must write exactly what
/// the general path (`printf` rounding to 15 significant digits) always wrote: every CSV download,
/// label and setting in an exported site depends on these bytes (issue 31).
struct PlainNumberFastPathTests {
    /// The function as it was before the fast path, kept verbatim as the reference.
    static func reference(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let magnitude = abs(value)
        let integerDigits = magnitude >= 1 ? Int(log10(magnitude).rounded(.down)) + 1 : 0
        let leadingZeros = magnitude < 1 ? Int((-log10(magnitude)).rounded(.down)) : 0
        let decimals = max(0, min(20, 15 - integerDigits + leadingZeros))
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }

    /// A fixed-seed generator, so a failure names a value that fails again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var z = state
            z = (z ^ (z >> 33)) &* 0xff51_afd7_ed55_8ccd
            return z ^ (z >> 33)
        }
    }

    /// Values around every place where the text changes form: powers of ten (where `log10`
    /// decides the digits kept, and where Swift switches to an exponent), 2^53, 1e15, halves.
    static var switchPoints: [Double] {
        var out: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, 1e15, 1e16, 9_007_199_254_740_992, 1e-4, 1e-5, 0.1 + 0.2, 173.29999999999998,
                             .pi, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, .infinity, .nan]
        for exponent in -25...25 {
            let p = pow(10.0, Double(exponent))
            var up = p, down = p
            for _ in 0..<8 {
                out += [up, down, -up, -down, p * 1.5, p * 0.5, p * 0.999_999_999_999_999, p * 1.000_000_000_000_001]
                up = up.nextUp
                down = down.nextDown
            }
        }
        for n in stride(from: -1000.0, through: 1000, by: 1) { out += [n + 0.5, n / 8, n / 3, n / 10] }
        return out
    }

    /// Random values of every magnitude: random bit patterns, random mantissas scaled by powers
    /// of ten, and decimals as data files hold them (a few places, parsed from text), and sums.
    static func randomValues(count: Int) -> [Double] {
        var rng = Seeded(state: 31)
        var out: [Double] = []
        out.reserveCapacity(count * 4)
        var sum = 0.0
        for _ in 0..<count {
            out.append(Double(bitPattern: rng.next()))
            let mantissa = Double.random(in: 1..<10, using: &rng)
            out.append((Bool.random(using: &rng) ? -1 : 1) * mantissa * pow(10, Double(Int.random(in: -12...18, using: &rng))))
            let places = Int.random(in: 0...8, using: &rng)
            let text = String(format: "%.\(places)f", Double.random(in: -1e6..<1e6, using: &rng))
            out.append(Double(text)!)
            sum += Double(Int.random(in: -999...999, using: &rng)) / 10
            out.append(sum)
        }
        return out
    }

    @Test func theFastPathWritesWhatTheGeneralPathWrote() {
        var failures: [String] = []
        for value in Self.switchPoints + Self.randomValues(count: 50_000) {
            let fast = TextFormat.plainNumber(value), old = Self.reference(value)
            if fast != old && failures.count < 10 { failures.append("\(value.bitPattern): \(fast) vs \(old)") }
        }
        #expect(failures.isEmpty, "plainNumber differs from the reference for \(failures)")
    }

    @Test func theFastPathIsTakenForDataLikeValues() {
        // Not a timing: the fast path must apply to the values a CSV download is made of.
        for value in [10.37, -3.25, 0.001, 123_456.789, 0.1] {
            let shortest = value.description
            #expect(PlainNumber.fixedDecimalPlaces(shortest).map { $0 <= PlainNumber.decimals(value) } == true, "\(value)")
        }
        #expect(PlainNumber.fixedDecimalPlaces("1e-05") == nil)
        #expect(PlainNumber.fixedDecimalPlaces("-12.375") == 3)
    }
}
