/// Backs the memory just past the builder's newest allocations ahead of it, on a helper thread.
///
/// Each shape's content box (and the other small boxes and arrays a layer gets) is a fresh
/// heap chunk on the building thread: glibc carves them one after another from its arena's
/// top, so the builder touched a new page every few dozen shapes and paid the first-touch fault
/// (~1.85 µs) on the critical path (4,100 of its 8,900 faults at 100,000 shapes, under
/// `_int_malloc`). Every ``interval`` content boxes the builder shows this the address of the
/// newest; when the region backed so far does not reach half a ``window`` past it, the next
/// window is handed to ``Prefault/populate(_:)`` (`MADV_POPULATE_WRITE`, which changes no byte:
/// a wrong guess costs only time and memory, never a value). A window stops at the next 64 MB
/// boundary, where a thread arena's heap ends (glibc aligns them to their size).
struct HeapAhead {
    /// Bytes backed per request.
    static let window = 2 << 20
    /// Content boxes between two looks at the address.
    static let interval = 256
    /// The size and alignment of a glibc thread arena's heap.
    static let heapAlignment = 64 << 20
    /// Documents smaller than this fault in their few pages quickly.
    static let minimumElements = 20_000

    /// Whether this is worth doing (a large document, and threads to back memory on).
    let enabled: Bool
    /// The region requested so far, `start..<frontier` (empty at first): from the allocation
    /// that started it (whose own page is touched already) to the end of the last pages asked for.
    private(set) var start = 0
    private(set) var frontier = 0
    private var countdown = 0

    init(enabled: Bool) { self.enabled = enabled }

    /// Notes a fresh allocation at `address`; every ``interval`` calls, backs the next window
    /// past it when one is due (``advance(to:)``).
    @inline(__always)
    mutating func note(_ address: UnsafeRawPointer) {
        guard enabled else { return }
        countdown -= 1
        if countdown > 0 { return }
        countdown = Self.interval
        if let region = advance(to: Int(bitPattern: address)) { Prefault.populate([region]) }
    }

    /// The pages to back for an allocation at `address`, or nil when the region requested
    /// already reaches half a window past it. Inside that region the new pages continue it (from
    /// its end); elsewhere (the allocator moved on to other memory) a region starts at
    /// `address`. Either ends a window past `address`, or at the next heap boundary.
    mutating func advance(to address: Int) -> (start: Int, length: Int)? {
        let inside = address >= start && address < frontier
        if inside, address + Self.window / 2 <= frontier { return nil }
        let from = inside ? frontier : address
        let end = min(address + Self.window, (address / Self.heapAlignment + 1) * Self.heapAlignment)
        guard end > from, let region = Prefault.pages(from: from, length: end - from) else { return nil }
        if !inside { start = address }
        frontier = region.start + region.length
        return region
    }
}
