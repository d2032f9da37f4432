/// A chunk's bytes: taken from the writer that wrote them in buffers of its own (on another
/// thread), and put after the document's bytes, handed over in those buffers when the output
/// takes them.
extension JSONWriter {
    /// Takes bytes written in buffers of their own, after the bytes of the room lent last:
    /// `(n, buffers, release)` says that `n` bytes of that room were filled, and that
    /// `buffers` come next; `release` is called once they are written (on any thread), after
    /// which they are gone. The next room is asked for anew.
    typealias HandOver = (
        _ written: Int, _ buffers: [UnsafeRawBufferPointer], _ release: @escaping @Sendable () -> Void
    ) -> Void

    /// The bytes of a writer made with ``init(growing:)``, handed over without a copy (in the
    /// buffers they were written in); the writer goes on empty.
    mutating func takeBytes() -> WrittenBytes {
        filled.append(WrittenBytes.Segment(base: buffer, count: count, capacity: capacity))
        let taken = WrittenBytes(segments: filled, count: handedOut + count, memory: memory)
        filled = []
        capacity = 4096
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        count = 0
        handedOut = 0
        return taken
    }

    /// Appends bytes taken from another writer (a chunk of ``LayerEncoder``'s layers): handed
    /// over in their buffers when the lender takes them (no copy; given back once written),
    /// else copied.
    mutating func put(_ bytes: WrittenBytes) {
        guard let taker else {
            for s in bytes.segments { put(UnsafeBufferPointer(start: s.base, count: s.count)) }
            return
        }
        let buffers = bytes.segments.map { UnsafeRawBufferPointer(start: $0.base, count: $0.count) }
        taker(count, buffers) { bytes.giveBack() }
        handedOut += count + bytes.count
        count = 0
        // The room lent last is the lender's again: the next write asks for new room.
        capacity = 0
    }
}
