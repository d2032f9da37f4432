import CLaminaCleanup
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an external program (the `check --render` renderer) with posix_spawn, without Foundation.
package enum Subprocess {
    /// How a finished program ended.
    package struct Outcome: Sendable, Equatable {
        /// The exit status, or the signal number when a signal ended it (as `Process` reports).
        package var status: Int32
        /// Everything it wrote to standard error.
        package var standardError: [UInt8]
        /// Whether it was killed for running longer than the time limit.
        package var timedOut = false
    }

    /// Runs `executable` with `arguments` (standard input and output on /dev/null, standard error
    /// captured) and waits for it, at most `timeout` seconds: then it is killed (`timedOut`), so
    /// that a renderer stuck on a drawing cannot hang the check. Nil when it cannot be started.
    package static func run(_ executable: String, _ arguments: [String], timeout: Double = .infinity) -> Outcome? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        // Close-on-exec, so that renderers started at the same time by other tasks do not
        // inherit this pipe and hold it open.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        defer { close(fds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: Int32 = 0
        // Registered for the signal handler (CLaminaCleanup): a `check --render` ended by Ctrl-C
        // kills the renderer it started, which would otherwise write its image after the
        // handler removed the scratch files.
        var slot: Int32 = -1
        // ETXTBSY: the program is open for writing somewhere, as a script just written is for a
        // moment when another thread forks (the child holds the descriptor until it execs), so
        // starting it is tried again for up to half a second.
        var spawned = ETXTBSY
        for attempt in 0..<50 where spawned == ETXTBSY {
            if attempt > 0 { usleep(10_000) }
            spawned = argv.withUnsafeBufferPointer { buf in
                guard let base = buf.baseAddress else { return -1 }
                return lamina_cleanup_spawn(executable, &actions, base, environ, &pid, &slot)
            }
        }
        close(fds[1])
        guard spawned == 0 else { return nil }
        var errors: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var timedOut = false
        let deadline = timeout.isFinite ? monotonicSeconds() + timeout : .infinity
        while true {
            // Waits for output (or the end of it) no longer than the time left.
            let left = deadline - monotonicSeconds()
            if left <= 0 {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let wait = left.isFinite ? Int32(min(left * 1000 + 1, 60_000)) : -1
            let polled = poll(&ready, 1, wait)
            if polled < 0 && errno == EINTR { continue }
            if polled == 0 { continue }
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            errors += chunk[0..<n]
        }
        // Waits for the end without reaping, so that the handler never kills a process id the
        // system has given to another process, then forgets the child, then reaps it.
        var ended = siginfo_t()
        while waitid(P_PID, id_t(pid), &ended, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        lamina_cleanup_child_ended(slot)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return Outcome(status: -1, standardError: errors) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : signal, standardError: errors, timedOut: timedOut)
    }

    /// Seconds on a clock that only goes forward.
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
