// swift-tools-version: 6.1
import PackageDescription

// Dependencies point one way, each target after its dependencies (docs/architecture.md has the
// graph, checked against this file); each target's list is exactly
// what its files import (`make check-imports`, tools/check_imports.py):
// ChartModel → SpecReading → ChartData → ChartPages → SiteGenerator → SiteServing / SiteExport → PitchlineCLI → pitchline;
// Sonification needs the model only (ChartModel → Sonification → SiteGenerator).
// C is seen only through the system-library targets, each imported (internally) by one owner:
// CMicroHTTPD by HTTPServer, CVorbis by OggVorbis, CZlib by SiteServing (Gzip), CCrypto by ContentHash,
// CLouis by Braille (BrailleTranslator); the C target CRenameExchange (one function) by SiteExport.
// Products of the package dependencies, named once.
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let mustache: Target.Dependency = .product(name: "Mustache", package: "swift-mustache")
let ink: Target.Dependency = .product(name: "Ink", package: "Ink")

let package = Package(
    name: "Pitchline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "pitchline", targets: ["pitchline"]),
        // Libraries for the fuzz targets in Fuzz/ (a separate package that depends on this one by path).
        .library(name: "ChartModel", targets: ["ChartModel"]),
        .library(name: "SpecReading", targets: ["SpecReading"]),
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
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", logging]),
        .target(name: "OggVorbis", dependencies: ["CVorbis"]),
        // Braille: liblouis translation (owner of CLouis), BRF pages, a series' braille line.
        .target(name: "Braille", dependencies: ["CLouis"]),

        // Pure Swift layers.
        .target(name: "ContentHash", dependencies: ["CCrypto"]),
        .target(name: "DurableWrite"),
        // JSON bytes exactly as JSONEncoder writes them (sorted keys, slashes as they are), written
        // directly: the chart model and the data script of large charts (its file says why).
        .target(name: "SortedJSON"),
        // d3-format numbers and d3-time-format dates (format and parse), en-US built in, UTC; the
        // one calendar algorithm (UTCCalendar).
        .target(name: "D3Format"),
        // Vega-Lite semantics: the Vega expression language, d3 formats, data-flow transforms (no I/O).
        .target(name: "VegaLite", dependencies: ["D3Format"]),
        // The chart model: the types a chart is made of and their pure rules (Chart, series, axes,
        // semantics, kinds and their payloads, figures, downsampling, value curves, chart ids), the
        // Vega-Lite words it keeps (marks, field types, scales), the audio settings table and located
        // problems. No words, no spec reading, no building.
        .target(name: "ChartModel"),
        // Reading what an author wrote: Vega-Lite specs and their data (JSON, CSV and sidecars, cell
        // parsing, transforms), errors located in the file (as the model's `ChartProblem`); plain
        // number and date text.
        .target(name: "SpecReading", dependencies: ["ChartModel", "VegaLite", "D3Format"]),
        // Package files compiled in at build time (Plugins/Embed): a target's message catalogues
        // (its Messages/*.strings, one pair per language), or the default theme (Templates/, Public/).
        .plugin(name: "Embed", capability: .buildTool()),
        .target(
            name: "ChartData", dependencies: ["ChartModel", "SpecReading", "VegaLite", "D3Format"],
            exclude: ["Messages"], plugins: ["Embed"]),
        .target(name: "Sonification", dependencies: ["ChartModel", "OggVorbis", "ContentHash", "DurableWrite"]),
        .target(name: "ChartPages", dependencies: ["ChartModel", "ChartData", "SpecReading", "D3Format", "Braille", "SortedJSON", mustache]),
        .target(
            name: "SiteGenerator",
            dependencies: ["ChartModel", "ChartData", "SpecReading", "Sonification", "ChartPages", "ContentHash", "DurableWrite", "SortedJSON", ink],
            plugins: ["Embed"]),
        .target(name: "SiteServing", dependencies: ["SiteGenerator", "HTTPServer", "ContentHash", "CZlib", logging]),
        .target(name: "SiteExport", dependencies: ["SiteGenerator", "DurableWrite", "CRenameExchange"]),
        .target(
            name: "PitchlineCLI",
            dependencies: [
                "ChartModel", "ChartData", "SpecReading", "ChartPages", "Sonification", "OggVorbis", "ContentHash", "HTTPServer",
                "SiteGenerator", "SiteServing", "SiteExport", argumentParser, logging,
            ]),
        .executableTarget(name: "pitchline", dependencies: ["PitchlineCLI", argumentParser]),

        // Test support: site folders written from a table of paths and texts, and the browser tests'
        // fixture sites' charts, for the loader, drawing and generator tests.
        .target(name: "SiteFolders", dependencies: ["ChartModel", "ChartData"], path: "Tests/SiteFolders"),
        .testTarget(name: "ChartDataTests", dependencies: ["ChartModel", "ChartData", "SpecReading", "D3Format", "SiteFolders"]),
        // Oracle/ holds Vega's recorded answers, read by path at test time (not a resource).
        .testTarget(name: "VegaLiteTests", dependencies: ["VegaLite"], exclude: ["Oracle"]),
        .testTarget(name: "D3FormatTests", dependencies: ["D3Format"]),
        .testTarget(name: "OggVorbisTests", dependencies: ["OggVorbis"]),
        .testTarget(name: "BrailleTests", dependencies: ["Braille"]),
        .testTarget(name: "SortedJSONTests", dependencies: ["SortedJSON"]),
        .testTarget(name: "SonificationTests", dependencies: ["Sonification", "OggVorbis", "ChartModel", "ChartData", "SpecReading", "ContentHash"]),
        // Raw HTTP over a socket for the server tests (hostile requests no polite client sends).
        .target(name: "RawHTTPClient", dependencies: ["HTTPServer", logging], path: "Tests/RawHTTPClient"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "RawHTTPClient", logging]),
        .testTarget(name: "ChartPagesTests", dependencies: ["ChartPages", "ChartModel", "ChartData", "SpecReading", "Sonification", "SiteFolders"]),
        .testTarget(name: "SiteGeneratorTests", dependencies: ["SiteGenerator", "ChartModel", "ChartData", "SpecReading", "SiteFolders"]),
        .testTarget(
            name: "SiteServingTests", dependencies: ["SiteServing", "SiteGenerator", "HTTPServer", "RawHTTPClient", "SiteFolders", logging]),
        .testTarget(name: "SiteExportTests", dependencies: ["SiteExport", "SiteGenerator", "ChartModel", "ChartData", "SpecReading", "ContentHash"]),
    ]
)

// Every Swift target builds in the Swift 6 language mode (strict concurrency).
for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CRenameExchange" {
    target.swiftSettings = [.swiftLanguageMode(.v6)]
}

// Sonification's per-sample synthesis loop is optimized in debug builds too: unoptimized, it was
// 64 % of the Swift tests' time in the audio suites and of every test export's audio (measured with
// perf, docs/performance.md); -O costs seconds in the build and keeps `@testable import` working
// (SwiftPM still passes -enable-testing in debug).
for target in package.targets where target.name == "Sonification" {
    target.swiftSettings? += [.unsafeFlags(["-O"], .when(configuration: .debug))]
}
