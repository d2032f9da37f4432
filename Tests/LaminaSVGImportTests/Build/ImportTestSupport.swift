import LaminaCore
import LaminaSVGImport

/// Helpers shared by the import tests.
enum ImportTestSupport {
    static let header = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" xmlns:lamina=\"urn:lamina:layer\""

    /// Imports an SVG text.
    static func load(_ text: String) throws(SVGImportError) -> (scene: Scene, diagnostics: [Diagnostic]) {
        try SVGImport.importScene(Array(text.utf8), file: "in.svg")
    }

    /// The first layer (pre-order, masks included) with this name.
    static func layer(_ scene: Scene, _ name: String) -> LayerID? {
        scene.tree.preorder(from: scene.root, includeMasks: true).first { scene.tree[$0].name == name }
    }

    /// Maps a point from a layer's space to its superlayer's (affine layers only,
    /// including the superlayer's sublayer transform).
    static func toSuperlayer(_ scene: Scene, _ id: LayerID, _ p: Point) -> Point {
        let l = scene.tree[id]
        let a = Point(l.bounds.x + l.anchorPoint.x * l.bounds.width, l.bounds.y + l.anchorPoint.y * l.bounds.height)
        let t = l.transform.affinePart
        var q = t.apply(p - a) + l.position
        if let s = scene.tree.superlayer(of: id), !scene.tree.isMaskLayer(id) {
            let sl = scene.tree[s]
            let sa = Point(sl.bounds.x + sl.anchorPoint.x * sl.bounds.width, sl.bounds.y + sl.anchorPoint.y * sl.bounds.height)
            q = sl.sublayerTransform.affinePart.apply(q - sa) + sa
        }
        return q
    }

    /// Maps a point from a layer's space to the root layer's own space.
    static func toRoot(_ scene: Scene, _ id: LayerID, _ p: Point) -> Point {
        var q = p
        var cur = id
        while cur != scene.root, scene.tree.superlayer(of: cur) != nil {
            q = toSuperlayer(scene, cur, q)
            guard let s = scene.tree.superlayer(of: cur) else { break }
            cur = s
        }
        return q
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }
}
