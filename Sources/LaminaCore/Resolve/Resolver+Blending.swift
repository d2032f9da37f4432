/// The compositing properties the resolver reads: blending and the renderer's clips.
extension Resolver {
    /// Whether a compositing property blends the layer with what is under it: a
    /// `mix-blend-mode` other than `normal`.
    static func blends(_ p: StyleProperty) -> Bool { p.name == "mix-blend-mode" && p.value != "normal" }

    /// Whether a compositing property is a `clip-path` the renderer resolves (one in an object
    /// bounding box Lamina cannot measure: a group's holding text).
    static func isRendererClip(_ p: StyleProperty) -> Bool { p.name == "clip-path" }

    /// Whether a layer below `id` has a `mix-blend-mode` other than `normal`. The marks are made
    /// once, when a clipped group first asks: each blending layer marks its superlayers up to the
    /// first one marked already, so the whole tree costs one pass.
    mutating func blendsBelow(_ id: LayerID) -> Bool {
        if blendMarks == nil {
            var marks = [Bool](repeating: false, count: tree.count)
            for i in 0..<tree.count {
                guard tree[LayerID(i)].svgCompositing?.extra.contains(where: Self.blends) == true else { continue }
                var cur = tree.superlayer(of: LayerID(i))
                while let c = cur, !marks[c.index] {
                    marks[c.index] = true
                    cur = tree.superlayer(of: c)
                }
            }
            blendMarks = marks
        }
        return blendMarks?[id.index] ?? false
    }
}
