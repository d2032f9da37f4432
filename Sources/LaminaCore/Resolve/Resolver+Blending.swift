/// The compositing properties the resolver reads: blending and the renderer's clips.
extension Resolver {
    /// Whether a compositing property blends the layer with what is under it: a
    /// `mix-blend-mode` other than `normal`.
    static func blends(_ p: StyleProperty) -> Bool { p.name == "mix-blend-mode" && p.value != "normal" }

    /// Whether a compositing property is a `clip-path` the renderer resolves (one in an object
    /// bounding box Lamina cannot measure: a group's holding text).
    static func isRendererClip(_ p: StyleProperty) -> Bool { p.name == "clip-path" }

    /// Whether the layer at `layer` may have compositing facts (``Layer/svgCompositing`` not
    /// nil): its SVG facts hold more than an element name and an id. Read in place: most layers
    /// have none, and `svgCompositing` copied the facts out of their box (a retain and a
    /// release of each string and box in them) to find it.
    @inline(__always)
    static func mayComposite(_ layer: UnsafePointer<Layer>) -> Bool {
        Layer.withSVGPointer(of: layer) { $0.pointee.mayHaveRareFacts } ?? false
    }

    /// ``Layer/svgCompositing`` of layer `id`, read only when it ``mayComposite(_:)``: in a
    /// piece, as the count marked it, else from the layer.
    @inline(__always)
    func svgCompositing(of id: LayerID) -> SVGCompositing? {
        let may: Bool
        if let marks = compositeMarks, marks[id.index] != CompositeMark.unknown {
            may = marks[id.index] == CompositeMark.may
        } else {
            may = tree.layers.withUnsafeBufferPointer { layers in
                id.index < layers.count && Self.mayComposite(layers.baseAddress! + id.index)
            }
        }
        return may ? tree[id].svgCompositing : nil
    }

    /// Whether a layer below `id` has a `mix-blend-mode` other than `normal`. The marks are made
    /// once, when a clipped group first asks: each blending layer marks its superlayers up to the
    /// first one marked already, so the whole tree costs one pass.
    mutating func blendsBelow(_ id: LayerID) -> Bool {
        if blendMarks == nil {
            var marks = [Bool](repeating: false, count: tree.count)
            tree.layers.withUnsafeBufferPointer { layers in
                for i in layers.indices {
                    // Most layers have no compositing facts: their boxes are not read.
                    let mark = compositeMarks?[i] ?? CompositeMark.unknown
                    guard mark == CompositeMark.unknown ? Self.mayComposite(layers.baseAddress! + i) : mark == CompositeMark.may,
                        layers[i].svgCompositing?.extra.contains(where: Self.blends) == true
                    else { continue }
                    var cur = tree.superlayer(of: LayerID(i))
                    while let c = cur, !marks[c.index] {
                        marks[c.index] = true
                        cur = tree.superlayer(of: c)
                    }
                }
            }
            blendMarks = marks
        }
        return blendMarks?[id.index] ?? false
    }
}

/// What the count of a resolve in pieces (``Resolver/pieceBound(of:marks:)``) found about each
/// layer it visited: whether it ``Resolver/mayComposite(_:)``. That test reads the layer's SVG
/// facts out of their box, a load from memory not in cache for most layers (a group's box of
/// its own): `open` and the blending pass read the mark the count left instead of the box again.
enum CompositeMark {
    /// Not visited by the count: read the layer.
    static let unknown: UInt8 = 0
    /// No compositing facts.
    static let none: UInt8 = 1
    /// Maybe some (read them).
    static let may: UInt8 = 2
}
