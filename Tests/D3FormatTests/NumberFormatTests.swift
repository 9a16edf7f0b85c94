import Testing
@testable import D3Format

/// Expected texts are d3-format's own (its test suite and documented examples).
@Suite struct NumberFormatTests {
    func f(_ spec: String) -> NumberFormat { try! NumberFormat(spec) }

    @Test func javaScriptNumberText() {
        #expect(JSNumber.string(0.1 + 0.2) == "0.30000000000000004")
        #expect(JSNumber.string(0.00001) == "0.00001")
        #expect(JSNumber.string(1e-7) == "1e-7")
        #expect(JSNumber.string(1.5e16) == "15000000000000000")
        #expect(JSNumber.string(1e21) == "1e+21")
        #expect(JSNumber.string(-123.456) == "-123.456")
        #expect(JSNumber.fixed(2.5, 0) == "3")
        #expect(JSNumber.fixed(1.005, 2) == "1.00")
        #expect(JSNumber.fixed(0.125, 2) == "0.13")
        #expect(JSNumber.fixed(9.995, 2) == "9.99")
        #expect(JSNumber.fixed(99.5, 0) == "100")
        #expect(JSNumber.fixed(-0.0001, 2) == "-0.00")
        #expect(JSNumber.exponential(123456, 2) == "1.23e+5")
        #expect(JSNumber.exponential(9.99, 1) == "1.0e+1")
        #expect(JSNumber.exponential(0.00015, nil) == "1.5e-4")
        #expect(JSNumber.precision(123.456, 4) == "123.5")
        #expect(JSNumber.precision(0.000001234, 2) == "0.0000012")
        #expect(JSNumber.precision(1e-7, 2) == "1.0e-7")
        #expect(JSNumber.precision(123456, 2) == "1.2e+5")
        #expect(JSNumber.integer(255, radix: 16) == "ff")
    }

