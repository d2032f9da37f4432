/// Contents side by side in one heap object: a layer's ``Content`` is one of them
/// (``ContentPlace``).
///
/// A shape's content had a box of its own (a `LayerBox<Content>`, 100,000 of them at
/// flat-1e5): a `malloc` of a 128-byte chunk for its 89 bytes, about 230 instructions, and a
/// fresh page every 32 shapes. An importer that makes many contents appends them to stores of
/// up to ``ContentSlab/largestCapacity`` (``ContentSlab``): 96 bytes a content, one allocation
/// per run of shapes. Anything else (a decoder, a change through ``Layer/content``) makes a
/// store of one.
///
/// A store is shared by every layer that holds a place in it, and a value stored there is not
/// changed while it is shared: a change through a layer is made in place only when the layer
/// holds the store's one reference (no other layer can read any of its values), else the
/// content is copied into a store of its own (copy on write, as `LayerBox` does).
@usableFromInline
package final class ContentStore: ManagedBuffer<Int, Content> {
    // The header counts the values initialized, from the first: they are destroyed with the store.
    deinit {
        _ = withUnsafeMutablePointers { count, values in values.deinitialize(count: count.pointee) }
    }

    /// An empty store with room for `capacity` values.
    @inlinable package static func make(capacity: Int) -> ContentStore {
        unsafeDowncast(ContentStore.create(minimumCapacity: capacity) { _ in 0 }, to: ContentStore.self)
    }

    /// A store holding `content` alone, in slot 0.
    @inlinable package static func single(_ content: consuming Content) -> ContentStore {
        let store = make(capacity: 1)
        _ = store.append(content)
        return store
    }

    // The count and the values are reached from the object's address, where `ManagedBuffer`
    // puts them (after the object's two-word header; checked by `ContentStoreTests`): its
    // `header` is a class property, each access a runtime exclusivity check from another module
    // (~110 instructions), and `withUnsafeMutablePointerToElements` keeps the store alive with a
    // retain and a release around every read of a content.

    /// The byte offset of the count from the object's address.
    @inlinable static var countOffset: Int { 2 * MemoryLayout<Int>.size }

    /// The byte offset of slot 0 from the object's address.
    @inlinable static var valuesOffset: Int {
        let align = MemoryLayout<Content>.alignment
        return (countOffset + MemoryLayout<Int>.size + align - 1) & ~(align - 1)
    }

    @inlinable var address: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// How many values the store holds (slots `0..<count`).
    @inlinable package var count: Int { address.load(fromByteOffset: Self.countOffset, as: Int.self) }

    /// Where the value in `slot` is stored: valid while the store is alive.
    @inlinable package func pointer(_ slot: UInt16) -> UnsafeMutablePointer<Content> {
        (address + Self.valuesOffset).assumingMemoryBound(to: Content.self) + Int(slot)
    }

    /// Initializes the next slot with `content` and returns it. The caller knows there is room.
    @inlinable package func append(_ content: consuming Content) -> UInt16 {
        let count = (address + Self.countOffset).assumingMemoryBound(to: Int.self)
        let slot = count.pointee
        pointer(UInt16(truncatingIfNeeded: slot)).initialize(to: content)
        count.pointee = slot + 1
        return UInt16(truncatingIfNeeded: slot)
    }

    /// The value in `slot` (one of the first ``count``), read and changed where it is stored.
    @inlinable package subscript(slot: UInt16) -> Content {
        unsafeAddress { UnsafePointer(pointer(slot)) }
        unsafeMutableAddress { pointer(slot) }
    }
}

/// Where a layer's content is stored: a slot of a ``ContentStore``.
///
/// Sendable as the stores' `LayerBox` is: a value in a store is changed only by the owner of
/// its one reference (``ContentStore``), and the importer fills a store's slots before any
/// layer holding them is shared.
@usableFromInline
package struct ContentPlace: @unchecked Sendable {
    @usableFromInline package var store: ContentStore
    @usableFromInline package let slot: UInt16

    @inlinable package init(store: ContentStore, slot: UInt16) {
        self.store = store
        self.slot = slot
    }

    /// The content stored here.
    @inlinable package var content: Content { store[slot] }

    /// Where the content is stored: valid while the store is alive (while a layer or the
    /// ``ContentSlab`` that made the place holds it).
    @inlinable package var pointer: UnsafeMutablePointer<Content> { store.pointer(slot) }

    /// Stores `value` in `place`: in the same slot when its store is held by that one reference
    /// (nothing else can read the store), else in a store of its own; `nil` drops it.
    @inlinable package static func store(_ value: consuming Content?, in place: inout ContentPlace?) {
        guard let value else {
            place = nil
            return
        }
        // Checked in place: a copy of the place (`if let`) would be a second reference.
        if place != nil, isKnownUniquelyReferenced(&place!.store) {
            place!.store[place!.slot] = value
            return
        }
        place = ContentPlace(store: .single(value), slot: 0)
    }
}

/// The stores an importer appends its contents to, one after another: a store holds up to
/// ``largestCapacity`` contents (under glibc's 128 KB mapping threshold, so a store comes from
/// the heap); the first ones are smaller, so that a document of a few shapes takes a few slots.
package struct ContentSlab {
    /// The most contents a store is made for: 1,024 × 96 bytes.
    package static let largestCapacity = 1024
    /// The size of the first store.
    package static let firstCapacity = 8

    @usableFromInline var store: ContentStore?
    @usableFromInline var capacity = 0

    package init() {}

    /// Appends `content` to the current store (a new one when it is full) and returns its place.
    @inlinable @inline(__always)
    package mutating func append(_ content: consuming Content) -> ContentPlace {
        if let s = store, s.count < capacity { return ContentPlace(store: s, slot: s.append(content)) }
        let s = newStore()
        return ContentPlace(store: s, slot: s.append(content))
    }

    /// A new, empty store, twice the size of the last one up to ``largestCapacity``.
    @usableFromInline
    mutating func newStore() -> ContentStore {
        capacity = store == nil ? Self.firstCapacity : min(capacity * 2, Self.largestCapacity)
        let s = ContentStore.make(capacity: capacity)
        store = s
        return s
    }
}
