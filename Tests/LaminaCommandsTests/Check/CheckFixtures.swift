import Foundation
@testable import LaminaCommands

/// A temporary folder of scenes plus a fake generator whose outputs the test sets.
final class CheckSandbox: Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-check-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `text` to `relative` below the root, creating folders.
    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relative).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(relative))
    }

    /// Runs the engine over the root with a generator answering from `outputs`
    /// (keyed `FILE|KIND`, e.g. `clock.svg|json`).
    func run(_ outputs: [String: String], options: CheckOptions = CheckOptions(jobs: 2),
             arguments: [URL]? = nil) async -> CheckReport {
        let engine = CheckEngine(generate: { url, kind in
            guard let text = outputs["\(url.lastPathComponent)|\(kind.rawValue)"] else {
                throw FakeGeneratorError(file: url.lastPathComponent)
            }
            return Array(text.utf8)
        }, options: options)
        return await engine.run(directories: arguments ?? [root])
    }
}

struct FakeGeneratorError: Error, CustomStringConvertible {
    var file: String
    var description: String { "\(file): error: no fake output" }
}

/// Sample outputs for a scene named `clock`.
enum ClockOutputs {
    static let json = """
        {"format": "lamina.layers", "version": 1,
         "root": {"name": "clock", "bounds": [0, 0, 200, 200],
          "sublayers": [{"name": "face", "position": [100, 100], "backgroundColor": "#f4f1ea"},
                        {"bounds": [0, 0, 10, 60], "position": [100, 100]}]}}

        """
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
        <defs><linearGradient id="g1"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
        <rect x="10" y="10" width="180" height="180" fill="#f4f1ea" data-layer="face"/>
        <rect x="0" y="0" width="10" height="60" fill="#333" transform="matrix(1 0 0 1 95 46)" data-layer="#1"/>
        </svg>

        """
    static let debug = svg.replacingOccurrences(of: "</svg>", with: """
        <g id="lamina-overlay"><g class="lamina-layer" data-layer="face"><rect class="lamina-frame" x="10" y="10" width="180" height="180"/></g></g>
        </svg>
        """)

    /// Every kind for `NAME.svg`.
    static func outputs(_ name: String = "clock.svg", json: String = json, svg: String = svg,
                        debug: String = debug) -> [String: String] {
        ["\(name)|json": json, "\(name)|svg": svg, "\(name)|debug": debug]
    }

    /// Writes `clock.svg` and its three goldens into `dir` of `sandbox`.
    static func install(in sandbox: CheckSandbox, dir: String = "", name: String = "clock") throws {
        let prefix = dir.isEmpty ? "" : dir + "/"
        try sandbox.write(prefix + name + ".svg", "<svg/>")
        try sandbox.write(prefix + name + ".expected.json", json)
        try sandbox.write(prefix + name + ".expected.svg", svg)
        try sandbox.write(prefix + name + ".expected.debug.svg", debug)
    }
}
