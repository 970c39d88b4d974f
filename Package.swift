// swift-tools-version:6.1
import PackageDescription

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
      name: "RedoCore",
      dependencies: [
        "CanonicalJSON", "HearthCore", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "RedoCLI",
      dependencies: [
        "CanonicalJSON", "HearthCore", "RedoCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(name: "redo", dependencies: ["RedoCLI"]),
    .target(
      name: "RedoWeb", dependencies: ["CanonicalJSON", "HearthCore", "HearthWeb", "RedoCore"]),
    .target(
      name: "HearthCore",
      dependencies: [.product(name: "Crypto", package: "swift-crypto")]
    ),
    .target(name: "HearthStore", dependencies: ["AuralystCore", "HearthCore", "SofterCore"]),
    .target(
      name: "HearthStorePostgres",
      dependencies: [
        "AuralystCore", "HearthStore", "SofterCore",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "HearthStoreSQLite",
      dependencies: [
        "AuralystCore", "HearthStore", "SofterCore", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .target(name: "HearthWeb", dependencies: ["HearthCore", "HearthStore"]),
    .target(
      name: "HearthServer",
      dependencies: [
        "AuralystCore", "CanonicalJSON", "HearthCore", "HearthStore", "HearthStorePostgres",
        "HearthStoreSQLite", "HearthWeb", "RedoCore", "RedoWeb", "SofterCore", "SofterWeb",
        "AuralystWeb", "OnpuAnalysis", "OnpuCore", "OnpuWeb",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .target(
      name: "HearthCLI",
      dependencies: [
        "HearthServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "hearth", dependencies: ["HearthCLI"]),
    .executableTarget(
      name: "hearth-bench",
      dependencies: [
        "AuralystCore", "CanonicalJSON", "OnpuAnalysis", "OnpuCore", "RedoCore",
        .product(name: "Crypto", package: "swift-crypto"), "HearthCore", "HearthStore",
        "HearthStorePostgres", "HearthStoreSQLite", "HearthServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .target(name: "SofterCore"),
    .target(name: "AuralystCore"),
    .target(name: "OnpuCore"),
    .systemLibrary(name: "CMeCab", providers: [.apt(["libmecab-dev"])]),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "OnpuAnalysis", dependencies: ["CMeCab", "CZlib", "OnpuCore"]),
    .target(name: "SofterWeb", dependencies: ["HearthStore", "HearthWeb", "SofterCore"]),
    .target(name: "AuralystWeb", dependencies: ["AuralystCore", "HearthWeb"]),
    .target(name: "OnpuWeb", dependencies: ["HearthWeb", "OnpuCore"]),
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
    .testTarget(name: "HearthWebTests", dependencies: ["HearthWeb"]),
    .testTarget(
      name: "HearthStoreTests",
      dependencies: [
        "AuralystCore", "HearthStore", "HearthStoreSQLite", "HearthStorePostgres", "SofterCore",
      ]
    ),
    .testTarget(
      name: "HearthServerTests",
      dependencies: [
        "CanonicalJSON", "HearthServer", "RedoCore",
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
