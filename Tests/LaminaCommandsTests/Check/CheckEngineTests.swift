import Foundation
import Testing
@testable import LaminaCommands

@Suite struct CheckEngineTests {
    @Test func allGoldensMatchExitsZero() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try ClockOutputs.install(in: box, dir: "nested", name: "alarm")
        var outputs = ClockOutputs.outputs()
        outputs.merge(ClockOutputs.outputs("alarm.svg")) { a, _ in a }
        let report = await box.run(outputs)
        #expect(report.exitCode == 0)
        #expect(report.text == "ok clock.svg\nok nested/alarm.svg\n2 passed, 0 failed\n")
        #expect(report.scenes.map(\.scene.name) == ["clock.svg", "nested/alarm.svg"])
    }

    @Test func changedValueFailsWithLayerPathKeyOldAndNew() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        let changed = ClockOutputs.json.replacingOccurrences(
            of: #""bounds": [0, 0, 10, 60], "position": [100, 100]"#,
            with: #""bounds": [0, 0, 10, 60], "position": [100, 104]"#)
        let report = await box.run(ClockOutputs.outputs(json: changed))
        #expect(report.exitCode == 1)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "FAIL clock.svg")
        #expect(lines.contains("  clock.expected.json: 1 difference"))
        #expect(lines.contains(##"    layer "#1" key "position": [100,100] -> [100,104]"##))
        #expect(lines.contains("  actual output saved to \(box.root.path)/clock.actual.json"))
        #expect(lines.contains("  run `lamina check \(box.root.path) --record` to accept the new output"))
        #expect(lines.last == "0 passed, 1 failed")
        #expect(box.read("clock.actual.json") == changed)
    }

    @Test func numericChangeWithinTolerancePassesAndIsReported() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        let nudged = ClockOutputs.json.replacingOccurrences(of: #""position": [100, 100], "back"#,
                                                            with: #""position": [100.0004, 100], "back"#)
        let tolerant = await box.run(ClockOutputs.outputs(json: nudged), options: CheckOptions(tolerance: 0.001))
        #expect(tolerant.exitCode == 0)
        #expect(tolerant.text.hasPrefix("ok clock.svg (1 difference within tolerance 0.001)\n"))
        #expect(tolerant.text.contains(
            #"layer "face" key "position": [100,100] -> [100.0004,100] (within tolerance)"#))
        #expect(!box.exists("clock.actual.json"))

        let strict = await box.run(ClockOutputs.outputs(json: nudged))
        #expect(strict.exitCode == 1)
    }

    @Test func missingGoldenFailsWithRecordHint() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.remove("clock.expected.svg")
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.exitCode == 1)
        #expect(report.text.contains(
            "  missing golden clock.expected.svg; run `lamina check \(box.root.path) --record` to write it\n"))
        #expect(report.scenes.first?.kinds.map(\.outcome) == [.match, .missingGolden, .match])
    }

    @Test func configuredKindsNarrowWhatIsExpected() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.remove("clock.expected.svg")
        try box.remove("clock.expected.debug.svg")
        try box.write("lamina-check.json", #"{"kinds": ["json"]}"#)
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.exitCode == 0)
        #expect(report.scenes.first?.scene.kinds == [.json])
    }

    @Test func recordWritesGoldensThenCheckPasses() async throws {
        let box = try CheckSandbox()
        try box.write("clock.svg", "<svg/>")
        try box.write("clock.expected.json", "{}")
        let recorded = await box.run(ClockOutputs.outputs(), options: CheckOptions(record: true))
        #expect(recorded.exitCode == 0)
        #expect(recorded.text == """
            recorded clock.svg
              updated clock.expected.json
              created clock.expected.svg
              created clock.expected.debug.svg
            1 recorded: 2 created, 1 updated, 0 unchanged

            """)
        #expect(box.read("clock.expected.svg") == ClockOutputs.svg)
        let again = await box.run(ClockOutputs.outputs(), options: CheckOptions(record: true))
        #expect(again.text.hasSuffix("1 recorded: 0 created, 0 updated, 3 unchanged\n"))
        let checked = await box.run(ClockOutputs.outputs())
        #expect(checked.exitCode == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.root.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func svgAttributeDiffNamesDrawableLayerAndAttribute() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        let changed = ClockOutputs.svg.replacingOccurrences(of: ##"fill="#333""##, with: ##"fill="#334""##)
        let report = await box.run(ClockOutputs.outputs(svg: changed))
        #expect(report.exitCode == 1)
        #expect(report.text.contains(
            ##"    drawable 1 <rect> (layer "#1") attribute "fill": "#333" -> "#334""## + "\n"))
    }

    @Test func generatorErrorFailsTheScene() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        let report = await box.run([:])
        #expect(report.exitCode == 1)
        #expect(report.text.contains("  cannot generate clock.expected.json: clock.svg: error: no fake output\n"))
    }

    @Test func folderWithoutScenesIsAnError() async throws {
        let box = try CheckSandbox()
        try box.write("lonely.svg", "<svg/>")
        let report = await box.run([:])
        #expect(report.exitCode == 66)
        #expect(report.errorText.contains("no scenes found"))
        let missing = await box.run([:], arguments: [box.root.appendingPathComponent("nope")])
        #expect(missing.exitCode == 66)
    }

    @Test func explicitInputFileIsASceneEvenWithoutGoldens() async throws {
        let box = try CheckSandbox()
        try box.write("new.svg", "<svg/>")
        let file = box.root.appendingPathComponent("new.svg")
        let failing = await box.run(ClockOutputs.outputs("new.svg"), arguments: [file])
        #expect(failing.exitCode == 1)
        #expect(failing.text.contains("missing golden new.expected.json; run `lamina check \(file.path) --record`"))
        let recorded = await box.run(ClockOutputs.outputs("new.svg"), options: CheckOptions(record: true), arguments: [file])
        #expect(recorded.exitCode == 0)
        #expect(box.read("new.expected.debug.svg") == ClockOutputs.debug)
    }

    @Test func svgAndJSONInputsWithOneNameKeepSeparateGoldens() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.write("clock.json", "{}")
        try box.write("clock.json.expected.json", ClockOutputs.json)
        try box.write("lamina-check.json", #"{"kinds": ["json"], "x-note": "json only"}"#)
        var outputs = ClockOutputs.outputs()
        outputs["clock.json|json"] = ClockOutputs.json
        let report = await box.run(outputs)
        #expect(report.exitCode == 0)
        #expect(report.scenes.map(\.scene.goldenBase) == ["clock.json", "clock"])
    }

    @Test func badConfigIsADataError() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.write("lamina-check.json", #"{"kinds": ["png"]}"#)
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.exitCode == 65)
        // FILE:LINE:COL at the value the message is about (SPEC §2).
        #expect(report.errorText.contains(#"lamina-check.json:1:12: error: unknown golden kind 'png'"#), "\(report.errorText)")
    }

    @Test(arguments: [
        ("{\n  \"kinds\": [\"json\"],\n  \"bogus\": 1\n}", "lamina-check.json:3:12: error: unknown key 'bogus'"),
        ("{\"size\": [1]}", "lamina-check.json:1:10: error: 'size' must be two"),
        ("{\"kinds\": [\"json\"\n", "lamina-check.json:2:1: error: expected a JSON object"),
    ])
    func configErrorsNameTheirLine(text: String, expected: String) async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.write("lamina-check.json", text)
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.exitCode == 65)
        #expect(report.errorText.contains(expected), "\(report.errorText)")
    }

    @Test func batchGeneratorIsCalledOncePerSceneWithPresentKinds() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.remove("clock.expected.debug.svg")
        let calls = CallLog()
        let engine = CheckEngine(generateAll: { url, kinds in
            calls.append("\(url.lastPathComponent) \(kinds.map(\.rawValue))")
            return kinds.map { Array(($0 == .json ? ClockOutputs.json : ClockOutputs.svg).utf8) }
        }, options: CheckOptions())
        let report = await engine.run(directories: [box.root])
        #expect(calls.entries == [#"clock.svg ["json", "svg"]"#])
        #expect(report.exitCode == 1)
        #expect(report.scenes.first?.kinds.map(\.outcome) == [.match, .match, .missingGolden])
    }

    /// Scenes checked at once share the threads, as the files of a batch conversion do: a scene
    /// that waited for work on threads of its own while every pool thread held a scene stalled.
    @Test(arguments: [(1, 2, 5, 2), (2, 2, 5, 1), (2, 2, 1, 2), (3, 4, 5, 1), (2, 8, 5, 4), (4, 2, 2, 1)])
    func eachSceneGetsItsShareOfTheThreads(jobs: Int, threads: Int, scenes: Int, share: Int) async throws {
        let box = try CheckSandbox()
        var outputs: [String: String] = [:]
        for k in 0..<scenes {
            try ClockOutputs.install(in: box, name: "s\(k)")
            outputs.merge(ClockOutputs.outputs("s\(k).svg")) { a, _ in a }
        }
        let seen = CallLog()
        let fixed = outputs
        let engine = CheckEngine(generateScene: { scene, kinds, threads in
            seen.append("\(threads)")
            let name = scene.input.lastPathComponent
            return kinds.map { Array((fixed["\(name)|\($0.rawValue)"] ?? "").utf8) }
        }, options: CheckOptions(jobs: jobs, threads: threads))
        let report = await engine.run(directories: [box.root])
        #expect(report.exitCode == 0, "\(report.text)")
        #expect(seen.entries == Array(repeating: "\(share)", count: scenes))
    }

    @Test func progressReportsScenesInOrder() async throws {
        let box = try CheckSandbox()
        var outputs: [String: String] = [:]
        for name in ["d", "c", "b", "a", "e"] {
            try ClockOutputs.install(in: box, name: name)
            outputs.merge(ClockOutputs.outputs("\(name).svg")) { a, _ in a }
        }
        let seen = CallLog()
        let fixed = outputs
        let engine = CheckEngine(generate: { url, kind in
            Array((fixed["\(url.lastPathComponent)|\(kind.rawValue)"] ?? "").utf8)
        }, options: CheckOptions(jobs: 3))
        let report = await engine.run(directories: [box.root]) { seen.append(CheckReport.text(for: $0, tolerance: 0)) }
        #expect(seen.entries == ["ok a.svg\n", "ok b.svg\n", "ok c.svg\n", "ok d.svg\n", "ok e.svg\n"])
        #expect(report.text == seen.entries.joined() + "5 passed, 0 failed\n")
    }

    @Test func artifactsDirectoryFromEnvironmentKeepsFolders() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box, dir: "sub")
        let out = box.root.appendingPathComponent("artifacts")
        let options = CheckOptions(environment: ["LAMINA_CHECK_ARTIFACTS": out.path])
        #expect(options.artifactsDirectory == out)
        let report = await box.run(ClockOutputs.outputs(svg: "<svg/>"), options: options)
        #expect(report.exitCode == 1)
        #expect(box.read("artifacts/sub/clock.actual.svg") == "<svg/>")
        #expect(!box.exists("sub/clock.actual.svg"))
        #expect(report.text.contains("  actual output saved to \(out.path)/sub/clock.actual.svg\n"))
    }
}

/// A thread-safe list of strings for observing generator calls.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ s: String) { lock.lock(); list.append(s); lock.unlock() }

    var entries: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
