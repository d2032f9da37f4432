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
}
