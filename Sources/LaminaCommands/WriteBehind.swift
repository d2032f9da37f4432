import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Writes an output's bytes to its file on a second thread while the writer goes on producing
/// them: the kernel's copy into the page cache (a third of a large conversion's time when every
/// page of a 1 GB output is new) then runs beside the encoding instead of after each piece.
///
/// The producer fills a buffer and hands it over whole (``submit(_:)``); the queue writes the
/// buffers in order and gives them back for reuse, and at most ``depth`` wait at once, so the
/// memory stays a few megabytes whatever the output's size. ``AtomicOutput`` starts one only
/// when the output outgrows its first buffer: a small file is one `write` at the commit.
final class WriteBehind: @unchecked Sendable {
    /// A buffer passed between the producer and the queue: fixed memory that the producer
    /// fills (by copies, or in place: ``AtomicOutput/room(after:minimum:)``) and the queue
    /// writes and empties for reuse.
    final class Buffer: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        /// The bytes filled, from `base`.
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 1))
        }

        deinit { base.deallocate() }

        /// The bytes filled.
        var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

        /// The room left after them.
        var room: Int { capacity - count }

        /// Copies `b` after the bytes filled (at most ``room`` bytes).
        func append(_ b: UnsafeRawBufferPointer) {
            guard let from = b.baseAddress, !b.isEmpty else { return }
            precondition(b.count <= room)
            UnsafeMutableRawPointer(base + count).copyMemory(from: from, byteCount: b.count)
            count += b.count
        }
    }

    /// The size at which the producer hands a buffer over.
    static let bufferBytes = 1 << 20
    /// Buffers handed over and not yet written, at most.
    static let depth = 3

    private let fd: Int32
    private let queue = DispatchQueue(label: "lamina.write-behind")
    /// One permit per buffer that may be handed over without waiting for the queue.
    private let room = DispatchSemaphore(value: WriteBehind.depth)
    /// Written buffers for the producer to fill again; touched only on `spareLock`.
    private var spare: [Buffer] = []
    private let spareLock = DispatchQueue(label: "lamina.write-behind.spare")
    /// The error number of the first write that failed (0: none), set on the queue; read after
    /// ``finish()``.
    private var failure: Int32 = 0

    /// The file's writes (through the page cache, or directly once that is measured to be
    /// faster: ``DirectWrites``); used on the queue only.
    private var writes: DirectWrites

    /// A queue writing to `fd`; `mayGoDirect` when `fd` is a file of this process's own, where
    /// a large output may be written with direct I/O.
    init(fd: Int32, mayGoDirect: Bool = false) {
        self.fd = fd
        writes = DirectWrites(fd: fd, mayGoDirect: mayGoDirect)
    }

    /// Queues `buffer` for writing and returns an empty buffer to fill next (a written one when
    /// there is one; waits while ``depth`` buffers are queued).
    func submit(_ buffer: Buffer) -> Buffer {
        queue.async { [self] in
            if failure == 0 { failure = writes.write(buffer.bytes) }
            buffer.count = 0
            spareLock.sync { spare.append(buffer) }
            room.signal()
        }
        room.wait()
        return spareLock.sync { spare.popLast() } ?? Buffer(capacity: Self.bufferBytes)
    }

    /// Queues `buffers`, bytes of the producer's own, for writing in order after what is queued,
    /// and calls `release` once they are written (or a write failed), on the writing thread:
    /// they count as one of the ``depth`` queued buffers (waits while that many are queued).
    /// The layer JSON's chunks go so, instead of being copied into a buffer first.
    func submit(_ buffers: [UnsafeRawBufferPointer], release: @escaping @Sendable () -> Void) {
        let lent = Lent(buffers: buffers)
        queue.async { [self] in
            for b in lent.buffers where failure == 0 { failure = writes.write(b) }
            release()
            room.signal()
        }
        room.wait()
    }

    /// Buffers the producer lends to the queue until its `release` (read there only).
    private struct Lent: @unchecked Sendable {
        let buffers: [UnsafeRawBufferPointer]
    }

    /// Waits until every queued buffer is written: 0, or the error number of the write that
    /// failed.
    func finish() -> Int32 {
        queue.sync {
            let last = writes.finish()
            if failure == 0 { failure = last }
        }
        return failure
    }
}
