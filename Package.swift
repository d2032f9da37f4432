// swift-tools-version: 6.1
import PackageDescription

/// `LAMINA_DYNAMIC_EXECUTABLE=1` links the command dynamically: the sanitizers' runtimes cannot
/// be linked into a static executable (Tests/Sanitizers/asan.sh sets it).
let staticExecutable = Context.environment["LAMINA_DYNAMIC_EXECUTABLE"] != "1"

/// Settings shared by every target: Swift 6 mode with strict concurrency.
let settings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Lamina",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lamina", targets: ["lamina"]),
        .library(name: "LaminaCore", targets: ["LaminaCore"]),
        // Used by the libFuzzer targets in Tests/Fuzz/ (a separate package).
        .library(name: "LaminaSVGImport", targets: ["LaminaSVGImport"]),
        .library(name: "LaminaJSON", targets: ["LaminaJSON"]),
        .library(name: "LaminaExport", targets: ["LaminaExport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "LaminaGeometry", swiftSettings: settings),
        .target(name: "LaminaCore", dependencies: ["LaminaGeometry"], swiftSettings: settings),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // glibc's `mallopt`, for the command's allocator tuning.
        .systemLibrary(name: "CMalloc"),
        // Removes temporary output files when a signal ends the process (a C signal handler).
        .target(name: "CLaminaCleanup"),
        .target(name: "LaminaSVGImport", dependencies: ["LaminaCore", "CLibXML2"], swiftSettings: settings),
        .target(name: "LaminaJSON", dependencies: ["LaminaCore"], swiftSettings: settings),
        .target(name: "LaminaExport", dependencies: ["LaminaCore"], swiftSettings: settings),
        .target(
            name: "LaminaCommands",
            dependencies: [
                "LaminaCore", "LaminaSVGImport", "LaminaJSON", "LaminaExport", "CLaminaCleanup",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "lamina",
            dependencies: ["LaminaCommands", "CMalloc"],
            swiftSettings: settings,
            // On Linux the command is one static executable: the Swift runtime, FoundationEssentials,
            // libxml2 and what libxml2 needs (ICU, zlib, xz, libstdc++). Start-up then runs no
            // dynamic loader: binding libxml2's and ICU's symbols and relocating the Swift runtime
            // took about half of a small conversion. The first three libraries are
            // FoundationEssentials' own; the rest are `pkg-config --static --libs libxml-2.0`.
            linkerSettings: staticExecutable ? [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux])),
                .linkedLibrary("icuuc", .when(platforms: [.linux])),
                .linkedLibrary("icudata", .when(platforms: [.linux])),
                .linkedLibrary("z", .when(platforms: [.linux])),
                .linkedLibrary("lzma", .when(platforms: [.linux])),
                .linkedLibrary("stdc++", .when(platforms: [.linux])),
                .linkedLibrary("m", .when(platforms: [.linux])),
            ] : []
        ),

        .target(
            name: "LaminaTestSupport",
            dependencies: ["LaminaCore"],
            path: "Tests/LaminaTestSupport",
            swiftSettings: settings
        ),
        .testTarget(
            name: "LaminaGeometryTests",
            dependencies: ["LaminaGeometry", "LaminaTestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LaminaCoreTests",
            dependencies: ["LaminaCore", "LaminaTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LaminaSVGImportTests",
            dependencies: ["LaminaSVGImport", "LaminaTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LaminaJSONTests",
            dependencies: ["LaminaJSON", "LaminaTestSupport"],
            exclude: ["Fixtures", "validate_schema.py"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LaminaExportTests",
            dependencies: ["LaminaExport", "LaminaSVGImport", "LaminaTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "LaminaCommandsTests",
            dependencies: ["LaminaCommands", "LaminaTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: settings
        ),
    ]
)
