import Foundation
import LaminaTestSupport
import Testing

/// `check --render` ended by a signal (Ctrl-C while a renderer runs) leaves neither the renderer
/// nor its scratch images behind: the renderer is killed and waited for, then the images are
/// removed, by the signal handler (CLaminaCleanup). It left a `lamina-check-*` folder in the
/// temporary folder, and a renderer that went on to write into it.
@Suite(.serialized) struct RenderSignalTests {
    /// A renderer that says it started (its pid in `started`), waits, then writes the image: what
    /// a slow real renderer does.
    static let slowRenderer = """
        #!/bin/sh
        echo $$ > "$RENDER_MARKS/started"
        sleep 20
        for last; do :; done
        echo late > "$last"
        echo finished > "$RENDER_MARKS/finished"

        """

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringARenderLeavesNothingRunningAndNoScratch(signal: Int32) throws {
        let exe = try #require(TestSupport.laminaExecutable, "lamina executable not built")
        try TestSupport.withTemporaryDirectory { root in
            let fm = FileManager.default
            let scenes = root.appendingPathComponent("scenes"), tmp = root.appendingPathComponent("tmp")
            let marks = root.appendingPathComponent("marks"), renderer = root.appendingPathComponent("slow-render")
            for dir in [scenes, tmp, marks] { try fm.createDirectory(at: dir, withIntermediateDirectories: true) }
            try Data(Self.slowRenderer.utf8).write(to: renderer)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: renderer.path)
            try Data(ClockOutputs.svg.utf8).write(to: scenes.appendingPathComponent("a.svg"))
            #expect(try TestSupport.runLamina(["check", scenes.appendingPathComponent("a.svg").path, "--record"], in: root).status == 0)
            // A golden that differs, so that check renders both.
            try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
                .write(to: scenes.appendingPathComponent("a.expected.svg"))

            let pid = try SignalCleanupTests.spawn(exe.path, ["check", scenes.path, "--render"], environment: [
                "TMPDIR=" + tmp.path, "LAMINA_RENDERER=" + renderer.path, "RENDER_MARKS=" + marks.path,
                "PATH=/usr/bin:/bin",
            ])
            let started = marks.appendingPathComponent("started")
            let deadline = Date().addingTimeInterval(60)
            while !fm.fileExists(atPath: started.path) || (try? String(contentsOf: started, encoding: .utf8))?.hasSuffix("\n") != true {
                try #require(Date() < deadline, "the renderer never started")
                usleep(20_000)
            }
            let rendererPID = try #require(pid_t(String(contentsOf: started, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            kill(pid, signal)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            #expect(status & 0x7F == signal, "lamina ends by the signal it got")
            // The renderer is gone (killed and reaped by lamina, which was its parent).
            #expect(kill(rendererPID, 0) == -1 && errno == ESRCH)
            #expect(try fm.contentsOfDirectory(atPath: tmp.path) == [])
            #expect(!fm.fileExists(atPath: marks.appendingPathComponent("finished").path))
        }
    }
}
