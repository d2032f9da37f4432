/// `CAConstraintLayoutManager` (LAYER-MODEL.md §7.3), per sublayer and axis.
///
/// Each constraint reads `scale · sourceAttribute(source) + offset`, the source being the
/// superlayer (measured by its bounds) or the last other sibling with that name (measured by
/// its laid-out frame). A sibling with no constraints on the source attribute's axis, an
/// unknown name and the layer itself are ignored. Axes depending on siblings wait for them
/// (dependency order); axes caught in a cycle stay as they are. One edge keeps the size; a size
/// alone does nothing; with several, the last decides with the lowest-ranked other as its
/// partner; two relationships of one rank leave the axis unchanged.
///
/// The axes are solved on planned frames (each sublayer's frame when layout starts), and a
/// sibling is measured by its planned frame; each sublayer whose planned frame differs from its
/// frame then gets one `setFrame`, in sublayer order, as the measured manager does. Under a
/// rotation `setFrame` does not give back the rectangle it was handed (the frame is the box of
/// the turned bounds), so setting each axis as it is solved would make the other axis, and the
/// siblings measuring it, depend on the order the axes are solved in.
extension LayerTree {
    /// Lays out the sublayers of `id` by their constraints; returns warnings.
    mutating func solveConstraints(ofSublayersOf id: LayerID) -> [Diagnostic] {
        let subs = sublayerLists[id.index]
        guard subs.contains(where: { !layers[$0.index].constraints.isEmpty }) else { return [] }
        var diagnostics: [Diagnostic] = []
        // Names compare code point by code point, as `isEqualToString:` (ExactText).
        var byName: [ExactText: LayerID] = [:]
        for s in subs { if let n = layers[s.index].name { byName[ExactText(n)] = s } }
        /// The last sibling other than `s` named `n`.
        func source(named n: String, for s: LayerID) -> LayerID? {
            guard let last = byName[ExactText(n)] else { return nil }
            if last != s { return last }
            return subs.last { $0 != s && layers[$0.index].name.map { Self.sameName($0, n) } ?? false }
        }
        // Nodes: (sublayer position, axis 0 = x, 1 = y) → index k*2+axis.
        let nodeCount = subs.count * 2
        var position: [LayerID: Int] = [:]
        for (k, s) in subs.enumerated() { position[s] = k }
        var sources = [[Int]](repeating: [], count: nodeCount)  // node → nodes it waits for
        var kept = [[(Constraint, Int?)]](repeating: [], count: nodeCount)
        for (k, s) in subs.enumerated() {
            for c in layers[s.index].constraints {
                let node = k * 2 + (c.attribute.isHorizontal ? 0 : 1)
                if c.relativeTo == "superlayer" {
                    kept[node].append((c, nil))
                    continue
                }
                guard byName[ExactText(c.relativeTo)] != nil else {
                    diagnostics.append(.warning(unknownSourceMessage(c.relativeTo, among: subs), at: c.location))
                    continue
                }
                guard let src = source(named: c.relativeTo, for: s), let sk = position[src] else { continue }
                let srcAxisHorizontal = c.sourceAttribute.isHorizontal
                guard layers[src.index].constraints.contains(where: { $0.attribute.isHorizontal == srcAxisHorizontal })
                else { continue }
                kept[node].append((c, sk))
                sources[node].append(sk * 2 + (srcAxisHorizontal ? 0 : 1))
            }
        }
        // Kahn's algorithm over the waiting relation, nodes in sublayer order when free.
        var waiting = sources.map(\.count)
        var dependents = [[Int]](repeating: [], count: nodeCount)
        for (n, list) in sources.enumerated() { for s in list { dependents[s].append(n) } }
        var ready = (0..<nodeCount).filter { waiting[$0] == 0 }.reversed().map { $0 }
        var done = [Bool](repeating: false, count: nodeCount)
        var planned = subs.map { layers[$0.index].constraints.isEmpty ? Rect.null : frame(of: $0) }
        var changed = [Bool](repeating: false, count: subs.count)
        while let n = ready.popLast() {
            done[n] = true
            if !kept[n].isEmpty {
                let (d, moved) = applyAxis(
                    of: n / 2, horizontal: n % 2 == 0, kept[n], subs: subs, planned: &planned, superlayer: id)
                if let d { diagnostics.append(d) }
                if moved { changed[n / 2] = true }
            }
            for m in dependents[n] {
                waiting[m] -= 1
                if waiting[m] == 0 { ready.append(m) }
            }
        }
        if let cycle = Self.findCycle(done: done, sources: sources) {
            let text = cycle.map { n -> String in
                let s = subs[n / 2]
                let attr = kept[n].first?.0.attribute.rawValue ?? (n % 2 == 0 ? "x" : "y")
                return "\(displayName(s, in: id)).\(attr)"
            }.joined(separator: " → ")
            let location = kept[cycle[0]].first?.0.location
            diagnostics.append(.warning("constraint cycle: \(text)", at: location))
        }
        for (k, s) in subs.enumerated() where changed[k] && planned[k] != frame(of: s) {
            setFrame(planned[k], of: s)
        }
        return diagnostics
    }

