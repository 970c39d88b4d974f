// swift-tools-version:6.1
import Foundation
import PackageDescription

let argumentParser = Target.Dependency.product(
  name: "ArgumentParser", package: "swift-argument-parser")
let asyncHTTPClient = Target.Dependency.product(
  name: "AsyncHTTPClient", package: "async-http-client")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioConcurrencyHelpers = Target.Dependency.product(
  name: "NIOConcurrencyHelpers", package: "swift-nio")

// An app is a folder: its targets, tests and resources are found, not listed. SwiftPM caches
// the manifest by its text, so the project's scripts evaluate it afresh (`--manifest-cache
// none`); after adding a folder or a resource, a bare `swift build` needs `touch Package.swift`.
let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
  "Sources")
let sourceFolders = Set((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])

/// The app modules: `Sources/<Name>App`, each depending on the platform, the libraries its
/// store and routes use, its own core (`Sources/<Name>Core`) when there is one, and what
/// `appDependencies` adds.
let appModuleNames = sourceFolders.filter { $0.hasSuffix("App") }.sorted()
let appDependencies: [String: [Target.Dependency]] = [
  // Its pages and assets, a module of their own so that neither stays too large to read.
  "AuralystApp": ["AuralystWeb"],
  // The Anki export (.apkg): its SQLite file (GRDB), its zip's CRC-32 (zlib), its checksums
  // (SHA-1); Sign in with Apple's RS256 signatures (_CryptoExtras).
  "OnpuApp": [
    "CZlib", "OnpuAnalysis", .product(name: "Crypto", package: "swift-crypto"),
    .product(name: "_CryptoExtras", package: "swift-crypto"),
    .product(name: "GRDB", package: "GRDB.swift"),
  ],
]
/// What an app's pure core (`Sources/<Name>Core`) and its tests (`Tests/<Name>CoreTests`) use
/// besides the core itself, and the tests' data folders (read at run time, not compiled).
let coreDependencies: [String: [Target.Dependency]] = [
  "RedoCore": ["CanonicalJSON", "HearthCore", .product(name: "Crypto", package: "swift-crypto")],
  "AuralystCore": ["HearthCore"],
]
let coreTestDependencies: [String: [Target.Dependency]] = [
  "RedoCore": ["CanonicalJSON", "HearthCore", "TestSupport"], "OnpuCore": ["TestSupport"],
  "AuralystCore": ["HearthCore"],
]
let coreTestData = ["SofterCore": ["golden"]]
/// What the platform's modules build on.
let platformLibraries: [Target.Dependency] = [
  "CanonicalJSON", "HearthCore", "HearthHTML", "HearthMail", "HearthOpenAPI", "HearthSQL",
  asyncHTTPClient, nioConcurrencyHelpers, nioCore,
  .product(name: "Crypto", package: "swift-crypto"),
  .product(name: "HTTPTypes", package: "swift-http-types"),
  .product(name: "Hummingbird", package: "hummingbird"),
  .product(name: "Logging", package: "swift-log"),
  .product(name: "Metrics", package: "swift-metrics"),
  .product(name: "NIOHTTP1", package: "swift-nio"),
  .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
  .product(name: "NIOPosix", package: "swift-nio"),
  .product(name: "NIOSSL", package: "swift-nio-ssl"),
  .product(name: "Prometheus", package: "swift-prometheus"),
  .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
]
let appModuleDependencies = appModuleNames.map { Target.Dependency(stringLiteral: $0) }

let testFolders = Set(
  (try? FileManager.default.contentsOfDirectory(
    atPath: sources.deletingLastPathComponent().appendingPathComponent("Tests").path)) ?? [])
let testHarness: [Target.Dependency] = [
  "HearthTesting",
  .product(name: "HummingbirdTesting", package: "hummingbird"),
  .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
]
let testSupport =
  testHarness + [
    asyncHTTPClient, nioConcurrencyHelpers, nioCore,
    .product(name: "HTTPTypes", package: "swift-http-types"),
    .product(name: "Hummingbird", package: "hummingbird"),
  ]

let appCores = appModuleNames.map { $0.dropLast("App".count) + "Core" }.filter(
  sourceFolders.contains)

