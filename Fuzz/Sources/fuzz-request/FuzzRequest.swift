import Foundation
import SiteServing

/// libFuzzer entry: the first byte picks the parser, the rest is its input.
/// - Request targets: `RequestPath.resolve` either refuses or returns a key that cannot climb out
///   of a folder if it were ever joined to one: no `.`/`..` segments, no backslash, no control bytes.
///   (`//x` gives the key `/x`: only a dictionary key, so a 404, never a file-system path.)
/// - Range headers: `ByteRange.parse` against a length from the input; a satisfiable range lies
///   inside the file.
/// - `Accept`/`Accept-Language` (selector & 3 == 3): at most `rangeLimit` ranges, weights in 0…1,
///   a chosen variant is one the ranges accept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    // The server hands over the target as libmicrohttpd delivers it: bytes read as UTF-8 with repair.
    let text = String(decoding: rest, as: UTF8.self)
    if selector & 1 == 0 {
        if case .path(let key) = RequestPath.resolve(text) {
            for segment in key.split(separator: "/", omittingEmptySubsequences: false) {
                precondition(segment != "." && segment != "..", "no dot segments: \(key)")
            }
            precondition(!key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }, "no control bytes: \(key)")
        }
    } else if selector & 3 == 3 {
        // Accept / Accept-Language: bounded, weights in 0…1, a choice is one of the variants.
        let ranges = ContentNegotiation.ranges(text)
        precondition(ranges.count <= ContentNegotiation.rangeLimit && ranges.allSatisfy { (0...1).contains($0.q) }, "ranges \(ranges)")
        let types = ["text/html", "application/json", "text/plain", "text/csv", "audio/ogg"]
        let languages: [String?] = ["de", "en", "en-GB", nil, "fr"]
        if let chosen = ContentNegotiation.choose(types: types, languages: languages, accept: text, acceptLanguage: text) {
            precondition(types.indices.contains(chosen) && (ranges.isEmpty || ContentNegotiation.quality(ofType: types[chosen], in: ranges) > 0))
        }
    } else {
        let length = Int(selector >> 1) * 37  // 0 … 4,699 bytes
        switch ByteRange.parse(text, length: length) {
        case .satisfiable(let range):
            precondition(range.lowerBound >= 0 && range.upperBound < length && !range.isEmpty, "range \(range) inside \(length)")
        case .unsatisfiable, .ignored:
            break
        }
    }
    return 0
}
