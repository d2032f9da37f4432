import Foundation
import LaminaCommands
import Testing

/// `Subprocess.run`: exit status and standard error of an external program.
@Suite struct SubprocessTests {
    @Test func statusAndStandardErrorAreReported() throws {
        let outcome = try #require(Subprocess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"]))
        #expect(outcome.status == 3)
        #expect(String(decoding: outcome.standardError, as: UTF8.self) == "err\n")
    }

    @Test func aSignalIsReportedByNumber() throws {
        let outcome = try #require(Subprocess.run("/bin/sh", ["-c", "kill -9 $$"]))
        #expect(outcome.status == 9)
    }

    @Test func aMissingProgramCannotStart() {
        #expect(Subprocess.run("/nonexistent/renderer", []) == nil)
    }

    /// A program still open for writing (a renderer script just written, whose descriptor a
    /// child forked by another thread holds until it execs) cannot be started for a moment
    /// (ETXTBSY); it is started once the writer lets go, where the check reported it could
    /// not run it.
    @Test func aProgramBusyForAMomentIsStartedWhenFree() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-busy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("renderer")
        try Data("#!/bin/sh\nexit 7\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Close-on-exec, so that programs other tests start meanwhile do not hold it open longer.
        let writer = open(script.path, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        let release = Thread {
            Thread.sleep(forTimeInterval: 0.1)
            close(writer)
        }
        release.start()
        let outcome = try #require(Subprocess.run(script.path, []))
        #expect(outcome.status == 7)
    }
}
