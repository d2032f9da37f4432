
#if canImport(Glibc)
import Glibc
#endif

/// An output file written in pieces and published whole: bytes go to a temporary file in the
/// target's folder, and ``commit()`` renames it over the target. Standard output (`-`) is
/// written directly.
///
///     var out = try AtomicOutput(path: "scene.json")
///     chunks.forEach { out.write($0) }
///     try out.commit()        // or drop `out`: the temporary file is removed
package struct AtomicOutput: ~Copyable {
    /// The target path as given (`-` for standard output).
    package let path: String
    private let fd: Int32
    /// The temporary file, or nil for standard output.
    private let temporary: String?
    private var failed = false
    private var done = false

    /// Creates the temporary file next to `path` (nothing for `-`).
    package init(path: String) throws(CommandError) {
        self.path = path
        if path == "-" {
            fd = 1
            temporary = nil
            return
        }
        let parent = PathText.deletingLastComponent(path)
        let dir = parent.isEmpty ? "." : parent
        let tmp = dir + "/.\(PathText.lastComponent(path)).lamina-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandError(.cannotCreate, "\(path): error: cannot create output: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        temporary = tmp
    }

    /// Appends bytes; a failure is remembered and reported by ``commit()``.
    package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, !done else { return }
        if !FileIO.writeAll(fd: fd, bytes) { failed = true }
    }

    /// Closes the file and renames it over the target; on failure nothing is left behind.
    package consuming func commit() throws(CommandError) {
        done = true
        guard let temporary else {
            if failed { throw CommandError(.ioError, "\(path): error: write failed") }
            return
        }
        if close(fd) != 0 { failed = true }
        guard !failed else {
            unlink(temporary)
            throw CommandError(.ioError, "\(path): error: write failed")
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandError(.cannotCreate, "\(path): error: cannot create output: \(message)")
        }
    }

    deinit {
        guard !done, let temporary else { return }
        close(fd)
        unlink(temporary)
    }
}
