/// The cascaded declarations of one element (``StyleCascade/cascaded(for:in:)``): a run of
/// declarations in memory shared with other elements' lists (``CascadeArena``), kept alive by
/// its storage. Copying a list retains that storage, as copying an array retains its buffer;
/// the declarations are never changed once the list is made.
///
/// Each element's winners used to be moved into an array of their own: one allocation, and
/// its release, per element styled (about 270 instructions of the cascade's 1,900 on a plain
/// drawing). Lists of one arena share one allocation per ``CascadeArena/chunkCapacity``
/// declarations instead, and the cascade gathers the winners in that memory in place.
package struct CascadedList: RandomAccessCollection, @unchecked Sendable {
    // Unchecked: `first` points into `storage`, which only its arena's thread appends to, past
    // every list already handed out; a list's own declarations are read only.
    /// What keeps the declarations alive; nil for the empty list.
    private let storage: CascadedStorage?
    private let first: UnsafePointer<CascadedDeclaration>?
    /// The count (32 bits, so that ``isPlain`` fits in the same word: a list is three words).
    private let count32: Int32
    /// Whether the cascade read every declaration it was offered for this element in one of the
    /// plain forms (``CascadeWinners/isPlain``): then none of the list is `color`, `font-size`,
    /// a transform property or another property, and none holds a `var()` or a reference to
    /// another file, so the passes that look for those have nothing to find. True for the empty
    /// list; false when unsure (a list not made by the cascade).
    package let isPlain: Bool

    /// The empty list.
    package init() {
        storage = nil
        first = nil
        count32 = 0
        isPlain = true
    }

    /// The `count` declarations from `first`, which `storage` holds initialized.
    fileprivate init(_ storage: CascadedStorage, _ first: UnsafePointer<CascadedDeclaration>, _ count: Int, plain: Bool) {
        self.storage = storage
        self.first = first
        self.count32 = Int32(count)
        self.isPlain = plain
    }

    /// The number of declarations.
    package var count: Int { Int(count32) }

    /// A list of copies of `declarations`, in memory of its own of exactly their count (a list
    /// kept for long, or made outside the cascade).
    package init(copying declarations: some Collection<CascadedDeclaration>) {
        var arena = CascadeArena(chunkCapacity: declarations.count)
        self = arena.append(contentsOf: declarations)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    /// The declaration at `i`, read in place (a field read copies no other field).
    package subscript(i: Int) -> CascadedDeclaration {
        unsafeAddress {
            precondition(i >= 0 && i < count, "CascadedList index out of range")
            return first.unsafelyUnwrapped + i
        }
    }

    /// Calls `body` with the declarations in place.
    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<CascadedDeclaration>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: first, count: count)) }
    }
}

/// Memory holding the declarations of several ``CascadedList``s: `used` of them initialized
/// from `base`, room for `capacity`; freed with the last list (or arena) that holds it.
final class CascadedStorage: @unchecked Sendable {
    // Unchecked: `used` and the memory past it change only on the thread of the arena that
    // made this storage; lists read their own initialized declarations only.
    let base: UnsafeMutablePointer<CascadedDeclaration>
    let capacity: Int
    /// How many declarations from `base` are initialized (each belongs to a list).
    fileprivate(set) var used = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<CascadedDeclaration>.allocate(capacity: self.capacity)
    }

    deinit {
        // Most declarations hold nothing to release (a known property, text in place, a color,
        // a number, a length): those are left as they are, not destroyed through
        // swift_arrayDestroy and the type's value witness (about 60 instructions each).
        for k in 0..<used where !base[k].holdsNoReference { (base + k).deinitialize(count: 1) }
        base.deallocate()
    }

    /// The uninitialized memory past the lists made so far.
    var free: UnsafeMutableBufferPointer<CascadedDeclaration> {
        UnsafeMutableBufferPointer(start: base + used, count: capacity - used)
    }
}

/// Where one thread's cascade puts the lists it makes: the current ``CascadedStorage``, with a
/// new one started when fewer than the room a list needs is left. Not to be shared between
/// threads (each thread that styles elements has its own).
package struct CascadeArena {
    /// Declarations per storage: 256 × 72 bytes, a few pages, shared by about a hundred
    /// elements' lists.
    package static let defaultChunkCapacity = 256

    private let chunkCapacity: Int
    private var storage: CascadedStorage?

    package init(chunkCapacity: Int = CascadeArena.defaultChunkCapacity) {
        self.chunkCapacity = chunkCapacity
    }

    /// A storage with at least `room` uninitialized declarations past its lists. Inlined: the
    /// cascade asks once per element, and nearly always the current storage has the room.
    @inline(__always) mutating func storage(withRoom room: Int) -> CascadedStorage {
        if let s = storage, s.capacity &- s.used >= room { return s }
        return newStorage(withRoom: room)
    }

    /// A new current storage with at least `room` declarations.
    @inline(never) private mutating func newStorage(withRoom room: Int) -> CascadedStorage {
        let s = CascadedStorage(capacity: max(chunkCapacity, room))
        storage = s
        return s
    }

    /// The list of the `count` declarations initialized from `storage.free`'s start: they
    /// belong to the list from now on. `plain`: see ``CascadedList/isPlain``.
    func adopt(_ count: Int, in storage: consuming CascadedStorage, plain: Bool = false) -> CascadedList {
        guard count > 0 else { return CascadedList() }
        let first = storage.base + storage.used
        storage.used += count
        return CascadedList(storage, first, count, plain: plain)
    }

    /// A list of copies of `declarations`.
    mutating func append(contentsOf declarations: some Collection<CascadedDeclaration>) -> CascadedList {
        let n = declarations.count
        guard n > 0 else { return CascadedList() }
        let s = storage(withRoom: n)
        var p = s.base + s.used
        for d in declarations {
            p.initialize(to: d)
            p += 1
        }
        return adopt(n, in: s)
    }
}

extension CascadedDeclaration {
    /// Whether the declaration holds no reference to release: its memory may be freed without
    /// destroying it. False whenever unsure.
    @inline(__always) var holdsNoReference: Bool {
        guard ownName == nil, text.isInline else { return false }
        switch parsed {
        case .invalid, .fraction, .color, .length, .number, .deferred, .deferredFont, .text: return true
        case .paint(.none), .paint(.color), .paint(.context): return true
        default: return false
        }
    }
}
