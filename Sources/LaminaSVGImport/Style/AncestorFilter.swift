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
    /// The feature of each selector name, by kind (-1: no selector needs it there).
    private var typeFeature: [Int32]
    private var idFeature: [Int32]
    private var classFeature: [Int32]
    /// Per selector: the features some ancestor must carry (its ancestor compounds' names).
    private var required: [[Int32]] = []
    /// How many elements on the ancestor stack carry each feature.
    private var counts: [Int32] = []
    /// The ancestor stack: each open element and the features it added, CSR style (the top
    /// element's are `stackFeatures[stackStart.last!...]`).
    private var stack: [Int] = []
    private var stackStart: [Int] = []
    private var stackFeatures: [Int32] = []

    /// Whether any selector has a required feature (else the filter does nothing).
    var isActive: Bool { !counts.isEmpty }

    /// A filter for `selectors`, whose names `names` numbers.
    init(selectors: [StyleCascade.IndexedSelector], names: SelectorNames) {
        typeFeature = Array(repeating: -1, count: names.count)
        idFeature = typeFeature
        classFeature = typeFeature
        required.reserveCapacity(selectors.count)
        var next: Int32 = 0
        func feature(_ name: String, _ table: inout [Int32]) -> Int32 {
            let n = Int(names.find(name))
            if table[n] < 0 {
                table[n] = next
                next += 1
            }
            return table[n]
        }
        for s in selectors {
            var features: [Int32] = []
            // A compound joined to the next by `>` or whitespace matches an ancestor of the
            // subject; one joined by `+` matches a sibling (of the subject or of an ancestor),
            // which is not on the ancestor stack.
            for (k, c) in s.selector.compounds.dropLast().enumerated() where s.selector.combinators[k] != .adjacent {
                if let t = c.type { features.append(feature(t, &typeFeature)) }
                if let id = c.id { features.append(feature(id, &idFeature)) }
                for cls in c.classes { features.append(feature(cls, &classFeature)) }
            }
            required.append(Array(Set(features)).sorted())
        }
        counts = [Int32](repeating: 0, count: Int(next))
    }

    /// Makes the stack hold exactly the ancestors of the next element, whose parent is
    /// `parent` (elements come in document order, so the parent is open on the stack).
    mutating func enter(parent: Int?) {
        while let top = stack.last, top != parent {
            let first = stackStart.removeLast()
            for f in stackFeatures[first...] { counts[Int(f)] -= 1 }
            stackFeatures.removeSubrange(first...)
            stack.removeLast()
        }
    }

    /// Opens `element` (after it was matched) with its type, id and classes (selector names:
    /// negative for a name no selector uses).
    mutating func push(_ element: Int, type: Int32, id: Int32, classes: ArraySlice<Int32>) {
        stack.append(element)
        stackStart.append(stackFeatures.count)
        func add(_ f: Int32) {
            guard f >= 0 else { return }
            counts[Int(f)] += 1
            stackFeatures.append(f)
        }
        if type >= 0 { add(typeFeature[Int(type)]) }
        if id >= 0 { add(idFeature[Int(id)]) }
        // A class listed twice counts twice and is uncounted twice: no search for repeats, so
        // a hostile class list stays linear.
        for cls in classes { add(classFeature[Int(cls)]) }
    }

    /// False when selector `k` needs a name that no ancestor of the current element carries
    /// (it cannot match); true when it may match.
    func mayMatch(_ k: Int) -> Bool {
        for f in required[k] where counts[Int(f)] == 0 { return false }
        return true
    }
}
