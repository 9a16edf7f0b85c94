// swift-tools-version: 6.1
import PackageDescription

// Dependencies point one way:
// ChartData → Sonification → ChartPages → SiteGenerator → SiteServing / SiteExport → PitchlineCLI → pitchline.
// Only CMicroHTTPD and CVorbis see C; HTTPServer and OggVorbis each own their library's pointers.
let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Pitchline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "pitchline", targets: ["pitchline"]),
        // Libraries for the fuzz targets in Fuzz/ (a separate package that depends on this one by path).
        .library(name: "ChartData", targets: ["ChartData"]),
        .library(name: "VegaLite", targets: ["VegaLite"]),
        .library(name: "SiteGenerator", targets: ["SiteGenerator"]),
        .library(name: "SiteServing", targets: ["SiteServing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
    ],
    targets: [
        // C libraries: headers and link flags, nothing else.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CVorbis", pkgConfig: "vorbisenc",
            providers: [.apt(["libvorbis-dev", "libogg-dev"])]),

        // Thin Swift owners of the C handles.
        .target(
            name: "HTTPServer",
            dependencies: ["CMicroHTTPD", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .target(name: "OggVorbis", dependencies: ["CVorbis"], swiftSettings: swiftSettings),

        // Pure Swift layers.
        .target(name: "ContentHash", swiftSettings: swiftSettings),
        // Vega-Lite semantics: the Vega expression language, d3 formats, data-flow transforms (no I/O).
        .target(name: "VegaLite", dependencies: ["D3Format"], swiftSettings: swiftSettings),
        // d3-format numbers and d3-time-format dates (format and parse), en-US built in, UTC.
        .target(name: "D3Format", swiftSettings: swiftSettings),
        .target(name: "ChartData", dependencies: ["VegaLite", "D3Format"], swiftSettings: swiftSettings),
        .target(
            name: "Sonification", dependencies: ["ChartData", "OggVorbis", "ContentHash"],
            swiftSettings: swiftSettings),
        .target(
            name: "ChartPages",
            dependencies: [
                "ChartData", "Sonification", "ContentHash",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "SiteGenerator",
            dependencies: [
                "ChartData", "Sonification", "ChartPages", "ContentHash",
                .product(name: "Ink", package: "Ink"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "SiteServing",
            dependencies: [
                "SiteGenerator", "HTTPServer", "ContentHash", "CZlib",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "SiteExport",
            dependencies: ["SiteGenerator", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .target(
            name: "PitchlineCLI",
            dependencies: [
                "ChartData", "SiteGenerator", "SiteServing", "SiteExport", "Sonification", "OggVorbis", "ContentHash",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(name: "pitchline", dependencies: ["PitchlineCLI"], swiftSettings: swiftSettings),

        .testTarget(name: "ChartDataTests", dependencies: ["ChartData"], swiftSettings: swiftSettings),
        .testTarget(name: "VegaLiteTests", dependencies: ["VegaLite"], swiftSettings: swiftSettings),
        .testTarget(name: "D3FormatTests", dependencies: ["D3Format"], swiftSettings: swiftSettings),
        .testTarget(name: "OggVorbisTests", dependencies: ["OggVorbis"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SonificationTests", dependencies: ["Sonification", "OggVorbis"],
            swiftSettings: swiftSettings),
        // Raw HTTP over a socket for the server tests (hostile requests no polite client sends).
        .target(name: "RawHTTPClient", path: "Tests/RawHTTPClient", swiftSettings: swiftSettings),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "RawHTTPClient", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ChartPagesTests", dependencies: ["ChartPages", "ChartData"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SiteGeneratorTests", dependencies: ["SiteGenerator"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SiteServingTests",
            dependencies: [
                "SiteServing", "SiteGenerator", "HTTPServer", "RawHTTPClient",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(name: "SiteExportTests", dependencies: ["SiteExport", "SiteGenerator", "ChartData"], swiftSettings: swiftSettings),
    ]
)
