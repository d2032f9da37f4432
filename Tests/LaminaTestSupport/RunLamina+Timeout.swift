import Foundation

/// A run of `lamina` that may have been stopped for taking too long.
public struct LaminaTimedRun: Sendable {
    /// The exit status (meaningless when ``timedOut``).
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String
    /// Whether the process outlived its time limit (or its CPU limit) and was killed.
    public var timedOut: Bool
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// CPU seconds (user + system) of children reaped during the run: this run's, unless other
    /// tests ran processes at the same time.
    public var cpuSeconds: Double
}

extension TestSupport {
    /// Runs `lamina` in `directory` with a time limit: a process still running after `timeout`
    /// seconds is killed and reported as ``LaminaTimedRun/timedOut``. Output goes through files,
    /// not pipes, so a run that floods stderr never blocks.
    ///
    /// With a `cpuLimit`, a process is also killed once it has used that many CPU seconds (user
    /// and system, its threads and the children it reaped): a bound on the work a run does that a
    /// loaded machine does not stretch, as it stretches the wall time, while `timeout` still ends
    /// a run that waits without working.
    public static func runLamina(
        _ arguments: [String], in directory: URL, timeout: Double, cpuLimit: Double? = nil
    ) throws -> LaminaTimedRun {
        guard let exe = laminaExecutable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "lamina executable not built"])
        }
        // The logs are read into the result before the folder is removed.
        return try withTemporaryDirectory { logs in
            let outURL = logs.appendingPathComponent("stdout"), errURL = logs.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
            let process = Process()
            process.executableURL = exe
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            let cpuBefore = childCPUSeconds()
            let start = Date()
            try process.run()
            var timedOut = false
            while process.isRunning {
                let overCPU = cpuLimit.map { limit in (processCPUSeconds(process.processIdentifier) ?? 0) > limit } ?? false
                if overCPU || Date().timeIntervalSince(start) > timeout {
                    timedOut = true
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(5_000)
            }
            process.waitUntilExit()
            try out.close()
            try err.close()
            let seconds = Date().timeIntervalSince(start)
            return LaminaTimedRun(
                status: process.terminationStatus,
                stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
                stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
                timedOut: timedOut, seconds: seconds, cpuSeconds: childCPUSeconds() - cpuBefore)
        }
    }

    /// User + system CPU seconds of the running process `pid` and of the children it reaped, from
    /// `/proc/PID/stat` (nil where that cannot be read: another system, or the process is gone).
    static func processCPUSeconds(_ pid: Int32) -> Double? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: the state (field 3), …, utime (14), stime (15),
        // cutime (16), cstime (17), in clock ticks.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14 else { return nil }
        let ticks = fields[11...14].compactMap { Double($0) }.reduce(0, +)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
        return nil
        #endif
    }

    /// User + system CPU seconds of all reaped child processes so far.
    static func childCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
