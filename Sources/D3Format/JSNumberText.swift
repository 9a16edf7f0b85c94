#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JavaScript's number-to-text conversions, digit for digit: `String(x)`, `toFixed`,
/// `toExponential`, `toPrecision` and `toString(radix)`. d3-format is defined in terms of these.
///
/// JavaScript rounds the exact binary value and breaks exact ties upwards ((2.5).toFixed(0) is
/// "3", (1.005).toFixed(2) is "1.00"); C's printf breaks ties to even, so the digits come from
/// printf at 30 extra places and only an apparent tie is resolved from the exact expansion.
public enum JSNumber {
    /// `String(x)`: "3", "0.1", "0.00001", "1e-7", "1e+21", "NaN", "-Infinity".
    public static func string(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x == 0 { return "0" }
        if x.isInfinite { return x > 0 ? "Infinity" : "-Infinity" }
        let sign = x < 0 ? "-" : ""
        let (digits, n) = shortest(abs(x))
        let k = digits.count
        if k <= n && n <= 21 { return sign + digits + String(repeating: "0", count: n - k) }
        if 0 < n && n <= 21 {
            return sign + digits.prefix(n) + "." + digits.dropFirst(n)
        }
        if -6 < n && n <= 0 { return sign + "0." + String(repeating: "0", count: -n) + digits }
        let e = n - 1
        let mantissa = k == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst(1)
        return sign + mantissa + "e" + (e < 0 ? "-" : "+") + String(abs(e))
    }

    /// The shortest digits that round-trip `x` (> 0, finite) and `n` with x = 0.d₁d₂… × 10ⁿ.
    public static func shortest(_ x: Double) -> (digits: String, n: Int) {
        let (digits, n) = shortestDigits(x)
        return (String(decoding: digits, as: UTF8.self), n)
    }

