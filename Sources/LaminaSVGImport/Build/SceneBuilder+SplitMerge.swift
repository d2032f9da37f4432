import LaminaCore

/// The merge of a split build (``SceneBuilder/buildQueue()``): the second half's layers, pending
/// geometry, root sublayers and warnings taken in as if built after the first half's.
extension SceneBuilder {
    /// Takes in the layers `b` made (its ids from `mark.layers` on, renumbered after this
    /// builder's), their pending geometry, its sublayers of the root (after this builder's) and
    /// its new warnings (those this builder has not given), as a sequential build would have
    /// made them after this builder's; false, with nothing changed, when `second` did something
    /// that cannot be taken in that way. The layers are moved out of `b`; the runs of its root
    /// children it finalized ahead (``finalizedAhead``) are kept at their merged positions.
    mutating func merge(_ b: inout SceneBuilder, at mark: SplitMark) -> Bool {
        let s = mark.layers, root = mark.root
        guard let log = b.warnLog, log.count == b.diagnostics.count - mark.diagnostics,
            built + (b.built - mark.built) <= buildCap,
            b.resources.order.count == mark.resources, b.madeFilters.count == mark.madeFilters,
            b.madeFilterIDs.count == mark.madeFilterIDs, b.nextFilterNumber == mark.nextFilterNumber,
            b.contextServers.count == mark.contextServers, b.markupIDs.count == mark.markupIDs,
            layers.sourcePositions.count == layers.count, b.layers.sourcePositions.count == b.layers.count,
            b.pending.count == b.layers.count, pending.count == layers.count,
            sharedLayersKept(b.layers, count: s, root: root, rootSublayers: mark.rootSublayers)
        else { return false }
        guard let order = sequentialOrder(of: b, at: mark) else { return false }
        // Where each of `b`'s layers lands.
        var place: [Int]?
        if let order {
            var p = [Int](repeating: 0, count: order.count)
            for (k, old) in order.enumerated() { p[old - s] = layers.count + k }
            place = p
        }
        let shift = layers.count - s
        func map(_ id: LayerID) -> LayerID {
            id.index < s ? id : LayerID(place.map { $0[id.index - s] } ?? id.index + shift)
        }
        let rootSublayers = b.layers.sublayers(of: root).dropFirst(mark.rootSublayers).map(map)
        // Where `b`'s root children go among this builder's.
        let aheadShift = layers.sublayers(of: root).count - mark.rootSublayers
        for i in 0..<s where b.layers.needsLayoutFlags[i] { layers.needsLayoutFlags[i] = true }
        // Moved out of `b`'s tree in place. In a large document the pages they leave are given
        // back as they go: this tree's room past the first half is backed as it fills
        // (``backedAhead``), so the merge's peak holds about one copy of the second half, not
        // two (deep-1e6: 931 → 788 MB). The emptied layers are freed with `b`.
        let release = mergeGivesBack ? Prefault.giveBack : nil
        // The pending records are taken in beside the links, on the thread that does not move
        // the layer records (taken out of both builders meanwhile).
        var into = exchange(&pending, with: []), from = exchange(&b.pending, with: [])
        layers.append(tailOf: &b.layers, from: s, order: order, release: release, threads: threads) {
            for i in s..<from.count { from[i].relink(map) }
            into.moveAppend(tailOf: &from, from: s, order: order, empty: .hollow, release: release)
        }
        pending = into
        b.pending = from
        layers.appendSublayerLinks(rootSublayers, to: root)
        for (k, key) in log.enumerated() where warned.insert(key).inserted {
            diagnostics.append(b.diagnostics[mark.diagnostics + k])
        }
        built += b.built - mark.built
        finalizedAhead += b.finalizedAhead.map { ($0.lowerBound + aheadShift)..<($0.upperBound + aheadShift) }
        return true
    }

