import LaminaCore
import LaminaGeometry

/// A shape painted with `context-fill` or `context-stroke` that resolves to a gradient or
/// pattern: the server takes the coordinate system and bounding box of the context element (the
/// `use` whose copy the shape is, SVG 2 §13.3), which only the finalized layers know.
struct ContextServerUse {
    /// The shape's layer, and which of its paints.
    var layer: LayerID
    var stroke: Bool
    var server: String
    var fallback: String?
    /// The `use`'s layer.
    var source: LayerID
}

/// The context element's frame for a paint server: its bounding box in its own space, and the
/// map from that space into the painted shape's.
struct ContextFrame {
    var box: Rect
    var map: AffineTransform
}

extension SceneBuilder {
    /// Records `layer`'s paint when its specified value is context paint that resolved to a
    /// gradient or pattern of the document (`paint` as ``checkedPaint(_:element:)`` left it: a
    /// reference only to one of those).
    mutating func noteContextServer(
        _ layer: LayerID, _ specified: SpecifiedPaint, _ paint: Paint?, _ context: ContextPaint, stroke: Bool
    ) {
        guard case .context = specified, case .ref(let id, let fallback)? = paint, let source = context.source else { return }
        contextServers.append(ContextServerUse(layer: layer, stroke: stroke, server: id, fallback: fallback, source: source))
    }

    /// The markup made for context paint servers at most (bytes), beyond which shapes keep the
    /// document's server.
    static let contextServerBudget = 32 << 20

    /// Gives each recorded shape a copy of its paint server set in the context element's frame
    /// (after ``finalizeGeometry(root:threads:)``, with the document still loaded): one copy per
    /// distinct server and frame, named apart from the document's ids.
    mutating func contextServerResources() -> [Resource] {
        var made: [Resource] = []
        var madeIDs: [String: String] = [:]
        // Made ids are `SERVER-context-N`, N counting over all of them (unique among
        // themselves), skipping the document's ids.
        var number = 0
        var madeBytes = 0
        // Each server's stops or content, made once for all its copies.
        var bodies: [Int: String] = [:]
        var boxes: [LayerID: Rect] = [:]
        for use in contextServers {
            let box = objectBox(of: use.source, known: &boxes)
            guard let toSource = layers.map(from: use.layer, toAncestor: use.source), toSource.isAffine,
                let map = toSource.affine.inverted(), let e = element(id: use.server)
            else { continue }
            let frame = ContextFrame(box: box, map: map)
            let paint: Paint
            let numbers = [box.x, box.y, box.width, box.height, map.a, map.b, map.c, map.d, map.tx, map.ty]
            let key = use.server + " " + numbers.map { NumberText.format($0) }.joined(separator: " ")
            if let id = madeIDs[key] {
                paint = .ref(id, fallback: use.fallback)
            } else if usesBoxUnits(e), box.isNull || !(box.width > 0) || !(box.height > 0) {
                // A bounding-box server on an empty box is not drawn.
                paint = .none
            } else if madeBytes > Self.contextServerBudget {
                // Hostile input: many uses of a large server would copy it once each.
                warn("more than \(Self.contextServerBudget >> 20) MB of context paint server copies; '#\(use.server)' left in the shape's own box", e)
                continue
            } else {
                var id: String
                repeat {
                    number += 1
                    id = "\(use.server)-context-\(number)"
                } while element(id: id) != nil
                let body = bodies[e] ?? paintServerBody(e)
                bodies[e] = body
                let xml = paintServerMarkup(e, id: id, context: frame, body: body)
                madeBytes += xml.utf8.count
                made.append(Resource(id: id, kind: Resource.Kind(rawValue: tree[e].name) ?? .other, xml: xml))
                madeIDs[key] = id
                paint = .ref(id, fallback: use.fallback)
            }
            if use.stroke {
                layers.layers[use.layer.index].content?.stroke = paint
            } else {
                layers.layers[use.layer.index].content?.fill = paint
            }
        }
        contextServers = []
        return made
    }

    /// The object bounding box of `top`'s subtree in `top`'s own space, as Chromium bounds a
    /// group: a leaf's box, else the union of its visible sublayers' boxes, each mapped in and
    /// taken as the box of its corners. Unlike the layer's bounds, a viewport's (a nested
    /// `svg`, a `symbol`) is its content's, not its fixed size. Boxes found are kept in `known`
    /// (subtrees shared by several uses are visited once); the walk is iterative.
    func objectBox(of top: LayerID, known: inout [LayerID: Rect]) -> Rect {
        var stack: [(LayerID, Bool)] = [(top, false)]
        while let (id, expanded) = stack.popLast() {
            if known[id] != nil { continue }
            let subs = layers.sublayers(of: id).filter { !layers.layers[$0.index].hidden }
            if subs.isEmpty {
                known[id] = pending[id.index].box
                continue
            }
            if !expanded {
                stack.append((id, true))
                for c in subs where known[c] == nil { stack.append((c, false)) }
                continue
            }
            var box = Rect.null
            for c in subs {
                guard let b = known[c], !b.isNull, let map = layers.map(from: c, toAncestor: id) else { continue }
                var corners: [Point] = []
                for p in b.corners { if let q = map.apply(p), q.isFinite { corners.append(q) } }
                if corners.count == 4 { box = box.union(Rect.boundingBox(of: corners)) }
            }
            known[id] = box
        }
        return known[top] ?? .null
    }
}
