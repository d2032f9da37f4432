import LaminaCore
import LaminaExport
import Testing

/// What the renderer-box group suites (clips and transforms in a box holding text) share.
enum RendererBoxGroupSupport {
    /// The flattened SVG of `scene` (one `g` per layer with `keepGroups`).
    static func flat(_ scene: Scene, keepGroups: Bool = false) -> String {
        let (list, _) = DisplayList.resolve(scene, layerMaps: keepGroups)
        return FlattenedSVG.write(list, scene: scene, options: FlattenedSVG.Options(keepGroups: keepGroups))
    }

    /// The first layer named `name`, masks included.
    static func layer(_ scene: Scene, _ name: String) throws -> LayerID {
        try #require(scene.tree.preorder(from: scene.root, includeMasks: true).first { scene.tree[$0].name == name })
    }
}
