import LaminaCore

/// Matches indexed selectors against every element of a tree.
///
/// Every type, id, class and attribute name the selectors use is interned once
/// (``SelectorNames``), and each element's type, id and classes are looked up in that table once,
/// so matching compares integers: no string is hashed, compared or retained per candidate.
/// Selectors are bucketed by their rightmost compound's id, first class, type or first
/// attribute name (else the universal bucket); each element only tries the buckets it can
/// match, and an ``AncestorFilter`` rejects those whose left compounds name a type, id or
/// class no ancestor has. Descendant combinators use a memo of "some ancestor-or-self matches
/// the left part", so a deep tree is walked once per selector part rather than once per
/// element.
struct SelectorMatcher {
    let tree: ElementTree
    let selectors: [StyleCascade.IndexedSelector]
    /// The selectors' names.
    private let names: SelectorNames
    /// Every selector's compounds, flattened: selector `k`'s are
    /// `compounds[compoundStart[k]..<compoundStart[k + 1]]`, left to right.
    private var compounds: [CompiledCompound] = []
    private var compoundStart: [Int32] = [0]
    /// The class names of the compounds (`CompiledCompound.classes` ranges into it).
    private var compoundClasses: [Int32] = []
    /// Buckets by the rightmost compound's key name (indexed by name).
    private var byID: [[Int32]]
    private var byClass: [[Int32]]
    private var byType: [[Int32]]
    private var byAttribute: [[Int32]]
    private var hasAttributeBuckets = false
    private var universal: [Int32] = []
    /// Per element: its type, id (`SelectorNames.none` when the selectors never name it) and
    /// the classes the selectors name, CSR style (`elementClasses[classStart[e]..<classStart[e + 1]]`).
    private var elementType: [Int32] = []
    private var elementID: [Int32] = []
    private var classStart: [Int32] = [0]
    private var elementClasses: [Int32] = []
    /// Class sets of elements with many named classes, so a hostile class list stays linear.
    private var classSets: [Int: Set<Int32>] = [:]
    /// The selector name of each attribute name of the document (none when unnamed or in a namespace).
    private var attributeNameOf: [Int32] = []
    /// Memo of `hasAncestorOrSelf(selector, part, element)`, keyed by a packed integer.
    private var memo: [Int: Bool] = [:]
    /// The names on the current element's ancestors, to reject descendant rules early.
    private var ancestors: AncestorFilter
    /// Whether ``ancestors`` is consulted (tests compare the table without it).
    var usesAncestorFilter = true
    /// Per element, its previous element sibling (-1 for none); filled only when some selector
    /// has a `+` combinator.
    private var previousSibling: [Int32] = []

    /// A compound with its names interned.
    private struct CompiledCompound {
        var type: Int32
        var id: Int32
        /// A range of ``compoundClasses``.
        var classes: Range<Int32>
        /// Whether it has attribute tests (read from the selector itself: they compare strings).
        var hasAttributes: Bool
        var firstChild: Bool
        var root: Bool
    }

