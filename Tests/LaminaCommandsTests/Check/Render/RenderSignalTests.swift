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

            let pid = try Self.spawn(exe.path, ["check", scenes.path, "--render"], environment: [
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

    /// Starts `path` with `arguments` and `environment`, stdout and stderr to /dev/null, the
    /// signals at their default action and unblocked (the test runner's may be otherwise).
    static func spawn(_ path: String, _ arguments: [String], environment: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for s in [SIGTERM, SIGINT] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for a in argv + envp { free(a) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXError.Code(rawValue: result) ?? .EINVAL) }
        return pid
    }
}
