/// A set of layer names compared code point by code point (``ExactText``), for
/// ``LayerTree/SiblingNames``: each name is hashed once, by the process's seeded hasher (as a
/// `Set` hashes, so chosen names cannot make it slow), and kept with its hash, so growing the
/// table hashes no name again; a name is compared only with the names of the same hash.
/// `Set<ExactText>` hashed every name again at each growth and compared through the generic
/// `elementsEqual`: about 1,700 instructions a name.
struct NameSet {
    private var names: [String] = []
    private var hashes: [Int] = []
    /// Open addressing: an index into `names` plus one per slot (0: empty), a power of two of
    /// slots, at most half of them used.
    private var slots: [Int32] = []

    /// Adds `name`; false when it is in the set already.
    mutating func insert(_ name: String) -> Bool {
        var hasher = Hasher()
        var text = name
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        let hash = hasher.finalize()
        if 2 * (names.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var i = hash & mask
        while slots[i] != 0 {
            let j = Int(slots[i]) - 1
            if hashes[j] == hash, LayerTree.sameName(names[j], name) { return false }
            i = (i + 1) & mask
        }
        names.append(name)
        hashes.append(hash)
        slots[i] = Int32(truncatingIfNeeded: names.count)
        return true
    }

    /// Twice the slots (16 at first), the names placed again by their kept hashes.
    private mutating func grow() {
        let n = max(16, 2 * slots.count)
        slots = Array(repeating: 0, count: n)
        let mask = n - 1
        for (j, hash) in hashes.enumerated() {
            var i = hash & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(truncatingIfNeeded: j + 1)
        }
    }
}
