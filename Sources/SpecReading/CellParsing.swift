import Foundation

/// Parsing single cells straight from UTF-8 bytes: numbers, dates and missing-value tokens.
/// Hand-written because this runs once per cell (millions of times): no `String`, no
/// `DateFormatter`, no locale.
package enum CellParsing {
    // MARK: Numbers

    private static let exactPowers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// A decimal number: optional sign, digits with an optional fraction, optional exponent
    /// (`-1.5`, `.5`, `3e-2`). Surrounding spaces are allowed. `inf`, `nan`, hex and thousands
    /// separators are not numbers here.
    package static func number(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        var n = b.count
        while i < n && b[i] == 0x20 { i += 1 }
        while n > i && b[n - 1] == 0x20 { n -= 1 }
        guard i < n else { return nil }
        let begin = i
        var negative = false
        if b[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if b[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        var significant = 0  // digits kept in mantissa (after leading zeros)
        var dropped = 0  // integer digits beyond 19 significant
        var fractionDigits = 0
        var sawDigit = false
        while i < n, case let d = b[i] &- 0x30, d < 10 {
            sawDigit = true
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa != 0 { significant += 1 }
            } else {
                dropped += 1
            }
            i += 1
        }
        if i < n && b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, case let d = b[i] &- 0x30, d < 10 {
                sawDigit = true
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if mantissa != 0 { significant += 1 }
                    fractionDigits += 1
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if i < n && (b[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < n && (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+")) {
                expNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            var sawExpDigit = false
            while i < n, case let d = b[i] &- 0x30, d < 10 {
                sawExpDigit = true
                if exponent < 100_000 { exponent = exponent * 10 + Int(d) }
                i += 1
            }
            guard sawExpDigit else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == n else { return nil }
        let scale = exponent - fractionDigits + dropped
        if significant <= 15 && scale >= -22 && scale <= 22 {
            // Exact: both operands are exactly representable, so one rounding (Clinger's fast path).
            var value = Double(mantissa)
            value = scale < 0 ? value / exactPowers[-scale] : value * exactPowers[scale]
            return negative ? -value : value
        }
        return slowNumber(UnsafeBufferPointer(rebasing: b[begin..<n]))
    }

    private static func slowNumber(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard b.count < 512 else { return nil }
        var buffer = [CChar](repeating: 0, count: b.count + 1)
        for k in 0..<b.count { buffer[k] = CChar(bitPattern: b[k]) }
        return buffer.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }

    // MARK: Missing values

    /// Empty, `NA`, `N/A`, `null`, `NaN`, `None`, `-` … (case-insensitive, spaces ignored).
    package static func isMissing(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var n = b.count
        while i < n && b[i] == 0x20 { i += 1 }
        while n > i && b[n - 1] == 0x20 { n -= 1 }
        let length = n - i
        if length == 0 { return true }
        if length > 4 { return false }
        var word: UInt32 = 0
        for k in i..<n { word = word << 8 | UInt32(b[k] | (b[k] >= 0x41 && b[k] <= 0x5A ? 0x20 : 0)) }
        switch (length, word) {
        case (2, 0x6E61),  // na
            (3, 0x6E2F61),  // n/a
            (3, 0x6E616E),  // nan
            (4, 0x6E756C6C),  // null
            (4, 0x6E6F6E65),  // none
            (1, 0x2D),  // -
            (1, 0x3F):  // ?
            return true
        default:
            return false
        }
    }

    /// The tokens `isMissing` accepts, for documentation and messages.
    package static let missingTokens = ["(empty)", "NA", "N/A", "null", "NaN", "None", "-", "?"]
}
