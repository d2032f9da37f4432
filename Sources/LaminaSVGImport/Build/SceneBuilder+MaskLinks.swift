import LaminaCore

/// `mask` references in mask markup: a `mask` on a `<mask>` element itself, and masks inside a
/// mask's content.
///
/// SVG makes `mask` apply to container elements, `<mask>` among them, and resvg and librsvg
/// apply a mask's own mask to the mask's image; Chromium ignores it. Written as a group inside
/// the mask, around its children, every renderer applies it (they all draw a mask on a mask's
/// child), so the output draws what SVG, resvg and librsvg draw. A reference that leads back to
/// the mask it is in (directly, through another mask's own mask, or through masks in their
/// content) is dropped with a warning, as resvg and Chromium draw it.
extension SceneBuilder {
    /// How markup writes an element's `mask` reference.
    enum MaskReferenceForm {
        /// `mask="url(#id)"` on the element.
        case attribute
        /// A `<g mask="url(#id)">` around the children of the `<mask>` it is on.
        case childGroup
        /// Not written: it forms a cycle.
        case dropped
    }

    /// How the `mask` reference `id` on element `e` is written in markup.
    mutating func maskReferenceForm(_ id: String, on e: Int) -> MaskReferenceForm {
        // The mask `e` is in (itself first); elsewhere a reference is written as it stands.
        var holder: Int? = e
        while let h = holder, !(tree[h].isSVG && tree[h].name == "mask") { holder = tree.parent(h) }
        guard let holder, let target = element(id: id), tree[target].isSVG, tree[target].name == "mask" else {
            return .attribute
        }
        if maskReaches(holder, from: target) {
            let holderName = tree.attribute(holder, "id").map { "'#\($0)'" } ?? "it is in"
            warn("mask reference '#\(id)' leads back to the mask \(holderName); ignored", e)
            return .dropped
        }
        guard e == holder else { return .attribute }
        // Moved inside, the mask's own mask takes the box of the mask's content instead of the
        // masked element's and the space of its content: the same picture when neither mask
        // maps its content onto a box and the inner one's region is not set in box units (its
        // default region covers whatever the content draws).
        func units(_ m: Int, _ name: String) -> Substring? { tree.attribute(m, name).map { Substring($0).trimmingCSSSpaces() } }
        func boxContent(_ m: Int) -> Bool { units(m, "maskContentUnits") == "objectBoundingBox" }
        let userRegion = units(target, "maskUnits") == "userSpaceOnUse"
        let setRegion = ["x", "y", "width", "height"].contains { tree.hasAttribute(target, $0) }
        return boxContent(holder) || boxContent(target) || (setRegion && !userRegion) ? .attribute : .childGroup
    }

    /// Whether mask `start`, its own mask or a mask referenced inside its content (and so on)
    /// is `holder`. The reference being asked about makes `holder` reach `start`, so this is
    /// whether the two are in one strongly connected component of the mask graph.
    private mutating func maskReaches(_ holder: Int, from start: Int) -> Bool {
        if maskComponents == nil { maskComponents = makeMaskComponents() }
        guard let a = maskComponents?[holder], let b = maskComponents?[start] else { return false }
        return a == b
    }

    /// The graph of masks (an edge from a mask to each mask that its own `mask` or an element
    /// of its content references; a nested mask's content is its own) and its strongly
    /// connected components, by Tarjan's algorithm (iterative, linear in masks and references).
    private mutating func makeMaskComponents() -> [Int: Int] {
        var masks: [Int] = []
        var index: [Int: Int] = [:]
        for e in 0..<tree.count where tree[e].isSVG && tree[e].name == "mask" {
            index[e] = masks.count
            masks.append(e)
        }
        var edges = [[Int]](repeating: [], count: masks.count)
        for (m, mask) in masks.enumerated() {
            var elements = [mask]
            while let e = elements.popLast() {
                for item in tree.contentItems(e) where item >= 0 && index[Int(item)] == nil { elements.append(Int(item)) }
                guard tree[e].isSVG, let id = computeStyle(e, parent: .initial).0.mask,
                    let target = element(id: id), let t = index[target]
                else { continue }
                edges[m].append(t)
            }
        }
        var order = [Int](repeating: -1, count: masks.count), low = order, component = order
        var onStack = [Bool](repeating: false, count: masks.count)
        var stack: [Int] = [], calls: [(node: Int, edge: Int)] = []
        var counter = 0, components = 0
        for root in masks.indices where order[root] < 0 {
            calls.append((root, 0))
            while let (v, k) = calls.popLast() {
                if k == 0 {
                    order[v] = counter
                    low[v] = counter
                    counter += 1
                    stack.append(v)
                    onStack[v] = true
                } else if onStack[edges[v][k - 1]] {
                    // Back from a successor still open (a finished one is another component).
                    low[v] = min(low[v], low[edges[v][k - 1]])
                }
                if k < edges[v].count {
                    let w = edges[v][k]
                    calls.append((v, k + 1))
                    if order[w] < 0 {
                        calls.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], order[w])
                    }
                    continue
                }
                guard low[v] == order[v] else { continue }
                while let w = stack.popLast() {
                    onStack[w] = false
                    component[w] = components
                    if w == v { break }
                }
                components += 1
            }
        }
        var out: [Int: Int] = [:]
        for (m, mask) in masks.enumerated() { out[mask] = component[m] }
        return out
    }
}
