// swift-tools-version: 6.1
import PackageDescription

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
        // Used by the libFuzzer targets in Fuzz/ (a separate package).
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
        .target(name: "LaminaSVGImport", dependencies: ["LaminaCore", "CLibXML2"], swiftSettings: settings),
        .target(name: "LaminaJSON", dependencies: ["LaminaCore"], swiftSettings: settings),
        .target(name: "LaminaExport", dependencies: ["LaminaCore"], swiftSettings: settings),
        .target(
            name: "LaminaCommands",
            dependencies: [
                "LaminaCore", "LaminaSVGImport", "LaminaJSON", "LaminaExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "lamina",
            dependencies: ["LaminaCommands"],
            swiftSettings: settings,
            // On Linux the command links the Swift runtime and FoundationEssentials statically:
            // start-up then skips the dynamic loader's symbol binding for those libraries (about
            // a third of a small conversion). The three libraries are FoundationEssentials' own.
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux])),
            ]
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
