import CLaminaCleanup
import Foundation
import LaminaTestSupport
import Testing

/// A conversion ended by a signal while it writes (Ctrl-C, `timeout`, a CI job cancelled)
/// leaves neither the output nor its temporary file: the temporary file is removed by the
/// signal handler (CLaminaCleanup), and the process still ends by that signal.
@Suite(.serialized) struct SignalCleanupTests {
    /// A drawing whose layer JSON takes long enough to write that the signal lands mid-way.
    static let drawing: String = {
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">"
        s.reserveCapacity(12_000_000)
        for i in 0..<200_000 {
            s += "<rect x=\"\(i % 100)\" y=\"\(i % 97)\" width=\"1.5\" height=\"2.5\" fill=\"#\(String(i % 4096, radix: 16))\"/>"
        }
        return s + "</svg>"
    }()

    /// Starts `path` with `arguments` (and `environment`, else this process's), stdout and stderr
    /// to /dev/null, and the signals at their default action and unblocked (the test runner may
    /// have them blocked or ignored, which a child inherits).
    static func spawn(_ path: String, _ arguments: [String], environment: [String]? = nil) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for e in envp ?? [] { free(e) } }
        let result = envp.map { posix_spawn(&pid, path, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXError.Code(rawValue: result) ?? .EINVAL) }
        return pid
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGPIPE])
    func aSignalWhileWritingLeavesNoFile(signal: Int32) throws {
        let exe = try #require(TestSupport.laminaExecutable, "lamina executable not built")
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            // On a busy machine the conversion may finish between seeing its temporary file and
            // stopping it; such a round proves nothing and is run again.
            var caughtWriting = false
            for _ in 0..<5 where !caughtWriting {
                try? FileManager.default.removeItem(at: dir.appendingPathComponent("out.json"))
                caughtWriting = try Self.interruptWhileWriting(exe.path, dir, signal)
            }
            try #require(caughtWriting, "the conversion always finished before a signal could be sent")
        }
    }

    /// Runs one conversion into `dir`, stops it once its temporary file appears, and when it
    /// is still writing then, sends `signal` and checks what is left; false when the conversion
    /// had already published its output.
    static func interruptWhileWriting(_ exe: String, _ dir: URL, _ signal: Int32) throws -> Bool {
        let pid = try spawn(exe, ["convert", dir.path + "/in.svg", "-o", dir.path + "/out.json"])
        let listing = { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }
        var status: Int32 = 0
        var exited = false
        let deadline = Date().addingTimeInterval(120)
        while !exited, Date() < deadline {
            if try listing().contains(where: { $0.hasPrefix(".out.json.lamina-") }) {
                // Frozen, it cannot rename the file while the test looks.
                kill(pid, SIGSTOP)
                guard try listing().contains(where: { $0.hasPrefix(".out.json.lamina-") }) else {
                    kill(pid, SIGCONT)
                    break
                }
                // The signal waits while the process is stopped and is handled as it resumes.
                kill(pid, signal)
                kill(pid, SIGCONT)
                waitpid(pid, &status, 0)
                // Ended by the signal itself (WIFSIGNALED, WTERMSIG), as without the handler.
                #expect(status & 0x7F == signal, "wait status \(status)")
                let left = try listing()
                #expect(left == ["in.svg"], "left behind: \(left)")
                return true
            }
            exited = waitpid(pid, &status, WNOHANG) == pid
            usleep(500)
        }
        if !exited { waitpid(pid, &status, 0) }
        return false
    }

    /// The temporary file is created and registered in one step; an existing file is an error
    /// (exclusive creation), registered nowhere.
    @Test func createRegistersOnlyWhatItCreated() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let path = dir.path + "/t.tmp"
            var slot: Int32 = -7
            let fd = lamina_cleanup_create(path, &slot)
            #expect(fd >= 0)
            #expect(slot >= 0)
            var again: Int32 = -7
            #expect(lamina_cleanup_create(path, &again) == -1)
            #expect(errno == EEXIST)
            #expect(again == -1)
            close(fd)
            lamina_cleanup_unregister(slot)
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    /// Past the file size limit (`ulimit -f`) a write fails (SIGXFSZ is ignored): an I/O error
    /// (74), reported, and nothing left behind.
    @Test func theFileSizeLimitIsAWriteError() throws {
        let exe = try #require(TestSupport.laminaExecutable, "lamina executable not built")
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f 64; exec \"$0\" convert in.svg -o out.json", exe.path]
            process.currentDirectoryURL = dir
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 74, "\(stderr)")
            #expect(stderr.contains("out.json: error: write failed: File too large"), "\(stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.svg"])
        }
    }

    /// A full device on standard output: an I/O error (74) that says why.
    @Test func aFullStandardOutputSaysWhy() throws {
        let exe = try #require(TestSupport.laminaExecutable, "lamina executable not built")
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            let process = Process()
            process.executableURL = exe
            process.arguments = ["convert", "in.svg", "--to", "json", "-o", "-"]
            process.currentDirectoryURL = dir
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 74, "\(stderr)")
            #expect(stderr.contains("-: error: write failed: No space left on device"), "\(stderr)")
        }
    }
}
