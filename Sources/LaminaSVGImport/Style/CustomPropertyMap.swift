/// The custom properties in effect on an element, name → value: a persistent hash trie, so that
/// an element declaring a few of its own shares all the others with its parent's map.
///
/// A dictionary copied per element made properties in scope × elements the cost in time and
/// memory (5,000 properties on a group over 5,000 elements that each declare one more: 501 MB).
/// Here setting a name copies only the nodes on its path (at most 14, each of at most 32
/// references) and reading one walks that path. Names hash with the process's seeded hasher,
/// so no crafted set of names piles up in one node; nothing reads the map in its order, so the
/// shape a seed gives is never seen.
package struct CustomPropertyMap: Sendable {
    private var root: Node?
    /// How many properties the map holds.
    package private(set) var count = 0

    package init() {}

    package init(_ properties: [String: String]) {
        for (name, value) in properties { self[name] = value }
    }

    /// The value of `name`; setting nil removes it. Setting the value a name has already
    /// leaves the map as it is (its nodes stay those of the map it came from).
    package subscript(name: String) -> String? {
        get { value(name, hash: Self.hash(name)) }
        set { set(name, newValue, hash: Self.hash(name)) }
    }

    /// The value of `name`, whose hash is `hash`. (With the subscript's hash, or in tests
    /// with hashes that collide.)
    package func value(_ name: String, hash: UInt64) -> String? {
        root?.find(name, hash: hash, shift: 0)?.value
    }

    /// Sets or removes `name`, whose hash is `hash`.
    package mutating func set(_ name: String, _ value: String?, hash: UInt64) {
        let old = root?.find(name, hash: hash, shift: 0)
        if old?.value == value { return }
        if let value {
            let leaf = Leaf(hash: hash, name: name, value: value)
            if root == nil {
                root = Node.single(leaf, shift: 0)
            } else if isKnownUniquelyReferenced(&root) {
                root?.set(leaf, shift: 0)
            } else {
                root = root?.setting(leaf, shift: 0)
            }
            if old == nil { count += 1 }
        } else if old != nil {
            root = root?.removing(name, hash: hash, shift: 0)
            count -= 1
        }
    }

    /// Whether both maps are the same storage (then they are equal; equal maps built apart
    /// are not identical). An answer in constant time, for the memo.
    func isIdentical(to other: CustomPropertyMap) -> Bool { root === other.root }

    /// The identity of the storage, hashed with ``isIdentical(to:)``.
    var identity: ObjectIdentifier? { root.map(ObjectIdentifier.init) }

    /// How many nodes and entries of this map are not shared with `other`: what this map costs
    /// beyond it (a child's map beyond its parent's).
    package func storage(notSharedWith other: CustomPropertyMap) -> Int {
        var shared = Set<ObjectIdentifier>()
        other.root?.visit {
            shared.insert($0)
            return true
        }
        var own = 0
        root?.visit { id in
            if shared.contains(id) { return false }
            own += 1
            return true
        }
        return own
    }

    fileprivate static func hash(_ name: String) -> UInt64 { UInt64(bitPattern: Int64(name.hashValue)) }
}

extension CustomPropertyMap: Hashable {
    package static func == (l: CustomPropertyMap, r: CustomPropertyMap) -> Bool {
        if l.root === r.root { return true }
        guard l.count == r.count, let root = l.root else { return false }
        return root.allLeaves { r.value($0.name, hash: $0.hash) == $0.value }
    }

    /// The count only (equal maps built apart share no storage to hash): styles are compared
    /// seldom, and never hashed in bulk.
    package func hash(into h: inout Hasher) {
        h.combine(count)
    }
}

extension CustomPropertyMap: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }
}

// MARK: - Trie

/// One property.
private final class Leaf: Sendable {
    let hash: UInt64
    let name: String
    let value: String

    init(hash: UInt64, name: String, value: String) {
        self.hash = hash
        self.name = name
        self.value = value
    }
}

private enum Slot: Sendable {
    case leaf(Leaf)
    case node(Node)
}

/// 32 slots, of which `bitmap` says which are present (the slots array holds those, in slot
/// order); a level takes 5 bits of the names' hashes. Past the 64th bit (names whose hashes
/// are equal) a node is a list: no bitmap, searched in order.
///
/// Unchecked: a node changes in place (``set(_:shift:)``) only while the map being set holds
/// the one reference to it and to each node above it, so no other map, thread or memo entry
/// sees it change; every shared node is copied instead (``setting(_:shift:)``).
private final class Node: @unchecked Sendable {
    private(set) var bitmap: UInt32
    private(set) var slots: [Slot]

    init(bitmap: UInt32, slots: [Slot]) {
        self.bitmap = bitmap
        self.slots = slots
    }

    private static func bit(_ hash: UInt64, _ shift: Int) -> UInt32 { 1 << UInt32((hash >> UInt64(shift)) & 31) }

    private func index(_ bit: UInt32) -> Int { (bitmap & (bit &- 1)).nonzeroBitCount }

    /// A node of one leaf.
    static func single(_ leaf: Leaf, shift: Int) -> Node {
        Node(bitmap: shift >= 64 ? 0 : bit(leaf.hash, shift), slots: [.leaf(leaf)])
    }

