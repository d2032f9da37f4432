import LaminaCore
import LaminaGeometry

extension SceneBuilder {
    /// Gives every layer its bounds, position and transform once its sublayers are known
    /// (post-order, iterative): bounds = content box ∪ visible sublayers' frames, unless fixed;
    /// the element transform T splits into `position = T(A)` and `transform = T`'s linear part
    /// (after `lamina:transform3d`, if any), so `(v − A)·Tlin + T(A) == T(v)` for every point v.
    /// Masks are done after their host, since `objectBoundingBox` clip paths need the host's box.
    ///
    /// With `threads` > 1 and a large tree, the root's sublayers are split in
    /// ``parallelFinalizeRuns`` runs of about equal layer count (ids are given in document
    /// order, so a subtree's ids are mostly consecutive), which two threads take as they come:
    /// each layer's result depends only on its own subtree and, for a mask, on its host, which
    /// is in the same run. The root comes last. (Two halves, one a thread, left one thread
    /// alone for ~15 ms of deep-1e6's ~80 ms: the halves' layers do not cost alike.)
    ///
    /// The subtrees of the root's sublayers at ``finalizedAhead`` are final already (a split
    /// build's halves finalized them, each while the other built) and are left out.
    mutating func finalizeGeometry(root: LayerID, threads: Int = 1) {
        let ahead = finalizedAhead
        let all = layers.sublayers(of: root)
        let subs = ahead.isEmpty ? all : Self.elements(of: all, outside: ahead)
        let parallel = threads > 1 && layers.count >= Self.parallelFinalizeLayers && subs.count >= 2
        withFinalizePass(root: root) { pass in
            if parallel {
                let runs = Self.finalizeRuns(subs.lazy.map(\.index), count: Self.parallelFinalizeRuns)
                _ = ParallelWork.map(runs.count, threads: 2) { k in
                    pass.finalizeTrees(subs[runs[k]])
                    return true
                }
            } else if !ahead.isEmpty {
                pass.finalizeTrees(subs)
            } else {
                pass.finalizeTree(root)
                return
            }
            pass.finalize(root)
            if let m = pass.masks[root.index] { pass.finalizeTree(m) }
        }
    }

    /// `body` given the geometry pass over this builder's layers and pending records, read and
    /// written in place (``FinalizePass``).
    private mutating func withFinalizePass(root: LayerID, _ body: (FinalizePass) -> Void) {
        let lists = layers.sublayerLists, masks = layers.masks
        layers.layers.withUnsafeMutableBufferPointer { layerBuffer in
            pending.withUnsafeMutableBufferPointer { pendingBuffer in
                body(FinalizePass(layers: layerBuffer, pending: pendingBuffer, sublayers: lists, masks: masks, root: root.index))
            }
        }
    }

    /// The elements of `all` but those at `ranges` (increasing, disjoint positions of `all`).
    static func elements(of all: [LayerID], outside ranges: [Range<Int>]) -> [LayerID] {
        var out: [LayerID] = []
        out.reserveCapacity(all.count - ranges.reduce(0) { $0 + $1.count })
        var at = 0
        for r in ranges {
            out += all[at..<r.lowerBound]
            at = r.upperBound
        }
        out += all[at...]
        return out
    }

    /// Finalizes the subtrees of the root's sublayers at `positions`, in order, on this thread,
    /// ``finalizeAheadBatch`` of them at a time, until `stop()` is true (asked before each
    /// batch); returns how many it finalized. A layer's result depends only on its subtree (and
    /// a mask's on its host, in the same subtree), so finalizing them now gives what
    /// ``finalizeGeometry(root:threads:)`` would, as long as nothing built later reads them: a
    /// split build's halves do this, each while the other builds (``buildQueue()``).
    mutating func finalizeAhead(root: LayerID, positions: Range<Int>, until stop: () -> Bool) -> Int {
        let subs = layers.sublayers(of: root)
        var k = positions.lowerBound
        withFinalizePass(root: root) { pass in
            while k < positions.upperBound, !stop() {
                let end = min(positions.upperBound, k + Self.finalizeAheadBatch)
                pass.finalizeTrees(subs[k..<end])
                k = end
            }
        }
        return k - positions.lowerBound
    }

    /// The root's sublayers ``finalizeAhead(root:positions:until:)`` finalizes between two
    /// questions, with one pair of work stacks: a flat document's are single layers (a pair of
    /// stacks made for each took two allocations a layer), a deep one's a few dozen each.
    static let finalizeAheadBatch = 32

    /// Splits the positions of `ids` (at least one) into at most `count` non-empty runs that
    /// follow each other, cut where the ids (in document order: mostly increasing) cross each
    /// `count`-th of their span.
    static func finalizeRuns<C: RandomAccessCollection>(_ ids: C, count: Int) -> [Range<Int>]
    where C.Element == Int, C.Index == Int {
        let lo = ids.startIndex, hi = ids.endIndex
        let first = ids[lo], span = ids[hi - 1] - first
        var runs: [Range<Int>] = []
        var start = lo
        for k in 1..<max(count, 1) {
            let edge = first + span * k / count
            var cut = start + 1
            while cut < hi, ids[cut] <= edge { cut += 1 }
            guard cut < hi else { break }
            runs.append(start..<cut)
            start = cut
        }
        runs.append(start..<hi)
        return runs
    }

