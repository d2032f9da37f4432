import CLaminaCleanup

#if canImport(Glibc)
import Glibc
#endif

/// An output file written in pieces and published whole: bytes go to a temporary file in the
/// target's folder, and ``commit()`` renames it over the target. Standard output (`-`) is
/// written directly. Bytes are gathered into buffers of ``WriteBehind/bufferBytes``; an output
/// larger than one is written by a ``WriteBehind`` on a second thread while the pieces come.
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
    /// The temporary file's registration for removal by a signal that ends the process
    /// (`lamina_cleanup_create`; -1 for none).
    private let cleanupSlot: Int32
    /// The error number of the first write that failed (0: none).
    private var failure: Int32 = 0
    private var done = false
    /// Bytes not yet handed to the file.
    private var pending = WriteBehind.Buffer(capacity: 0)
    /// The writing thread, once the output has outgrown one buffer.
    private var behind: WriteBehind?

    /// Creates the temporary file next to `path` (nothing for `-`).
    package init(path: String) throws(CommandError) {
        self.path = path
        if path == "-" {
            fd = 1
            temporary = nil
            cleanupSlot = -1
            return
        }
        let parent = PathText.deletingLastComponent(path)
        let dir = parent.isEmpty ? "." : parent
        let tmp = dir + "/.\(PathText.lastComponent(path)).lamina-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        var slot: Int32 = -1
        let fd = lamina_cleanup_create(tmp, &slot)
        guard fd >= 0 else {
            throw CommandError(.cannotCreate, "\(path): error: cannot create output: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        temporary = tmp
        cleanupSlot = slot
    }

    /// Appends bytes; a failure is remembered and reported by ``commit()``.
    package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == 0, !done else { return }
        if bytes.count >= 8 * WriteBehind.bufferBytes {
            // A whole document at once (a debug SVG for standard output): written as it is,
            // after what came before, instead of copied.
            if flush() { failure = FileIO.writeAllError(fd: fd, bytes) }
            return
        }
        pending.bytes.append(contentsOf: bytes)
        guard pending.bytes.count >= WriteBehind.bufferBytes else { return }
        // Only a file of its own may be switched to direct I/O (standard output's open file is
        // shared with the parent).
        if behind == nil { behind = WriteBehind(fd: fd, mayGoDirect: temporary != nil) }
        pending = behind!.submit(pending)
    }

    /// Writes what is pending and waits for the writing thread; false when a write failed.
    private mutating func flush() -> Bool {
        if let behind {
            if failure == 0, !pending.bytes.isEmpty { pending = behind.submit(pending) }
            let behindFailure = behind.finish()
            if failure == 0 { failure = behindFailure }
        } else if failure == 0, !pending.bytes.isEmpty {
            failure = pending.bytes.withUnsafeBytes { FileIO.writeAllError(fd: fd, $0) }
        }
        pending.bytes.removeAll(keepingCapacity: true)
        return failure == 0
    }

    /// `PATH: error: write failed: REASON`.
    private var writeFailed: CommandError {
        CommandError(.ioError, "\(path): error: write failed: \(FileIO.errorText(failure))")
    }

    /// Closes the file and renames it over the target; on failure nothing is left behind.
    package consuming func commit() throws(CommandError) {
        _ = flush()
        done = true
        guard let temporary else {
            if failure != 0 { throw writeFailed }
            return
        }
        if close(fd) != 0, failure == 0 { failure = errno != 0 ? errno : EIO }
        defer { lamina_cleanup_unregister(cleanupSlot) }
        guard failure == 0 else {
            unlink(temporary)
            throw writeFailed
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandError(.cannotCreate, "\(path): error: cannot create output: \(message)")
        }
    }

    deinit {
        guard !done, let temporary else { return }
        _ = behind?.finish()  // no write may land after the file is gone
        close(fd)
        unlink(temporary)
        lamina_cleanup_unregister(cleanupSlot)
    }
}
