// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for Pitchline's own parsers (issue 8). A separate package so the main build
// never sees sanitizer flags. Build and run with `make fuzz` (or `make fuzz-short`): Fuzz/run.sh calls
//   swift build --package-path Fuzz --scratch-path .build-fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
// (run.sh says why exactly these). Every module, Pitchline's too, is instrumented, so coverage
// guides the fuzzer through the code under test. libFuzzer supplies `main`; each target defines
// `LLVMFuzzerTestOneInput` in a file not named main.swift (parsed as a library, no top-level code).
let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "PitchlineFuzz",
    dependencies: [.package(name: "Pitchline", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "ChartModel", package: "Pitchline"), .product(name: "ChartData", package: "Pitchline"),
                .product(name: "SpecReading", package: "Pitchline"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-csv",
            dependencies: ["FuzzSupport", .product(name: "ChartData", package: "Pitchline")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-spec",
            dependencies: ["FuzzSupport", .product(name: "ChartData", package: "Pitchline")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-expr",
            dependencies: [.product(name: "VegaLite", package: "Pitchline")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-report",
            dependencies: [
                .product(name: "ChartData", package: "Pitchline"), .product(name: "SiteGenerator", package: "Pitchline"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-vorbis",
            dependencies: [.product(name: "OggVorbis", package: "Pitchline")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-request",
            dependencies: [.product(name: "SiteServing", package: "Pitchline")],
            swiftSettings: swiftSettings),
    ]
)
