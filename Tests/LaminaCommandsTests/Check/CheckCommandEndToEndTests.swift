import Foundation
import LaminaTestSupport
import Testing

/// `lamina check` through the built executable: the acceptance path users' CI takes.
@Suite struct CheckCommandEndToEndTests {
    /// Runs `body` in a temporary folder holding `scenes/` with a copy of `Samples/clock.svg` and
    /// its goldens; the folder is removed afterwards.
    private func withScenes(_ body: (URL) throws -> Void) throws {
        try TestSupport.withTemporaryDirectory { root in
            let scenes = root.appendingPathComponent("scenes")
            try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
            let samples = TestSupport.packageRoot.appendingPathComponent("Samples")
            for name in ["clock.svg", "clock.expected.json", "clock.expected.svg", "clock.expected.debug.svg"] {
                try FileManager.default.copyItem(at: samples.appendingPathComponent(name),
                                                 to: scenes.appendingPathComponent(name))
            }
            try body(root)
        }
    }

    @Test func deletedGoldenFailsUntilRecorded() throws {
        try withScenes { root in
            let clean = try TestSupport.runLamina(["check", "scenes"], in: root)
            #expect(clean.status == 0)
            #expect(clean.stdout == "ok clock.svg\n1 passed, 0 failed\n")

            try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/clock.expected.svg"))
            let missing = try TestSupport.runLamina(["check", "scenes", "--junit", "report.xml"], in: root)
            #expect(missing.status == 1)
            #expect(missing.stdout == """
                FAIL clock.svg
                  missing golden clock.expected.svg; run `lamina check scenes --record` to write it
                0 passed, 1 failed

                """)
            let junit = try String(contentsOf: root.appendingPathComponent("report.xml"), encoding: .utf8)
            #expect(junit.contains(#"<testsuite name="lamina check" tests="1" failures="1" errors="0" skipped="0">"#))

            let record = try TestSupport.runLamina(["check", "scenes", "--record"], in: root)
            #expect(record.status == 0)
            #expect(record.stdout.contains("  created clock.expected.svg\n"))
            #expect(record.stdout.hasSuffix("1 recorded: 1 created, 0 updated, 2 unchanged\n"))
            #expect(try TestSupport.runLamina(["check", "scenes"], in: root).status == 0)
        }
    }

    @Test func anInputErrorNamesThePathFromWhereCheckRan() throws {
        try withScenes { root in
            let nested = root.appendingPathComponent("scenes/icons")
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect></svg>".utf8)
                .write(to: nested.appendingPathComponent("bad.svg"))
            try Data("{}".utf8).write(to: nested.appendingPathComponent("bad.expected.json"))
            let run = try TestSupport.runLamina(["check", "scenes"], in: root)
            #expect(run.status == 1)
            #expect(run.stdout.contains("FAIL icons/bad.svg\n  cannot generate bad.expected.json: scenes/icons/bad.svg:1:"))
        }
    }

    @Test func emptyFolderIsNoInput() throws {
        try TestSupport.withTemporaryDirectory { root in
            let run = try TestSupport.runLamina(["check", "."], in: root)
            #expect(run.status == 66)
            #expect(run.stderr.hasPrefix(".: error: no scenes found"))
        }
    }
}
