/// The instancing graph of a document: element → child elements, and `use` → its target.
///
/// A `use` whose reference lies on a cycle of this graph would instance itself forever. First,
/// a `use` whose target holds the `use` itself (the target is it or one of its ancestors) closes
/// every cycle through it: it alone is skipped, as Chromium and resvg skip it, so that a `use`
/// of a group holding it still draws the rest of that group. The cycles left (uses instancing
/// each other's groups) are found at once with Tarjan's strongly connected components
/// (iterative, linear time), and all their uses are skipped. Every cycle passes through at least
/// one `use` edge (the document itself is a tree), so without the skipped ones the graph is
/// acyclic and instancing ends.
struct UseGraph {
    /// The target of each `use` (-1 for other elements and unresolved references).
    let targets: [Int32]
    /// Whether each element is a `use` whose reference is on a cycle.
    private(set) var isCyclic: [Bool]

    init(tree: ElementTree, targets: [Int32]) {
        self.targets = targets
        let n = tree.count
        isCyclic = Array(repeating: false, count: n)
        // Without `use` references the document is a tree: no cycles.
        guard targets.contains(where: { $0 >= 0 }) else { return }
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int](repeating: -1, count: n)
        var sccStack: [Int] = []
        var counter = 0
        var components = 0
        // Call stack frames: (node, next successor position); successors = children + target.
        var frames: [(node: Int, next: Int)] = []
        // Elements are numbered in document order: the descendants of `t` are `t + 1 ..< end[t]`.
        var end = (0..<n).map { $0 + 1 }
        for v in stride(from: n - 1, through: 1, by: -1) {
            if let p = tree.parent(v) { end[p] = max(end[p], end[v]) }
        }
        for v in 0..<n {
            let t = Int(targets[v])
            if t >= 0, t <= v, v < end[t] { isCyclic[v] = true }
        }
        var adjacencyStart = [Int](repeating: 0, count: n + 1)
        var adjacency: [Int] = []
        adjacency.reserveCapacity(n)
        for v in 0..<n {
            adjacencyStart[v] = adjacency.count
            for item in tree.contentItems(v) where item >= 0 { adjacency.append(Int(item)) }
            if targets[v] >= 0, !isCyclic[v] { adjacency.append(Int(targets[v])) }
        }
        adjacencyStart[n] = adjacency.count
        func successor(_ v: Int, _ k: Int) -> Int? {
            let p = adjacencyStart[v] + k
            return p < adjacencyStart[v + 1] ? adjacency[p] : nil
        }
        for start in 0..<n where index[start] < 0 {
            frames.append((start, 0))
            index[start] = counter; low[start] = counter; counter += 1
            sccStack.append(start); onStack[start] = true
            while let top = frames.last {
                let v = top.node
                if let w = successor(v, top.next) {
                    frames[frames.count - 1].next += 1
                    if index[w] < 0 {
                        index[w] = counter; low[w] = counter; counter += 1
                        sccStack.append(w); onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { low[parent] = min(low[parent], low[v]) }
                if low[v] == index[v] {
                    while let w = sccStack.popLast() {
                        onStack[w] = false
                        component[w] = components
                        if w == v { break }
                    }
                    components += 1
                }
            }
        }
        for v in 0..<n where !isCyclic[v] {
            let t = Int(targets[v])
            if t >= 0, component[t] == component[v] { isCyclic[v] = true }
        }
    }
}
