import LaminaCore

/// Nested clip runs: items whose clip chains share outer nodes are clipped by those nodes
/// together, in one `<g clip-path>`, with their own inner nodes in nested groups.
///
/// A clip cuts the group it is on once (CSS Masking): clipping each drawable by the shared
/// outer clip instead lets an edge pixel of a drawable below show through the same edge pixel
/// of one above (both anti-aliased), a fringe that Chromium and resvg draw alike. So a node
/// stays open for the whole run of consecutive items (in one compositing group) whose chains
/// hold it. Nodes opened together and closed together share one `<g>` (the chain written
/// from the inner node to the outer one, `clip-path` on `clipPath`), so a run of one chain is
/// one `<g>` as before.
extension FlatWriter {
    /// One open `<g clip-path>`: its innermost clip node and that node's depth in its chain.
    struct OpenClip: Equatable {
        var node: Int
        var depth: Int
    }

    /// The depth of a clip node: 0 for a chain's outermost node.
    func clipDepth(_ node: Int) -> Int {
        var d = 0
        var cur = list.clips[node].parent
        while let c = cur, d <= list.clips.count {
            d += 1
            cur = list.clips[c].parent
        }
        return d
    }

    /// The chain of clip node `node`, outermost first (empty for nil).
    func clipChain(_ node: Int?) -> [Int] {
        Self.chain(from: node, count: list.clips.count) { list.clips[$0].parent }
    }

    /// How many outer clip nodes item `m` shares with the item before it, in the same
    /// compositing group (0 for the first item, another group or no clip).
    func sharedClipNodes(at m: Int) -> Int {
        let items = list.items
        guard m > 0, m < items.count, items[m].group == items[m - 1].group,
            var a = items[m - 1].clip, var b = items[m].clip
        else { return 0 }
        var da = clipDepth(a), db = clipDepth(b)
        while da > db, let p = list.clips[a].parent { a = p; da -= 1 }
        while db > da, let p = list.clips[b].parent { b = p; db -= 1 }
        while a != b {
            guard let pa = list.clips[a].parent, let pb = list.clips[b].parent else { return 0 }
            a = pa
            b = pb
            da -= 1
        }
        return da + 1
    }

    /// The depths in (`from`, `count`) at which the nodes of item `k`'s chain stop being closed
    /// together: scanning the items after `k`, each new smallest number of shared nodes above
    /// `from` ends the nodes at and below it before the ones above it.
    /// `scanned` is set to the number of items the run goes on for after `k`.
    func clipEndSplits(after k: Int, from: Int, count: Int, scanned: inout Int) -> [Int] {
        var splits: [Int] = []
        var least = count
        var m = k + 1
        while m < list.items.count {
            let p = sharedClipNodesIndexed(at: m)
            if p <= from { break }
            if p < least {
                splits.append(p)
                least = p
            }
            m = nextClipScan(after: m)
        }
        scanned = min(m, list.items.count) - k - 1
        return splits
    }

    /// The clip groups open after item `k` was written (the state a range starting at `k + 1`
    /// starts in): its chain cut where the nodes' runs start apart or end apart.
    func openClips(after k: Int) -> [OpenClip] {
        guard k >= 0, k < list.items.count else { return [] }
        let chain = clipChain(list.items[k].clip)
        guard !chain.isEmpty else { return [] }
        var scanned = 0
        var cuts = Set(clipEndSplits(after: k, from: 0, count: chain.count, scanned: &scanned))
        var least = chain.count
        var m = k
        while m > 0 {
            let p = sharedClipNodesIndexed(at: m)
            if p == 0 { break }
            if p < least {
                cuts.insert(p)
                least = p
            }
            m = previousClipScan(before: m)
        }
        var open: [OpenClip] = []
        for d in 1..<(chain.count + 1) where d == chain.count || cuts.contains(d) {
            open.append(OpenClip(node: chain[d - 1], depth: d - 1))
        }
        return open
    }

    /// Closes and opens clip groups so that those open are item `k`'s chain.
    mutating func moveClips(
        to k: Int, _ open: inout [OpenClip], inverse: AffineTransform?, emit: Bool, to out: inout some MarkupOutput
    ) {
        let chain = clipChain(list.items[k].clip)
        let shared = sharedClipNodes(at: k)
        while let top = open.last, top.depth >= shared || top.depth >= chain.count || chain[top.depth] != top.node {
            closeClip(&open, emit, &out)
        }
        let from = (open.last?.depth ?? -1) + 1
        guard from < chain.count else { return }
        var scanned = 0
        let splits = clipEndSplits(after: k, from: from, count: chain.count, scanned: &scanned)
        if !emit { longestClipScan = max(longestClipScan, scanned) }
        // The splits from the outermost, then the chain's end (an array of them joined was
        // two allocations more at each change of clip).
        var lo = from
        for end in splits.reversed() where end > lo {
            openClip(chain, from: lo, to: end, &open, inverse: inverse, emit: emit, to: &out)
            lo = end
        }
        if chain.count > lo { openClip(chain, from: lo, to: chain.count, &open, inverse: inverse, emit: emit, to: &out) }
    }

    /// Opens one `<g clip-path>` for the nodes of `chain` in `lo..<end` (its chain stops
    /// before the node at `lo`, which an outer group applies).
    private mutating func openClip(
        _ chain: [Int], from lo: Int, to end: Int, _ open: inout [OpenClip], inverse: AffineTransform?, emit: Bool,
        to out: inout some MarkupOutput
    ) {
        let node = chain[end - 1]
        let id = clipID(node: node, inverse: inverse, stop: lo > 0 ? chain[lo - 1] : nil)
        if emit {
            SVGMarkup.lit("<g", to: &out)
            SVGMarkup.generatedURLAttr("clip-path", id: id, to: &out)
            SVGMarkup.lit(">\n", to: &out)
        }
        open.append(OpenClip(node: node, depth: end - 1))
    }

    func closeClip(_ open: inout [OpenClip], _ emit: Bool, _ out: inout some MarkupOutput) {
        if emit, !open.isEmpty { SVGMarkup.lit("</g>\n", to: &out) }
        open.removeLast()
    }

    func closeClips(_ open: inout [OpenClip], _ emit: Bool, _ out: inout some MarkupOutput) {
        while !open.isEmpty { closeClip(&open, emit, &out) }
    }
}
