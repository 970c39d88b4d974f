// swift-tools-version:6.1
import PackageDescription

let argumentParser = Target.Dependency.product(
  name: "ArgumentParser", package: "swift-argument-parser")

/// An app module: everything the server does for one app, on the platform.
func appModule(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .target(
    name: name,
    dependencies: [
      "HearthCore", "HearthPlatform",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "PostgresNIO", package: "postgres-nio"),
    ] + dependencies
  )
}

var package = Package(
  name: "Hearth",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "hearth", targets: ["hearth"]),
    .executable(name: "hearth-bench", targets: ["hearth-bench"]),
    .executable(name: "redo", targets: ["redo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.3.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
  ],
  targets: [
    .target(name: "CanonicalJSON"),
    .target(
      name: "HearthCore",
      dependencies: [.product(name: "Crypto", package: "swift-crypto")]
    ),
    .target(
      name: "HearthPlatform",
      dependencies: [
        "HearthCore",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The composition root: the one place that lists the app modules, and the `hearth` command.
    .target(
      name: "HearthServer",
      dependencies: [
        "AuralystApp", "HearthCore", "HearthPlatform", "OnpuApp", "RedoApp", "SofterApp",
        argumentParser,
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .executableTarget(name: "hearth", dependencies: ["HearthServer"]),

    .target(name: "SofterCore"),
    appModule(
      "SofterApp", ["SofterCore", .product(name: "AsyncHTTPClient", package: "async-http-client")]),

    .target(
      name: "RedoCore",
      dependencies: [
        "CanonicalJSON", "HearthCore", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "RedoCLI",
      dependencies: [
        "CanonicalJSON", "HearthCore", "RedoCore", argumentParser,
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(name: "redo", dependencies: ["RedoCLI"]),
    appModule("RedoApp", ["CanonicalJSON", "RedoCore"]),

    .target(name: "AuralystCore"),
    appModule("AuralystApp", ["AuralystCore"]),

    .target(name: "OnpuCore"),
    .systemLibrary(name: "CMeCab", providers: [.apt(["libmecab-dev"])]),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "OnpuAnalysis", dependencies: ["CMeCab", "CZlib", "OnpuCore"]),
    appModule(
      "OnpuApp",
      ["OnpuAnalysis", "OnpuCore", .product(name: "AsyncHTTPClient", package: "async-http-client")]),

    .executableTarget(
      name: "hearth-bench",
      dependencies: [
        "AuralystApp", "AuralystCore", "CanonicalJSON", "HearthCore", "HearthPlatform",
        "HearthServer", "OnpuAnalysis", "OnpuApp", "OnpuCore", "RedoApp", "RedoCore",
        argumentParser,
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),

    .target(name: "TestSupport"),
    .testTarget(name: "CanonicalJSONTests", dependencies: ["CanonicalJSON", "TestSupport"]),
    .testTarget(
      name: "RedoCoreTests",
      dependencies: ["RedoCore", "CanonicalJSON", "HearthCore", "TestSupport"]),
    .testTarget(name: "SofterCoreTests", dependencies: ["SofterCore"], exclude: ["golden"]),
    .testTarget(name: "AuralystCoreTests", dependencies: ["AuralystCore"]),
    .testTarget(name: "OnpuCoreTests", dependencies: ["OnpuCore", "TestSupport"]),
    .testTarget(
      name: "OnpuAnalysisTests", dependencies: ["OnpuAnalysis", "OnpuCore", "TestSupport"]),
    .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"]),
    .testTarget(name: "HearthWebTests", dependencies: ["HearthPlatform"]),
    .testTarget(
      name: "HearthStoreTests",
      dependencies: [
        "AuralystApp", "AuralystCore", "HearthPlatform", "HearthServer", "OnpuApp", "RedoApp",
        "SofterApp", "SofterCore",
      ]
    ),
    .testTarget(
      name: "HearthServerTests",
      dependencies: [
        "CanonicalJSON", "HearthPlatform", "HearthServer", "RedoCore",
        "AuralystApp", "OnpuApp", "RedoApp", "SofterApp",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ]
    ),
  ]
)

for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ]
}
