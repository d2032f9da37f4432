import Foundation
import Testing
@testable import LaminaCommands

/// Goldens whose input is gone or cannot be read fail the run instead of being skipped: a
/// deleted or renamed input, a broken symbolic link or a folder in its place used to drop the
/// scene silently, and CI passed on a scene it no longer checked.
@Suite struct CheckMissingInputTests {
    @Test func goldensOfADeletedInputFail() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try ClockOutputs.install(in: box, dir: "nested", name: "alarm")
        try box.remove("nested/alarm.svg")
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.exitCode == 1)
        #expect(report.text == """
            ok clock.svg
            FAIL nested/alarm.svg
              no input alarm.svg or alarm.json for goldens alarm.expected.json, alarm.expected.svg, \
            alarm.expected.debug.svg: restore or rename it back, or delete the goldens to retire the scene
            1 passed, 1 failed

            """)
    }

    @Test func aRenamedInputLeavesItsGoldensReported() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try FileManager.default.moveItem(at: box.root.appendingPathComponent("clock.svg"),
                                         to: box.root.appendingPathComponent("clock2.svg"))
        let report = await box.run(ClockOutputs.outputs("clock2.svg"))
        #expect(report.exitCode == 1)
        #expect(report.scenes.map(\.scene.name) == ["clock.svg"])
        #expect(report.scenes.first?.status == .failed)
    }

    @Test(arguments: ["broken link", "folder"])
    func anUnreadableInputFailsAlsoWhenRecording(what: String) async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.remove("clock.svg")
        let input = box.root.appendingPathComponent("clock.svg")
        if what == "folder" {
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: false)
        } else {
            try FileManager.default.createSymbolicLink(atPath: input.path, withDestinationPath: "gone.svg")
        }
        let expected = what == "folder" ? "a folder" : "a broken symbolic link"
        for record in [false, true] {
            let report = await box.run(ClockOutputs.outputs(), options: CheckOptions(record: record, jobs: 2))
            #expect(report.exitCode == 1)
            #expect(report.text.contains("""
                FAIL clock.svg
                  cannot read input clock.svg: \(expected); its goldens clock.expected.json, clock.expected.svg, \
                clock.expected.debug.svg are not checked

                """))
        }
        #expect(box.read("clock.expected.json") == ClockOutputs.json)
    }

    @Test func goldensOfAnotherInputFormAreStale() async throws {
        // `clock.svg.expected.*` exist, so `clock.expected.*` belong to no input.
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.write("clock.svg.expected.json", ClockOutputs.json)
        let report = await box.run(ClockOutputs.outputs(), options: CheckOptions(jobs: 2))
        #expect(report.exitCode == 1)
        #expect(report.scenes.map(\.scene.name) == ["clock", "clock.svg"])
        #expect(report.text.contains("""
            FAIL clock
              goldens clock.expected.json, clock.expected.svg, clock.expected.debug.svg belong to no input: \
            clock.svg uses clock.svg.expected.*; delete them

            """))
    }

    @Test func otherToolsExpectedJSONIsNotAGolden() async throws {
        // A snapshot fixture of another tool shares the suffix; it is not a scene whose input is
        // gone. An empty `*.expected.json` (a record cut short) still is.
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        try box.write("api/users.expected.json", "{\"users\": [{\"id\": 1}]}\n")
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.exitCode == 0)
        #expect(report.scenes.map(\.scene.name) == ["clock.svg"])
        try box.write("api/empty.expected.json", "")
        let empty = await box.run(ClockOutputs.outputs())
        #expect(empty.exitCode == 1)
        #expect(empty.scenes.map(\.scene.name) == ["api/empty.svg", "clock.svg"])
    }
}
