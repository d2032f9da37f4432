/// The type, id and class names present among the ancestors of the element being matched,
/// counted as the matcher walks the document in order: a selector whose ancestor compounds
/// (those joined rightwards by `>` or whitespace) name one that no ancestor has cannot match,
/// and is rejected without walking up.
///
/// This is the ancestor filter browsers use, made exact (counts, not a Bloom filter). Without it
/// a sheet of many descendant rules sharing a rightmost type (`g.k1 rect`, `g.k2 rect`, …) made
/// every element walk its ancestors for every rule; with it each such rule costs a few array
/// reads per element. Only names that some selector needs are counted.
struct AncestorFilter {
    /// Interned names, by kind (feature indices into ``counts``).
    private var typeFeatures: [String: Int32] = [:]
    private var idFeatures: [String: Int32] = [:]
    private var classFeatures: [String: Int32] = [:]
    /// Per selector: the features some ancestor must carry (its ancestor compounds' names).
    private var required: [[Int32]] = []
    /// How many elements on the ancestor stack carry each feature.
    private var counts: [Int32] = []
    /// The ancestor stack: each open element and the features it added.
    private var stack: [(element: Int, features: [Int32])] = []

    /// Whether any selector has a required feature (else the filter does nothing).
    var isActive: Bool { !counts.isEmpty }

    /// A filter for `selectors`, their left compounds' names interned.
    init(selectors: [StyleCascade.IndexedSelector]) {
        required.reserveCapacity(selectors.count)
        var next: Int32 = 0
        func intern(_ name: String, _ table: inout [String: Int32]) -> Int32 {
            if let f = table[name] { return f }
            table[name] = next
            next += 1
            return next - 1
        }
        for s in selectors {
            var features: [Int32] = []
            // A compound joined to the next by `>` or whitespace matches an ancestor of the
            // subject; one joined by `+` matches a sibling (of the subject or of an ancestor),
            // which is not on the ancestor stack.
            for (k, c) in s.selector.compounds.dropLast().enumerated() where s.selector.combinators[k] != .adjacent {
                if let t = c.type { features.append(intern(t, &typeFeatures)) }
                if let id = c.id { features.append(intern(id, &idFeatures)) }
                for cls in c.classes { features.append(intern(cls, &classFeatures)) }
            }
            required.append(Array(Set(features)).sorted())
        }
        counts = [Int32](repeating: 0, count: Int(next))
    }

    /// Makes the stack hold exactly the ancestors of the next element, whose parent is
    /// `parent` (elements come in document order, so the parent is open on the stack).
    mutating func enter(parent: Int?) {
        while let top = stack.last, top.element != parent {
            for f in top.features { counts[Int(f)] -= 1 }
            stack.removeLast()
        }
    }

    /// Opens `element` (after it was matched) with its type, id and classes.
    mutating func push(_ element: Int, type: String, id: String?, classes: [String]) {
        var features: [Int32] = []
        if let f = typeFeatures[type] { features.append(f) }
        if let id, let f = idFeatures[id] { features.append(f) }
        // A class listed twice counts twice and is uncounted twice: no search for repeats, so
        // a hostile class list stays linear.
        for cls in classes {
            if let f = classFeatures[cls] { features.append(f) }
        }
        for f in features { counts[Int(f)] += 1 }
        stack.append((element, features))
    }

    /// False when selector `k` needs a name that no ancestor of the current element carries
    /// (it cannot match); true when it may match.
    func mayMatch(_ k: Int) -> Bool {
        for f in required[k] where counts[Int(f)] == 0 { return false }
        return true
    }
}
