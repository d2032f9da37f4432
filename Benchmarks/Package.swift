// swift-tools-version: 6.1
import PackageDescription

/// Lamina's benchmarks: a package of its own, so `swift test` in the main package never builds them.
///
///     cd Benchmarks && swift package --disable-sandbox benchmark
/// SwiftPM names a path dependency after its folder (`main`, a worktree's name, …).
let parentIdentity = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Lamina"

let package = Package(
    name: "LaminaBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LayerGeometry",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LaminaCore", package: parentIdentity),
            ],
            path: "Benchmarks/LayerGeometry",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
