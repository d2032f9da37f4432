import LaminaCore

/// Walks two layer-JSON documents in parallel and names each difference by layer path and key.
///
/// Layers are the document's `root`, each element of a layer's `sublayers` and a layer's `mask`;
/// a layer's path is built like SPEC §2 (names from the root's first sublayer down, `#N` for an
/// unnamed layer, `/` for the root) with `(mask)` for a mask layer. The walk uses an explicit
/// stack, so nesting depth is not limited by the call stack.
struct JSONStructuralDiff {
    let old: CheckJSONDocument
    let new: CheckJSONDocument
    let tolerance: Double

    private enum Step {
        case document, layerRoot, sublayer(Int, String?), mask, key(String), index(Int)
    }

    private struct Context {
        var parent: Int
        var step: Step
    }

    private struct Frame {
        var old: Int
        var new: Int
        var context: Int
        var isLayer = false
        var isDocument = false
        var holdsLayers = false
    }

    /// Compares the two documents.
    static func compare(old: CheckJSONDocument, new: CheckJSONDocument, tolerance: Double) -> StructuralDiff {
        JSONStructuralDiff(old: old, new: new, tolerance: tolerance).run()
    }

    private func run() -> StructuralDiff {
        var diff = StructuralDiff()
        var contexts = [Context(parent: -1, step: .document)]
        var stack = [Frame(old: 0, new: 0, context: 0, isDocument: true)]
        while let f = stack.popLast() {
            let o = old.nodes[f.old]
            let n = new.nodes[f.new]
            guard o.kind == n.kind else {
                diff.add(tolerant: false) { difference(f.context, contexts, old.compactText(f.old), new.compactText(f.new)) }
                continue
            }
            switch o.kind {
            case .null, .bool, .string, .number:
                switch compareScalar(o, n) {
                case .same: break
                case .tolerant:
                    diff.add(tolerant: true) { difference(f.context, contexts, o.text, n.text, tolerant: true) }
                case .differs:
                    diff.add(tolerant: false) { difference(f.context, contexts, old.compactText(f.old), new.compactText(f.new)) }
                }
            case .array:
                if let verdict = compareScalarArrays(o, n) {
                    if verdict != .same {
                        diff.add(tolerant: verdict == .tolerant) { difference(f.context, contexts, old.compactText(f.old), new.compactText(f.new),
                                            tolerant: verdict == .tolerant) }
                    }
                    continue
                }
                let common = min(o.children.count, n.children.count)
                var pushes: [Frame] = []
                // A name an earlier sibling has leads to that sibling (SPEC §2): printed `#N`,
                // as `inspect` and the SVG diff print it.
                var earlierNames = Set<String>()
                for j in 0..<max(o.children.count, n.children.count) {
                    let oc = j < o.children.count ? o.children[j] : nil
                    let nc = j < n.children.count ? n.children[j] : nil
                    let step: Step
                    if f.holdsLayers {
                        var name = nc.flatMap { new.string("name", of: $0) } ?? oc.flatMap { old.string("name", of: $0) }
                        if let given = name, !LayerTree.isPathName(given) || !earlierNames.insert(given).inserted { name = nil }
                        step = .sublayer(j, name)
                    } else {
                        step = .index(j)
                    }
                    contexts.append(Context(parent: f.context, step: step))
                    let ctx = contexts.count - 1
                    if j < common, let oc, let nc {
                        pushes.append(Frame(old: oc, new: nc, context: ctx, isLayer: f.holdsLayers))
                    } else {
                        diff.add(tolerant: false) { difference(ctx, contexts, oc.map { old.compactText($0) }, nc.map { new.compactText($0) }) }
                    }
                }
                stack.append(contentsOf: pushes.reversed())
            case .object:
                let index = NewKeyIndex(n)
                var pushes: [Frame] = []
                var seen = Set<String>()
                for (j, key) in o.keys.enumerated() {
                    seen.insert(key)
                    contexts.append(Context(parent: f.context, step: childStep(f, key)))
                    let ctx = contexts.count - 1
                    if let k = index.position(of: key) {
                        var child = Frame(old: o.children[j], new: n.children[k], context: ctx)
                        child.isLayer = (f.isDocument && key == "root") || (f.isLayer && key == "mask")
                        child.holdsLayers = f.isLayer && key == "sublayers"
                        pushes.append(child)
                    } else {
                        diff.add(tolerant: false) { difference(ctx, contexts, old.compactText(o.children[j]), nil) }
                    }
                }
                for (k, key) in n.keys.enumerated() where !seen.contains(key) {
                    contexts.append(Context(parent: f.context, step: childStep(f, key)))
                    diff.add(tolerant: false) { difference(contexts.count - 1, contexts, nil, new.compactText(n.children[k])) }
                }
                stack.append(contentsOf: pushes.reversed())
            }
        }
        return diff
    }

