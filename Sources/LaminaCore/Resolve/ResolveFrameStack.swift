/// The frames of the layers on the resolve walk's current path (``Resolver/frames``), in one
/// buffer and worked in place: a layer's frame is computed into its slot from its superlayer's
/// slot, read there by the layer's drawables and by its sublayers, and never copied. As a value
/// returned, unwrapped, pushed and popped, the 184-byte frame was copied about ten times a layer
/// (a `memcpy` each, and the stalls of reading back what was just stored).
///
/// The slots past the path hold the frames of layers already left; a slot is written whole
/// before it is read. A copy of the stack shares its buffer: a resolver copied to walk another
/// part of the tree (a piece, ``Resolver/resolveInPieces(_:)``) takes ``copy()``.
struct ResolveFrameStack {
    /// Frame `i` of the path is `base[i]`. A pointer into the buffer is valid until the next
    /// ``slot(_:)`` that grows it.
    private(set) var base: UnsafeMutablePointer<ResolveFrame>
    private(set) var capacity: Int
    /// Frees the buffer once no stack refers to it.
    private var owner: Owner

    private final class Owner {
        let pointer: UnsafeMutablePointer<ResolveFrame>
        let count: Int

        init(capacity: Int) {
            count = capacity
            pointer = .allocate(capacity: capacity)
            pointer.initialize(repeating: .unused, count: capacity)
        }

        deinit {
            pointer.deinitialize(count: count)
            pointer.deallocate()
        }
    }

    /// An empty stack with room for `capacity` frames (it grows past them).
    init(capacity: Int = 32) {
        owner = Owner(capacity: max(1, capacity))
        base = owner.pointer
        self.capacity = owner.count
    }

    /// A stack of its own holding the same frames.
    func copy() -> ResolveFrameStack {
        let s = ResolveFrameStack(capacity: capacity)
        s.base.update(from: base, count: capacity)
        return s
    }

    /// The slot of frame `i`, the buffer grown to hold it when needed.
    @inline(__always)
    mutating func slot(_ i: Int) -> UnsafeMutablePointer<ResolveFrame> {
        if i >= capacity { grow(toHold: i + 1) }
        return base + i
    }

    private mutating func grow(toHold n: Int) {
        let bigger = Owner(capacity: max(n, 2 * capacity))
        bigger.pointer.update(from: base, count: capacity)
        owner = bigger
        base = bigger.pointer
        capacity = bigger.count
    }
}

extension ResolveFrame {
    /// The content of a slot not yet written.
    static let unused = ResolveFrame(toOutput: .identity, toSpace: .identity, plane: nil, clip: nil, group: nil, opacity: 1)
}
