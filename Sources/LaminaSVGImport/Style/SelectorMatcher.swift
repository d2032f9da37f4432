/// Matches indexed selectors against every element of a tree.
///
/// Selectors are bucketed by their rightmost compound's id, first class, type or first
/// attribute name (else the universal bucket); each element only tries the buckets it can
/// match, and an ``AncestorFilter`` rejects those whose left compounds name a type, id or
/// class no ancestor has. Descendant combinators use a memo of "some ancestor-or-self matches
/// the left part", so a deep tree is walked once per selector part rather than once per
/// element.
struct SelectorMatcher {
    let tree: ElementTree
    let selectors: [StyleCascade.IndexedSelector]
    var byID: [String: [Int32]] = [:]
    var byClass: [String: [Int32]] = [:]
    var byType: [String: [Int32]] = [:]
    var byAttribute: [String: [Int32]] = [:]
    var universal: [Int32] = []
    /// Per element: its id and class list, computed once.
    var ids: [String?] = []
    var classes: [[String]] = []
    /// Class sets of elements with many classes, so a hostile class list stays linear.
    var classSets: [Int: Set<String>] = [:]
    /// Memo of `hasAncestorOrSelf(selector, part, element)`, keyed by a packed integer.
    var memo: [Int: Bool] = [:]
    /// The names on the current element's ancestors, to reject descendant rules early.
    var ancestors: AncestorFilter
    /// Whether ``ancestors`` is consulted (tests compare the table without it).
    var usesAncestorFilter = true
    /// Per element, its previous element sibling (-1 for none); filled only when some selector
    /// has a `+` combinator.
    var previousSibling: [Int32] = []

    init(tree: ElementTree, selectors: [StyleCascade.IndexedSelector]) {
        self.tree = tree
        self.selectors = selectors
        self.ancestors = AncestorFilter(selectors: selectors)
        for (k, s) in selectors.enumerated() {
            guard let last = s.selector.compounds.last else { continue }
            if let id = last.id {
                byID[id, default: []].append(Int32(k))
            } else if let c = last.classes.first {
                byClass[c, default: []].append(Int32(k))
            } else if let t = last.type {
                byType[t, default: []].append(Int32(k))
            } else if let a = last.attributes.first {
                byAttribute[a.name, default: []].append(Int32(k))
            } else {
                universal.append(Int32(k))
            }
        }
        if selectors.contains(where: { $0.selector.combinators.contains(.adjacent) }) {
            previousSibling = [Int32](repeating: -1, count: tree.count)
            for e in tree.indices {
                var previous: Int32 = -1
                for item in tree.contentItems(e) where item >= 0 {
                    previousSibling[Int(item)] = previous
                    previous = item
                }
            }
        }
        ids.reserveCapacity(tree.count)
        classes.reserveCapacity(tree.count)
        for e in tree.indices {
            ids.append(tree.attribute(e, "id"))
            if let c = tree.attribute(e, "class") {
                let list = c.split(whereSeparator: isCSSSpace).map(String.init)
                if list.count > 16 { classSets[classes.count] = Set(list) }
                classes.append(list)
            } else {
                classes.append([])
            }
        }
    }

    /// The CSR match table: offsets (count + 1) and selector indices per element.
    mutating func matchAll() -> ([Int32], [Int32]) {
        var start: [Int32] = [0]
        start.reserveCapacity(tree.count + 1)
        var out: [Int32] = []
        var candidates: [Int32] = []
        for e in tree.indices {
            candidates.removeAll(keepingCapacity: true)
            if let id = ids[e], let list = byID[id] { candidates += list }
            var seen = Set<String>()
            for c in classes[e] where seen.insert(c).inserted {
                if let list = byClass[c] { candidates += list }
            }
            if let list = byType[tree.name(e)] { candidates += list }
            if !byAttribute.isEmpty {
                let before = candidates.count
                for s in tree.attributeSlots(e) {
                    let a = tree.attributeName(slot: s)
                    if a.namespace == nil, let list = byAttribute[a.name] { candidates += list }
                }
                if candidates.count > before {
                    // Keep each selector once (the buckets are disjoint, but be safe).
                    candidates.sort()
                    var unique: [Int32] = []
                    for c in candidates where unique.last != c { unique.append(c) }
                    candidates = unique
                }
            }
            candidates += universal
            let filtered = usesAncestorFilter && ancestors.isActive
            if filtered { ancestors.enter(parent: tree.parent(e)) }
            let before = out.count
            for k in candidates where (!filtered || ancestors.mayMatch(Int(k)))
                && matches(Int(k), part: selectors[Int(k)].selector.compounds.count - 1, element: e)
            {
                out.append(k)
            }
            if filtered { ancestors.push(e, type: tree.name(e), id: ids[e], classes: classes[e]) }
            if out.count - before > 1 {
                // Cascade order: specificity, then source order (the selector index).
                out[before...].sort { a, b in
                    let sa = selectors[Int(a)].specificity, sb = selectors[Int(b)].specificity
                    return sa != sb ? sa < sb : a < b
                }
            }
            start.append(Int32(out.count))
        }
        return (start, out)
    }

    func compoundMatches(_ c: StyleSheet.Compound, _ e: Int) -> Bool {
        if let t = c.type, t != tree.name(e) { return false }
        if let id = c.id, id != ids[e] { return false }
        if let set = classSets[e] {
            for cls in c.classes where !set.contains(cls) { return false }
        } else {
            for cls in c.classes where !classes[e].contains(cls) { return false }
        }
        for test in c.attributes {
            guard let v = tree.attribute(e, test.name), test.matches(v) else { return false }
        }
        for p in c.pseudoClasses {
            switch p {
            case .root:
                if tree.parent(e) != nil { return false }
            case .firstChild:
                guard let parent = tree.parent(e), firstElementChild(of: parent) == e else { return false }
            }
        }
        return true
    }

    /// The first element child of `parent` (text runs skipped).
    func firstElementChild(of parent: Int) -> Int? {
        for item in tree.contentItems(parent) where item >= 0 { return Int(item) }
        return nil
    }

    /// Whether compounds `0...part` of selector `k` match with `part` on element `e`.
    mutating func matches(_ k: Int, part: Int, element e: Int) -> Bool {
        let sel = selectors[k].selector
        guard part >= 0, compoundMatches(sel.compounds[part], e) else { return false }
        if part == 0 { return true }
        guard let parent = tree.parent(e) else { return false }
        switch sel.combinators[part - 1] {
        case .child:
            return matches(k, part: part - 1, element: parent)
        case .descendant:
            return hasAncestorOrSelf(k, part: part - 1, from: parent)
        case .adjacent:
            let previous = previousSibling[e]
            return previous >= 0 && matches(k, part: part - 1, element: Int(previous))
        }
    }

    /// Whether `from` or one of its ancestors matches compounds `0...part`; memoized per node.
    mutating func hasAncestorOrSelf(_ k: Int, part: Int, from start: Int) -> Bool {
        let n = tree.count
        func key(_ e: Int) -> Int { (k * SelectorParser.maxCompounds + part) * n + e }
        var path: [Int] = []
        var node: Int? = start
        var result = false
        while let e = node {
            if let m = memo[key(e)] {
                result = m
                break
            }
            path.append(e)
            if matches(k, part: part, element: e) {
                result = true
                break
            }
            node = tree.parent(e)
        }
        for e in path { memo[key(e)] = result }
        return result
    }
}