    /// `shortest` as ASCII digits.
    static func shortestDigits(_ x: Double) -> ([UInt8], Int) {
        // Swift's description is the shortest round-trip text, as JavaScript's (both pick the
        // closest of the shortest candidates).
        var text = x.description
        return text.withUTF8 { u in
            var digits: [UInt8] = []
            digits.reserveCapacity(20)
            var point = -1
            var exponent = 0
            var i = 0
            while i < u.count {
                let c = u[i]
                if c == UInt8(ascii: ".") {
                    point = digits.count
                } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    var sign = 1
                    i += 1
                    if i < u.count, u[i] == UInt8(ascii: "-") || u[i] == UInt8(ascii: "+") {
                        if u[i] == UInt8(ascii: "-") { sign = -1 }
                        i += 1
                    }
                    while i < u.count { exponent = exponent * 10 + Int(u[i] - 48); i += 1 }
                    exponent *= sign
                    break
                } else if c >= 48 && c <= 57 {
                    digits.append(c)
                }
                i += 1
            }
            if point < 0 { point = digits.count }
            var lead = 0
            while lead < digits.count - 1 && digits[lead] == 48 { lead += 1 }
            digits.removeFirst(lead)
            point -= lead
            while digits.count > 1 && digits.last == 48 { digits.removeLast() }
            return (digits, point + exponent)
        }
    }

    /// Rounds shortest digits at `keep` digits as JavaScript rounds the exact value, or nil when
    /// they end in exactly "5" there (the exact binary value decides; the caller asks printf).
    /// Sound because no rounding boundary can lie between a value and its shortest digits
    /// unless it is those digits: it would be a shorter or closer candidate.
    private static func roundShortest(_ digits: [UInt8], keep: Int) -> (digits: [UInt8], carried: Bool)? {
        if keep >= digits.count { return (digits + [UInt8](repeating: 48, count: keep - digits.count), false) }
        if keep < 0 { return ([], false) }
        if digits[keep] == 53 && keep + 1 == digits.count { return nil }
        var kept = Array(digits[..<keep])
        if digits[keep] >= 53 {
            if increment(&kept) {
                kept.insert(49, at: 0)
                return (kept, true)
            }
        }
        return (kept, false)
    }

    /// `x.toFixed(p)` for p in 0...100.
    public static func fixed(_ x: Double, _ p: Int) -> String { fixed(x, p, fastPath: true) }

    static func fixed(_ x: Double, _ p: Int, fastPath: Bool) -> String {
        if !x.isFinite || abs(x) >= 1e21 { return string(x) }
        let sign = x < 0 ? "-" : ""
        let a = abs(x)
        // Fast path: while 10^p·|x| < 1e15 a double's error is far below the last kept digit.
        if fastPath && a * pow(10, Double(p)) < 1e15 {
            let (digits, n) = shortestDigits(a)
            // n ≤ 0: the digits start after the point; keep n + p of them.
            let keep = n + p
            if keep < 0 || a == 0 { return sign + (p == 0 ? "0" : "0." + String(repeating: "0", count: p)) }
            if let (kept, carried) = roundShortest(digits, keep: keep) {
                var all = kept
                let intCount = n + (carried ? 1 : 0)
                if intCount <= 0 { all = [UInt8](repeating: 48, count: 1 - intCount) + all }
                let split = max(1, intCount)
                let whole = String(decoding: all[..<split], as: UTF8.self)
                return sign + (p == 0 ? whole : whole + "." + String(decoding: all[split...], as: UTF8.self))
            }
        }
        let text = printf("%.*f", p + 30, a)
        let exact = { printf("%.*f", 1100, a) }
        var parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var intDigits = Array(parts[0].utf8)
        var frac: [UInt8] = parts.count > 1 ? Array(parts[1].utf8) : []
        if tailIsHalf(frac, from: p) {
            parts = exact().split(separator: ".", omittingEmptySubsequences: false)
            intDigits = Array(parts[0].utf8)
            frac = Array(parts[1].utf8)
        }
        var all = intDigits + frac.prefix(p)
        let up = frac.count > p && frac[p] >= UInt8(ascii: "5")
        if up && increment(&all) { all.insert(UInt8(ascii: "1"), at: 0) }
        let intCount = all.count - p
        let whole = String(decoding: all.prefix(intCount), as: UTF8.self)
        return sign + (p == 0 ? whole : whole + "." + String(decoding: all.suffix(p), as: UTF8.self))
    }

    /// `x.toExponential(p)` (p in 0...100), or `x.toExponential()` (shortest digits) when p is nil.
    public static func exponential(_ x: Double, _ p: Int?) -> String {
        if !x.isFinite { return string(x) }
        let sign = x < 0 ? "-" : ""
        let (digits, e): (String, Int)
        if x == 0 {
            (digits, e) = (String(repeating: "0", count: (p ?? 0) + 1), 0)
        } else if let p {
            (digits, e) = significant(abs(x), p + 1)
        } else {
            let s = shortest(abs(x))
            (digits, e) = (s.digits, s.n - 1)
        }
        let mantissa = digits.count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst(1)
        return sign + mantissa + "e" + (e < 0 ? "-" : "+") + String(abs(e))
    }

    /// `x.toPrecision(p)` for p in 1...100.
    public static func precision(_ x: Double, _ p: Int) -> String {
        if !x.isFinite { return string(x) }
        let sign = x < 0 ? "-" : ""
        let (digits, e) = x == 0 ? (String(repeating: "0", count: p), 0) : significant(abs(x), p)
        if e < -6 || e >= p {
            let mantissa = p == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst(1)
            return sign + mantissa + "e" + (e < 0 ? "-" : "+") + String(abs(e))
        }
        if e == p - 1 { return sign + digits }
        if e >= 0 { return sign + digits.prefix(e + 1) + "." + digits.dropFirst(e + 1) }
        return sign + "0." + String(repeating: "0", count: -(e + 1)) + digits
    }

    /// `Math.round(x).toString(radix)` for an integral `x` (radix 2...36).
    public static func integer(_ x: Double, radix: Int) -> String {
        if !x.isFinite { return string(x) }
        var v = abs(x).rounded(.down)
        if v < 9.2e18 { return (x < 0 && v > 0 ? "-" : "") + String(Int64(v), radix: radix) }
        let symbols = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        var out: [Character] = []
        let r = Double(radix)
        while v >= 1 {
            let d = v.truncatingRemainder(dividingBy: r)
            out.append(symbols[Int(d)])
            v = ((v - d) / r).rounded(.down)
        }
        return (x < 0 ? "-" : "") + String(out.reversed())
    }

    /// `count` significant digits of `a` (> 0) rounded as JavaScript does, and the decimal
    /// exponent of the first one.
    static func significant(_ a: Double, _ count: Int, fastPath: Bool = true) -> (String, Int) {
        func parse(_ text: String) -> ([UInt8], Int) {
            let parts = text.split(separator: "e")
            return (Array(parts[0].utf8.filter { $0 != UInt8(ascii: ".") }), Int(parts[1]) ?? 0)
        }
        if fastPath && count <= 15 {
            let (digits, n) = shortestDigits(a)
            if let (kept, carried) = roundShortest(digits, keep: count) {
                return (String(decoding: carried ? Array(kept.dropLast()) : kept, as: UTF8.self), n - 1 + (carried ? 1 : 0))
            }
        }
        var (digits, e) = parse(printf("%.*e", count - 1 + 30, a))
        if tailIsHalf(Array(digits.dropFirst()), from: count - 1) { (digits, e) = parse(printf("%.*e", 1100, a)) }
        var kept = Array(digits.prefix(count))
        if digits.count > count && digits[count] >= UInt8(ascii: "5") && increment(&kept) {
            kept.insert(UInt8(ascii: "1"), at: 0)
            kept.removeLast()
            e += 1
        }
        return (String(decoding: kept, as: UTF8.self), e)
    }

    /// Whether the digits from `from` on read exactly "5000…" (a tie, or printf's rounding of a
    /// value just below or above one).
    private static func tailIsHalf(_ digits: [UInt8], from: Int) -> Bool {
        guard digits.count > from, digits[from] == UInt8(ascii: "5") else { return false }
        return digits[(from + 1)...].allSatisfy { $0 == UInt8(ascii: "0") }
    }

    /// Adds one in the last place; true when it carried out of the first digit (all became 0).
    private static func increment(_ digits: inout [UInt8]) -> Bool {
        var i = digits.count - 1
        while i >= 0 {
            if digits[i] == UInt8(ascii: "9") {
                digits[i] = UInt8(ascii: "0")
                i -= 1
            } else {
                digits[i] += 1
                return false
            }
        }
        return true
    }

    private static func printf(_ format: String, _ precision: Int, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 1500)
        let n = withVaList([Int32(precision), value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(Int(max(0, min(n, 1499)))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
