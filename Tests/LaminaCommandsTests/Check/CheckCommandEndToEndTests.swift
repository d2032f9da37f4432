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
            // Once on stderr as a diagnostic, at the start of its line.
            #expect(run.stderr.hasPrefix("scenes/icons/bad.svg:1:"))
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    /// A scene's lines are printed when it is done, not all at the end of the run.
    @Test func eachSceneIsPrintedAsSoonAsItIsDone() throws {
        try withScenes { root in
            // A drawing checked after the clock (jobs 1) that takes a while to convert.
            var big = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">"
            for i in 0..<30_000 { big += "<rect x=\"\(i % 100)\" y=\"\(i % 97)\" width=\"2\" height=\"3\"/>" }
            try Data((big + "</svg>").utf8).write(to: root.appendingPathComponent("scenes/zz.svg"))
            try Data("{}".utf8).write(to: root.appendingPathComponent("scenes/zz.expected.json"))
            let exe = try #require(TestSupport.laminaExecutable, "lamina executable not built")
            let process = Process()
            process.executableURL = exe
            process.arguments = ["check", "scenes", "--jobs", "1"]
            process.currentDirectoryURL = root
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var first = Data()
            while !first.contains(0x0A) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                first += chunk
            }
            let rest = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // Printed at the end, the whole report came in one piece.
            #expect(String(decoding: first, as: UTF8.self) == "ok clock.svg\n")
            #expect(process.terminationStatus == 1)
            let text = String(decoding: first + rest, as: UTF8.self)
            #expect(text.hasPrefix("ok clock.svg\nFAIL zz.svg\n"))
            #expect(text.hasSuffix("\n1 passed, 1 failed\n"))
        }
    }

    @Test func emptyFolderIsNoInput() throws {
        try TestSupport.withTemporaryDirectory { root in
            let run = try TestSupport.runLamina(["check", "."], in: root)
            #expect(run.status == 66)
            #expect(run.stderr.hasPrefix(".: error: no scenes found"))
            // A first run in a new folder learns how to record the first goldens.
            #expect(run.stderr.contains("name the inputs: lamina check DIR/NAME.svg --record"))
            let help = try TestSupport.runLamina(["check", "--help"], in: root)
            let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("missing golden, or input that is missing or cannot be converted"))
            #expect(words.contains("name an input to record its first goldens (lamina check scenes/new.svg --record)"))
        }
    }
}
