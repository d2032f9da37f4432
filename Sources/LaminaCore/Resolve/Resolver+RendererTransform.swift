extension Resolver {
    /// For a layer whose compositing facts hold a ``RendererTransform`` (and whose own map is an
    /// invertible affine one, as are the maps above it), opens a group placing its superlayer's
    /// space, clipped by the clips above the layer, which apply outside the transform; the
    /// frame's space is then the layer's relative to it and no clip is in force. Nil, and
    /// nothing opened, otherwise: the layer is drawn by Lamina's guess of the transform.
    mutating func openRendererPlacement(_ id: LayerID, _ svg: SVGCompositing, frame f: inout ResolveFrame) -> RendererTransform? {
        guard let r = RendererTransform.find(in: svg.extra), f.plane == nil, f.toSpace.isAffine else { return nil }
        let own = Self.ownMatrix(of: id, in: tree)
        guard own.isAffine else { return nil }
        let ownAffine = Homography(flattening: own).affine
        guard let undo = ownAffine.inverted() else { return nil }
        var outer = CompositingGroup(layer: id, parent: f.group, opacity: 1)
        outer.space = undo.concatenating(f.toSpace.affine)
        outer.clip = f.clip
        appendGroup(outer, frame: &f)
        f.toSpace = Homography(ownAffine)
        f.clip = nil
        return r
    }
}