    /// A node of two leaves of different names.
    static func pair(_ a: Leaf, _ b: Leaf, shift: Int) -> Node {
        if shift >= 64 { return Node(bitmap: 0, slots: [.leaf(a), .leaf(b)]) }
        let ba = bit(a.hash, shift)
        let bb = bit(b.hash, shift)
        if ba == bb { return Node(bitmap: ba, slots: [.node(pair(a, b, shift: shift + 5))]) }
        return Node(bitmap: ba | bb, slots: ba < bb ? [.leaf(a), .leaf(b)] : [.leaf(b), .leaf(a)])
    }

    func find(_ name: String, hash: UInt64, shift: Int) -> Leaf? {
        var node = self
        var shift = shift
        while true {
            if shift >= 64 {
                for case .leaf(let l) in node.slots where l.name == name { return l }
                return nil
            }
            let bit = Self.bit(hash, shift)
            guard node.bitmap & bit != 0 else { return nil }
            switch node.slots[node.index(bit)] {
            case .leaf(let l): return l.hash == hash && l.name == name ? l : nil
            case .node(let child):
                node = child
                shift += 5
            }
        }
    }

    /// This node with `leaf` in place of the one of its name, or added.
    func setting(_ leaf: Leaf, shift: Int) -> Node {
        var slots = slots
        if shift >= 64 {
            if let i = slots.firstIndex(where: { if case .leaf(let l) = $0 { l.name == leaf.name } else { false } }) {
                slots[i] = .leaf(leaf)
            } else {
                slots.append(.leaf(leaf))
            }
            return Node(bitmap: 0, slots: slots)
        }
        let bit = Self.bit(leaf.hash, shift)
        let i = index(bit)
        guard bitmap & bit != 0 else {
            slots.insert(.leaf(leaf), at: i)
            return Node(bitmap: bitmap | bit, slots: slots)
        }
        switch slots[i] {
        case .node(let child): slots[i] = .node(child.setting(leaf, shift: shift + 5))
        case .leaf(let l) where l.hash == leaf.hash && l.name == leaf.name: slots[i] = .leaf(leaf)
        case .leaf(let l): slots[i] = .node(Node.pair(l, leaf, shift: shift + 5))
        }
        return Node(bitmap: bitmap, slots: slots)
    }

    /// Sets `leaf` in this node, which only the caller references: in place, and so on down
    /// while the nodes on the path are not shared (a map filled from empty, or the path a
    /// child's first own property copied), then as ``setting(_:shift:)``.
    func set(_ leaf: Leaf, shift: Int) {
        if shift >= 64 {
            if let i = slots.firstIndex(where: { if case .leaf(let l) = $0 { l.name == leaf.name } else { false } }) {
                slots[i] = .leaf(leaf)
            } else {
                slots.append(.leaf(leaf))
            }
            return
        }
        let bit = Self.bit(leaf.hash, shift)
        let i = index(bit)
        guard bitmap & bit != 0 else {
            slots.insert(.leaf(leaf), at: i)
            bitmap |= bit
            return
        }
        switch slots[i] {
        case .node(var child):
            slots[i] = .leaf(leaf)  // for now: the local reference is then the child's only one, if unshared
            if isKnownUniquelyReferenced(&child) { child.set(leaf, shift: shift + 5) } else { child = child.setting(leaf, shift: shift + 5) }
            slots[i] = .node(child)
        case .leaf(let l) where l.hash == leaf.hash && l.name == leaf.name: slots[i] = .leaf(leaf)
        case .leaf(let l): slots[i] = .node(Node.pair(l, leaf, shift: shift + 5))
        }
    }

    /// This node without the leaf of `name`, which it holds; nil when nothing is left.
    func removing(_ name: String, hash: UInt64, shift: Int) -> Node? {
        var slots = slots
        if shift >= 64 {
            slots.removeAll { if case .leaf(let l) = $0 { l.name == name } else { false } }
            return slots.isEmpty ? nil : Node(bitmap: 0, slots: slots)
        }
        let bit = Self.bit(hash, shift)
        let i = index(bit)
        var bitmap = bitmap
        if case .node(let child) = slots[i], let rest = child.removing(name, hash: hash, shift: shift + 5) {
            slots[i] = .node(rest)
        } else {
            slots.remove(at: i)
            bitmap &= ~bit
        }
        return slots.isEmpty ? nil : Node(bitmap: bitmap, slots: slots)
    }

    /// Whether `body` holds for every leaf under this node.
    func allLeaves(_ body: (Leaf) -> Bool) -> Bool {
        slots.allSatisfy { slot in
            switch slot {
            case .leaf(let l): body(l)
            case .node(let child): child.allLeaves(body)
            }
        }
    }

    /// Calls `body` with this node and, while it answers true, each node and leaf under it.
    func visit(_ body: (ObjectIdentifier) -> Bool) {
        guard body(ObjectIdentifier(self)) else { return }
        for slot in slots {
            switch slot {
            case .leaf(let l): _ = body(ObjectIdentifier(l))
            case .node(let child): child.visit(body)
            }
        }
    }
}
