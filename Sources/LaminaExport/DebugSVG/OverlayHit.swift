import LaminaCore

/// The `--hit X,Y` marks: the layer `hitTest` returns for a point in the root's superlayer
/// space (default order: the sublayer array), and the point's way down the tree.
enum OverlayHit {
    /// Appends `<g class="lamina-hit" data-layer="PATH">` (no `data-layer` when nothing is hit):
    /// the hit layer's bounds outline, a polyline from the root's anchor through each ancestor's
    /// anchor to the point, a dot per level whose tooltip gives the point in that layer's own
    /// coordinates, a crosshair on the point and a caption.
    static func append(
        point p: Point, scan: OverlayScan, geometry: OverlayGeometry, style: OverlayStyle,
        to out: inout [UInt8]
    ) {
        let tree = geometry.tree
        let hit = p.isFinite ? geometry.hitTest(p) : nil
        var chain: [LayerID] = []
        var cur = hit
        while let c = cur {
            chain.append(c)
            cur = tree.superlayer(of: c)
        }
        chain.reverse()
        let paths = chainPaths(chain, geometry: geometry)
        let caption = "hit " + OverlayText.list([p.x, p.y]) + ": " + (paths.last ?? "none")

        out += "<g class=\"lamina-hit\""
        if let last = paths.last {
            out += " data-layer=\""
            OverlayText.appendEscaped(last, to: &out)
            out += "\""
        }
        out += "><title>"
        OverlayText.appendEscaped(caption, to: &out)
        out += "</title>\n"
        if let id = chain.last, let m = geometry.toRoot[id.index],
            let q = OverlayMarks.mapCorners(tree[id].bounds, m, planes: geometry.planes(of: id))
        {
            out += "<polygon points=\""
            OverlayText.appendPoints(q, to: &out)
            out += "\"/>\n"
        }
        var vertices: [(Point, String)] = []
        for (k, id) in chain.enumerated() {
            guard let a = geometry.anchorInRoot(of: id) else { continue }
            let local = tree.convert(p, from: nil, to: id)
            vertices.append((a, paths[k] + ": point in its space " + OverlayText.list([local.x, local.y])))
        }
        if p.isFinite {
            out += "<polyline points=\""
            OverlayText.appendPoints(vertices.map(\.0) + [p], to: &out)
            out += "\"/>\n"
            out += "<path d=\"M"
            OverlayText.appendPoints([Point(p.x - style.crossArm * 1.5, p.y)], to: &out)
            out += "h"
            OverlayText.appendNumber(style.crossArm * 3, to: &out)
            out += "M"
            OverlayText.appendPoints([Point(p.x, p.y - style.crossArm * 1.5)], to: &out)
            out += "v"
            OverlayText.appendNumber(style.crossArm * 3, to: &out)
            out += "\"/>\n"
        }
        for (v, title) in vertices {
            out += "<circle cx=\""
            OverlayText.appendNumber(v.x, to: &out)
            out += "\" cy=\""
            OverlayText.appendNumber(v.y, to: &out)
            out += "\" r=\""
            OverlayText.appendNumber(style.dotRadius * 1.5, to: &out)
            out += "\"><title>"
            OverlayText.appendEscaped(title, to: &out)
            out += "</title></circle>\n"
        }
        if p.isFinite {
            out += "<text x=\""
            OverlayText.appendNumber(p.x + style.fontSize * 0.5, to: &out)
            out += "\" y=\""
            OverlayText.appendNumber(p.y - style.fontSize * 0.5, to: &out)
            out += "\">"
            OverlayText.appendEscaped(caption, to: &out)
            out += "</text>\n"
        }
        out += "</g>\n"
    }

    /// The layer path (SPEC §2) of every layer of a root-first chain.
    static func chainPaths(_ chain: [LayerID], geometry: OverlayGeometry) -> [String] {
        let tree = geometry.tree
        var paths: [String] = []
        for (k, id) in chain.enumerated() {
            if k == 0 {
                paths.append("/")
                continue
            }
            if k > OverlayScan.maxDepth {  // keeps the output linear in the nesting depth
                paths.append("(a layer at depth \(k))")
                continue
            }
            let parent = chain[k - 1]
            let slot = tree.sublayers(of: parent).firstIndex(of: id) ?? 0
            let component = geometry.pathComponent(of: id, slot: slot)
            paths.append(k == 1 ? component : paths[k - 1] + "/" + component)
        }
        return paths
    }
}