    /// The shortest-digits fast path agrees with printf's exact expansion everywhere it is taken.
    @Test func fastPathMatchesExactDigits() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -12...16, using: &rng)
            var x = Double.random(in: 1..<10, using: &rng) * Double(sign: .plus, exponent: 0, significand: 1) * pow10(magnitude)
            if Bool.random(using: &rng) { x = (x * 1000).rounded() / 1000 }  // many exact decimals and ties
            let p = Int.random(in: 0...12, using: &rng)
            #expect(JSNumber.fixed(x, p) == JSNumber.fixed(x, p, fastPath: false), "toFixed(\(x), \(p))")
            let c = Int.random(in: 1...15, using: &rng)
            if x == 0 { continue }  // callers write zero themselves
            #expect(JSNumber.significant(x, c) == JSNumber.significant(x, c, fastPath: false), "toPrecision(\(x), \(c))")
        }
        for x in [0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 1.045, 8.345, 1e-7, 123.456, 0.05, 0.15, 0.25, 0.35] {
            for p in 0...4 { #expect(JSNumber.fixed(x, p) == JSNumber.fixed(x, p, fastPath: false), "toFixed(\(x), \(p))") }
        }
    }

    func pow10(_ e: Double) -> Double { Double("1e\(Int(e.rounded(.down)))")! }

    @Test func fixedAndGrouping() {
        #expect(f(".1f")(0.49) == "0.5")
        #expect(f(".2f")(0.449) == "0.45")
        #expect(f(".0f")(2.5) == "3")
        #expect(f(",.2f")(1234567.891) == "1,234,567.89")
        #expect(f(",d")(-1234567) == "\u{2212}1,234,567")
        #expect(f("f")(42) == "42.000000")
        #expect(f(",.0f")(1e21) == "1e+21")
        #expect(f("010,.2f")(1234.5) == "001,234.50")
        #expect(f("020,s")(42) == "000,000,000,042.0000")
        #expect(f("020,s")(42e12) == "00,000,000,042.0000T")
        #expect(f(",s")(42e30) == "42,000,000Y")
    }

    @Test func siPrefixes() {
        let s = f("s")
        #expect(s(0) == "0.00000")
        #expect(s(999500) == "999.500k")
        #expect(s(1500.5) == "1.50050k")
        #expect(s(0.00001) == "10.0000\u{b5}")
        let s3 = f(".3s")
        #expect(s3(999.5) == "1.00k")
        #expect(s3(145999999.999999347) == "146M")
        #expect(s3(1e26) == "100Y")
        #expect(s3(0.009995) == "10.0m")
        let s8 = f(".8s")
        #expect(s8(1.29e-30) == "0.0000013y")
        #expect(s8(-1.29e-21) == "\u{2212}1.2900000z")
        #expect(s8(1.23e30) == "1230000.0Y")
        #expect(f("$.2s")(-2.5e8) == "\u{2212}$250M")
        #expect(f(".0s")(1e-5) == "10\u{b5}")
        #expect(f(".4s")(1e-1) == "100.0m")
        #expect(f("~s")(1500) == "1.5k")
    }

    @Test func typesAndSymbols() {
        #expect(f("")(0.1 + 0.2) == "0.3")
        #expect(f("")(1e21) == "1e+21")
        #expect(f("")(-0.0) == "0")
        #expect(f("")(.nan) == "NaN")
        #expect(f(".2e")(123456) == "1.23e+5")
        #expect(f(".3g")(123.456) == "123")
        #expect(f(".3r")(123.456) == "123")
        #expect(f(".2r")(0.000123456) == "0.00012")
        #expect(f("%")(0.123) == "12.300000%")
        #expect(f(".0%")(0.123) == "12%")
        #expect(f(".2p")(0.00123) == "0.12%")
        #expect(f("b")(10) == "1010")
        #expect(f("#b")(10) == "0b1010")
        #expect(f("o")(10) == "12")
        #expect(f("#x")(3054) == "0xbee")
        #expect(f("X")(3054) == "BEE")
        #expect(f("d")(2.5) == "3")
        #expect(f("d")(1e21) == "1000000000000000000000")
        #expect(f("c")(42) == "42")
        #expect(f("$,.2f")(3.5) == "$3.50")
        #expect(f("(,.2f")(-1234.5) == "(1,234.50)")
        #expect(f("+.1f")(1) == "+1.0")
        #expect(f(" .1f")(1) == " 1.0")
        #expect(f(".1f")(-0.04) == "0.0")
        #expect(f("+.1f")(-0.04) == "\u{2212}0.0")
        #expect(f(".2~f")(1.5) == "1.5")
        #expect(f(".3~e")(1200) == "1.2e+3")
        #expect(f(",")(1234.5) == "1,234.5")
        #expect(f("n")(1234.5) == "1,234.50")
    }

    @Test func alignmentAndFill() {
        #expect(f("8d")(42) == "      42")
        #expect(f("<8d")(42) == "42      ")
        #expect(f("^8d")(42) == "   42   ")
        #expect(f("*^9d")(42) == "***42****")
        #expect(f("=+8d")(42) == "+     42")
        #expect(f("08d")(-42) == "\u{2212}0000042")
        #expect(f("$08.2f")(-4.2) == "\u{2212}$004.20")
    }

    @Test func specifiersAndPrefixFormats() throws {
        #expect(throws: FormatError.self) { try NumberFormat("foo") }
        #expect(throws: FormatError.self) { try NumberFormat(".f") }
        #expect(try NumberFormat.prefix(",.0", value: 1e-6)(0.00042) == "420\u{b5}")
        #expect(try NumberFormat.prefix(",.3", value: 1e3)(42) == "0.042k")
        #expect(FormatPrecision.fixed(step: 0.01) == 2)
        #expect(FormatPrecision.round(step: 0.01, max: 1.01) == 3)
        #expect(FormatPrecision.prefix(step: 1e5, value: 1.3e6) == 1)
    }

    @Test func otherLocalesAreData() throws {
        #expect(try NumberFormat(",.2f", locale: .deDE)(1234.5) == "1.234,50")
        #expect(try NumberFormat("$,.2f", locale: .deDE)(1234.5) == "1.234,50\u{a0}€")
        var hyphen = NumberLocale.enUS
        hyphen.minus = "-"
        #expect(try NumberFormat(".1f", locale: hyphen)(-1.25) == "-1.3")
    }
}