    /// Trees with fewer layers are finalized on one thread.
    static let parallelFinalizeLayers = 20_000

    /// Runs of the root's sublayers two threads take as they come: enough that the last one
    /// taken is short.
    static let parallelFinalizeRuns = 32
}

/// The geometry pass over layers read and written in place. Two passes may run at once on
/// disjoint subtrees (each touches only its subtrees' layers and pending records).
private struct FinalizePass: @unchecked Sendable {
    let layers: UnsafeMutableBufferPointer<Layer>
    let pending: UnsafeMutableBufferPointer<PendingGeometry>
    let sublayers: [[LayerID]]
    let masks: PrefixIndexColumn<LayerID>
    /// The root, whose object bounding box (a walk over all its sublayers, every element of a
    /// flat drawing) is made only when something asks for it (``objectBoundingBox(of:)``).
    let root: Int

    /// Finalizes the subtree of `top` post-order, then the masks met there (and theirs).
    func finalizeTree(_ top: LayerID) { finalizeTrees(CollectionOfOne(top)) }

    /// ``finalizeTree(_:)`` of each of `tops` in turn, with one pair of work stacks for all of
    /// them (a run of the root's sublayers holds one top per layer of a flat document).
    func finalizeTrees(_ tops: some Sequence<LayerID>) {
        var hosts: [LayerID] = []
        var stack: [(LayerID, Bool)] = []
        for top in tops {
            hosts.append(top)
            while let start = hosts.popLast() {
                stack.append((start, false))
                while let (id, expanded) = stack.popLast() {
                    if !expanded {
                        stack.append((id, true))
                        for c in sublayers[id.index] { stack.append((c, false)) }
                        continue
                    }
                    finalize(id)
                    if let m = masks[id.index] { hosts.append(m) }
                }
            }
        }
    }

    func finalize(_ id: LayerID) {
        let i = id.index
        if let clip = pending[i].clipShape {
            // A basic-shape mask is finalized after its host, whose box is final.
            // A viewport (the root, a nested `svg`) is its own box, as the outermost `svg` is a
            // CSS box; any other host's box is its object bounding box.
            let host = clip.host.index
            let hostBox = pending[host].fixedBounds ?? pending[host].objectBoundingBox
            if let (content, box) = clip.resolved(hostBox: hostBox) {
                layers[i].content = content
                pending[i].box = box
            } else {
                // An empty shape clips everything away.
                layers[i].content = nil
                pending[i].box = .null
            }
        }
        var box = pending[i].box
        let fixedBounds = pending[i].fixedBounds
        var viewportInside = false
        if fixedBounds == nil {
            for c in sublayers[i] where !layers[c.index].hidden {
                if let f = Self.frame(of: c, in: UnsafeBufferPointer(layers), sublayers: sublayers) { box = box.union(f) }
                if pending[c.index].objectBox != nil { viewportInside = true }
            }
        }
        if (fixedBounds != nil && i != root) || viewportInside { pending[i].objectBox = objectBox(of: i) }
        pending[i].box = box
        let bounds = pending[i].authoredBounds ?? fixedBounds ?? (box.isNull ? .zero : box)
        layers[i].bounds = bounds
        let unitAnchor = layers[i].anchorPoint
        let anchor = Point(bounds.x + unitAnchor.x * bounds.width, bounds.y + unitAnchor.y * bounds.height)
        var t = placement(of: i)
        if let outer = pending[i].clipSpace {
            // Out of the clip path's space into its host's: the clip path this one draws
            // applies where that clip path is referenced (a singular one clips everything).
            let o = placement(of: outer.index)
            if !o.isIdentity, let undo = o.inverted() { t = t.concatenating(undo) }
        }
        // The root's frame is at the origin (SPEC 5): a `lamina:bounds` origin scrolls its
        // content, as a bounds origin does, rather than moving the root.
        layers[i].position = t.apply(i == root ? anchor - bounds.origin : anchor)
        if let t3 = pending[i].transform3D {
            // The element's own 3D transform about its anchor, then the SVG transform's linear
            // part: its placement (a translation, a `use`'s x/y) and 2D turn are kept.
            layers[i].transform = t3.concatenating(Transform3D(t.linear))
        } else if layers[i].hasTransform {
            layers[i].transform = Transform3D(t.linear)
        } else if !Self.isExactIdentity(t.linear) {
            // Most layers keep the identity they were made with: the setter (a call into
            // LaminaCore with a 4×4 argument) is skipped for them; the others have none stored
            // yet, so their box is made here.
            layers[i].setTransform(unset: Transform3D(t.linear))
        }
        if let m = pending[i].viewportMapping {
            let s = AffineTransform.translation(anchor.x, anchor.y).concatenating(m)
                .concatenating(.translation(-anchor.x, -anchor.y))
            layers[i].sublayerTransform = Transform3D(s)
        }
    }