    private func childStep(_ f: Frame, _ key: String) -> Step {
        if f.isDocument && key == "root" { return .layerRoot }
        if f.isLayer && key == "mask" { return .mask }
        return .key(key)
    }

    private enum Verdict { case same, tolerant, differs }

    private func compareScalar(_ o: CheckJSONDocument.Node, _ n: CheckJSONDocument.Node) -> Verdict {
        if o.text == n.text { return .same }
        if o.kind == .number, n.kind == .number, tolerance > 0,
           CheckTolerance.within(o.number, n.number, tolerance) {
            return .tolerant
        }
        return .differs
    }

    /// The verdict for two arrays of scalars, or `nil` when either holds a container.
    private func compareScalarArrays(_ o: CheckJSONDocument.Node, _ n: CheckJSONDocument.Node) -> Verdict? {
        let scalar: (CheckJSONDocument, Int) -> Bool = { doc, i in
            doc.nodes[i].kind != .array && doc.nodes[i].kind != .object
        }
        guard o.children.allSatisfy({ scalar(old, $0) }), n.children.allSatisfy({ scalar(new, $0) }) else {
            return nil
        }
        guard o.children.count == n.children.count else { return .differs }
        var verdict = Verdict.same
        for (a, b) in zip(o.children, n.children) {
            let na = old.nodes[a]
            let nb = new.nodes[b]
            guard na.kind == nb.kind else { return .differs }
            switch compareScalar(na, nb) {
            case .same: break
            case .tolerant: verdict = .tolerant
            case .differs: return .differs
            }
        }
        return verdict
    }

    /// A difference located by context `ctx`: the layer path and the key path below it.
    private func difference(_ ctx: Int, _ contexts: [Context], _ oldText: String?, _ newText: String?,
                            tolerant: Bool = false) -> CheckDifference {
        var steps: [Step] = []
        var c = ctx
        while c >= 0 {
            steps.append(contexts[c].step)
            c = contexts[c].parent
        }
        steps.reverse()
        var layerParts: [String] = []
        var isLayer = false
        var keyPath = ""
        for step in steps {
            switch step {
            case .document: break
            case .layerRoot: isLayer = true; layerParts = []; keyPath = ""
            case .sublayer(let i, let name): layerParts.append(name ?? "#\(i)"); keyPath = ""
            case .mask: layerParts.append("(mask)"); keyPath = ""
            case .key(let k): keyPath += keyPath.isEmpty ? k : "." + k
            case .index(let i): keyPath += "[\(i)]"
            }
        }
        let location = isLayer ? "layer \"\(layerParts.isEmpty ? "/" : layerParts.joined(separator: "/"))\"" : "document"
        let label = keyPath.isEmpty ? "" : "key \"\(keyPath)\""
        return CheckDifference(location: location, label: label, old: oldText, new: newText, withinTolerance: tolerant)
    }
}

/// Finds member names of an object: linear for small objects, hashed for large ones.
private struct NewKeyIndex {
    let keys: [String]
    let table: [String: Int]?

    init(_ node: CheckJSONDocument.Node) {
        keys = node.keys
        if node.keys.count > 16 {
            var t: [String: Int] = [:]
            for (i, k) in node.keys.enumerated() where t[k] == nil { t[k] = i }
            table = t
        } else {
            table = nil
        }
    }

    func position(of key: String) -> Int? {
        if let table { return table[key] }
        return keys.firstIndex(of: key)
    }
}