    /// The order a sequential build makes `b`'s layers in (its ids from `mark.layers` on), nil
    /// when it is `b`'s own; .some(nil) is that, the outer nil that it cannot be told.
    ///
    /// Where `b` built a clip path's mask layers whose template this builder holds ready, a
    /// sequential build copies them instead: the copies (the mask, then its sublayers) come
    /// right away, where building made the mask, then the host's content, then the clip path's
    /// children. The orders differ by that rotation, nested as the hosts are.
    private func sequentialOrder(of b: SceneBuilder, at mark: SplitMark) -> [Int]?? {
        let s = mark.layers, n = b.layers.count
        // Per mask layer of `b` to rotate: where its sublayers start, and how many (looked up
        // once per layer of the tail: by index, not hashed; deep-1e6: ~20 ms).
        var rotations: [(start: Int, count: Int)] = []
        var rotationAt: [Int32] = []
        for fresh in b.freshClips ?? [] where fresh.key.clipFrame < mark.clipFrames && copiesTemplate(fresh.key) {
            let subs = b.layers.sublayers(of: fresh.mask)
            guard let first = subs.first else { continue }
            // A template's sublayers are leaves, made one after another after the host's content.
            for (k, id) in subs.enumerated() {
                guard id.index == first.index + k, b.layers.sublayers(of: id).isEmpty, b.layers.mask(of: id) == nil else { return nil }
            }
            guard first.index > fresh.mask.index, first.index + subs.count <= n else { return nil }
            // (A mask before the tail is never reached by the walk below.)
            guard fresh.mask.index >= s else { continue }
            if rotationAt.isEmpty { rotationAt = [Int32](repeating: -1, count: n - s) }
            rotationAt[fresh.mask.index - s] = Int32(rotations.count)
            rotations.append((first.index, subs.count))
        }
        if rotations.isEmpty { return .some(nil) }
        var order: [Int] = []
        order.reserveCapacity(n - s)
        // Ranges still to emit, innermost last (an explicit stack: hosts nest as deep as the input).
        var ranges: [(next: Int, end: Int)] = [(s, n)]
        while var r = ranges.popLast() {
            while r.next < r.end {
                let i = r.next
                order.append(i)
                let k = rotationAt[i - s]
                guard k >= 0 else {
                    r.next += 1
                    continue
                }
                let rotation = rotations[Int(k)]
                let after = rotation.start + rotation.count
                guard after <= r.end else { return nil }
                order.append(contentsOf: rotation.start..<after)
                ranges.append((after, r.end))
                r = (i + 1, rotation.start)
            }
        }
        guard order.count == n - s else { return nil }
        var seen = [Bool](repeating: false, count: n - s)
        for i in order {
            guard !seen[i - s] else { return nil }
            seen[i - s] = true
        }
        return .some(order)
    }

    /// Whether a sequential build, reaching a use of the clip path `key` past this builder's
    /// work, copies the template this builder holds for it (``clipTemplate(_:clip:)``).
    private func copiesTemplate(_ key: ClipTemplateKey) -> Bool {
        switch clipTemplates[key] {
        case .ready: return true
        case .building(let mask):
            let leaves = layers.sublayers(of: mask).allSatisfy { layers.sublayers(of: $0).isEmpty && layers.mask(of: $0) == nil }
            return leaves && layers.mask(of: mask) == nil && contextServers.isEmpty
        case .unusable, nil: return false
        }
    }

    /// Whether the first `count` layers of `other` (a copy of this tree's, grown by the second
    /// half) are as this tree has them: the same layers and links, but for sublayers the second
    /// half added to `root` after its first `rootSublayers` (taken in by the merge).
    private func sharedLayersKept(_ other: LayerTree, count: Int, root: LayerID, rootSublayers: Int) -> Bool {
        guard other.count >= count, layers.count >= count else { return false }
        for i in 0..<count {
            let id = LayerID(i)
            guard other.layers[i] == layers.layers[i], other.superlayer(of: id) == layers.superlayer(of: id),
                other.mask(of: id) == layers.mask(of: id), other.isMaskLayer(id) == layers.isMaskLayer(id),
                other.layoutCounts[i] == layers.layoutCounts[i], other.delegateLaysOut[i] == layers.delegateLaysOut[i]
            else { return false }
            if id == root {
                guard other.sublayers(of: id).prefix(rootSublayers) == layers.sublayers(of: id).prefix(rootSublayers) else {
                    return false
                }
            } else if other.sublayers(of: id) != layers.sublayers(of: id) {
                return false
            }
        }
        return true
    }
}