    /// A cycle among the unsettled nodes, as a closed walk (first node repeated at the end).
    static func findCycle(done: [Bool], sources: [[Int]]) -> [Int]? {
        guard let start = done.indices.first(where: { !done[$0] }) else { return nil }
        // Follow unsettled sources until a node repeats: every unsettled node has one.
        var seenAt: [Int: Int] = [:]
        var walk: [Int] = []
        var n = start
        while seenAt[n] == nil {
            seenAt[n] = walk.count
            walk.append(n)
            guard let next = sources[n].first(where: { !done[$0] }) else { return nil }
            n = next
        }
        return Array(walk[(seenAt[n] ?? 0)...]) + [n]
    }

    /// The name a diagnostic uses for a layer: its name, else `#N`.
    func displayName(_ id: LayerID, in parent: LayerID) -> String {
        if let n = layers[id.index].name, !n.isEmpty { return n }
        return "#\(sublayerLists[parent.index].firstIndex(of: id) ?? 0)"
    }

    /// The value of an attribute of a rectangle (the superlayer's bounds or a planned frame).
    static func constraintValue(_ attr: ConstraintAttribute, of r: Rect) -> Double {
        switch attr {
        case .minX: return r.minX
        case .midX: return r.midX
        case .maxX: return r.maxX
        case .width: return r.width
        case .minY: return r.minY
        case .midY: return r.midY
        case .maxY: return r.maxY
        case .height: return r.height
        }
    }

    /// Solves one axis of the sublayer at `k` on its planned frame; returns a warning (a
    /// same-rank conflict, an infinite frame) and whether the planned frame was set.
    mutating func applyAxis(
        of k: Int, horizontal: Bool, _ kept: [(Constraint, Int?)], subs: [LayerID], planned: inout [Rect],
        superlayer: LayerID
    ) -> (Diagnostic?, Bool) {
        let sub = subs[k]
        // Rank: 0 min, 1 mid, 2 max, 3 size.
        var values: [(rank: Int, value: Double)] = []
        for (c, source) in kept {
            let r: Rect
            if let sk = source {
                // Read as `CGRectGet…` reads: a planned size may be negative until `setFrame`.
                r = planned[sk].standardized
                // A corner behind the eye makes a frame `Rect.infinite` (§2.2): nothing to measure.
                if r.isInfinite { return (infiniteFrameWarning(subs[sk], superlayer: superlayer, at: c), false) }
            } else {
                r = layers[superlayer.index].bounds.standardized
            }
            let v = c.scale * Self.constraintValue(c.sourceAttribute, of: r) + c.offset
            let rank: Int
            switch c.attribute {
            case .minX, .minY: rank = 0
            case .midX, .midY: rank = 1
            case .maxX, .maxY: rank = 2
            case .width, .height: rank = 3
            }
            if values.contains(where: { $0.rank == rank }) {
                let d = Diagnostic.warning(
                    "conflicting constraints on '\(displayName(sub, in: superlayer))': two set its \(c.attribute.rawValue)",
                    at: c.location)
                return (d, false)
            }
            values.append((rank, v))
        }
        // A size alone does nothing.
        guard let last = values.last, values.count > 1 || last.rank < 3 else { return (nil, false) }
        let f = planned[k]
        if f.isInfinite, let c = kept.last?.0 { return (infiniteFrameWarning(sub, superlayer: superlayer, at: c), false) }
        var x = horizontal ? f.x : f.y
        var w = horizontal ? f.width : f.height
        if values.count == 1 {
            switch last.rank {
            case 0: x = last.value
            case 1: x = last.value - w / 2
            case 2: x = last.value - w
            default: return (nil, false)
            }
        } else {
            guard let partner = values.dropLast().min(by: { $0.rank < $1.rank }) else { return (nil, false) }
            let a = last.rank < partner.rank ? last : partner
            let b = last.rank < partner.rank ? partner : last
            switch (a.rank, b.rank) {
            case (0, 1): x = a.value; w = 2 * (b.value - a.value)
            case (0, 2): x = a.value; w = b.value - a.value
            case (0, 3): x = a.value; w = b.value
            case (1, 2): w = 2 * (b.value - a.value); x = b.value - w
            case (1, 3): w = b.value; x = a.value - w / 2
            case (2, 3): w = b.value; x = a.value - w
            default: return (nil, false)
            }
        }
        planned[k] = horizontal ? Rect(x, f.y, w, f.height) : Rect(f.x, x, f.width, w)
        return (nil, true)
    }

    /// The warning for an axis left as it is because `layer` has no finite frame to read.
    private func infiniteFrameWarning(_ layer: LayerID, superlayer: LayerID, at c: Constraint) -> Diagnostic {
        .warning(
            "constraint on '\(c.attribute.rawValue)' not applied: the frame of '\(displayName(layer, in: superlayer))' "
                + "is infinite (its transform puts a corner behind the eye)",
            at: c.location)
    }

    /// The warning for a constraint whose source names no sibling; it says so when a sibling's
    /// name is the same text in another Unicode normalization form, which does not count.
    private func unknownSourceMessage(_ name: String, among subs: [LayerID]) -> String {
        let message = "unknown constraint source '\(name)'"
        guard subs.contains(where: { layers[$0.index].name == name }) else { return message }
        return message + " (a sibling's name is the same text in another Unicode normalization form; "
            + "names are compared code point by code point, as Core Animation compares them)"
    }
}
