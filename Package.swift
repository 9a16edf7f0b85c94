// swift-tools-version: 6.1
import PackageDescription

// Dependencies point one way (docs/architecture.md has the graph); each target's list is exactly
// what its files import (`make check-imports`, tools/check_imports.py):
// ChartData → Sonification ∥ ChartPages → SiteGenerator → SiteServing / SiteExport → PitchlineCLI → pitchline.
// C is seen only through the system-library targets, each imported (internally) by one owner:
// CMicroHTTPD by HTTPServer, CVorbis by OggVorbis, CZlib by SiteServing (Gzip), CCrypto by ContentHash,
// CLouis by Braille (BrailleTranslator); the C target CRenameExchange (one function) by SiteExport.
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
        .library(name: "OggVorbis", targets: ["OggVorbis"]),
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
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CVorbis", pkgConfig: "vorbisenc",
            providers: [.apt(["libvorbis-dev", "libogg-dev"])]),
        // One C function, renameat2(RENAME_EXCHANGE): glibc declares it only with _GNU_SOURCE,
        // which Swift's Glibc module lacks (SiteExport's export swap).
        .target(name: "CRenameExchange"),
        .systemLibrary(
            name: "CLouis", pkgConfig: "liblouis",
            providers: [.apt(["liblouis-dev", "liblouis-data"])]),

        // Thin Swift owners of the C handles.
        .target(
            name: "HTTPServer",
            dependencies: ["CMicroHTTPD", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .target(name: "OggVorbis", dependencies: ["CVorbis"], swiftSettings: swiftSettings),
        // Braille: liblouis translation (owner of CLouis), BRF pages, a series' braille line.
        .target(name: "Braille", dependencies: ["CLouis"], swiftSettings: swiftSettings),

        // Pure Swift layers.
        .target(name: "ContentHash", dependencies: ["CCrypto"], swiftSettings: swiftSettings),
        .target(name: "DurableWrite", swiftSettings: swiftSettings),
        // Vega-Lite semantics: the Vega expression language, d3 formats, data-flow transforms (no I/O).
        .target(name: "VegaLite", dependencies: ["D3Format"], swiftSettings: swiftSettings),
        // d3-format numbers and d3-time-format dates (format and parse), en-US built in, UTC.
        .target(name: "D3Format", swiftSettings: swiftSettings),
        .target(name: "ChartData", dependencies: ["VegaLite", "D3Format"], swiftSettings: swiftSettings),
        .target(
            name: "Sonification", dependencies: ["ChartData", "OggVorbis", "ContentHash", "DurableWrite"],
            swiftSettings: swiftSettings),
        .target(
            name: "ChartPages",
            dependencies: ["ChartData", "D3Format", "Braille", .product(name: "Mustache", package: "swift-mustache")],
            swiftSettings: swiftSettings),
        .target(
            name: "SiteGenerator",
            dependencies: [
                "ChartData", "Sonification", "ChartPages", "ContentHash", "DurableWrite",
                .product(name: "Ink", package: "Ink"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedTheme"]),
        // The default theme (Templates/, Public/) compiled into SiteGenerator at build time.
        .plugin(name: "EmbedTheme", capability: .buildTool()),
        .target(
            name: "SiteServing",
            dependencies: [
                "SiteGenerator", "HTTPServer", "ContentHash", "CZlib",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "SiteExport",
            dependencies: ["SiteGenerator", "DurableWrite", "CRenameExchange"],
            swiftSettings: swiftSettings),
        .target(
            name: "PitchlineCLI",
            dependencies: [
                "ChartData", "ChartPages", "Sonification", "OggVorbis", "ContentHash", "HTTPServer",
                "SiteGenerator", "SiteServing", "SiteExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "pitchline",
            dependencies: ["PitchlineCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings),

        // Site folders written from a table of paths and texts, for the loader and generator tests.
        .target(name: "SiteFolders", path: "Tests/SiteFolders", swiftSettings: swiftSettings),
        .testTarget(name: "ChartDataTests", dependencies: ["ChartData", "SiteFolders"], swiftSettings: swiftSettings),
        .testTarget(name: "VegaLiteTests", dependencies: ["VegaLite"], swiftSettings: swiftSettings),
        .testTarget(name: "D3FormatTests", dependencies: ["D3Format"], swiftSettings: swiftSettings),
        .testTarget(name: "OggVorbisTests", dependencies: ["OggVorbis"], swiftSettings: swiftSettings),
        .testTarget(name: "BrailleTests", dependencies: ["Braille"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SonificationTests", dependencies: ["Sonification", "OggVorbis", "ChartData", "ContentHash"],
            swiftSettings: swiftSettings),
        // Raw HTTP over a socket for the server tests (hostile requests no polite client sends).
        .target(
            name: "RawHTTPClient", dependencies: ["HTTPServer", .product(name: "Logging", package: "swift-log")],
            path: "Tests/RawHTTPClient", swiftSettings: swiftSettings),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "RawHTTPClient", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ChartPagesTests", dependencies: ["ChartPages", "ChartData"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SiteGeneratorTests", dependencies: ["SiteGenerator", "ChartData", "SiteFolders"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SiteServingTests",
            dependencies: [
                "SiteServing", "SiteGenerator", "HTTPServer", "RawHTTPClient",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SiteExportTests", dependencies: ["SiteExport", "SiteGenerator", "ChartData", "ContentHash"],
            swiftSettings: swiftSettings),
    ]
)