/// An app's pure core, and its tests when `Tests/<Name>CoreTests` exists.
func appCore(_ name: String) -> [Target] {
  let core = Target.target(name: name, dependencies: coreDependencies[name] ?? [])
  guard testFolders.contains(name + "Tests") else { return [core] }
  return [
    core,
    .testTarget(
      name: name + "Tests",
      dependencies: [.init(stringLiteral: name)] + (coreTestDependencies[name] ?? []),
      exclude: coreTestData[name] ?? []),
  ]
}

/// An app's tests (`Tests/<Name>AppTests`): its server and store on the platform alone.
func appTests(_ name: String) -> Target {
  .testTarget(
    name: name + "Tests",
    dependencies: [.init(stringLiteral: name)] + appModule(name).dependencies + testHarness,
    exclude: ["__Snapshots__"])
}

/// Each target's scripts, stylesheets and data files: every file in `Sources/<target>/Resources/`,
/// compiled into it as bytes (`PackageResources`). Scripts are ES modules (`.mjs`), but for the
/// service worker (`hearth-sw.js`), a classic script.
func resources(_ target: String) -> [Resource] {
  let folder = sources.appendingPathComponent(target).appendingPathComponent("Resources")
  let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return files.filter { !$0.hasPrefix(".") }.sorted().map { .embedInCode("Resources/" + $0) }
}

