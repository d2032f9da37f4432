import LaminaCore

/// Finding where clip runs start and end without scanning them again for every chunk.
///
/// A chunk of the body written on its own thread starts in the state the item before it left:
/// ``FlatWriter/openClips(after:)`` finds which clip groups are open there by scanning back to
/// the start of their runs and ahead to their ends. When one clip holds every drawable (a
/// `clip-path` on a group around a whole map of a million shapes), each chunk scanned the
/// whole run: the work grew with drawables × chunks (1.8 s more at a million). With this
/// index each scan jumps from item to the next item sharing fewer nodes, so it takes at most
/// as many steps as the chain is deep.
extension FlatWriter {
    struct ClipRunIndex {
        /// For each item, ``FlatWriter/sharedClipNodes(at:)``.
        var shared: [Int32]
        /// For each item, the first later item sharing fewer nodes (the item count if none).
        var nextFewer: [Int32]
        /// For each item, the last earlier item sharing fewer nodes (-1 if none).
        var previousFewer: [Int32]
    }

    /// Runs of consecutive items sharing clip nodes shorter than this are scanned item by item.
    static let longClipRun = 1024

    /// Builds ``clipRuns`` when the walk that made the ids (``writeBody(_:emit:to:)`` with
    /// `emit` false) found a run of at least ``longClipRun`` items and the body is written in
    /// more than one chunk; otherwise scans stay short and no index is needed.
    mutating func prepareClipRunIndex(chunkItems: Int) {
        let n = list.items.count
        guard longestClipScan >= Self.longClipRun, n > chunkItems, n < Int(Int32.max) else { return }
        var shared = [Int32](repeating: 0, count: n)
        for m in 1..<n { shared[m] = Int32(truncatingIfNeeded: sharedClipNodes(at: m)) }
        var nextFewer = [Int32](repeating: Int32(n), count: n)
        var previousFewer = [Int32](repeating: -1, count: n)
        var stack: [Int32] = []
        for m in stride(from: n - 1, through: 0, by: -1) {
            while let t = stack.last, shared[Int(t)] >= shared[m] { stack.removeLast() }
            if let t = stack.last { nextFewer[m] = t }
            stack.append(Int32(m))
        }
        stack.removeAll(keepingCapacity: true)
        for m in 0..<n {
            while let t = stack.last, shared[Int(t)] >= shared[m] { stack.removeLast() }
            if let t = stack.last { previousFewer[m] = t }
            stack.append(Int32(m))
        }
        clipRuns = ClipRunIndex(shared: shared, nextFewer: nextFewer, previousFewer: previousFewer)
    }

    /// The item after `m` where a scan ahead goes on: the next one sharing fewer nodes when the
    /// index is built (the items in between share at least as many, so no scan stops or
    /// records there), else `m + 1`.
    @inline(__always)
    func nextClipScan(after m: Int) -> Int {
        guard let r = clipRuns else { return m + 1 }
        return Int(r.nextFewer[m])
    }

    /// The item before `m` where a scan back goes on (see ``nextClipScan(after:)``).
    @inline(__always)
    func previousClipScan(before m: Int) -> Int {
        guard let r = clipRuns else { return m - 1 }
        return Int(r.previousFewer[m])
    }

    /// ``sharedClipNodes(at:)`` from the index when it is built.
    @inline(__always)
    func sharedClipNodesIndexed(at m: Int) -> Int {
        guard let r = clipRuns else { return sharedClipNodes(at: m) }
        return Int(r.shared[m])
    }
}
