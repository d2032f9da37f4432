import LaminaCore

extension SceneBuilder {
    /// The most elements `use` instancing may add to a document.
    static let instanceLimit = 1_000_000
    /// The deepest `use` instancing may nest elements (the document's own nesting included):
    /// far beyond any drawing, and shallow enough that the layer JSON of every imported scene
    /// reads back (``LayerJSON/maxDepth``) and that reports naming each layer's whole path
    /// (`inspect`) stay proportionate to the scene.
    static let nestingLimit = 1_000

    /// Refuses documents whose `use` references would expand to more than `instanceLimit`
    /// extra elements (a "billion laughs" made of `use`), before building anything.
    ///
    /// Expanded size of an element = 1 + its children's (definitions count 1: they are only
    /// built where referenced) + (for `use`) its target's, computed
    /// once per element with an explicit stack; `use`s on a cycle are skipped (as when building).
    /// Sizes saturate, so no arithmetic overflows. Likewise the expanded depth (1 + the deepest
    /// of the children drawn in place and, for `use`, the target) may not exceed `nestingLimit`:
    /// a chain of `use`s each instancing the one before nests a layer per link.
    func checkInstanceExpansion() throws(SVGImportError) {
        // Without a resolved `use` reference nothing is instanced: the document is its own size.
        guard useGraph.targets.contains(where: { $0 >= 0 }) else { return }
        let n = tree.count
        let cap = n + Self.instanceLimit
        var size = [Int](repeating: 0, count: n)
        var depth = [Int32](repeating: 0, count: n)
        var state = [UInt8](repeating: 0, count: n)  // 0 new, 1 open, 2 done
        var stack: [Int] = [0]
        var worst: (element: Int, size: Int)?
        var deepestUse: (element: Int, depth: Int32)?
        while let e = stack.last {
            if state[e] == 0 {
                state[e] = 1
                for item in tree.contentItems(e) where item >= 0 && state[Int(item)] == 0 { stack.append(Int(item)) }
                if let t = useTarget(e), state[t] == 0 { stack.append(t) }
                continue
            }
            stack.removeLast()
            guard state[e] == 1 else { continue }
            var total = 1
            var below: Int32 = 0
            for item in tree.contentItems(e) where item >= 0 {
                let c = Int(item)
                guard state[c] == 2 else { continue }
                let drawsInPlace = !tree.kind(c).isSilent
                total = min(cap, total + (drawsInPlace ? size[c] : 1))
                if drawsInPlace { below = max(below, depth[c]) }
            }
            let target = useTarget(e)
            if let t = target, state[t] == 2 {
                total = min(cap, total + size[t])
                if total > (worst?.size ?? Self.instanceLimit) { worst = (e, total) }
                below = max(below, depth[t])
            }
            size[e] = total
            depth[e] = min(below + 1, Int32(Self.nestingLimit) + 1)
            if target != nil, depth[e] > deepestUse?.depth ?? 0 { deepestUse = (e, depth[e]) }
            state[e] = 2
        }
        if depth[0] > Self.nestingLimit {
            // Located at the first `use` that instances the deepest nesting (depths are capped
            // just past the limit: in a long chain, the link where the chain passes it).
            throw SVGImportError(
                .useExpansion, "'use' instancing would nest elements more than \(Self.nestingLimit) levels deep",
                at: tree.location(of: deepestUse?.element ?? 0))
        }
        if size[0] >= cap {
            let at = worst?.element ?? 0
            throw SVGImportError(
                .useExpansion, "'use' instancing would create more than \(Self.instanceLimit) elements", at: tree.location(of: at))
        }
    }

    /// The element a `use` refers to by a local reference, if that reference is not on a cycle.
    private func useTarget(_ e: Int) -> Int? {
        let t = useGraph.targets[e]
        return useGraph.isCyclic[e] || t < 0 ? nil : Int(t)
    }

    /// The element a `use` refers to by a local reference.
    static func resolveUseTarget(_ e: Int, tree: ElementTree, ids: IDIndex) -> Int? {
        guard tree.kind(e) == .use, tree.isSVG(e) else { return nil }
        guard let href = tree.attribute(e, "href") ?? tree.attribute(e, "href", namespace: XMLNamespace.xlink) else { return nil }
        let link = href.trimmingCharacters(in: " \t\n\r")
        guard link.hasPrefix("#") else { return nil }
        return ids[String(link.dropFirst())]
    }
}