func appModule(_ name: String) -> Target {
  let core = name.dropLast("App".count) + "Core"
  return .target(
    name: name,
    dependencies: [
      "CanonicalJSON", "HearthAccounts", "HearthCore", "HearthHost", "HearthHTML",
      "HearthNotifications", "HearthOpenAPI", "HearthPlatform", "HearthSQL", asyncHTTPClient,
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "Logging", package: "swift-log"),
      nioConcurrencyHelpers, nioCore,
    ] + (sourceFolders.contains(String(core)) ? [.init(stringLiteral: String(core))] : [])
      + (appDependencies[name] ?? []),
    resources: resources(name)
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
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.17.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
  ],
  targets: [
    .target(name: "CanonicalJSON"),
    // The HTML DSL (Node) and Markdown: a leaf, so it imports nothing, not even Foundation.
    .target(name: "HearthHTML"),
    .target(
      name: "HearthCore",
      dependencies: [.product(name: "Crypto", package: "swift-crypto")],
      resources: resources("HearthCore")
    ),
    // The SQL idiom the stores are written in (statements, values, rows, the database protocol)
    // with no engine under it; the two engines are the only modules that import one.
    .target(name: "HearthSQL"),
    .target(
      name: "HearthSQLite",
      dependencies: ["HearthSQL", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    .target(
      name: "HearthPostgres",
      dependencies: [
        "HearthSQL", .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // OpenAPI 3.1 from the Codable body types: the reflector, the operations, the document.
    .target(
      name: "HearthOpenAPI",
      dependencies: ["CanonicalJSON", .product(name: "HTTPTypes", package: "swift-http-types")]
    ),
    // Sending mail: SMTP (with STARTTLS) or the log.
    .target(
      name: "HearthMail",
      dependencies: [
        "HearthCore", nioConcurrencyHelpers, nioCore,
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // The kernel: HTTP conventions, jobs, events, the platform's stores, the shell's layout and
    // components, and the environment every module is built on.
    .target(
      name: "HearthPlatform",
      dependencies: platformLibraries + ["CBrotli", "CZlib"],
      resources: resources("HearthPlatform")
    ),
    // Notices (the inbox, push, email digests) and reminders.
    .target(name: "HearthNotifications", dependencies: platformLibraries + ["HearthPlatform"]),
    // Accounts: sign-up, log-in, sessions, two-factor, invitations, their API and pages.
    .target(
      name: "HearthAccounts",
      dependencies: platformLibraries + [
        "CQREncode", "HearthNotifications", "HearthPlatform",
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
      ]
    ),
    // Hosts the app modules: the module protocol, the application builder and start-up.
    .target(
      name: "HearthHost",
      dependencies: platformLibraries + ["HearthAccounts", "HearthNotifications", "HearthPlatform"]
    ),
    // The engines as the platform's database, opened from the configuration: for the server,
    // the test harness and the benchmarks, never an app.
    .target(
      name: "HearthEngines",
      dependencies: [
        "HearthCore", "HearthHost", "HearthPlatform", "HearthPostgres", "HearthSQLite",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The composition root: the one place that lists the app modules, and the `hearth` command.
    .target(
      name: "HearthServer",
      dependencies: appModuleDependencies + [
        "HearthAccounts", "HearthCore", "HearthEngines", "HearthHost", "HearthNotifications",
        "HearthPlatform",
        argumentParser,
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .executableTarget(
      name: "hearth", dependencies: ["HearthServer"],
      // lld packs the relative relocations (DT_RELR, glibc 2.36 or later): at start the loader
      // reads 20 KiB of them instead of 2.2 MiB, which stayed resident in every process.
      linkerSettings: [
        .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])
      ]),
  ] + appModuleNames.map(appModule) + appCores.flatMap(appCore) + [

    .target(
      name: "RedoCLI",
      dependencies: [
        "CanonicalJSON", "HearthCore", "RedoCore", argumentParser, nioCore,
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(name: "redo", dependencies: ["RedoCLI"]),

    .systemLibrary(name: "CMeCab", providers: [.apt(["libmecab-dev"])]),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CBrotli", providers: [.apt(["libbrotli-dev"])]),
    .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
    .target(
      name: "AuralystWeb",
      dependencies: ["AuralystCore", "HearthCore", "HearthHTML", "HearthPlatform"],
      resources: resources("AuralystWeb")),
    .target(name: "OnpuAnalysis", dependencies: ["CMeCab", "CZlib", "OnpuCore"]),

    .executableTarget(
      name: "hearth-bench",
      dependencies: [
        "AuralystApp", "AuralystCore", "CanonicalJSON", "HearthCore", "HearthPlatform",
        "HearthAccounts", "HearthEngines", "HearthHost", "HearthNotifications",
        "HearthPostgres", "HearthServer", "HearthSQL", "HearthSQLite", "OnpuAnalysis", "OnpuApp",
        "OnpuCore", "RedoApp", "RedoCore",
        argumentParser, nioCore,
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),

    .target(name: "TestSupport"),
    .target(
      name: "HearthTesting",
      dependencies: [
        "CanonicalJSON", "HearthCore", "HearthOpenAPI", "HearthPlatform", "HearthAccounts",
        "HearthEngines", "HearthHost", "HearthNotifications", "HearthPostgres",
        "HearthSQL", "HearthSQLite", nioConcurrencyHelpers, nioCore,
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(name: "CanonicalJSONTests", dependencies: ["CanonicalJSON", "TestSupport"]),
    .testTarget(
      name: "OnpuAnalysisTests", dependencies: ["OnpuAnalysis", "OnpuCore", "TestSupport"]),
    .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"]),
    .testTarget(name: "HearthHTMLTests", dependencies: ["HearthHTML"]),
    .testTarget(
      name: "HearthPlatformTests",
      dependencies: [
        "CBrotli", "CanonicalJSON", "CZlib", "HearthCore", "HearthHTML", "HearthMail",
        "HearthOpenAPI", "HearthPlatform", "HearthAccounts", "HearthEngines", "HearthHost",
        "HearthNotifications",
        "HearthPostgres", "HearthSQL", "HearthSQLite",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ] + testSupport),
    .testTarget(
      name: "HearthServerTests",
      dependencies: appModuleDependencies + [
        "CanonicalJSON", "HearthCore", "HearthOpenAPI", "HearthPlatform", "HearthAccounts",
        "HearthEngines", "HearthHost", "HearthNotifications", "HearthPostgres",
        "HearthServer", "HearthSQL", "HearthSQLite", "RedoCore",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ] + testSupport),
  ]
    + appModuleNames.filter { testFolders.contains($0 + "Tests") }
    .map(appTests)
)

// Onpu's dictionaries (267,000 EDICT words, UniDic through MeCab) are read by every server and
// test that shows a word: their modules are optimized in debug builds too, which loads EDICT
// several times faster.
for target in package.targets where ["OnpuCore", "OnpuAnalysis"].contains(target.name) {
  target.swiftSettings = [.unsafeFlags(["-O"], .when(configuration: .debug))]
}

for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ]
}
