// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets for Lamina's two parsers. Build and run with `Tests/Fuzz/run.sh TARGET SECONDS`
/// (see Docs/Security.md); they need `-sanitize=fuzzer` and so are not part of the main package.
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "LaminaFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Lamina", path: "../..")],
    targets: [
        .target(name: "FuzzerDriver"),
        .executableTarget(
            name: "FuzzSVGImport",
            dependencies: [
                "FuzzerDriver",
                .product(name: "LaminaCore", package: "Lamina"),
                .product(name: "LaminaSVGImport", package: "Lamina"),
                .product(name: "LaminaJSON", package: "Lamina"),
                .product(name: "LaminaExport", package: "Lamina"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "FuzzJSONDecode",
            dependencies: [
                "FuzzerDriver",
                .product(name: "LaminaCore", package: "Lamina"),
                .product(name: "LaminaJSON", package: "Lamina"),
                .product(name: "LaminaExport", package: "Lamina"),
            ],
            swiftSettings: settings
        ),
    ]
)
