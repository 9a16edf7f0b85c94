import Foundation
import SortedJSON
import Testing

/// SortedJSON must write exactly JSONEncoder's bytes (sorted keys, slashes as they are): the chart
/// model and the page's data script are served with ETags and compared by snapshot, and readers'
/// caches key on them.
@Suite struct SortedJSONTests {
    static func reference<T: Encodable>(_ value: T) -> Result<[UInt8], any Error> {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Result { [UInt8](try encoder.encode(value)) }
    }

    /// The same bytes, or both refuse.
    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = Result { try SortedJSON.encode(value) }
        switch (reference(value), ours) {
        case (.success(let a), .success(let b)):
            #expect(String(decoding: b, as: UTF8.self) == String(decoding: a, as: UTF8.self), sourceLocation: sourceLocation)
        case (.failure, .failure):
            break
        case (.success(let a), .failure(let e)):
            Issue.record("SortedJSON threw \(e); JSONEncoder wrote \(String(decoding: a, as: UTF8.self))", sourceLocation: sourceLocation)
        case (.failure(let e), .success(let b)):
            Issue.record("JSONEncoder threw \(e); SortedJSON wrote \(String(decoding: b, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    static let hostileStrings: [String] = [
        "", "plain", "\"quoted\"", "back\\slash", "a/b </script> <!-- & >", "tab\there", "line\nbreak\r\n",
        String(decoding: (0..<32).map { UInt8($0) }, as: UTF8.self), "\u{7F} DEL", "\u{0}nul",
        "line\u{2028}separator\u{2029}paragraph", "e\u{301} café 北京 🎵👩‍👩‍👧",
        String(decoding: [0xD800, 0x41, 0xDFFF] as [UInt16], as: UTF16.self),  // lone surrogates: U+FFFD
        String(decoding: [0xFF, 0xC0, 0xAE, 0x41] as [UInt8], as: UTF8.self),  // invalid UTF-8: U+FFFD
        "\u{FEFF}bom \u{FFFF} \u{10FFFF}", "\\u0000 not an escape", "{\"key\":[1,2]}",
    ]

    @Test func hostileStringsAsValuesKeysAndArrays() {
        for s in Self.hostileStrings {
            Self.expectSame(s)
            Self.expectSame([s, s + "x"])
            Self.expectSame([s: s])
            Self.expectSame([Optional(s), nil])
        }
        Self.expectSame(Dictionary(uniqueKeysWithValues: Self.hostileStrings.enumerated().map { ($1, $0) }))
    }

    @Test func numbersAsJSONEncoderWritesThem() {
        let doubles: [Double] = [
            0, -0.0, 1, -5, 0.1, 0.3, 1.0 / 3, 2.5e-8, 1e-7, 123456.789, 1e15, 1e16, 1.5e16, 123456789012345680,
            -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 9007199254740994, 4.35, 100,
        ]
        for d in doubles {
            Self.expectSame(d)
            Self.expectSame(["n": d])
            Self.expectSame(Float(d))
        }
        Self.expectSame(doubles)
        Self.expectSame(doubles.map { Optional($0) } + [nil])
        Self.expectSame([Int.min, Int.max, 0, -1])
        Self.expectSame([UInt64.max])
        Self.expectSame(Ints(a: .min, b: .max, c: .min, d: .max, e: .max, f: .max, g: .max, h: .max))
        Self.expectSame([true, false])
        Self.expectSame(Decimal(string: "12.3400")!)
    }

    @Test func nonFiniteNumbersThrowAsJSONEncoderDoes() {
        for d in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(throws: EncodingError.self) { try SortedJSON.encode(d) }
            #expect(throws: EncodingError.self) { try SortedJSON.encode([1, d]) }
            #expect(throws: EncodingError.self) { try SortedJSON.encode([Optional(d)]) }
            #expect(throws: EncodingError.self) { try SortedJSON.encode(["k": d]) }
            #expect(throws: EncodingError.self) { try SortedJSON.encode(Point(x: d, label: "a", extra: nil)) }
            #expect(throws: EncodingError.self) { try SortedJSON.encode(Float(d)) }
            Self.expectSame(Point(x: d, label: "a", extra: nil))
        }
    }

    @Test func objectsSortedByUTF8Bytes() {
        Self.expectSame(Point(x: 1.5, label: "first", extra: nil))
        Self.expectSame(Point(x: 1.5, label: "first", extra: ["z": 1, "a": 2, "B": 3, "é": 4, "a10": 5, "a2": 6, "_": 7, "aa": 8, "": 9]))
        Self.expectSame([Point(x: 1, label: "a", extra: [:]), Point(x: 2, label: "b", extra: ["k": 0])])
        Self.expectSame([3: "three", 1: "one", 20: "twenty", -4: "minus four"])  // Int keys: their text, sorted as text
        Self.expectSame(Merged(first: Point(x: 1, label: "p", extra: ["q": 1]), second: ["aa": 1.5, "zz": 2, "label": 3]))
        Self.expectSame(Nested(inner: [[Nested.Inner(b: [], a: [:])]], nothing: Empty(), nothings: [Empty(), Empty()]))
        Self.expectSame(Scalar.number(4))
        Self.expectSame([Scalar.text("t"), .number(-0.5), .none])
        Self.expectSame(FoundationValues(date: Date(timeIntervalSince1970: 1_000_000), data: Data([0, 1, 254, 255]),
                                   url: URL(string: "https://example.org/a b?q=1#f")!, decimal: Decimal(string: "-0.010")!))
        let deep: [[[[[String: [Int]]]]]] = [[[[["k": [1, 2]], [:]]]]]
        Self.expectSame(deep)
    }

    /// Random documents: objects with random keys (duplicates and escapes), arrays, strings of
    /// random scalars, numbers from random bit patterns (non-finite among them).
    @Test func randomDocumentsMatchJSONEncoder() {
        var generator = SplitMix(seed: 31)
        for _ in 0..<400 {
            Self.expectSame(RandomValue.make(&generator, depth: 0))
        }
    }
}