    /// Whether `Transform3D(l)` is what `Layer.transform` stores as no transform: the identity
    /// bit for bit (a −0 is stored).
    static func isExactIdentity(_ l: AffineTransform) -> Bool {
        let one = (1.0).bitPattern
        return l.a.bitPattern == one && l.d.bitPattern == one
            && l.b.bitPattern | l.c.bitPattern | l.tx.bitPattern | l.ty.bitPattern == 0
    }

    /// The map from layer `i`'s space into its superlayer's (or host's) for a finalized box:
    /// its transform, turned about its object bounding box for `transform-box: fill-box`, after
    /// the unit square's map onto the host's object bounding box for an `objectBoundingBox`
    /// clip path. Inlined into ``finalize(_:)``, its one caller for most layers: the call
    /// returned the transform through memory.
    @inline(__always)
    private func placement(of i: Int) -> AffineTransform {
        var t = pending[i].transform
        if let fillBox = pending[i].fillBox { t = fillBox.resolved(box: objectBoundingBox(of: i)) }
        if let host = pending[i].boundingBoxHost {
            let hb = objectBoundingBox(of: host.index)
            let unit = hb.isNull ? AffineTransform(0, 0, 0, 0, 0, 0) : AffineTransform(hb.width, 0, 0, hb.height, hb.x, hb.y)
            t = unit.concatenating(t)
        }
        return t
    }

    /// The object bounding box of a finalized layer; the root's is made on the first request.
    private func objectBoundingBox(of i: Int) -> Rect {
        if i == root, pending[i].fixedBounds != nil, pending[i].objectBox == nil { pending[i].objectBox = objectBox(of: i) }
        return pending[i].objectBoundingBox
    }

    /// Layer `i`'s object bounding box, for a viewport or a layer holding one (its sublayers
    /// final, its own `box` still its content's): the fill box of its own content and of its
    /// visible sublayers' object bounding boxes, each mapped in as its frame maps its bounds, and
    /// by a viewport's viewBox. So a viewport's box is its content's, not its fixed bounds, and a
    /// group holding one counts that content where the viewport's frame would be, as resvg and
    /// Chromium bound them.
    private func objectBox(of i: Int) -> Rect {
        let frozen = UnsafeBufferPointer(layers)
        var content = Rect.null
        for c in sublayers[i] where !layers[c.index].hidden {
            let f: Rect?
            if let inner = pending[c.index].objectBox {
                f = Self.frame(of: c, region: inner, in: frozen)
            } else {
                f = Self.frame(of: c, in: frozen, sublayers: sublayers)
            }
            if let f { content = content.union(f) }
        }
        if let m = pending[i].viewportMapping, !content.isNull { content = m.apply(content) }
        return pending[i].box.union(content)
    }

    /// A sublayer's frame in its superlayer's space (LAYER-MODEL §2.2), nil when it has no
    /// extent (an empty layer) or projects behind the eye.
    static func frame(of id: LayerID, in layers: UnsafeBufferPointer<Layer>, sublayers: [[LayerID]]) -> Rect? {
        let i = id.index
        let b = layers[i].bounds
        // `hasContent`, not `content == nil`: reading `content` copies it out of its box.
        if b.width == 0 && b.height == 0 && sublayers[i].isEmpty && !layers[i].hasContent { return nil }
        return frame(of: id, region: b, in: layers)
    }

    /// The box of `region` (in the layer's own space) in its superlayer's space, as its frame
    /// maps its bounds; nil when `region` is null or projects behind the eye.
    static func frame(of id: LayerID, region b: Rect, in layers: UnsafeBufferPointer<Layer>) -> Rect? {
        let i = id.index
        if b.isNull { return nil }
        let bounds = layers[i].bounds
        let ap = layers[i].anchorPoint, position = layers[i].position
        let a = Point(bounds.x + ap.x * bounds.width, bounds.y + ap.y * bounds.height)
        guard let t = layers[i].transformIfSet else {
            // No transform stored (most shapes, a group placed by a translation): the identity's
            // steps below (its linear part, then its zero translation added), without copying
            // the 4×4 out or testing it (a group's bounds read each sublayer's frame).
            let r = AffineTransform(1, 0, 0, 1, 0, 0).apply(Rect(b.x - a.x, b.y - a.y, b.width, b.height))
            return Rect(r.x + position.x + 0.0, r.y + position.y + 0.0, r.width, r.height)
        }
        if t.isAffine {
            let r = t.affinePart.linear.apply(Rect(b.x - a.x, b.y - a.y, b.width, b.height))
            return Rect(r.x + position.x + t.m41, r.y + position.y + t.m42, r.width, r.height)
        }
        let m = Transform3D.translation(-a.x, -a.y, -layers[i].anchorPointZ).concatenating(t)
            .concatenating(.translation(position.x, position.y, layers[i].zPosition))
        let h = Homography(flattening: m)
        var points: [Point] = []
        for c in b.corners {
            guard let q = h.apply(c), q.isFinite else { return nil }
            points.append(q)
        }
        let r = Rect.boundingBox(of: points)
        return r.isNull ? nil : r
    }
}
