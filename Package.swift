// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Linux only (docs/DECISIONS.md 106): no `platforms` claim, as nothing here is built or tested on Apple's.
let package = Package(
    name: "Pace",
    products: [
        .library(name: "PaceModel", targets: ["PaceModel"]),
        .library(name: "PaceStore", targets: ["PaceStore"]),
        .library(name: "PaceTrack", targets: ["PaceTrack"]),
        .library(name: "PaceAnalysis", targets: ["PaceAnalysis"]),
        .library(name: "PaceFormats", targets: ["PaceFormats"]),
        .library(name: "PaceTransfer", targets: ["PaceTransfer"]),
        .library(name: "PaceRecorder", targets: ["PaceRecorder"]),
        .library(name: "PaceSensors", targets: ["PaceSensors"]),
        // For the FuzzTesting package (FuzzTesting/Package.swift), which builds the libFuzzer executable.
        .library(name: "PaceFuzzTargets", targets: ["PaceFuzzTargets"]),
        .executable(name: "pace", targets: ["pace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // The PostgreSQL backend of the store (issue 17, PaceStorePostgres).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The HTTP client of Pace's server API (PaceClient: `pace sync`, `pace record --publish`).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Graceful shutdown ends the server's live event streams (already resolved through Hummingbird).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The web app's server-rendered pages (PaceServer/Web).
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // gzip for the server's text answers (PaceServer/HTTP/ResponseCompression.swift).
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "PaceModel",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaceTrack",
            dependencies: ["PaceModel"],
            swiftSettings: swiftSettings
        ),
        // Workout analysis and history (issue 18, docs/ANALYSIS.md): pure functions over model values, no store.
        .target(
            name: "PaceAnalysis",
            dependencies: ["PaceModel", "PaceTrack"],
            swiftSettings: swiftSettings
        ),
        // The system's zlib (Debian's zlib1g-dev), for the gzip and zip readers (DECISIONS 169).
        .systemLibrary(name: "CPaceZlib", path: "Sources/CPaceZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(
            name: "PaceFormats",
            dependencies: ["PaceModel", "CPaceZlib"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaceTransfer",
            dependencies: [
                "PaceModel", "PaceTrack", "PaceAnalysis", "PaceFormats", "PaceStore",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaceRecorder",
            dependencies: [
                "PaceModel",
                "PaceFormats",
                "PaceTrack",
                // Heart-rate zones (DECISIONS 134).
                "PaceAnalysis",
                "PaceStore",
                // Live recording runs `SensorSource`s (LiveRecording/, DECISIONS 117).
                "PaceSensors",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaceSensors",
            dependencies: [
                "PaceModel",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CPaceSQLite",
            dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .target(
            name: "PaceStore",
            dependencies: [
                "PaceModel",
                "CPaceSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaceCLI",
            dependencies: [
                "PaceModel",
                "PaceStore",
                "PaceTrack",
                "PaceAnalysis",
                "PaceFormats",
                "PaceTransfer",
                "PaceRecorder",
                "PaceSensors",
                "PaceServer",
                "PaceClient",
                "PaceAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // The HTTP API's wire forms (query parameters, cursors, sync anchors), shared by the server
        // and the `query` fuzz target, without the server's HTTP stack.
        .target(
            name: "PaceAPI",
            dependencies: ["PaceModel", "PaceStore"],
            swiftSettings: swiftSettings
        ),
        // The server (issue 17, docs/SERVER.md): accounts, scoped tokens and the HTTP API over one store per account.
        .target(
            name: "PaceServer",
            dependencies: [
                "PaceAPI",
                "PaceModel",
                "PaceStore",
                "PaceTransfer",
                "PaceStorePostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "PaceTrack",
                "PaceAnalysis",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                // The web pages' templates (Web/).
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            resources: [.copy("Web/Templates"), .copy("Web/Static")],
            swiftSettings: swiftSettings
        ),
        // The client of the server's HTTP API (issue 17, docs/SERVER.md): requests with a token, JSON errors as typed errors.
        .target(
            name: "PaceClient",
            dependencies: [
                // Device sync (Sync/): the local store's changes both ways; never the server's modules.
                "PaceAPI",
                "PaceModel",
                "PaceStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "pace",
            dependencies: [
                "PaceCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "pace-bench",
            dependencies: [
                "PaceModel",
                "PaceTrack",
                "PaceAnalysis",
                "PaceFormats",
                "PaceStore",
                "PaceTransfer",
                "PaceRecorder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/pace-bench",
            swiftSettings: swiftSettings
        ),
        // The fuzz harnesses (issue 19, docs/RELIABILITY.md): every byte reader driven with arbitrary
        // bytes and checked against its promises; run by libFuzzer from the separate FuzzTesting package and
        // over seeds and mutations by PaceFuzzTargetsTests.
        .target(
            name: "PaceFuzzTargets",
            dependencies: ["PaceAPI", "PaceModel", "PaceFormats", "PaceSensors", "PaceStore", "PaceTransfer",
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaceTestSupport",
            dependencies: ["PaceModel", "PaceStore", "PaceSensors", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceAPITests",
            dependencies: ["PaceAPI", "PaceModel", "PaceStore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceModelTests",
            dependencies: ["PaceModel", "PaceTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceTrackTests",
            dependencies: ["PaceTrack", "PaceModel", "PaceTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceAnalysisTests",
            dependencies: ["PaceAnalysis", "PaceModel", "PaceTestSupport", "PaceTrack"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceFormatsTests",
            dependencies: ["PaceFormats", "PaceModel", "PaceTestSupport", "CPaceZlib", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            // Read from the source tree (#filePath), so they are not bundled.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceTransferTests",
            dependencies: ["PaceTransfer", "PaceAnalysis", "PaceFormats", "PaceModel", "PaceStore", "PaceTestSupport"],
            swiftSettings: swiftSettings
        ),
        // HealthKit's storage rules as checks any backend of the store must pass (DECISIONS 114).
        .target(
            name: "PaceStoreConformance",
            dependencies: ["PaceStore", "PaceModel", "PaceTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The store's second backend, over PostgreSQL through PostgresNIO (issue 17, DECISIONS 125).
        .target(
            name: "PaceStorePostgres",
            dependencies: [
                "PaceStore",
                "PaceModel",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store through its public API only: no SQL, whatever the backend.
        .testTarget(
            name: "PaceStoreTests",
            dependencies: ["PaceStore", "PaceModel", "PaceTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceStoreConformanceTests",
            dependencies: ["PaceStoreConformance", "PaceStore", "PaceModel", "PaceTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The SQLite backend's own tests: schema, pragmas, migrations, rollup triggers, checkpoints.
        .testTarget(
            name: "PaceStoreSQLiteTests",
            dependencies: ["PaceStore", "PaceModel", "PaceTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        // The PostgreSQL backend: the conformance rules and its own (migrations, accounts, row-level
        // security), against a real PostgreSQL server the tests start on loopback.
        .testTarget(
            name: "PaceStorePostgresTests",
            dependencies: ["PaceStorePostgres", "PaceStoreConformance", "PaceStore", "PaceModel",
                           "PaceTestSupport",
                           .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceRecorderTests",
            dependencies: ["PaceRecorder", "PaceSensors", "PaceStore", "PaceTrack", "PaceModel", "PaceTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceSensorsTests",
            dependencies: ["PaceSensors", "PaceModel", "PaceTestSupport"],
            // Read from the source tree (#filePath), so they are not bundled.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceFuzzTargetsTests",
            dependencies: ["PaceFuzzTargets", "PaceFormats", "PaceSensors", "PaceModel", "PaceTestSupport"],
            // Minimised crash inputs, read from the source tree (#filePath).
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceCLITests",
            dependencies: ["PaceCLI", "PaceFormats", "PaceModel", "PaceStore", "PaceTestSupport",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["Fixtures", "Browser"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PaceServerTests",
            dependencies: ["PaceAPI", "PaceServer", "PaceClient", "PaceModel", "PaceStore", "PaceTestSupport", "PaceTrack", "PaceTransfer", "PaceAnalysis", "PaceFormats",
                           .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                           .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Apple's HealthKit and CoreLocation APIs over Pace (issue 16; docs/HEALTHKIT.md): declared only on
// Linux, because on Apple's platforms the system frameworks are the real thing and must not be shadowed.
#if os(Linux)
package.products += [
    .library(name: "HealthKit", targets: ["HealthKit"]),
    .library(name: "CoreLocation", targets: ["CoreLocation"]),
]
package.targets += [
    .target(
        name: "CoreLocation",
        dependencies: [
            "PaceModel",
            "PaceTrack",
            "PaceSensors",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "HealthKit",
        dependencies: [
            "CoreLocation",
            "PaceModel",
            "PaceStore",
            "PaceRecorder",
            "PaceSensors",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "CoreLocationTests",
        dependencies: ["CoreLocation", "PaceModel", "PaceSensors", "PaceTestSupport"],
        swiftSettings: swiftSettings
    ),
    // A program using CoreLocation from its main thread (RunLoop.main or dispatchMain()), run by CoreLocationTests.
    .executableTarget(
        name: "CoreLocationRunLoopProbe",
        dependencies: ["CoreLocation"],
        path: "Tests/CoreLocationRunLoopProbe",
        swiftSettings: swiftSettings
    ),
    // iOS-style CoreLocation code in the Swift 5 language mode (issue 16: both modes must build).
    .testTarget(
        name: "CoreLocationSwift5Tests",
        dependencies: ["CoreLocation", "PaceModel", "PaceSensors", "PaceTestSupport"],
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
        name: "HealthKitTests",
        dependencies: ["HealthKit", "CoreLocation", "PaceModel", "PaceStore", "PaceTestSupport"],
        swiftSettings: swiftSettings
    ),
    // Examples written as iOS developers write HealthKit code, built with the package and run by
    // HealthKitTests (ExamplesTests): three in the Swift 5 language mode, one in Swift 6.
    .executableTarget(
        name: "RecordRoute",
        dependencies: ["HealthKit", "CoreLocation"],
        path: "Examples/RecordRoute",
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(
        name: "ReadRoute",
        dependencies: ["HealthKit", "CoreLocation"],
        path: "Examples/ReadRoute",
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // A watchOS-style live workout (HKWorkoutSession + HKLiveWorkoutBuilder) that recovers after a crash.
    .executableTarget(
        name: "LiveWorkout",
        dependencies: ["HealthKit"],
        path: "Examples/LiveWorkout",
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(
        name: "HealthManager",
        dependencies: ["HealthKit"],
        path: "Examples/HealthManager"
    ),
]
#endif