    /// A matcher of `selectors` over `tree`; with `leavingOutMerged`, the selectors the cascade
    /// merged into others (`*`, repeats) are left out of the table.
    init(tree: ElementTree, selectors: [StyleCascade.IndexedSelector], leavingOutMerged: Bool = false) {
        self.tree = tree
        self.selectors = selectors
        var names = SelectorNames()
        for s in selectors {
            for c in s.selector.compounds {
                if let t = c.type { names.intern(t) }
                if let id = c.id { names.intern(id) }
                for cls in c.classes { names.intern(cls) }
                for a in c.attributes { names.intern(a.name) }
            }
        }
        self.names = names
        ancestors = AncestorFilter(selectors: selectors, names: names)
        let count = names.count
        byID = Array(repeating: [], count: count)
        byClass = Array(repeating: [], count: count)
        byType = Array(repeating: [], count: count)
        byAttribute = Array(repeating: [], count: count)
        for (k, s) in selectors.enumerated() {
            for c in s.selector.compounds {
                let first = Int32(compoundClasses.count)
                for cls in c.classes { compoundClasses.append(names.find(cls)) }
                compounds.append(CompiledCompound(
                    type: c.type.map { names.find($0) } ?? SelectorNames.any, id: c.id.map { names.find($0) } ?? SelectorNames.any,
                    classes: first..<Int32(compoundClasses.count), hasAttributes: !c.attributes.isEmpty,
                    firstChild: c.pseudoClasses.contains(.firstChild), root: c.pseudoClasses.contains(.root)))
            }
            compoundStart.append(Int32(compounds.count))
            guard let last = s.selector.compounds.last, !(leavingOutMerged && s.merged) else { continue }
            if let id = last.id {
                byID[Int(names.find(id))].append(Int32(k))
            } else if let c = last.classes.first {
                byClass[Int(names.find(c))].append(Int32(k))
            } else if let t = last.type {
                byType[Int(names.find(t))].append(Int32(k))
            } else if let a = last.attributes.first {
                byAttribute[Int(names.find(a.name))].append(Int32(k))
                hasAttributeBuckets = true
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
        // Each distinct element name and attribute name of the document is looked up once.
        let typeOfName = (0..<tree.nameCount).map { names.find(tree.table.elementNames[$0].name) }
        attributeNameOf = tree.table.attributeNames.map { $0.namespace == nil ? names.find($0.name) : SelectorNames.none }
        elementType.reserveCapacity(tree.count)
        elementID.reserveCapacity(tree.count)
        classStart.reserveCapacity(tree.count + 1)
        for e in tree.indices {
            elementType.append(typeOfName[tree.nameIndex(e)])
            var id = SelectorNames.none
            let before = elementClasses.count
            for s in tree.attributeSlots(e) {
                let name = tree.attributeName(slot: s)
                guard name.namespace == nil else { continue }
                if name.name == "id", id == SelectorNames.none {
                    id = tree.withAttributeBytes(slot: s) { names.find(bytes: $0) }
                } else if name.name == "class", elementClasses.count == before {
                    tree.withAttributeBytes(slot: s) { bytes in
                        // Classes are split at CSS spaces between characters: byte by byte when
                        // that is the same (ASCII without CR, which ends a CR LF character).
                        guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else {
                            for c in String(decoding: bytes, as: UTF8.self).split(whereSeparator: isCSSSpace) {
                                let n = names.find(String(c))
                                if n != SelectorNames.none { elementClasses.append(n) }
                            }
                            return
                        }
                        var i = 0
                        while i < bytes.count {
                            while i < bytes.count, CSSBytes.isSpace(bytes[i]) { i += 1 }
                            let start = i
                            while i < bytes.count, !CSSBytes.isSpace(bytes[i]) { i += 1 }
                            if i > start {
                                let c = names.find(bytes: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                                if c != SelectorNames.none { elementClasses.append(c) }
                            }
                        }
                    }
                }
            }
            elementID.append(id)
            if elementClasses.count - before > 16 { classSets[e] = Set(elementClasses[before...]) }
            classStart.append(Int32(elementClasses.count))
        }
    }

    /// The selectors matching each element, in cascade order (specificity, then source order):
    /// element `e`'s are `matches[start[e]..<end[e]]`. An element whose list is the same as the
    /// element's before it shares that range, so siblings matched by the same rules are stored
    /// once: thousands of rules matching thousands of like elements cost time, not memory.
    struct MatchTable: Equatable {
        var start: [Int32] = []
        var end: [Int32] = []
        var matches: [Int32] = []

        /// The selectors matching element `e`.
        func of(_ e: Int) -> ArraySlice<Int32> { matches[Int(start[e])..<Int(end[e])] }
    }

    /// The match table of every element.
    mutating func matchAll() -> MatchTable {
        var start: [Int32] = [], end: [Int32] = []
        start.reserveCapacity(tree.count)
        end.reserveCapacity(tree.count)
        var out: [Int32] = []
        var candidates: [Int32] = []
        // The last element each class name was collected for (a class listed twice counts once).
        var seen = [Int32](repeating: -1, count: names.count)
        for e in tree.indices {
            candidates.removeAll(keepingCapacity: true)
            let id = elementID[e]
            if id >= 0 { candidates += byID[Int(id)] }
            for c in elementClasses[Int(classStart[e])..<Int(classStart[e + 1])] where seen[Int(c)] != Int32(e) {
                seen[Int(c)] = Int32(e)
                candidates += byClass[Int(c)]
            }
            let type = elementType[e]
            if type >= 0 { candidates += byType[Int(type)] }
            if hasAttributeBuckets {
                let before = candidates.count
                for s in tree.attributeSlots(e) {
                    let a = attributeNameOf[Int(tree.table.attributeNameIDs[s])]
                    if a >= 0 { candidates += byAttribute[Int(a)] }
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
                && matches(Int(k), part: Int(compoundStart[Int(k) + 1] - compoundStart[Int(k)]) - 1, element: e)
            {
                out.append(k)
            }
            if filtered {
                ancestors.push(
                    e, type: type, id: id, classes: elementClasses[Int(classStart[e])..<Int(classStart[e + 1])])
            }
            if out.count - before > 1 {
                // Cascade order: specificity, then source order (the selector index).
                out[before...].sort { a, b in
                    let sa = selectors[Int(a)].specificity, sb = selectors[Int(b)].specificity
                    return sa != sb ? sa < sb : a < b
                }
            }
            if let s = start.last, let t = end.last, Self.repeats(out, Int(s)..<Int(t), before) {
                out.removeLast(out.count - before)
                start.append(s)
                end.append(t)
            } else {
                start.append(Int32(before))
                end.append(Int32(out.count))
            }
        }
        return MatchTable(start: start, end: end, matches: out)
    }

    /// Whether `list[from...]` is `list[range]` (`range` ends at or before `from`).
    @inline(__always)
    private static func repeats(_ list: [Int32], _ range: Range<Int>, _ from: Int) -> Bool {
        guard range.count == list.count - from else { return false }
        return list.withUnsafeBufferPointer { b in
            for i in 0..<range.count where b[range.lowerBound + i] != b[from + i] { return false }
            return true
        }
    }

    /// Whether compound `part` of selector `k` matches element `e`.
    private func compoundMatches(_ k: Int, _ part: Int, _ e: Int) -> Bool {
        let c = compounds[Int(compoundStart[k]) + part]
        if c.type != SelectorNames.any, c.type != elementType[e] { return false }
        if c.id != SelectorNames.any, c.id != elementID[e] { return false }
        if !c.classes.isEmpty {
            if let set = classSets[e] {
                for cls in compoundClasses[Int(c.classes.lowerBound)..<Int(c.classes.upperBound)] where !set.contains(cls) {
                    return false
                }
            } else {
                let own = elementClasses[Int(classStart[e])..<Int(classStart[e + 1])]
                for cls in compoundClasses[Int(c.classes.lowerBound)..<Int(c.classes.upperBound)] where !own.contains(cls) {
                    return false
                }
            }
        }
        if c.hasAttributes {
            for test in selectors[k].selector.compounds[part].attributes {
                guard let v = tree.attribute(e, test.name), test.matches(v) else { return false }
            }
        }
        if c.root, tree.parent(e) != nil { return false }
        if c.firstChild {
            guard let parent = tree.parent(e), firstElementChild(of: parent) == e else { return false }
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
        guard part >= 0, compoundMatches(k, part, e) else { return false }
        if part == 0 { return true }
        guard let parent = tree.parent(e) else { return false }
        switch selectors[k].selector.combinators[part - 1] {
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

/// The names a style sheet's selectors use (types, ids, classes, attribute names), each with a
/// small integer, so that matching compares integers.
struct SelectorNames {
    /// A compound that names no type (or no id): matches any.
    static let any: Int32 = -2
    /// A document name the selectors never use: matches nothing that names one.
    static let none: Int32 = -1

    private var table: [String: Int32] = [:]

    var count: Int { table.count }

    /// Adds `name` (once).
    mutating func intern(_ name: String) {
        if table[name] == nil { table[name] = Int32(table.count) }
    }

    /// The number of `name`, or ``none``.
    func find(_ name: String) -> Int32 { table[name] ?? Self.none }

    /// The number of the UTF-8 `bytes` as a name, or ``none``.
    func find(bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        table.isEmpty ? Self.none : find(String(decoding: bytes, as: UTF8.self))
    }
}
