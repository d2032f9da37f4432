import CLaminaCleanup

#if canImport(Glibc)
import Glibc
#endif

/// An output file written in pieces and published whole: bytes go to a temporary file in the
/// target's folder, and ``commit()`` renames it over the target (through a symbolic link, over
/// the file it names: ``OutputDestination``). Standard output (`-`, or a name of it such as
/// `/dev/stdout`) and an existing device, FIFO or socket (`/dev/null`, a named pipe) are written
/// directly. Bytes are gathered into buffers
/// of ``WriteBehind/bufferBytes``; an output larger than one is written by a ``WriteBehind`` on
/// a second thread while the pieces come.
///
///     var out = try AtomicOutput(path: "scene.json")
///     chunks.forEach { out.write($0) }
///     try out.commit()        // or drop `out`: the temporary file is removed
package struct AtomicOutput: ~Copyable {
    /// The target path as given (`-` for standard output).
    package let path: String
    private let fd: Int32
    /// The temporary file, or nil for an output written directly.
    private let temporary: String?
    /// The file the temporary file is renamed over: `path`, or the final target of the link
    /// `path` is (nil for an output written directly).
    private let target: String?
    /// Whether `fd` is this output's own, closed by the commit: a temporary file, or a device
    /// or FIFO opened in place (not standard output).
    private let ownsDescriptor: Bool
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

    /// Creates the temporary file next to `path`'s target, or opens `path` itself when it is
    /// written in place (nothing for `-`).
    package init(path: String) throws(CommandError) {
        self.path = path
        if let standard = path == "-" ? 1 : OutputDestination.standardDescriptor(path) {
            fd = standard
            ownsDescriptor = false
            (temporary, target, cleanupSlot) = (nil, nil, -1)
            return
        }
        ownsDescriptor = true
        switch OutputDestination(path: path) {
        case .inPlace:
            fd = OutputDestination.openInPlace(path)
            guard fd >= 0 else { throw Self.cannotCreate(path) }
            (temporary, target, cleanupSlot) = (nil, nil, -1)
        case .replace(let target):
            let tmp = OutputDestination.temporaryPath(for: target, tag: "lamina")
            var slot: Int32 = -1
            fd = lamina_cleanup_create(tmp, &slot)
            guard fd >= 0 else { throw Self.cannotCreate(path) }
            (temporary, self.target, cleanupSlot) = (tmp, target, slot)
        }
    }

    /// `PATH: error: cannot create output: REASON`, the reason from `errno`.
    private static func cannotCreate(_ path: String) -> CommandError {
        CommandError(.cannotCreate, "\(path): error: cannot create output: \(String(cString: strerror(errno)))")
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
        // Copied into buffers of a fixed size, each handed over once full (a piece may end
        // one buffer and begin the next: never a buffer grown by a copy of itself).
        var rest = bytes
        while !rest.isEmpty {
            if pending.room == 0 { makeRoom() }
            let n = min(rest.count, pending.room)
            pending.append(UnsafeRawBufferPointer(rebasing: rest[..<n]))
            rest = UnsafeRawBufferPointer(rebasing: rest[n...])
        }
    }

    /// Room for a writer that writes its bytes in place, at the end of the pending buffer,
    /// instead of handing pieces to ``write(_:)`` to be copied (the layer JSON's document):
    /// `written` bytes of the room handed out last were filled; the next room has at least
    /// `minimum` bytes (at most ``WriteBehind/bufferBytes``; 0 for the writer's last call,
    /// after which it writes nothing). A full buffer is handed to the writing thread meanwhile.
    package mutating func room(after written: Int, minimum: Int) -> UnsafeMutableRawBufferPointer {
        precondition(written <= pending.room && minimum <= WriteBehind.bufferBytes)
        // After a failed write the bytes go nowhere: the room is handed out again.
        if failure == 0, !done { pending.count += written }
        if pending.capacity == 0 || pending.room < minimum || failure != 0 { makeRoom() }
        return UnsafeMutableRawBufferPointer(start: pending.base + pending.count, count: pending.room)
    }

    /// Bytes of the writer's own after the room lent last, of which `written` bytes were filled
    /// (``room(after:minimum:)``): `buffers` are written in order by the writing thread, not
    /// copied, and `release` is called once they are written (at once after a failure, or when
    /// the output is committed). The next room is asked for anew.
    package mutating func handOver(
        written: Int, _ buffers: [UnsafeRawBufferPointer], release: @escaping @Sendable () -> Void
    ) {
        precondition(written <= pending.room)
        guard failure == 0, !done else {
            release()
            return
        }
        pending.count += written
        // What came before goes first.
        if pending.count > 0 { submitPending() }
        writingThread().submit(buffers, release: release)
    }

    /// An empty pending buffer: the first one (the output's first bytes), or the next one
    /// after the full one is handed over (emptied instead after a failure).
    private mutating func makeRoom() {
        if pending.capacity == 0 {
            pending = WriteBehind.Buffer(capacity: WriteBehind.bufferBytes)
        } else if failure != 0 {
            pending.count = 0
        } else {
            submitPending()
        }
    }

    /// Hands the pending buffer to the writing thread.
    private mutating func submitPending() {
        pending = writingThread().submit(pending)
    }

    /// The writing thread, started on the first call.
    private mutating func writingThread() -> WriteBehind {
        // Only a file of its own may be switched to direct I/O (standard output's open file is
        // shared with the parent).
        if behind == nil { behind = WriteBehind(fd: fd, mayGoDirect: temporary != nil) }
        return behind!
    }

    /// Writes what is pending and waits for the writing thread; false when a write failed.
    private mutating func flush() -> Bool {
        if let behind {
            if failure == 0, pending.count > 0 { pending = behind.submit(pending) }
            let behindFailure = behind.finish()
            if failure == 0 { failure = behindFailure }
        } else if failure == 0, pending.count > 0 {
            failure = FileIO.writeAllError(fd: fd, pending.bytes)
        }
        pending.count = 0
        return failure == 0
    }

    /// `PATH: error: write failed: REASON`.
    private var writeFailed: CommandError {
        CommandError(.ioError, "\(path): error: write failed: \(FileIO.errorText(failure))")
    }

    /// Closes the file and renames it over the target; on failure nothing is left behind (an
    /// output written directly keeps what reached it).
    package consuming func commit() throws(CommandError) {
        _ = flush()
        done = true
        if ownsDescriptor, close(fd) != 0, failure == 0 { failure = errno != 0 ? errno : EIO }
        guard let temporary, let target else {
            if failure != 0 { throw writeFailed }
            return
        }
        defer { lamina_cleanup_unregister(cleanupSlot) }
        guard failure == 0 else {
            unlink(temporary)
            throw writeFailed
        }
        guard rename(temporary, target) == 0 else {
            let error = Self.cannotCreate(path)
            unlink(temporary)
            throw error
        }
    }

    deinit {
        guard !done, ownsDescriptor else { return }
        _ = behind?.finish()  // no write may land after the file is gone
        close(fd)
        guard let temporary else { return }
        unlink(temporary)
        lamina_cleanup_unregister(cleanupSlot)
    }
}
