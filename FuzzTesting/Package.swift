// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer executable over Pace's fuzz targets (issue 19, docs/RELIABILITY.md). A package of its
// own so that the root package's default build never compiles it: it only links, and only with
// libFuzzer and AddressSanitizer. Build and run it with Scripts/fuzz.sh.
let package = Package(
    name: "PaceFuzz",
    dependencies: [
        .package(name: "Pace", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "pace-fuzz",
            dependencies: [.product(name: "PaceFuzzTargets", package: "Pace")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
