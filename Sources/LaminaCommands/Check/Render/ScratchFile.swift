import CLaminaCleanup
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An empty file created for another program to write into (the renderer's image), registered
/// with the signal handler so that a process ended by a signal removes it (CLaminaCleanup).
/// Nil when the file cannot be created, or exists already.
struct ScratchFile {
    let path: String
    private let slot: Int32

    init?(path: String) {
        var slot: Int32 = -1
        let fd = lamina_cleanup_create(path, &slot)
        guard fd >= 0 else { return nil }
        close(fd)
        self.path = path
        self.slot = slot
    }

    /// Removes the file (whatever was written to it) and forgets it.
    func remove() {
        unlink(path)
        lamina_cleanup_unregister(slot)
    }
}
