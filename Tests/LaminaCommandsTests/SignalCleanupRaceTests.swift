import CLaminaCleanup
import Foundation
import LaminaTestSupport
import Testing

/// While a signal handler removes the temporary files and ends the process, the other threads
/// go on: a `check --record` writing its next golden then created a temporary file after the
/// handler had looked at its slot, and left it behind (an empty
/// `.NAME.expected.svg.lamina-check-….tmp` in the repository, about one kill in five). No file is
/// created any more once a handler has begun.
@Suite struct SignalCleanupRaceTests {
    /// The thread may not get a processor while the handler is busy: each round is a chance.
    @Test(arguments: 0..<3)
    func noTemporaryFileIsCreatedOnceTheHandlerHasBegun(round: Int) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cleanup-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.path
        await #expect(processExitsWith: .signal(SIGTERM)) { [dir = dir as String] in
            signal(SIGTERM, SIG_DFL)
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            lamina_cleanup_install()
            // The last slot holds a large file: removing it keeps the handler busy after it has
            // passed the slots the thread below uses.
            var fillers: [Int32] = []
            for i in 0..<63 {
                var slot: Int32 = -1
                close(lamina_cleanup_create(dir + "/.fill\(i).tmp", &slot))
                fillers.append(slot)
            }
            var bigSlot: Int32 = -1
            let big = lamina_cleanup_create(dir + "/.big.tmp", &bigSlot)
            let block = [UInt8](repeating: 7, count: 1 << 20)
            for _ in 0..<48 { _ = block.withUnsafeBytes { write(big, $0.baseAddress, $0.count) } }
            close(big)
            for (i, slot) in fillers.enumerated() {
                unlink(dir + "/.fill\(i).tmp")
                lamina_cleanup_unregister(slot)
            }
            // Creates a file, then removes the one before, as a check writing goldens does.
            let running = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                var previous: (path: String, slot: Int32)?
                for i in 0... {
                    let path = dir + "/.t\(i).tmp"
                    var slot: Int32 = -1
                    let fd = lamina_cleanup_create(path, &slot)
                    if fd >= 0 { close(fd) }
                    if let previous {
                        unlink(previous.path)
                        lamina_cleanup_unregister(previous.slot)
                    }
                    previous = (path, slot)
                    if i == 100 { running.signal() }
                }
            }
            running.wait()
            raise(SIGTERM)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
